"""How rich input draws its answer line: the question as one plain run of text, and Enter that leaves it as it is.

prompt_toolkit's renderer skips unstyled blanks at the end of a line and moves the cursor over them instead, so the
question's closing space reached the terminal as a cursor move: the first letter typed then stood apart from the
question, and a screen reader took it for inserted text and dropped its echo. And when a line is accepted it erases
the answer line and draws it again, which a screen reader reads as a new line. ``SteadyRenderer`` writes the
question's cells as they are, spaces included, and on Enter only moves below the answer line.

Only this module reaches into prompt_toolkit's renderer (``tests/e2e/test_pty_bytes.py`` pins the bytes it sends, so
a prompt_toolkit upgrade that changes them fails a test).
"""

from __future__ import annotations

from typing import Any

from prompt_toolkit.renderer import Renderer, _StyleStringHasStyleCache

PROMPT_STYLE = "class:prompt"
"""The style prompt_toolkit gives the question's text (``PromptSession``'s message)."""


class _PromptCellsDrawn(_StyleStringHasStyleCache):
    """Says "drawn" for every cell of the question, so that its closing space is written as a space."""

    def __missing__(self, style_str: str) -> bool:
        drawn = PROMPT_STYLE in style_str or super().__missing__(style_str)
        self[style_str] = drawn
        return drawn


class SteadyRenderer(Renderer):
    """A renderer that writes the question whole and does not redraw the answer line when it is accepted."""

    @property
    def _style_string_has_style(self) -> _StyleStringHasStyleCache | None:
        return self._drawn_cells

    @_style_string_has_style.setter
    def _style_string_has_style(self, cache: _StyleStringHasStyleCache | None) -> None:
        self._drawn_cells = None if cache is None else _PromptCellsDrawn(cache.style_string_to_attrs)

    def render(self, app: Any, layout: Any, is_done: bool = False) -> None:
        if not is_done or self._last_screen is None:
            super().render(app, layout, is_done)
            return
        # Enter: prompt_toolkit would draw the whole answer line again only to mark it accepted, a style the game does
        # not show. So only what changed since the last drawing is drawn (keys typed just before Enter), without that
        # style, and the cursor goes below the line.
        exit_style, app.exit_style = app.exit_style, ""
        try:
            super().render(app, layout, is_done=False)
        finally:
            app.exit_style = exit_style
        below = self._last_screen.height - 1 - self._cursor_pos.y
        if below > 0:
            self.output.cursor_down(below)
        self.output.write_raw("\r\n")
        self.output.enable_autowrap()
        self.output.reset_attributes()
        self.output.flush()
        self.reset()


def steady(session: Any) -> None:
    """Give a ``PromptSession``'s application the steady renderer (made with the same style, output and callbacks as
    the one prompt_toolkit made)."""
    app = session.app
    old = app.renderer
    app.renderer = SteadyRenderer(old.style, old.output, full_screen=old.full_screen, mouse_support=old.mouse_support,
                                  cpr_not_supported_callback=old.cpr_not_supported_callback)
