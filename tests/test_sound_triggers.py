"""The sound triggers docs/hosting.md recommends fire on the game's own lines and never on chat that repeats them
(issue 35, item 5): "Sam says: Anna knocks." fired MUSHclient's `* knocks.` and VIP Mud's `knocks.` before.

Each trigger is read from the docs as written and matched by its client's own rules: TinTin++ itself in a terminal,
MUSHclient's regular expressions as Python reads them (the same syntax for these patterns), VIP Mud's zMUD-style
patterns translated as zMUD defines them (``^`` the line's start, ``%x`` a run of characters that are not blanks,
``*`` anything). The lines are the game's own sentences, and chat as the server makes it: the lobby's "says", with
its blanks collapsed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from commerce_a11y.cleaning import collapse_blanks
from commerce_a11y.i18n import _, speaking

DOCS = Path(__file__).resolve().parent.parent / "docs" / "hosting.md"
TINTIN = shutil.which("tt++") or ("/usr/games/tt++" if Path("/usr/games/tt++").exists() else None)


def documented() -> dict[str, list[tuple[str, str]]]:
    """Each client's triggers in the docs: (pattern, the sound's cue: "knock" or "lost")."""
    text = DOCS.read_text(encoding="utf-8")
    found: dict[str, list[tuple[str, str]]] = {"mushclient": [], "vipmud": [], "tintin": []}
    for pattern, sound in re.findall(r'<trigger enabled="y" regexp="y" match="([^"]+)" sound="(\w+)\.wav">', text):
        found["mushclient"].append((pattern.replace("&lt;", "<").replace("&amp;", "&"), sound))
    for pattern, sound in re.findall(r"#trigger \{([^}]+)\} \{#play (\w+)\.wav\}", text):
        found["vipmud"].append((pattern, sound))
    for pattern, sound in re.findall(r"#action \{([^}]+)\} \{#system \{aplay (\w+)\.wav\}\}", text):
        found["tintin"].append((pattern, sound))
    return found


def lines() -> list[tuple[str, str | None]]:
    """(a line as a player gets it, the cue it is): the game's knock and loss, chat that repeats them, and lines
    that are neither."""
    with speaking("en"):
        knock, knock_normal = _("{name} knocks.").format(name="Anna"), _(
            "{name} knocks. Everyone else has one last turn.").format(name="Anna")
        lost = [_("You lose a chip, {count} left.").format(count=2), _("You lose a life."),
                _("You lose a chip: {value}.").format(value="pair of nines")]

        def chat(text: str) -> str:
            return _("{name} says: {text}").format(name="Sam", text=collapse_blanks(text)[:300])

        game = [(knock, "knock"), (knock_normal, "knock"), *((line, "lost") for line in lost)]
        talk = [(chat(line), None) for line, _cue in game]
        talk += [(chat(" " * 120 + knock), None), (chat("\u2800" * 70 + knock), None), (chat("\u3000" + lost[0]), None),
                 (chat("* knocks."), None), (chat("You lose"), None)]
        other = [(_("{names} loses a chip.").format(names="Ben"), None),
                 (_("{name} sits down at seat {seat}.").format(name="Sam", seat=2), None),
                 (_("{name} passes.").format(name="Anna"), None)]
    return [*game, *talk, *other]


def zmud(pattern: str) -> re.Pattern[str]:
    """A zMUD-style pattern (VIP Mud's) as a regular expression: ``^`` and ``$`` anchor, ``%x`` is a run of
    non-blanks, ``%w`` of letters, ``*`` anything; anything else is itself; unanchored, it matches anywhere."""
    out, i = [], 0
    while i < len(pattern):
        two = pattern[i:i + 2]
        if two in ("%x", "%w"):
            out.append(r"\S+" if two == "%x" else r"[A-Za-z]+")
            i += 2
            continue
        ch = pattern[i]
        out.append({"^": "^", "$": "$", "*": ".*"}.get(ch, re.escape(ch)))
        i += 1
    return re.compile("".join(out))


def test_the_docs_recommend_a_knock_and_a_loss_trigger_for_each_client() -> None:
    found = documented()
    for client, triggers in found.items():
        assert sorted(sound for _pattern, sound in triggers) == ["knock", "lost"], client
        assert all(pattern.startswith("^") for pattern, _sound in triggers), client  # anchored, every one


@pytest.mark.parametrize("client", ["mushclient", "vipmud"])
def test_each_trigger_fires_on_the_game_line_and_never_on_chat(client: str) -> None:
    for pattern, sound in documented()[client]:
        compiled = re.compile(pattern) if client == "mushclient" else zmud(pattern)
        for line, cue in lines():
            fired = compiled.search(line) is not None
            assert fired == (cue == sound), (client, pattern, line)


def test_the_old_unanchored_triggers_fired_on_chat() -> None:
    """What the docs recommended before: MUSHclient's whole-line wildcard `* knocks.` and VIP Mud's `knocks.`."""
    chat = next(line for line, cue in lines() if cue is None and "knocks." in line)
    assert re.fullmatch(r".*knocks\.", chat) and zmud("knocks.").search(chat)


@pytest.mark.e2e
def test_tintin_fires_its_triggers_on_the_game_lines_only(tmp_path: Path) -> None:
    """TinTin++ itself, in a terminal: each documented #action, and every line shown with #showme (which TinTin++
    checks against its actions as it checks a session's lines)."""
    if TINTIN is None:
        pytest.skip("tt++ is not installed (.ci/run installs it)")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent / "e2e"))
    from tmux import Tmux

    triggers = documented()["tintin"]
    script = [f"#action {{{pattern}}} {{#showme {{FIRED {sound.upper()}}}}}" for pattern, sound in triggers]
    shown = lines()
    for number, (line, _cue) in enumerate(shown):
        script.append(f"#showme {{LINE {number}}}")
        script.append("#showme {" + line.replace("{", "(").replace("}", ")").replace(";", ",") + "}")
    script.append("#showme {THE END}")
    (tmp_path / "triggers.tin").write_text("\n".join(script) + "\n", encoding="utf-8")
    with Tmux(tmp_path, cols=200, rows=100) as tmux:
        environment = {"TERM": "xterm", "LANG": "C.UTF-8", "HOME": str(tmp_path)}
        tmux.start([TINTIN, str(tmp_path / "triggers.tin")], environment)
        screen = tmux.wait_for(lambda rows: any("THE END" in row for row in rows), timeout=20)
    fired: dict[int, list[str]] = {}
    current = -1
    for row in screen:
        number = re.fullmatch(r"\s*LINE (\d+)\s*", row)
        if number:
            current = int(number.group(1))
        elif row.strip().startswith("FIRED ") and current >= 0:
            fired.setdefault(current, []).append(row.strip().split()[1].lower())
    # An action's output comes before the line it fired on is shown: a line's FIRED rows follow its LINE row.
    for number, (line, cue) in enumerate(shown):
        assert fired.get(number, []) == ([cue] if cue else []), (line, fired.get(number))
