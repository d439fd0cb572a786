"""Where each piece of text in a picture went: recorded so a test can check every text box.

Every text the renderers draw goes through ``fonts.draw``, which reports here what it drew:
the words, their size, the pixels their letters cover (their ink) and the box they were given
to stay in (the whole surface when none was given). Nothing is kept unless someone listens:
:func:`recording` turns it on for the code inside it, per task or thread (a context
variable), so a render running beside a test's render never mixes into its records.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

Box = tuple[float, float, float, float]

SLACK = 1.0
"""Pixels of anti-aliasing a letter may bleed over its box's edge."""


class Placed(NamedTuple):
    """One text as drawn: ``ink`` must lie inside ``box``, both in ``surface`` coordinates.

    ``boxed`` says whether the renderer named the box; without one the box is the surface.
    """

    text: str
    size: int
    ink: Box
    box: Box
    surface: tuple[int, int]
    boxed: bool

    def escapes(self) -> bool:
        """Whether any letter leaves the box (or the box leaves the surface it is drawn on)."""
        x0, y0, x1, y1 = self.ink
        b0, c0, b1, c1 = self.box
        w, h = self.surface
        inside_box = (x0 >= b0 - SLACK and y0 >= c0 - SLACK
                      and x1 <= b1 + SLACK and y1 <= c1 + SLACK)
        inside_surface = x0 >= -SLACK and y0 >= -SLACK and x1 <= w + SLACK and y1 <= h + SLACK
        return not (inside_box and inside_surface)


_records: ContextVar[list[Placed] | None] = ContextVar("layout_records", default=None)


@contextmanager
def recording() -> Iterator[list[Placed]]:
    """Collect every text drawn inside the ``with`` block, in drawing order."""
    records: list[Placed] = []
    token = _records.set(records)
    try:
        yield records
    finally:
        _records.reset(token)


def listening() -> bool:
    """Whether anyone records: drawing code measures its ink only then."""
    return _records.get() is not None


def note(text: str, size: int, ink: Box, box: Box | None, surface: tuple[int, int]) -> None:
    """Report one drawn text; kept only while :func:`recording` is on."""
    records = _records.get()
    if records is not None and text.strip():
        records.append(Placed(text, size, ink, box or (0, 0, *surface), surface, box is not None))
