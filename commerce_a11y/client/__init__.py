"""``commerce join``: the game's own client for a table server. It shares only the wire with the server
(``commerce_a11y.wire``) and the local game's terminal, settings and records; it imports nothing of the server."""
