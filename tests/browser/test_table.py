"""The real page in Chromium: every game played by taps and drags, undo, redo,
reloads, a phone with touch, and a damaged save."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from pasyansy_web.table import Table
from playwright.sync_api import Browser, Page, Route

from pygame_engine import Move, registry
from pygame_engine.cards import card_text
from pygame_engine.moves import CARD_MOVE
from tests.browser.conftest import answered, open_game, open_menu, reopen, shot, wait_ready

pytestmark = pytest.mark.browser

GAMES = [g.id for g in registry.games()]


def tappable(table: Table) -> tuple[str, int] | None:
    """A visible card that a tap moves, in layout order."""
    game, state = table.game, table.state
    piles = game.piles(state)
    for slot in game.layout().slots:
        cards = piles[slot.pile]
        for i in range(game.hidden(state, slot.pile), len(cards)):
            if slot.fan == "none" and i != len(cards) - 1:
                continue
            if game.destinations(state, slot.pile, len(cards) - i):
                return slot.pile, i
    return None


def tap_first(page: Page, mirror: Table) -> None:
    """Tap, in the page and on the mirror alike, the first visible card that a tap moves."""
    target = tappable(mirror)
    assert target is not None, "a card to tap"
    page.locator(f'#table .card[data-pile="{target[0]}"][data-index="{target[1]}"]').click()
    mirror.tap(*target)


def open_with_a_move(page: Page, server: str, game_id: str, deal: int) -> Table:
    """Open ``deal`` of ``game_id`` and tap its first movable card; the mirror that follows the page."""
    open_game(page, server, game_id, deal)
    mirror = Table.new(game_id, deal)
    tap_first(page, mirror)
    return mirror


def draggable(table: Table) -> Move | None:
    """A card move whose cards can be picked up (face up, on top of a squared pile)."""
    game, state = table.game, table.state
    for move in game.legal_moves(state):
        if move.kind == CARD_MOVE and game.layout().slot(move.src).kind != "stock":
            return move
    return None


def deal_for(game_id: str) -> int:
    """The first deal on which a tap and then a drag can both move cards."""
    for deal in range(1, 200):
        mirror = Table.new(game_id, deal)
        target = tappable(mirror)
        if target is None:
            continue
        mirror.tap(*target)
        if draggable(mirror):
            return deal
    raise AssertionError(f"no deal of {game_id} to test with")


def page_state(page: Page) -> dict[str, Any]:
    answered(page)
    return json.loads(page.evaluate("window.pasyansyState()"))


def assert_table_shows(page: Page, mirror: Table) -> None:
    """The engine in the page agrees with the engine here, and the cards drawn are those cards."""
    shown = page_state(page)
    piles = mirror.game.piles(mirror.state)
    assert shown["moves"] == [str(m) for m in mirror.history.done_moves]
    assert shown["piles"] == {p: list(c) for p, c in piles.items()}
    drawn = page.evaluate(
        """() => { const out = {}; for (const el of document.querySelectorAll('#table .card')) {
             (out[el.dataset.pile] ||= []).push(el.dataset.card || '##'); } return out; }"""
    )
    for pile, cards in piles.items():
        hidden = mirror.game.hidden(mirror.state, pile)
        expected = ["##"] * hidden + [card_text(c) for c in cards[hidden:]]
        assert drawn.get(pile, []) == expected, pile


RUSSIAN_KEY = """([key, code]) => document.dispatchEvent(
    new KeyboardEvent('keydown', { key, code, ctrlKey: true, bubbles: true, cancelable: true }))"""


def settle(page: Page) -> None:
    """Wait until the cards have stopped sliding, as a person would before the next gesture."""
    answered(page)
    page.wait_for_function("document.getAnimations().length === 0")


def point(page: Page, selector: str) -> tuple[float, float]:
    """A point on the visible top strip of an element."""
    settle(page)
    box = page.locator(selector).last.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.12


def drag(page: Page, mirror: Table, move: Move) -> None:
    cards = mirror.game.piles(mirror.state)[move.src]
    index = len(cards) - move.count
    settle(page)
    box = page.locator(f'#table .card[data-pile="{move.src}"][data-index="{index}"]').bounding_box()
    assert box is not None
    x0, y0 = box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.08
    target = mirror.game.piles(mirror.state)[move.dst]
    selector = f'#table .card[data-pile="{move.dst}"]' if target else f'#table .slot[data-pile="{move.dst}"]'
    x1, y1 = point(page, selector)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    page.mouse.up()


@pytest.mark.parametrize("game_id", GAMES)
def test_play_by_tap_and_drag_undo_redo_and_reload(site_page: Page, server: str, game_id: str) -> None:
    page = site_page
    page.set_viewport_size({"width": 1280, "height": 800})
    deal = deal_for(game_id)
    open_game(page, server, game_id, deal)
    mirror = Table.new(game_id, deal)
    assert_table_shows(page, mirror)

    pile, index = tappable(mirror) or ("", 0)
    page.locator(f'#table .card[data-pile="{pile}"][data-index="{index}"]').click(position={"x": 8, "y": 6})
    mirror.tap(pile, index)
    assert_table_shows(page, mirror)

    move = draggable(mirror)
    assert move is not None
    drag(page, mirror, move)
    mirror.drop(move.src, len(mirror.game.piles(mirror.state)[move.src]) - move.count, move.dst)
    assert_table_shows(page, mirror)
    assert len(mirror.history.done_moves) == 2

    if "draw" in mirror.game.verbs and mirror.game.explain(mirror.state, Move("draw")) is None:
        page.locator('#table .slot[data-pile="s"]').click(position={"x": 5, "y": 5}, force=True)
        mirror.stock()
        assert_table_shows(page, mirror)

    page.keyboard.press("Control+z")
    mirror.undo()
    assert_table_shows(page, mirror)
    page.get_by_role("button", name="Отменить", exact=True).click()
    mirror.undo()
    assert_table_shows(page, mirror)
    page.keyboard.press("Control+y")
    mirror.redo()
    assert_table_shows(page, mirror)
    # On a Russian layout the same keys give "я" and "н": the shortcuts go by the key's place.
    page.evaluate(RUSSIAN_KEY, ["я", "KeyZ"])
    mirror.undo()
    assert_table_shows(page, mirror)
    page.evaluate(RUSSIAN_KEY, ["н", "KeyY"])
    mirror.redo()
    assert_table_shows(page, mirror)
    shot(page, f"{game_id}-desktop")

    page.reload()
    wait_ready(page)
    assert_table_shows(page, mirror)
    page.get_by_role("button", name="Вернуть", exact=True).click()
    mirror.redo()
    assert_table_shows(page, mirror)
    page.get_by_role("button", name="Отменить", exact=True).click()
    mirror.undo()
    assert_table_shows(page, mirror)


@pytest.mark.parametrize("game_id", GAMES)
def test_keyboard_play_reaches_every_pile_and_says_each_move(site_page: Page, server: str, game_id: str) -> None:
    page = site_page
    deal = deal_for(game_id)
    open_game(page, server, game_id, deal)
    mirror = Table.new(game_id, deal)
    # The table is one tab stop; the arrows reach every pile from it.
    assert page.locator('#table [tabindex="0"]').count() == 1
    piles = [slot.pile for slot in mirror.game.layout().slots]
    page.focus('#table [tabindex="0"]')
    page.keyboard.press("Home")
    reached = [page.evaluate("document.activeElement.dataset.pile")]
    for _ in piles[1:]:
        page.keyboard.press("ArrowRight")
        reached.append(page.evaluate("document.activeElement.dataset.pile"))
    assert reached == piles
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.pile") == piles[-1]

    pile, index = tappable(mirror) or ("", 0)
    page.focus(f'#table .slot[data-pile="{pile}"]')
    shown = [i for i in range(len(mirror.game.piles(mirror.state)[pile]))
             if i >= mirror.game.hidden(mirror.state, pile)]
    if len(shown) > 1:
        for _ in range(len(shown) - shown.index(index)):
            page.keyboard.press("ArrowUp")  # from the pile to its top card, then down the face-up run
        assert page.evaluate("document.activeElement.dataset.index") == str(index)
    page.keyboard.press("Enter")  # picked up: where it may go is said, and the focus is on the first place
    answered(page)
    choices = mirror.choices(pile, index)
    assert page.locator("#announce").text_content() == choices["say"]
    assert page.evaluate("document.activeElement.dataset.pile") == choices["targets"][0]
    assert page_state(page)["moves"] == []
    page.keyboard.press("Enter")  # put down there
    mirror.tap(pile, index)
    assert_table_shows(page, mirror)
    assert page.evaluate("document.activeElement.dataset.pile") == pile, "focus stays where the card was"
    said = mirror.announce(str(mirror.history.done_moves[0]))
    assert said.startswith("Ход:") and page.locator("#announce").text_content() == said
    page.keyboard.press("Control+z")
    mirror.undo()
    assert_table_shows(page, mirror)
    assert page.locator("#announce").text_content() == "Ход отменён."


def test_an_illegal_drop_changes_nothing(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "topsy_turvy_queens", 1)
    mirror = Table.new("topsy_turvy_queens", 1)
    # t2's top card onto f3: no foundation takes a card there yet.
    box = page.locator('#table .card[data-pile="t2"][data-index="3"]').bounding_box()
    assert box is not None
    x1, y1 = point(page, '#table .slot[data-pile="f3"]')
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()
    assert_table_shows(page, mirror)
    assert page.locator("#message").text_content() == "Сюда нельзя."


@pytest.fixture
def phone(browser: Any, server: str) -> Any:
    context = browser.new_context(viewport={"width": 393, "height": 851}, has_touch=True, is_mobile=True)
    page = context.new_page()
    foreign: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((server, f"blob:{server}")) else foreign.append(r.url))
    yield page
    context.close()
    assert foreign == []


def test_a_phone_fits_every_game_and_a_tap_moves_a_card(phone: Page, server: str) -> None:
    for game_id in GAMES:
        deal = deal_for(game_id)
        open_game(phone, server, game_id, deal)
        width = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"{game_id} scrolls sideways: {width}"
        mirror = Table.new(game_id, deal)
        pile, index = tappable(mirror) or ("", 0)
        phone.locator(f'#table .card[data-pile="{pile}"][data-index="{index}"]').tap(position={"x": 6, "y": 5})
        mirror.tap(pile, index)
        assert_table_shows(phone, mirror)
        shot(phone, f"{game_id}-phone")


def test_two_tabs_of_one_game_lose_neither_tabs_moves(site_page: Page, server: str) -> None:
    first = site_page
    open_game(first, server, "hard_rug", 5)
    second = first.context.new_page()
    open_game(second, server, "hard_rug", 5)
    mirror = Table.new("hard_rug", 5)
    for page, other in ((second, first), (first, second), (second, first)):
        # The tab that takes up the other's game starts afresh, with no tap to cycle from.
        mirror = Table.from_save(mirror.save(), "ru", "hard_rug")
        tap_first(page, mirror)
        other.wait_for_function(f"JSON.parse(window.pasyansyState()).moves.length === {len(mirror.history.done_moves)}")
        assert_table_shows(other, mirror)
        assert other.locator("#message").text_content() == "Партия обновлена из другой вкладки."
    saved = json.loads(first.evaluate("localStorage.getItem('pasyansy:save:hard_rug')"))
    assert saved["moves"] == [str(m) for m in mirror.history.done_moves] and len(saved["moves"]) == 3
    second.goto(f"{server}#game=hard_rug&deal=9")  # a new deal in one tab is the other's too
    second.get_by_role("button", name="Открыть расклад №9").click()
    first.wait_for_function("document.getElementById('table').dataset.deal === '9'")
    assert first.evaluate("location.hash") == "#game=hard_rug&deal=9"
    second.close()


REFUSED_SAVES = """(() => { const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (window.refuseSaves && key.startsWith('pasyansy:save:')) {
            throw new DOMException('full', 'QuotaExceededError'); }
        return set.call(this, key, value); }; })()"""


def test_a_move_the_browser_refuses_to_store_is_played_and_said_unsaved(site_page: Page, server: str) -> None:
    page = site_page
    page.add_init_script(REFUSED_SAVES)
    open_game(page, server, "hard_rug", 5)
    mirror = Table.new("hard_rug", 5)
    for refused in (True, False):
        page.evaluate(f"window.refuseSaves = {str(refused).lower()}")
        tap_first(page, mirror)
        assert_table_shows(page, mirror)
        said = page.locator("#message").text_content() or ""
        assert ("не сохранён" in said) == refused, said
    saved = json.loads(page.evaluate("localStorage.getItem('pasyansy:save:hard_rug')"))
    assert saved["moves"] == [str(m) for m in mirror.history.done_moves], "the next save holds both moves"


def test_a_damaged_save_is_set_aside_and_a_new_game_plays(site_page: Page, server: str) -> None:
    page = site_page
    page.goto(server)
    wait_ready(page)
    page.evaluate("localStorage.setItem('pasyansy:save:hard_rug', '{\"format\": \"pasyansy-save\", \"version\": 9}')")
    reopen(page, f"{server}#game=hard_rug")
    page.wait_for_selector("#table[data-game='hard_rug']", state="attached")
    answered(page)
    assert "не удалось открыть" in (page.locator("#message").text_content() or "")
    assert stored_under(page, "pasyansy:broken:hard_rug:") == ['{"format": "pasyansy-save", "version": 9}']
    state = page_state(page)
    mirror = Table.new("hard_rug", state["deal"])
    tap_first(page, mirror)
    assert_table_shows(page, mirror)
    # A second damaged save is kept beside the first, each under its own time.
    page.evaluate("""async () => { localStorage.setItem('pasyansy:save:hard_rug', 'not a save');
        await window.pasyansyDurable.write('save:hard_rug', 'not a save'); }""")
    page.reload()
    page.wait_for_selector("#table[data-game='hard_rug']", state="attached")
    assert sorted(stored_under(page, "pasyansy:broken:hard_rug:")) == [
        "not a save", '{"format": "pasyansy-save", "version": 9}']


def stored_under(page: Page, prefix: str) -> list[str]:
    """The values stored under keys that begin with ``prefix``."""
    return list(page.evaluate("""(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))
        .map((k) => localStorage.getItem(k))""", prefix))


def test_a_damaged_save_too_large_to_copy_is_left_and_never_written_over(site_page: Page, server: str) -> None:
    page = site_page
    page.goto(server)
    wait_ready(page)
    damaged = '{"format": "pasyansy-save", "moves": "' + "x" * 3_000_000 + '"}'
    page.evaluate("(text) => localStorage.setItem('pasyansy:save:hard_rug', text)", damaged)
    reopen(page, f"{server}#game=hard_rug&deal=5")
    page.wait_for_selector("#table[data-game='hard_rug']", state="attached")
    answered(page)  # the browser's refusal of the copy comes back as a call
    said = page.locator("#message").text_content() or ""
    assert "оставлена как есть" in said and "отложена" not in said
    mirror = Table.new("hard_rug", 5)
    tap_first(page, mirror)
    answered(page)
    page.reload()
    page.wait_for_selector("#table[data-game='hard_rug']", state="attached")
    assert page.evaluate("localStorage.getItem('pasyansy:save:hard_rug')") == damaged, "never written over"
    assert_table_shows(page, mirror)  # the new game, kept beside it, goes on
    page.locator("#message button[data-call='drop_broken']").click()
    answered(page)
    assert "удалена" in (page.locator("#message").text_content() or "")
    saved = json.loads(page.evaluate("localStorage.getItem('pasyansy:save:hard_rug')"))
    assert saved["moves"] == [str(m) for m in mirror.history.done_moves]


def test_the_start_page_lists_the_five_games_and_marks_the_one_in_progress(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    page.goto(server + "#")
    page.get_by_role("link", name="Сложный коврик").wait_for()
    names = page.locator(".games strong").all_text_contents()
    assert names == [registry.get(g).name_ru for g in GAMES]
    marked = page.locator(".games a:has(.mark) strong").all_text_contents()
    assert marked == ["Сложный коврик"]
    # Each game's rules are a small link in its tile's corner, not a tile of their own.
    for tile in page.locator(".games li").all():
        box, rules = tile.bounding_box(), tile.locator(".rules-link").bounding_box()
        assert box and rules and rules["width"] < box["width"] / 3 and rules["height"] < 40, (box, rules)
        assert rules["x"] + rules["width"] >= box["x"] + box["width"] - 1, "on the tile's right"
    page.get_by_role("link", name="Дамы кувырком").click()
    page.wait_for_selector("#table[data-game='topsy_turvy_queens']", state="attached")


def test_the_animation_has_speeds_and_can_be_switched_off_for_good(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 5)
    mirror = Table.new("hard_rug", 5)

    def tap_and_read_the_slide() -> list[str]:
        tap_first(page, mirror)
        answered(page)
        slides: list[str] = page.evaluate(
            "[...document.querySelectorAll('#table .fly')].map((e) => getComputedStyle(e).transitionDuration)")
        settle(page)
        return slides

    assert tap_and_read_the_slide() == ["0.18s"]
    open_menu(page)
    page.get_by_role("button", name="Анимация: обычно").click()
    page.get_by_role("button", name="Анимация: медленно").wait_for()
    assert tap_and_read_the_slide() == ["0.45s"]
    open_menu(page)
    page.get_by_role("button", name="Анимация: медленно").click()
    page.get_by_role("button", name="Анимация: выкл.").wait_for()
    assert page.evaluate("localStorage.getItem('pasyansy:anim')") == "off"
    assert tap_and_read_the_slide() == [], "no card slides"
    page.reload()
    wait_ready(page)
    open_menu(page)
    page.get_by_role("button", name="Анимация: выкл.").click()
    page.get_by_role("button", name="Анимация: быстро").wait_for()
    assert tap_and_read_the_slide() == ["0.09s"]
    page.goto(server + "#")
    page.get_by_role("button", name="Анимация: быстро").click()
    page.get_by_role("button", name="Анимация: обычно").wait_for()
    assert page.evaluate("localStorage.getItem('pasyansy:anim')") == "on", "stored as before there were speeds"


def test_the_last_table_shows_while_python_loads(browser: Any, server: str) -> None:
    # Without the service worker, so that every file comes over the network the test controls.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    open_game(page, server, "hard_rug", 8)
    mirror = Table.new("hard_rug", 8)
    tap_first(page, mirror)
    # Hold Python back: the interpreter's WebAssembly arrives only when the test allows it.
    # A request for it that comes after that (on a busy machine the worker's may) goes
    # straight through, not held for ever.
    held: list[Any] = []
    released = False
    page.route("**/pyodide.asm.wasm", lambda route: route.continue_() if released else held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):
        page.reload()
    page.wait_for_function("document.querySelectorAll('#table .card').length > 0")
    assert page.locator("#message").text_content() == "загрузка…"
    assert page.evaluate("document.getElementById('table').inert") is False, "its cards can be pressed"
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert held, "the interpreter is held back"
    released = True
    for route in held:
        route.continue_()
    wait_ready(page)
    assert_table_shows(page, mirror)
    assert page.evaluate("document.getElementById('table').inert") is False
    context.close()


def test_with_storage_turned_off_the_game_plays_and_says_it_is_not_kept(site_page: Page, server: str) -> None:
    page = site_page
    page.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The site may not keep data', 'SecurityError'); } });""")
    open_game(page, server, "hard_rug", 5)
    assert "партии не сохранятся" in (page.locator("#message").text_content() or "")
    mirror = Table.new("hard_rug", 5)
    tap_first(page, mirror)
    assert_table_shows(page, mirror)
    assert "партии не сохранятся" in (page.locator("#message").text_content() or "")


