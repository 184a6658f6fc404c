"""The "still winnable?" indicator in the page: the solver's worker, its verdicts, the
hint it backs, and a table that never waits for it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_engine import registry
from tests.browser.conftest import answered, open_game, wait_ready
from tests.browser.test_around import load_save
from tests.browser.test_table import page_state
from tests.test_verdict import lost_history

pytestmark = pytest.mark.browser

SETTLED = "#verdict:not([data-result='pending'])"
# The solver's workers made by the page (the table's own worker, made once, is not counted).
COUNT_WORKERS = """window.workersMade = 0;
  const Made = window.Worker;
  window.Worker = class extends Made { constructor(url, ...rest) { super(url, ...rest);
    if (String(url).includes("solver-worker")) window.workersMade += 1; } };"""


def solvers(page: Page) -> list[Any]:
    """The page's solver's workers."""
    return [worker for worker in page.workers if worker.url.endswith("/solver-worker.mjs")]


def settled(page: Page) -> str:
    """Wait for the solver's verdict on the position on the table, and return it."""
    box = page.locator(SETTLED)
    box.wait_for(state="attached", timeout=60_000)
    return str(box.get_attribute("data-result"))


def verdict_words(page: Page) -> str:
    """The verdict's whole sentence (the header shows it short), without the button that may follow it."""
    return str(page.locator("#verdict .full").text_content())


def first_hint(game_id: str, deal: int) -> str:
    game = registry.get(game_id)
    return str(game.hints(game.new(deal))[0])


def play(page: Page, move: str) -> None:
    """Play a card move ``src>dst`` or ``src:n>dst`` as a drop."""
    src, dst = move.split(">")
    pile, _, count = src.partition(":")
    index = len(page_state(page)["piles"][pile]) - int(count or 1)
    page.evaluate("([p, i, t]) => window.pasyansyCall('drop', JSON.stringify({pile: p, index: i, target: t}))",
                  [pile, index, dst])


