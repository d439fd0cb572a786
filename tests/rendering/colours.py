"""Colour comparisons for tests that read pixels of saved pictures.

Pictures are saved as 256-colour palettes (``canvas.to_png``): a flat colour comes back within
a few levels of the one drawn, never exactly. ``near`` says "the same colour to the eye".
"""

from __future__ import annotations

TOLERANCE = 8
"""Levels per channel a palette may move a colour: far below what an eye tells apart."""


def near(got: tuple[int, ...], wanted: tuple[int, ...], tolerance: int = TOLERANCE) -> bool:
    """Whether two RGB colours differ by at most ``tolerance`` in every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(got[:3], wanted[:3], strict=True))


def all_near(got: list[tuple[int, ...]], wanted: list[tuple[int, ...]]) -> bool:
    """``near`` for each pair of two equally long lists."""
    return len(got) == len(wanted) and all(near(a, b) for a, b in zip(got, wanted, strict=True))