def test_the_page_refuses_to_run_in_another_sites_frame(page: Page, server: str, tmp_path: Path) -> None:
    (tmp_path / "framer.html").write_text(f'<!doctype html><iframe src="{server}#game=hard_rug&deal=5"></iframe>')
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)  # another port: another origin
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{other.server_address[1]}/framer.html")
        frame = page.frame_locator("iframe")
        frame.locator("html[data-framed='refused']").wait_for(state="attached")
        assert "не работает внутри чужой страницы" in (frame.locator("body").text_content() or "")
        assert frame.locator("a[target=_top]").first.get_attribute("href") == f"{server}#game=hard_rug&deal=5"
        page.wait_for_timeout(3000)
        inner = next(f for f in page.frames if f != page.main_frame)
        assert inner.evaluate("typeof window.pasyansyCall") == "undefined", "no Python runs in the frame"
    finally:
        other.shutdown()
        other.server_close()


def test_a_click_no_pointer_made_plays_once_and_the_focus_stays(site_page: Page, server: str) -> None:
    page = site_page
    deal = deal_for("topsy_turvy_queens")
    open_game(page, server, "topsy_turvy_queens", deal)
    mirror = Table.new("topsy_turvy_queens", deal)
    target = tappable(mirror)
    assert target is not None
    # A screen reader's activation: a click with no pointer events before it.
    page.evaluate("([p, i]) => document.querySelector(`#table .card[data-pile=\"${p}\"][data-index=\"${i}\"]`).click()",
                  list(target))
    mirror.tap(*target)
    assert_table_shows(page, mirror)
    page.evaluate("document.querySelector('#table .slot[data-pile=\"s\"]').click()")
    mirror.stock()
    assert_table_shows(page, mirror)
    # A real tap plays once: its click after the pointer's events is let go.
    page.locator("#table .card[data-pile='s']").last.click(position={"x": 6, "y": 6})
    assert len(page_state(page)["moves"]) == 3
    # Focus survives the redraw: on the button pressed, and on the pile played.
    undo = page.locator("#controls button[data-call='undo']")
    undo.focus()
    page.keyboard.press("Enter")
    answered(page)
    assert undo.evaluate("e => e === document.activeElement")
    page.locator("#table .slot[data-pile='s']").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.pile") == "s"


