"""Fuzzers for what the game reads from files (issue 19, items 6 to 10 and 15): match records, saved matches,
the statistics and the settings, mutated from real ones. Shared by the suite's short runs
(tests/test_hostile_files.py) and the long runs of bench/fuzz_files.py, which print the counts.

Every mutant must come out as the reader promises: a record replays or raises ``RecordError``, a save loads or
raises ``SaveRefused``, the statistics read or raise ``StatsRefused`` (and what they read can be told), the
settings read (damaged at worst). Anything else (another exception, a hang) is a finding.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from typing import Any

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Match, Player, RecordError, record_lines, replay, ruleset

HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, -1, 5, 2**31, 2**64, 10**300, 1e308, -1e308, 0.5, "", "x", "AS", "10H", "\x1b]0;t\x07",
    "\x1b[2J\r\nYou win the match.", "x" * 5000, [], [5], ["AS"], ["AS", "AS"], [[[]]], {}, {"a": 1},
    {"0": ["AS", "KH", "QD"]}, "9" * 400,
]
"""Values a crafted record may put anywhere: wrong types, huge numbers, escape sequences, long text."""

RULESETS = (("commerce", {}), ("commerce", {"pounce": True, "swaps_per_turn": 2}), ("braillespiel", {}),
            ("handeln", {}), ("thirty-one", {}), ("trentuno", {}))


def real_records(count: int = 6) -> list[list[str]]:
    """Records of whole matches between computer players, one per ruleset (with options) in turn."""
    records = []
    for index in range(count):
        name, options = RULESETS[index % len(RULESETS)]
        players = [Player("Eva", "human")] + [Player(n, "bot:basic") for n in ("Anna", "Ben", "Cem")]
        match = Match(ruleset(name, **options), players, 100 + index)
        bots = [make_bot("basic", index * 10 + s) for s in range(4)]
        while not match.over and len(match.events) < 400:
            match.apply(match.to_act, bots[match.to_act].choose(match.view(match.to_act)))
        records.append(list(record_lines(match.events)))
    return records


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys of objects, indexes of lists)."""
    found = [prefix]
    if isinstance(obj, dict):
        for key, value in obj.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            found += _paths(value, (*prefix, index))
    return found


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = obj
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return obj


def mutate(lines: list[str], rng: random.Random) -> list[str]:
    """One mutant of a record: a value changed, a field dropped, lines dropped, doubled, swapped or cut, or a line of
    hostile text; sometimes two mutations at once."""
    lines = list(lines)
    for _ in range(1 + (rng.random() < 0.3)):
        kind = rng.randrange(8)
        index = rng.randrange(len(lines))
        try:
            json.loads(lines[index])
        except ValueError:  # cut or replaced by a mutation before: only the line mutations apply
            kind = rng.randrange(4, 8)
        except RecursionError:
            kind = rng.randrange(4, 8)
        if kind <= 2:  # a value anywhere in one line
            obj = json.loads(lines[index])
            path = rng.choice(_paths(obj)[1:] or [()])
            value = rng.choice(HOSTILE_VALUES)
            lines[index] = json.dumps(_set(obj, path, json.loads(json.dumps(value))))
        elif kind == 3:  # a field dropped
            obj = json.loads(lines[index])
            if isinstance(obj, dict) and obj:
                obj.pop(rng.choice(list(obj)))
            lines[index] = json.dumps(obj)
        elif kind == 4:  # lines dropped or doubled
            if rng.random() < 0.5 and len(lines) > 1:
                del lines[index]
            else:
                lines.insert(index, lines[index])
        elif kind == 5:  # two lines swapped
            other = rng.randrange(len(lines))
            lines[index], lines[other] = lines[other], lines[index]
        elif kind == 6:  # a line cut at a random character
            lines[index] = lines[index][: rng.randrange(len(lines[index]) + 1)]
        else:  # a hostile line
            lines[index] = rng.choice(["[" * 5000, "{" * 3000, '{"event": "match", "seed": ' + "9" * 5000 + "}",
                                       "\x00\x1b[2J", '"just text"', "1e99999", "null", "[" * 40 + "]" * 40])
    return lines


