"""`make bench`'s Discord round trips: interaction → first response at rest and with CPU hogs
alongside (tools.bench_discord), and the hogs themselves (tools.bench_hogs): started for the
measure, and gone after it whatever happens — an error in the block, or the bench killed
outright. Tiny workloads, and no time is asserted."""

from __future__ import annotations

import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.waiting import until
from tools import bench_discord
from tools.bench_discord import bench_latency
from tools.bench_hogs import cpu_hogs

# A stand-in for a hog that burns nothing: a test needs to know the hogs ran, not to load the
# machine.
SLEEPER = (sys.executable, "-c", "import time; time.sleep(600)")


def gone(pid: int) -> bool:
    """Whether the process has ended (a zombie nobody reaped yet has ended too)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_the_hogs_run_in_the_block_and_are_stopped_after_it():
    with cpu_hogs(2, SLEEPER) as hogs:
        assert len(hogs) == 2 and all(hog.poll() is None for hog in hogs)
    assert all(hog.returncode is not None for hog in hogs)


def test_the_hogs_are_stopped_when_the_measure_fails():
    with pytest.raises(RuntimeError), cpu_hogs(2, SLEEPER) as hogs:
        raise RuntimeError("the measure failed")
    assert len(hogs) == 2 and all(hog.returncode is not None for hog in hogs)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
@pytest.mark.asyncio
async def test_a_hog_ends_by_itself_when_the_bench_is_killed_outright():
    # A bench that starts a real hog, says its id, and is then killed with no chance to clean.
    bench = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\nfrom tools.bench_hogs import cpu_hogs\n"
         "with cpu_hogs(1) as hogs:\n"
         "    print(hogs[0].pid, flush=True)\n    time.sleep(600)\n"],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1])
    try:
        assert bench.stdout is not None
        hog = int(bench.stdout.readline())
        assert not gone(hog)
        bench.send_signal(signal.SIGKILL)
        bench.wait()
        await until(lambda: gone(hog), "the orphaned hog to end by itself")
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
        if bench.stdout is not None:
            bench.stdout.close()


@pytest.mark.e2e
@pytest.mark.asyncio
async def test_the_first_response_is_measured_at_rest_and_with_hogs_alongside(monkeypatch,
                                                                            capsys):
    started: list[list[subprocess.Popen]] = []
    running: list[bool] = []

    @contextmanager
    def watched(count, command):
        with cpu_hogs(count, command) as hogs:
            started.append(hogs)
            yield hogs
            running.append(all(hog.poll() is None for hog in hogs))  # all through the clicks

    monkeypatch.setattr(bench_discord, "cpu_hogs", watched)
    figures = await bench_latency(counts=(1, 2), hogged=(2,), samples=3, hog=SLEEPER)
    assert {count: len(samples) for count, samples in figures.items()} == {1: 3, 2: 3}
    out = capsys.readouterr().out
    assert "   1 games open: interaction → first response median" in out
    assert "   2 games open: interaction → first response median" in out
    assert out.count("CPU hogs alongside") == 1
    assert "   2 games open, 2 CPU hogs alongside: interaction → first response median" in out
    assert "at rest → with two CPU hogs: 2 games" in out
    assert "had no answer" not in out
    # Two hogs for the one hogged measure, running while it clicked, stopped after it.
    assert [len(hogs) for hogs in started] == [2] and running == [True]
    assert all(hog.returncode is not None for hog in started[0])
