"""How the computer players (``bots/``) play a ruleset: the settings measured for it, held by the ruleset.

The bots read these from ``Ruleset.tuning`` rather than keying tables by the ruleset's name, so a new ruleset brings
its own numbers in its definition (the defaults are the family's: Commerce's). The measurements behind each number
are told at its field; ``bench/`` has the scripts that made them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card


@dataclass(frozen=True, kw_only=True)
class Tuning:
    """One ruleset's settings for the computer players."""

    basic_knock: tuple[Card, ...] = ()
    """The ``basic`` level knocks with this reference hand or a better one (Commerce: Point 25, KH 8S 7D; a
    ruleset's own in its definition); empty where the ruleset has no knock."""
    knock_tip: tuple[Card, ...] = ()
    """The ``heuristic`` level's floor under its measured risk, where the sources' tip sets one: a knock with less
    is never taken (empty: only the risk decides). Measured at 5 players against ``basic``: in Thirty-One and
    Trentuno knocking on risk alone lost to the basic level's plain 27-point knock (0.96 and 1.02 of its losses per
    hand), while keeping promise-guided swaps and knocking only from these hands (Thirty-One 29, Trentuno 31) beat
    it (Thirty-One 0.91 to 0.92 at 3, 5 and 8 players; Trentuno 0.95 and 0.98 at 3 and 5, a tie at 8, where a hand
    rarely outlasts the first round): waiting lets the others knock and leaves one more swap in the last round."""
    knock_risk: float = 0.75
    """The ``heuristic`` level knocks when the chance of ending worst is below this share of an even share
    (1 / players). Schwimmen's is 0.375: its knocks come no earlier than the second round and a round of passes only
    brings a fresh middle, so waiting costs less: measured against ``basic`` (100 deal groups, 200 at 2 players),
    half the share won more at every table (2, 3, 5, 8 players: 0.85, 0.90, 0.94, 0.95 of basic's losses per hand
    against 0.86, 0.91, 0.96, 0.97); a quarter of it no more (0.88, 0.88, 0.94, 0.95); a floor of 29 points under
    the risk, as in Thirty-One, lost at 2 and 3 players (0.99, 0.92)."""
    knock_at: tuple[float, float] = (0.95, 0.012)
    """The strength from which the playouts' model of the ``heuristic`` level knocks, as a base less a slope per
    player: close to where the level's own knocks fall (median strength 0.95 at 5 players, lower at larger tables,
    where waiting is riskier). Measured over 30 matches of heuristic players each: in schwimmen (0.975, 0) the
    median strength is 0.975 at 2, 3, 5 and 8 players, nearly always on the first turn a knock is allowed; in
    tauschen (0.81, 0.012) 0.78, 0.75 and 0.72 at 3, 5 and 8, where hands barely change and the knock's risk decides
    from the first turn."""
    knock_model: tuple[float, float] = (0.87, 25.0)
    """The inference's model of a knock (``bots/knowledge.py``): the strength around which players knock and how
    sharply. Measured for the heuristic level: 9 in 10 knocks above 0.84; over 30 matches in schwimmen (0.93, 25)
    9 in 10 knocks above 0.91; in tauschen (0.6, 12) knocks from 0.45 to 0.95 and passes that could have knocked up
    to about 0.6, spread as the knock's risk decides."""
    swaps_searched: int = 9
    """Swaps the ``strong`` level searches, the best by promise. Schwimmen's is 5: its playouts run longer (fresh
    middles after rounds of passes) and its candidates hold swapping all three as well: with all nine single swaps
    the level's decisions at 5 and 8 players reached a p95 of 92 to 102 ms with both cores busy. Of 132 swaps it
    chose (5 players, 8 matches) 129 were among the best five by promise, and with five the ladder against
    ``heuristic`` stayed where it was on the same 60 deal groups (2, 3, 5, 8 players: 0.853, 0.874, 0.883, 0.949 of
    its losses per hand against 0.856, 0.843, 0.874, 0.948 with nine)."""
    square_deals: bool = False
    """The ``strong`` level's deals shrink with the square of the table above 6 players (81 deals at 8 players, not
    108). Schwimmen's playouts run longer than the others' (a fresh middle after a round of passes): with 108 deals
    its decisions at 8 players reached a p95 of 74 to 114 ms with both cores busy; with 81, on the same 60 deal
    groups, the level lost 0.948 [0.919, 0.978] of the heuristic's losses per hand (0.949 with 108) and its
    decisions took p50 21 ms, p95 51 ms in the ladder run (27 and 74 ms with 108)."""
