"""What travels between the table server and its clients, shared by both ends: the telnet wire (``telnet``) and
the kinds of question the server asks (``asks``). Neither end's modules are imported here."""
