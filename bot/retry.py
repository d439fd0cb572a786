"""How long the bot waits before it tries a failed Discord call again: doubling, then capped."""

from __future__ import annotations

DOUBLINGS = 6  # the wait doubles up to 64 × the first, about a minute with the default 1 s


def backoff(first: float, failures: int) -> float:
    """Seconds to wait after the ``failures``-th failure in a row (the first waits ``first``)."""
    return first * float(2 ** min(max(failures - 1, 0), DOUBLINGS))
