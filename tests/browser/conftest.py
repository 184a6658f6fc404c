"""Playwright against the built site, served on 127.0.0.1, in Debian's Chromium.

Every page records the requests it makes; a test fails if any leaves the test server.

A page whose renderer process crashes (Chromium's "Target crashed" or "Page crashed")
fails its test with that message; the test is then run again, at most three times,
2 s apart, and the crash is listed at the end of the run with the machine's free memory
and disk. An assertion that fails, or any other error, is never run again.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tools import site
from tools.site import Server

CRASHED = ["Target crashed", "Page crashed"]
CRASHES: list[str] = []
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.flaky(reruns=3, reruns_delay=2, only_rerun=CRASHED))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if CRASHES:
        terminalreporter.section("crashed pages")
        for line in CRASHES:
            terminalreporter.write_line(line)


def _machine() -> str:
    fields = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    free = {where: shutil.disk_usage(where).free >> 20 for where in ("/tmp", "/dev/shm") if Path(where).exists()}
    return f"memory available {fields['MemAvailable'].strip()}, free MiB {free}"


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return {"executable_path": site.CHROMIUM, "args": site.CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site.build(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture
def site_copy(built_site: Path, tmp_path: Path) -> Callable[[Path], Path]:
    """The session's build copied to a folder of the test's (which it may change), in place
    of a build of its own: the same files, some seconds sooner."""
    def copy(folder: Path) -> Path:
        return Path(shutil.copytree(built_site, folder))
    return copy


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    with serving(built_site) as url:
        yield url


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A local server of ``folder`` while the block runs; its address."""
    server = Server(folder)
    try:
        yield server.origin
    finally:
        server.stop()


@pytest.fixture
def site_page(page: Page, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page of the site; no request may go anywhere but the test server."""
    foreign: list[str] = []
    # The table's worker is made from a blob of the site (PyScript makes it so).
    ours = (server, "data:", f"blob:{server}")
    page.on("request", lambda r: None if r.url.startswith(ours) else foreign.append(r.url))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("crash", lambda p: CRASHES.append(f"{request.node.nodeid}: {_machine()}"))
    page.set_default_timeout(30_000)
    yield page
    assert foreign == [], f"requests left the site: {foreign[:5]}"
    assert errors == [], f"errors on the page: {errors[:3]}"


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)


def reopen(page: Page, url: str) -> None:
    """Open ``url`` as a new page: the page reads storage only as it opens, so a test that
    wrote storage through the page first leaves it for a plain file of the site (a change
    of the address's fragment alone would keep the page)."""
    page.goto(url.split("#")[0].rstrip("/") + "/version.txt")
    page.goto(url)


def answered(page: Page) -> None:
    """Wait until Python has answered every call the page made (it runs in a worker, and a
    tap's redraw comes a moment later), as a person waits for the table to change."""
    page.wait_for_function("window.pasyansyIdle && window.pasyansyIdle()")


def open_game(page: Page, server: str, game: str, deal: int) -> None:
    page.goto(f"{server}#game={game}&deal={deal}")
    wait_ready(page)
    page.wait_for_selector(f"#table[data-game='{game}'][data-deal='{deal}']", state="attached")


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    answered(page)
    page.screenshot(path=str(path))
    return path


def open_menu(page: Page) -> None:
    """The game's menu, opened from the bar unless it is open."""
    if page.locator("#menu").is_hidden():
        page.locator("#controls button[data-call='menu']").click()
    page.locator("#menu").wait_for(state="visible")


def new_game(page: Page) -> None:
    """The menu's «Новая игра»: the choice of a level or a deal, in the menu."""
    open_menu(page)
    page.locator("#menu button[data-call='new']").click()
    page.locator("#menu button[data-call='level']").first.wait_for()