def test_a_winnable_deal_is_called_so_and_the_hint_it_backs_keeps_it_so(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    assert settled(page) == "won"
    assert verdict_words(page) == "Пасьянс ещё может сойтись"
    assert page.locator("#verdict button[data-call='solution']").text_content() == "решение"
    assert "видит все карты" in (page.locator("#verdict").get_attribute("title") or "")
    page.keyboard.press("h")
    answered(page)
    assert (page.locator("#message").text_content() or "").endswith("ведёт к победе.")
    hinted = page_state(page)["hint"]
    assert hinted and page.locator("#table .hint").count() > 0
    play(page, hinted)
    assert page_state(page)["moves"] == [hinted]
    # Known at once, from the line the worker found: no new search.
    box = page.locator("#verdict")
    assert box.get_attribute("data-result") == "won" and box.get_attribute("data-moves") == "1"


def test_a_game_already_lost_with_moves_left_is_called_lost(site_page: Page, server: str) -> None:
    page = site_page
    history = lost_history()
    load_save(page, server, history)
    assert settled(page) == "lost"
    assert page.locator("#verdict").get_attribute("data-moves") == str(history.position)
    assert verdict_words(page) == "Пасьянс уже не сойдётся"
    assert page.locator("#verdict button[data-call='rewind']").text_content() == "вернуться"
    assert page.locator("#message").text_content() == "", "the game itself is not over: moves are left"


def test_the_table_plays_on_while_the_solver_searches(site_page: Page, server: str) -> None:
    page = site_page
    # Камень преткновения deal 4: its first positions keep the solver busy for its whole 3 s.
    open_game(page, server, "stumbling_block", 4)
    settled(page)
    play(page, "t9>f1")
    box = page.locator("#verdict")
    assert box.get_attribute("data-result") == "pending" and box.get_attribute("data-moves") == "1"
    page.wait_for_selector("html[data-solver='busy']", state="attached")
    for call in ("undo", "redo", "undo", "redo"):
        started = time.monotonic()
        page.evaluate(f"window.pasyansyCall('{call}', '{{}}')")
        assert time.monotonic() - started < 1.0, f"{call} waited for the solver"
    assert page.evaluate("document.documentElement.dataset.solver") == "busy", "all of it while the solver searched"
    assert box.get_attribute("data-result") == "pending"
    assert settled(page) in ("won", "lost", "unknown")
    assert box.get_attribute("data-moves") == "1" and page_state(page)["moves"] == ["t9>f1"]


def test_a_solver_that_cannot_start_leaves_the_game_playable(site_page: Page, server: str) -> None:
    page = site_page
    page.route("**/solver-worker.mjs", lambda route: route.abort())
    open_game(page, server, "hard_rug", 3)
    assert settled(page) == "error"
    assert verdict_words(page) == "Решатель недоступен"
    move = first_hint("hard_rug", 3)
    play(page, move)
    assert page_state(page)["moves"] == [move]


def test_the_indicator_can_be_switched_off_and_then_no_solver_starts(site_page: Page, server: str) -> None:
    page = site_page
    asked: list[str] = []
    page.route("**/solver-worker.mjs", lambda route: (asked.append(route.request.url), route.continue_()))
    page.goto(server)
    wait_ready(page)
    page.get_by_role("button", name="Решатель: сойдётся ли пасьянс: вкл.").click()
    page.get_by_role("button", name="Решатель: сойдётся ли пасьянс: выкл.").wait_for()
    open_game(page, server, "hard_rug", 3)
    play(page, first_hint("hard_rug", 3))
    page.keyboard.press("h")
    answered(page)
    assert page.locator("#verdict").is_hidden()
    assert "сойтись" not in (page.locator("#message").text_content() or "")
    assert asked == []


def test_a_longer_search_when_asked_gives_way_to_the_next_move(site_page: Page, server: str) -> None:
    page = site_page
    page.add_init_script(COUNT_WORKERS)
    # Строптивые дамы deal 2: the solver decides it neither in 2 s nor in 20 (docs/decisions.md).
    open_game(page, server, "shrewish_queens", 2)
    assert settled(page) == "unknown"
    page.locator("#verdict").get_by_role("button", name="искать дольше").click()
    answered(page)
    box = page.locator("#verdict")
    assert box.get_attribute("data-result") == "longer" and verdict_words(page) == "Решатель ищет дольше…"
    page.wait_for_selector("html[data-solver='busy']", state="attached")
    move = first_hint("shrewish_queens", 2)
    play(page, move)
    assert settled(page) in ("won", "lost", "unknown")
    assert box.get_attribute("data-moves") == "1" and page_state(page)["moves"] == [move]
    assert page.evaluate("window.workersMade") == 2, "the longer search's worker was stopped for the new position"


def test_a_longer_search_that_answers_gives_back_its_workers_memory(site_page: Page, server: str) -> None:
    page = site_page
    page.add_init_script(COUNT_WORKERS)
    open_game(page, server, "hard_rug", 3)  # won at once, so a longer search answers at once too
    assert settled(page) == "won"
    assert len(solvers(page)) == 1
    searcher = solvers(page)[0]
    page.evaluate("window.pasyansyCall('longer', '{}')")
    done = page.locator("#verdict:not([data-result='pending']):not([data-result='longer'])")
    done.wait_for(state="attached", timeout=60_000)
    assert done.get_attribute("data-result") == "won"
    # The browser reports a worker's end and a new one's start as events, some time after the page acts.
    deadline = time.monotonic() + 10
    while (searcher in solvers(page) or len(solvers(page)) != 1) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert searcher not in solvers(page), "the worker that made the longer search was stopped, its memory with it"
    assert page.evaluate("window.workersMade") == 2 and len(solvers(page)) == 1, "and a new one started at once"
    open_game(page, server, "hard_rug", 5)  # the same page, another deal: judged by the worker already started
    assert settled(page) in ("won", "lost", "unknown")
    assert page.evaluate("window.workersMade") == 2 and len(solvers(page)) == 1