def fuzz_records(mutants: int, seed: int = 19) -> Counter[str]:
    """Replay ``mutants`` mutated records; counts of ``replayed``, ``refused`` (RecordError) and findings
    (``finding: ExceptionName``)."""
    rng = random.Random(seed)
    records = real_records()
    counts: Counter[str] = Counter()
    for _ in range(mutants):
        mutant = mutate(rng.choice(records), rng)
        counts[_outcome(lambda mutant=mutant: replay(mutant), RecordError, "replayed")] += 1
    return counts


def _outcome(read: Callable[[], object], promised: type[BaseException] | tuple[type[BaseException], ...],
             fine: str) -> str:
    try:
        read()
    except promised:
        return "refused"
    except Exception as error:  # a finding: the reader broke its promise
        return f"finding: {type(error).__name__}: {str(error)[:80]}"
    return fine


def fuzz_saves(mutants: int, seed: int = 20) -> Counter[str]:
    """Load ``mutants`` mutated saves, half of them sealed again after the change (so that the mutation reaches the
    replay and the checks behind the seal); counts as ``fuzz_records``'s."""
    from commerce_a11y.console.session import saved_match
    from commerce_a11y.seals import SaveRefused, seal

    rng = random.Random(seed)
    records = real_records()
    counts: Counter[str] = Counter()
    for _ in range(mutants):
        record = rng.choice(records)
        record = record[: rng.randrange(2, len(record) + 1)]  # a match in progress
        if rng.random() < 0.5:
            mutant = mutate(record, rng)
            try:
                sealed = seal(mutant)
            except (ValueError, RecursionError, AttributeError, TypeError):
                sealed = mutant  # not JSON objects: saved as they are
        else:
            sealed = mutate(seal(record), rng)
        text = "".join(line + "\n" for line in sealed)
        counts[_outcome(lambda text=text: saved_match(text), SaveRefused, "loaded")] += 1
    return counts


def fuzz_stats(mutants: int, seed: int = 21) -> Counter[str]:
    """Read and tell ``mutants`` mutated statistics files; counts as ``fuzz_records``'s."""
    import tempfile
    from pathlib import Path

    from commerce_a11y.reports import stats_lines
    from commerce_a11y.stats import StatsRefused, match_entry, read_stats, statistics

    rng = random.Random(seed)
    finished = [replay(lines) for lines in real_records()]
    entries = [match_entry(m, 0, f"id{i}", datetime(2026, 1, 1 + i)) for i, m in enumerate(finished) if m.over]
    good = [json.dumps({"format": 1, "matches": entries})]
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.json"
        for _ in range(mutants):
            path.write_text("\n".join(mutate(good, rng)), encoding="utf-8")

            def read_and_tell(path: Path = path) -> None:
                stats_lines(statistics(read_stats(path)))

            counts[_outcome(read_and_tell, StatsRefused, "read")] += 1
            for kept in Path(folder).glob("stats-*.json"):
                kept.unlink()
    return counts


def fuzz_settings(mutants: int, seed: int = 22) -> Counter[str]:
    """Read ``mutants`` mutated settings files; counts of ``read``, ``damaged`` and findings."""
    import os
    import tempfile
    from pathlib import Path

    from commerce_a11y.settings import Settings

    rng = random.Random(seed)
    good = [json.dumps({"lang": "de", "verbosity": "brief", "cards": "codes", "keep_records": 7,
                        "tutorial": "offered", "newer": {"x": [1]}})]
    counts: Counter[str] = Counter()
    old = os.environ.get("XDG_CONFIG_HOME")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_CONFIG_HOME"] = folder
        path = Path(folder) / "commerce-a11y" / "settings.json"
        path.parent.mkdir()
        try:
            for _ in range(mutants):
                path.write_text("\n".join(mutate(good, rng)), encoding="utf-8")
                try:
                    settings = Settings.read()
                    counts["damaged" if settings.damaged else "read"] += 1
                except Exception as error:
                    counts[f"finding: {type(error).__name__}: {str(error)[:80]}"] += 1
        finally:
            if old is None:
                os.environ.pop("XDG_CONFIG_HOME", None)
            else:
                os.environ["XDG_CONFIG_HOME"] = old
    return counts


def findings(counts: Counter[str]) -> list[str]:
    return [key for key in counts if key.startswith("finding")]
