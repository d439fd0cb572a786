"""How `make bench` states a set of wall times: their median and p95, in milliseconds."""

from __future__ import annotations

import statistics


def p95(samples: list[float]) -> float:
    """The 95th percentile (the sample at that rank; the largest for fewer than 20)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def summary(samples: list[float]) -> str:
    """Median and p95 in milliseconds."""
    return (f"median {statistics.median(samples) * 1e3:7.3f} ms"
            f"  p95 {p95(samples) * 1e3:7.3f} ms")
