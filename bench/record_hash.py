"""A digest of many bot-only matches' records, per ruleset: a change that must not change what computer players
decide (a refactoring, a new kind of record line) is checked by running this before and after it.

    uv run python bench/record_hash.py [--matches 6] [--strong 1] [--seed 1]

Each ruleset (with a few option sets: several swaps a turn, pounce, extended Commerce) plays ``--matches`` matches
of four players of the levels random, easy, basic and heuristic in turn, two ways: as ``commerce simulate`` plays
them (one bot per seat for the whole match), and as the local game seeds its computer players (one bot per
decision, seeded by the match, the seat and the position: ``PositionSeeded``); ``--strong`` more matches each way
put a strong player among them. Printed per ruleset: the SHA-256 of the records as written, and of the records
without their ``done`` lines and the match line's ``format`` (what the players decided, whichever record format
holds it).
"""

from __future__ import annotations

import argparse
import hashlib
import json

from commerce_a11y.bots.seeding import PositionSeeded
from commerce_a11y.rules import Match, Player, record_lines, ruleset
from commerce_a11y.simulate import play_match

CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("commerce", {}),
    ("commerce", {"swaps_per_turn": 2, "pounce": True}),
    ("commerce", {"swaps_per_turn": 3, "extended": True}),
    ("braillespiel", {"marks": 3}),
    ("handeln", {}),
    ("thirty-one", {}),
    ("trentuno", {}),
    ("schwimmen", {}),
    ("tauschen", {}),
)
LEVELS = ("random", "easy", "basic", "heuristic")


def positioned(name: str, options: dict[str, object], levels: list[str], seed: int) -> Match:
    """A bot-only match played as the local game plays its computer players."""
    match = Match(ruleset(name, **options), [Player(f"P{i}", f"bot:{k}") for i, k in enumerate(levels)], seed)
    bots = [PositionSeeded(level, match.chance, seat) for seat, level in enumerate(levels)]
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def decided(line: str) -> str | None:
    """The line as what was decided: ``done`` lines left out, the match line without its ``format``."""
    obj = json.loads(line)
    if obj["event"] == "done":
        return None
    obj.pop("format", None)
    return json.dumps(obj, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--strong", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    every_full, every_decided = hashlib.sha256(), hashlib.sha256()
    total = 0
    for name, options in CASES:
        full, decisions = hashlib.sha256(), hashlib.sha256()
        for k in range(args.matches + args.strong):
            levels = [LEVELS[(k + i) % len(LEVELS)] for i in range(4)]
            if k >= args.matches:
                levels[k % 4] = "strong"
            seed = args.seed + k
            for match in (play_match(ruleset(name, **options), levels, seed), positioned(name, options, levels, seed)):
                total += 1
                for line in record_lines(match.events):
                    full.update(line.encode() + b"\n")
                    kept = decided(line)
                    if kept is not None:
                        decisions.update(kept.encode() + b"\n")
        every_full.update(full.digest())
        every_decided.update(decisions.digest())
        label = name + "".join(f" {key}={value}" for key, value in options.items())
        print(f"{label:45} records {full.hexdigest()[:16]}  decisions {decisions.hexdigest()[:16]}")
    print(f"{'all ' + str(total) + ' matches':45} records {every_full.hexdigest()[:16]}  "
          f"decisions {every_decided.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
