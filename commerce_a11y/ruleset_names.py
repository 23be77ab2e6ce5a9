"""The names of the rulesets, for the command line's ``--rules`` choices without loading the rules engine.

``commerce --help`` lists them, and importing ``commerce_a11y.rules`` for that would cost every start about a
quarter of its time (bench/startup.py). ``rules.RULESETS`` is where each ruleset is defined;
``tests/test_cli.py`` keeps this list equal to its names, in its order.
"""

RULESET_NAMES = ("commerce", "braillespiel", "handeln", "thirty-one", "trentuno", "schwimmen", "tauschen")
