"""One seat at a match, as both front ends have it: what it has heard and hears next, and how it answers what its
player types.

The console's game is a terminal loop around a seat, the table server's listener a network adapter around one,
so a player hears the same sentences at the terminal and at a table, and a fix to what they hear is made once.
Nothing here writes to a terminal or a socket, or imports the front ends (``console``, ``server``):

- ``hearing``: the seat's hearing state and narration (events in, lines out), catch-up included;
- ``handler``: one command handler, a parsed line and the seat's view in, an outcome out;
- ``prompts``: the question, the refusal of a move, help;
- ``review``: the review commands' lines; ``settings``: a setting changed; ``reader``: the rules reader;
- ``parser``: what the player typed; ``advice``: hint, whatif and explain; ``naming``: "You" and a ruleset's name;
- ``coach``: the policy the telling and answering follow (``tutorial``: the guided first hand's coach).
"""
