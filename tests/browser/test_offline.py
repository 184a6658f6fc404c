"""Offline, installable, hostable: the service worker and the manifest in Chromium."""

from __future__ import annotations

import gzip
import json
import shutil
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pasyansy_web.table import Table
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

from pygame_engine import registry
from tests.browser.conftest import Server, wait_ready
from tests.browser.test_table import assert_table_shows, deal_for, tappable
from tools import site

pytestmark = pytest.mark.browser


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 800})
    ctx.set_default_timeout(60_000)
    yield ctx
    ctx.close()


def wait_controlled(page: Page) -> None:
    """The service worker has cached the build and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def open_by_hash(page: Page, base: str, game: str, deal: int | None = None) -> None:
    """Open ``game`` by its link: a given deal, or without one the game in progress (or a new deal)."""
    page.goto(f"{base}#game={game}" + ("" if deal is None else f"&deal={deal}"))
    page.wait_for_selector(f"#table[data-game='{game}']", state="attached")


def tap_once(page: Page, game: str) -> Table:
    state = json.loads(page.evaluate("window.pasyansyState()"))
    mirror = Table.new(game, state["deal"])
    for move in state["moves"]:
        mirror.history.play(move)
    target = tappable(mirror)
    assert target is not None, f"no card of {game} deal {state['deal']} moves on a tap"
    pile, index = target
    page.locator(f'#table .card[data-pile="{pile}"][data-index="{index}"]').click(position={"x": 6, "y": 5})
    mirror.tap(pile, index)
    assert_table_shows(page, mirror)
    return mirror


def python_start(page: Page) -> str:
    """How this page started Python: from the build's memory image, or afresh."""
    return str(page.evaluate("document.documentElement.dataset.python"))


def play_offline(context: BrowserContext, base: str, server: Server) -> None:
    page = context.new_page()
    page.goto(base)
    wait_ready(page)
    assert python_start(page) == "fresh", "a first visit starts Python afresh"
    wait_controlled(page)
    open_by_hash(page, base, "hard_rug", deal_for("hard_rug"))
    before = tap_once(page, "hard_rug")
    server.stop()  # no network from here on

    page.goto(base)
    wait_ready(page)
    assert python_start(page) == "image", "the service worker's page starts Python from the build's memory image"
    assert page.locator(".games strong").count() == len(registry.games())
    for game in registry.games():
        open_by_hash(page, base, game.id)
        assert page.locator("#table .card").count() > 0
    open_by_hash(page, base, "hard_rug")
    assert_table_shows(page, before), "the game in progress came back offline"
    after = tap_once(page, "hard_rug")
    page.reload()
    wait_ready(page)
    assert_table_shows(page, after)
    verdict = page.locator("#verdict:not([data-result='pending'])")
    verdict.wait_for(state="attached")
    assert verdict.get_attribute("data-result") in ("won", "lost", "unknown"), verdict.text_content()
    assert verdict.get_attribute("data-python") == "image", "the solver's worker starts from the image too"


def test_the_site_plays_offline_after_one_visit(context: BrowserContext, tmp_path: Path,
                                               site_copy: Callable[[Path], Path]) -> None:
    built = site_copy(tmp_path / "site")
    server = Server(built)
    play_offline(context, server.origin, server)


def test_python_started_from_the_memory_image_deals_different_random_games(
        context: BrowserContext, tmp_path: Path, site_copy: Callable[[Path], Path]) -> None:
    server = Server(site_copy(tmp_path / "site"))
    page = context.new_page()
    page.goto(server.origin)
    wait_ready(page)
    wait_controlled(page)
    deals = []
    for _ in range(2):  # the image holds one state of the random generator, the same for everyone
        page.evaluate("localStorage.removeItem('pasyansy:save:hard_rug');"
                      " window.pasyansyDurable.write('save:hard_rug', null)")
        page.goto("about:blank")  # so that the next page is loaded anew, not only its hash changed
        open_by_hash(page, server.origin, "hard_rug")  # no save and no deal: a random deal
        assert python_start(page) == "image"
        deals.append(json.loads(page.evaluate("window.pasyansyState()"))["deal"])
    assert deals[0] != deals[1], deals
    server.stop()


@pytest.mark.parametrize("damage", [b"not gzip at all", gzip.compress(b"\0" * 4096)], ids=["not gzip", "no image"])
def test_a_memory_image_that_does_not_start_leaves_python_to_start_afresh(
        context: BrowserContext, tmp_path: Path, damage: bytes, site_copy: Callable[[Path], Path]) -> None:
    built = site_copy(tmp_path / "site")
    (built / "pyodide" / "snapshot.gzip").write_bytes(damage)
    # Built so: the service worker's list holds the damaged image's own hash.
    shutil.copy2(site.ROOT / "service-worker" / "service-worker.js", built / "service-worker.js")
    site._write_precache(built)
    server = Server(built)
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.on("pageerror", lambda error: warnings.append(f"page error: {error}"))
    page.goto(server.origin)
    wait_ready(page)
    wait_controlled(page)
    open_by_hash(page, server.origin, "hard_rug", deal_for("hard_rug"))
    mirror = tap_once(page, "hard_rug")
    page.reload()
    wait_ready(page)
    assert python_start(page) == "fresh"
    assert any("starting it afresh" in w for w in warnings), warnings
    assert not any(w.startswith("page error") for w in warnings), warnings
    assert_table_shows(page, mirror)
    tap_once(page, "hard_rug")
    server.stop()


