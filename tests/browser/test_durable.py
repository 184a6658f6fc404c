"""A move survives the browser being killed a second after it: the durable store."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserType

from tests.browser.conftest import Server, wait_ready
from tests.browser.test_offline import open_by_hash, tap_once
from tests.browser.test_table import assert_table_shows

pytestmark = pytest.mark.browser


def kill_browser(profile: Path) -> None:
    """SIGKILL every process of the Chromium that runs on ``profile``: no chance to write anything."""
    found = subprocess.run(["pgrep", "-f", "--", f"user-data-dir={profile}"], capture_output=True, text=True)
    pids = [int(pid) for pid in found.stdout.split()]
    assert pids, "the test's Chromium was not found"
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def test_a_move_survives_the_browser_killed_a_second_later(browser_type: BrowserType,
                                                          browser_type_launch_args: dict[str, Any],
                                                          tmp_path: Path, site_copy: Callable[[Path], Path]) -> None:
    server = Server(site_copy(tmp_path / "site"))
    profile = tmp_path / "profile"
    try:
        context = browser_type.launch_persistent_context(str(profile), **browser_type_launch_args)
        page = context.new_page()
        open_by_hash(page, server.origin, "hard_rug", 5)
        wait_ready(page)
        mirror = tap_once(page, "hard_rug")
        time.sleep(1)
        kill_browser(profile)
        with contextlib.suppress(Exception):  # the browser is gone already, as it was meant to be
            context.close()
        context = browser_type.launch_persistent_context(str(profile), **browser_type_launch_args)
        page = context.new_page()
        open_by_hash(page, server.origin, "hard_rug")
        wait_ready(page)
        assert_table_shows(page, mirror)
        context.close()
    finally:
        server.stop()
