"""What the browser tests share besides their fixtures (`tests/web/conftest.py`): where
Debian's Chromium is and the flags it needs here, the screens a page is opened on, and waiting
for what a page shows."""

from __future__ import annotations

import shutil
from typing import Any

from tests.waiting import until

CHROMIUM = "/usr/bin/chromium"  # Debian's package; `make test` installs it
# Without the background-networking ones Chromium's own calls home are refused on a closed
# network, and the refusals slow or break its start; the rest keep a test run to itself.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 400, "height": 800}
# What a test's page is opened on (`screen` in tests/web/conftest.py): Playwright's context options.
DESKTOP_SCREEN = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1}
PHONE_SCREEN = {"viewport": PHONE, "device_scale_factor": 2}


def why_no_chromium() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if shutil.which(CHROMIUM) is None:
        return f"no Chromium at {CHROMIUM} (make test installs Debian's chromium package)"
    return None


async def holds(page: Any, script: str, what: str, timeout: float = 10.0) -> None:
    """Wait until ``script`` (a function's source, run in the page) is true. Polled from here:
    the board page's CSP forbids the eval that Playwright's wait_for_function would use."""
    await until(lambda: page.evaluate(script), what, timeout=timeout)


async def shows(page: Any, version: int, timeout: float = 10.0) -> None:
    """Wait until the page has drawn ``version`` of its match and the picture of it is loaded."""
    await holds(page, f"""() => {{
        const board = document.querySelector('#board');
        return document.querySelector('main').dataset.version === '{version}'
            && board.src.endsWith('&v={version}') && board.complete && board.naturalWidth > 0;
    }}""", f"the page showing version {version}", timeout)