def test_an_early_review_asks_first_and_the_pile_in_hand_stands_out(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "stumbling_block", 1)
    review = page.locator("#controls button[data-call='action'][data-verb='review']")
    review.click()
    # Ordinary moves remain on deal 1: the review waits for a confirm, and "not now" plays nothing.
    page.locator("#message button[data-call='cancel']").click()
    assert page_state(page)["moves"] == [] and page.locator("#table .slot.in-hand").count() == 0
    review.click()
    page.locator("#message button[data-call='confirm']").click()
    assert page_state(page)["moves"] == ["review"]
    held = page.locator("#table .slot.in-hand")
    assert held.get_attribute("data-pile") == "t13"
    # The ring goes round the whole fan: as tall as from the slot's top to the last card's foot.
    last = page.locator("#table .card[data-pile='t13']").last.bounding_box()
    ring = held.bounding_box()
    assert last is not None and ring is not None
    assert abs(ring["y"] + ring["height"] - (last["y"] + last["height"])) < 2
    assert page.locator("#table .pile-no.in-hand").inner_text() == "13"


def test_the_passes_left_show_at_the_stock(site_page: Page, server: str) -> None:
    page = site_page
    page.add_init_script("localStorage.setItem('pasyansy:option:topsy_turvy_queens:book_rules', 'true')")
    open_game(page, server, "topsy_turvy_queens", 1)
    counter = page.locator("#table .counter")
    assert counter.inner_text().replace("\n", " ") == "Проход 1 из 3"
    stock = page.locator("#table .slot[data-pile='s']").bounding_box()
    box = counter.bounding_box()
    assert stock is not None and box is not None
    assert stock["x"] - 1 <= box["x"] and box["x"] + box["width"] <= stock["x"] + stock["width"] + 1
    assert page.locator("#table .slot[data-pile='s']").get_attribute("aria-label") == "колода: 65 карт, Проход 1 из 3"


