"""The server's SQLite file: one core (``core.py``: connections, the writer thread, migrations) and a repository per
concern (accounts, the addresses they logged in from, the table index, records owed and news), composed in
``store.py``."""
