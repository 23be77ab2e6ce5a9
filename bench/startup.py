"""How long ``commerce --help`` and ``commerce --lang de --help`` take to start, against a bare interpreter.

Goal (issue 16): both within 5x ``python -c pass`` with bytecode cached. The three commands run side by side, in
turn, round after round, so that a busy moment of a noisy machine hits them alike; the medians and their ratios
to the bare interpreter are printed, twice:

* **cached bytecode**: every module's ``.pyc`` was written by a warm-up run first (what a player has after the
  first start, and what pip, pipx and ``uv tool install --compile-bytecode`` give at once);
* **no cached bytecode**: every module, the standard library's too, is compiled from source at each start (what a
  checkout pays when ``PYTHONDONTWRITEBYTECODE`` is set, as on the project's machine).

Both ways point ``PYTHONPYCACHEPREFIX`` at a folder of this run, so nothing is written into the source tree or
the environment, and earlier ``.pyc`` files do not count. The home is a temporary one, with a settings file as a
player who has played before has one.

    uv run python bench/startup.py             # 30 rounds
    uv run python bench/startup.py --rounds 60
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def commands() -> dict[str, list[str]]:
    """The measured commands, each started as a player starts it (the ``commerce`` script of this environment)."""
    script = Path(sys.executable).with_name("commerce.exe" if os.name == "nt" else "commerce")
    game = [str(script)] if script.exists() else [sys.executable, "-m", "commerce_a11y"]
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "commerce --help": [*game, "--help"],
        "commerce --lang de --help": [*game, "--lang", "de", "--help"],
    }


def environment(home: Path, cache: Path, cached: bool) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LANG", "LC_", "PYTHON"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               LANG="en_GB.UTF-8", PYTHONPYCACHEPREFIX=str(cache))
    if not cached:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_once(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def measure(rounds: int, cached: bool) -> dict[str, list[float]]:
    """Seconds per start of each command, ``rounds`` times, the commands interleaved."""
    work = Path(tempfile.mkdtemp(prefix="commerce-startup-"))
    try:
        home, cache = work / "home", work / "pycache"
        (home / "config" / "commerce-a11y").mkdir(parents=True)
        cache.mkdir()
        # A player who has played before: the settings file is read at every start.
        (home / "config" / "commerce-a11y" / "settings.json").write_text('{"tutorial": "offered"}\n', "utf-8")
        env = environment(home, cache, cached)
        measured = commands()
        for command in measured.values():  # warm-up: the .pyc files (when cached), the disk cache, settings
            run_once(command, env)
        times: dict[str, list[float]] = {name: [] for name in measured}
        for _round in range(rounds):
            for name, command in measured.items():
                times[name].append(run_once(command, env))
        return times
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {args.rounds} rounds, medians (p10-p90)")
    for cached in (True, False):
        times = measure(args.rounds, cached)
        bare = statistics.median(times["python -c pass"])
        print("cached bytecode:" if cached else "no cached bytecode:")
        for name, values in times.items():
            deciles = statistics.quantiles(values, n=10)
            print(f"  {name:27} {statistics.median(values) * 1000:6.1f} ms ({deciles[0] * 1000:.1f}-"
                  f"{deciles[-1] * 1000:.1f})  {statistics.median(values) / bare:4.1f}x bare")


if __name__ == "__main__":
    main()