def test_the_site_works_under_a_sub_path_online_and_offline(context: BrowserContext, tmp_path: Path,
                                                           site_copy: Callable[[Path], Path]) -> None:
    site_copy(tmp_path / "root" / "some" / "sub" / "path")
    server = Server(tmp_path / "root")
    base = server.origin + "some/sub/path/"
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    play_offline(context, base, server)
    # The table's worker is made from a blob of the page's own origin (PyScript makes it so).
    outside = [url for url in requests if not url.startswith((base, f"blob:{server.origin.rstrip('/')}"))]
    assert requests and not outside, outside


def test_a_new_build_is_offered_and_the_game_survives_the_update(context: BrowserContext, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    site.build(folder, stamp="release-1")
    server = Server(folder)
    page = context.new_page()
    # A fixed deal: a random one may have no card that moves on a tap at the start.
    open_by_hash(page, server.origin, "topsy_turvy_queens", deal_for("topsy_turvy_queens"))
    wait_controlled(page)
    mirror = tap_once(page, "topsy_turvy_queens")
    site.build(folder, stamp="release-2")
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.locator("#update")
    banner.wait_for(state="visible")
    assert "Доступна новая версия" in (banner.text_content() or "")
    with page.expect_event("load"):
        banner.get_by_role("button").click()
    wait_ready(page)
    page.wait_for_selector("#table[data-game='topsy_turvy_queens']", state="attached")
    assert_table_shows(page, mirror)
    version = page.evaluate("fetch('version.txt').then((r) => r.text())")
    assert version == "release-2"
    # The workers' files are the new build's, from the new cache: the table's worker plays on
    # after the server has gone.
    workers = ["main.py", "python.js", "pyscript/core.js", "start-pyodide.mjs", "solver-worker.mjs", "pasyansy.zip"]
    cached = page.evaluate("""async (names) => Promise.all(names.map(async (name) => {
        const hit = await caches.match(new URL(name, location.href).href);
        return hit ? hit.headers.get("content-length") || "cached" : null; }))""", workers)
    assert all(cached), dict(zip(workers, cached, strict=True))
    for name, length in zip(workers, cached, strict=True):
        if length != "cached":
            assert int(length) == (folder / name).stat().st_size, name
    server.stop()
    page.reload()
    wait_ready(page)
    tap_once(page, "topsy_turvy_queens")


def version_of(page: Page) -> str:
    return str(page.evaluate("fetch('version.txt').then((r) => r.text())"))


def first_release(context: BrowserContext, tmp_path: Path) -> tuple[Path, Server, Page]:
    """A build stamped release-1, served, with a page on it that its service worker controls."""
    folder = tmp_path / "site"
    site.build(folder, stamp="release-1")
    server = Server(folder)
    page = context.new_page()
    open_by_hash(page, server.origin, "hard_rug", 5)
    wait_controlled(page)
    return folder, server, page


def test_an_update_moves_every_open_tab_to_the_new_version(context: BrowserContext, tmp_path: Path) -> None:
    folder, server, first = first_release(context, tmp_path)
    second = context.new_page()
    open_by_hash(second, server.origin, "topsy_turvy_queens", deal_for("topsy_turvy_queens"))
    wait_ready(second)
    assert version_of(first) == version_of(second) == "release-1"
    site.build(folder, stamp="release-2")
    for page in (first, second):
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.locator("#update").wait_for(state="visible")
    # «Обновить» in one tab: the other reloads into the new version too, and keeps its game.
    with first.expect_event("load"), second.expect_event("load"):
        second.locator("#update button").click()
    for page in (first, second):
        wait_ready(page)
        assert version_of(page) == "release-2"
    second.wait_for_selector("#table[data-game='topsy_turvy_queens']", state="attached")
    server.stop()


def test_a_build_whose_files_do_not_match_their_hashes_is_not_installed(context: BrowserContext,
                                                                      tmp_path: Path) -> None:
    folder, server, page = first_release(context, tmp_path)
    site.build(folder, stamp="release-2")
    (folder / "version.txt").write_text("half-way")  # a deploy caught half-way: one file not of the list
    page.evaluate("""navigator.serviceWorker.getRegistration().then((r) => r.update().then(() => new Promise(
        (done) => { const w = r.installing; if (!w) return done(); w.onstatechange = () => {
        if (w.state === 'redundant' || w.state === 'installed') done(); }; })))""")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))") is False
    page.reload()
    wait_ready(page)
    assert version_of(page) == "release-1", "the old version keeps serving"
    server.stop()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def test_installable(browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path,
                     site_copy: Callable[[Path], Path]) -> None:
    built = site_copy(tmp_path / "site")
    server = Server(built)
    # A profile on disk: Chromium does not offer installation in incognito contexts.
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    try:
        page = context.new_page()
        page.goto(server.origin)
        wait_ready(page)
        wait_controlled(page)
        manifest: dict[str, Any] = json.loads(page.evaluate("fetch('manifest.webmanifest').then((r) => r.text())"))
        assert manifest["name"] == "Пасьянсы" and manifest["display"] == "standalone"
        assert manifest["start_url"] == "./" and manifest["scope"] == "./"
        purposes = set()
        for icon in manifest["icons"]:
            w, h = png_size((built / icon["src"]).read_bytes())
            assert icon["sizes"] == f"{w}x{h}"
            purposes.add(icon["purpose"])
        assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]} and "maskable" in purposes
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()
        server.stop()