def test_the_start_page_shows_the_games_before_python_has_started(browser: Browser, server: str) -> None:
    # Without the service worker, which would serve Python from its cache past the test's hold.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(server)
    wait_ready(page)
    page.locator("#start a[data-game='hard_rug']").click()  # a game in progress, for its mark
    wait_ready(page)
    page.wait_for_selector("#table[data-game='hard_rug']", state="attached")
    # Python held back: its runtime never arrives, and the page shows the start page all the same.
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: None)
    page.goto(server + "#")
    page.reload()
    games = page.locator("#start .games > li")
    games.first.wait_for(state="visible")
    assert games.count() == len(GAMES)
    assert page.evaluate("document.documentElement.dataset.ready") is None, "Python has not started"
    assert page.locator("#start a[data-game='hard_rug'] .mark").inner_text() == "партия идёт"
    assert page.locator("#start a[data-game='topsy_turvy_queens'] .mark").count() == 0
    assert page.locator("#start button:not([disabled])").count() == 0, "its buttons wait for Python"
    assert page.locator("#title").inner_text() == "Пасьянсы"
    context.close()


def test_a_card_pressed_on_the_last_table_before_python_is_ready_is_played_once_it_is(
        browser: Browser, server: str) -> None:
    # The page is opened once, so that it keeps its table for the next visit; then opened
    # again with the packages held back, so that Python cannot be ready. The last table is
    # shown, a card is pressed on it and stays pressed, and once the packages come the move
    # is played. The service worker is kept out: it would serve the packages itself.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        open_game(page, server, "hard_rug", 7)
        page.wait_for_function("() => JSON.parse(localStorage.getItem('pasyansy:lastTable') || '{}').moves === '0'")
        mirror = Table.new("hard_rug", 7)
        target = tappable(mirror)
        assert target is not None
        expected = mirror.tap(*target).move
        held: list[Route] = []
        page.route("**/pasyansy.zip", lambda route: held.append(route))
        page.reload(wait_until="domcontentloaded")
        card = page.locator(f'#table .card[data-pile="{target[0]}"][data-index="{target[1]}"]')
        card.click()
        assert page.evaluate("() => document.documentElement.dataset.ready") is None, "Python was not ready"
        assert "waiting" in (card.get_attribute("class") or "")
        page.wait_for_function("() => document.getElementById('message').textContent.includes('Python')")
        while not held:
            page.wait_for_timeout(100)
        held[0].continue_()
        page.unroute("**/pasyansy.zip")
        wait_ready(page)
        page.wait_for_function("() => JSON.parse(pasyansyState()).moves.length === 1")
        assert json.loads(page.evaluate("pasyansyState()"))["moves"] == [expected]
    finally:
        context.close()


def test_python_runs_in_a_worker_and_never_on_the_pages_main_thread(site_page: Page, server: str) -> None:
    page = site_page
    open_with_a_move(page, server, "hard_rug", 7)
    answered(page)
    assert page_state(page)["moves"], "a move was played, by Python"
    assert page.evaluate("document.documentElement.dataset.python") in ("fresh", "image"), "Python started"
    # Pyodide is not in the page's own thread, and its interpreter, its library and the
    # site's packages were fetched by the workers. (A module worker's scripts are fetched in
    # the page's name, so Pyodide's module is looked for among the page's globals instead.)
    names = ("pyodide", "loadPyodide", "_pyodide", "pyodide_py")
    assert page.evaluate("(names) => names.filter((name) => name in globalThis)", list(names)) == []
    fetched = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert any(name.endswith("/pyscript/core.js") for name in fetched), "the page loaded PyScript, to start the worker"
    assert not [name for name in fetched if name.endswith((".wasm", ".zip", ".gzip"))], fetched
