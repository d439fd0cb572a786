"""A busy machine for `make bench`: CPU-burning processes started for one measure, and always
stopped after it.

`cpu_hogs` starts them (two by default, as "two CPU hogs alongside" means: the machine's other
work, e.g. a second test suite or a build, on a two-core machine) and kills them when its block
ends, however it ends (an error, Ctrl-C). A hog also ends by itself once the process that
started it is gone, so even a bench killed outright (kill -9) leaves no process burning CPU.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

HOGS = 2
# Busy while its parent, the process id it is given, is its parent: once that is gone it is
# adopted by another and stops. The id is given rather than read at its start, which may come
# after its parent died. The check is inside the loop: it costs the hog some of its time, but
# it never outlives the bench.
HOG = (sys.executable, "-c",
       "import os, sys\nwhile os.getppid() == int(sys.argv[1]):\n    pass\n")


@contextmanager
def cpu_hogs(count: int = HOGS, command: Sequence[str] = HOG) -> Iterator[list[subprocess.Popen]]:
    """Run ``count`` copies of ``command`` for the block, this process's id as their last
    argument; killed and reaped when the block ends."""
    hogs: list[subprocess.Popen] = []
    try:
        for _ in range(count):
            hogs.append(subprocess.Popen([*command, str(os.getpid())], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()
