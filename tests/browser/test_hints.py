"""The hint in the page: its words and its two marks, the solution shown move by move,
and the way back from a lost position to the latest winnable one."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from pygame_engine import History, registry
from pygame_engine.solver import solve
from tests.browser.conftest import answered, open_game
from tests.browser.test_around import load_save
from tests.browser.test_table import page_state
from tests.browser.test_winnable import settled
from tests.test_verdict import lost_history

pytestmark = pytest.mark.browser


def test_the_hint_says_its_move_and_marks_where_from_and_where_to(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    assert settled(page) == "won"
    page.keyboard.press("h")
    answered(page)
    message = page.locator("#message").text_content() or ""
    assert re.match(r"Подсказка 1 из \d+: \S+ на .+ — ведёт к победе\.$", message), message
    hinted = page_state(page)["hint"]
    src, dst = hinted.split(">")
    assert set(page.locator("#table .hint-src").evaluate_all("els => els.map(e => e.dataset.pile)")) == {src}
    assert set(page.locator("#table .hint-dst").evaluate_all("els => els.map(e => e.dataset.pile)")) == {dst}
    # The two marks differ in shape, not only in colour: a glow for the card, a dashed outline for the place.
    card = page.locator("#table .card.hint-src").first
    place = page.locator("#table .hint-dst").first
    assert card.evaluate("e => getComputedStyle(e).boxShadow") != "none"
    assert place.evaluate("e => getComputedStyle(e).outlineStyle") == "dashed"
    # A tap on the hinted card plays the hinted move.
    index = len(page_state(page)["piles"][src]) - 1
    page.evaluate("([p, i]) => window.pasyansyCall('tap', JSON.stringify({pile: p, index: i}))", [src, index])
    assert page_state(page)["moves"] == [hinted]


def test_the_solution_is_shown_to_the_end(site_page: Page, server: str) -> None:
    page = site_page
    game = registry.get("hard_rug")
    line = solve(game, game.new(3), max_nodes=200_000, max_seconds=float("inf")).line
    history = History(game, 3)
    for move in line[:-8]:  # eight moves from the end, so that the test watches them all
        history.play(move)
    page.add_init_script("localStorage.setItem('pasyansy:anim', 'off')")
    load_save(page, server, history)
    assert settled(page) == "won"
    page.locator("#verdict button[data-call='solution']").click()
    page.wait_for_selector("#message[data-status='won']", state="attached", timeout=30_000)
    # The page's worker found a line of its own from there: played whole, it wins.
    moves = page_state(page)["moves"]
    assert len(moves) > history.position and game.is_won(game.replay(3, moves))


def test_a_tap_stops_the_solution(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    assert settled(page) == "won"
    page.locator("#verdict button[data-call='solution']").click()
    page.wait_for_function("JSON.parse(window.pasyansyState()).moves.length >= 2", timeout=10_000)
    page.mouse.click(5, 5)
    played = len(page_state(page)["moves"])
    page.wait_for_timeout(1500)
    assert len(page_state(page)["moves"]) in (played, played + 1)


def test_from_a_lost_position_one_step_back_to_the_latest_winnable(site_page: Page, server: str) -> None:
    page = site_page
    history = lost_history()
    load_save(page, server, history)
    assert settled(page) == "lost"
    page.keyboard.press("h")
    answered(page)
    assert (page.locator("#message").text_content() or "").startswith("Пасьянс уже не сойдётся")
    page.locator("#message button[data-call='rewind']").click()
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Вернулись')",
                           timeout=60_000)
    back = len(page_state(page)["moves"])
    assert back < history.position
    assert page.locator("#verdict").get_attribute("data-result") == "won"
    page.keyboard.press("Control+z")
    assert len(page_state(page)["moves"]) == history.position, "one undo takes the whole step back"
