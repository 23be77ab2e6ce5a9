"""Play together: ``commerce serve``, a table server any telnet or MUD client can join (``commerce join``, the game's
own client, is ``commerce_a11y.client``).

The same flow as the local game (docs/architecture.md), with the network as one more pair of input and sink: a
table owns one ``Match``; each seat hears it through a narrator of its own (language, verbosity, card style) fed by
the same events through that seat's view; a connection is the seat's sink and its source of answers. The asyncio
layer only moves lines; the engine, narrator, parser and review commands are the local game's own.

- ``wire.telnet`` (beside this package, shared with the client): our own small IAC filter; CRLF, GA/EOR, CHARSET,
  TTYPE/MTTS, ECHO, GMCP; ``wire.asks``: the kinds of question sent before each prompt;
- ``peer``: what the server needs of a client's connection, whatever the transport (``Peer``), what the client
  declared, the limits on a line; ``intake``: the bounded inbox, rate and fault handling every peer shares;
  ``telnet_peer``: the telnet peer: negotiation, lines in, a bounded output, and all that is telnet's own;
- ``accounts``: names and Argon2 password hashes, the table index and record deliveries in SQLite;
- ``names``: one identity for a name, its likeness to a listener (ASCII spelling, confusable skeletons), the names
  refused; ``identifier_status``: the letters Unicode allows in names;
- ``admission``: connections in all, per address, and the share of those not logged in yet;
- ``allowances``: the budgets of work a client may ask for, by account or address; ``invites``: invite codes;
- ``login``: a name and a password, in the order a person meets them; ``guesses``: the limits on password guesses;
- ``thinking``: computer players' decisions and hints, computed in worker processes;
- ``seat`` and ``table``: a table's match and the people who hear it; ``roles``: what a table needs of a person and
  of the server; ``status``: the table as GMCP data;
- ``limits``: what one server allows; ``registry``: the people and tables one process holds;
- ``session``: a person on the server, speaking through a peer, and the one road of output to them;
- ``lobby``: a connection's way from the login to a table, and the lobby's commands; ``creating``: making a table;
- ``serve``: the process, its log and signals.
"""
