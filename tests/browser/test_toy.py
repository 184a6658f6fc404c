"""A new game needs nothing outside ``rules/``: the tests' toy game (``tests/toy_game.py``),
added to a copy of the games package as any game is added (its module, and one line in
``rules/__init__.py``), is listed on the start page and played to a win on the page."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pygame_engine.solver import solve
from tests.browser.conftest import open_game, serving
from tests.conftest import UNTIMED, registered
from tests.toy_game import GAME as TOY
from tools import site

DEAL = 1


@pytest.fixture(scope="module")
def server(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site with the toy game added, in place of the project's own for this module."""
    work = tmp_path_factory.mktemp("toy")
    games = shutil.copytree(site.ROOT / "rules", work / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(Path(__file__).parents[1] / "toy_game.py", games / "toy.py")
    with (games / "__init__.py").open("a", encoding="utf-8") as init:
        init.write("\nfrom rules import toy\n\nregister(toy.GAME)\n")
    out = shutil.copytree(built_site, work / "site")
    with registered(TOY):
        site.ship_games(out, games)
    with serving(out) as url:
        yield url


def test_a_game_added_to_rules_alone_is_played_to_a_win(site_page: Page, server: str) -> None:
    page = site_page
    with registered(TOY):
        line = solve(TOY, TOY.new(DEAL), max_nodes=20_000, max_seconds=UNTIMED).line
    assert line
    page.goto(server)
    page.locator("#start a[data-game='toy']").wait_for()
    open_game(page, server, "toy", DEAL)
    assert page.locator("#title").inner_text().startswith("Toy")
    # The first moves by taps on the cards (the first redeal among them), the rest by the
    # calls those taps make, each a tap of the same pile.
    taps = next(i for i, move in enumerate(line) if move.kind == "redeal") + 2
    played = "n => JSON.parse(pasyansyState()).moves.length === n"
    for n, move in enumerate(line[:taps], 1):
        if move.kind == "redeal":  # a tap on the empty stock
            page.locator("#table .slot[data-pile='s']").click(position={"x": 6, "y": 5})
        else:  # a tap on the stock draws; on the waste's card, it goes home
            pile = "s" if move.kind == "draw" else "w"
            top = page.locator(f"#table .card[data-pile='{pile}']").count() - 1
            page.locator(f"#table .card[data-pile='{pile}'][data-index='{top}']").click(position={"x": 6, "y": 5})
        page.wait_for_function(played, arg=n)
    rest = [{"pile": "s" if move.kind in ("draw", "redeal") else "w", "index": -1} for move in line[taps:]]
    page.evaluate("""async (taps) => { for (const tap of taps) {
        const pile = JSON.parse(pasyansyState()).piles[tap.pile];
        await pasyansyCall("tap", JSON.stringify({ pile: tap.pile, index: tap.pile === "s" ? -1 : pile.length - 1 }));
    } }""", rest)
    state = json.loads(page.evaluate("pasyansyState()"))
    assert state["moves"] == [str(move) for move in line]
    page.locator("#message[data-status='won']").wait_for(state="attached")
    assert sum(len(state["piles"][f"f{i}"]) for i in range(1, 5)) == 52
