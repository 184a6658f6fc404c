"""Every game at every screen size, as a person would see it: ``make screenshots``.

    python -m tools.screenshots [--out build/screenshots] [--dir build/site]

Serves the built site on 127.0.0.1 and writes, for each game, each size of
``SIZES`` and with «Крупно» off and on, two pictures: a fresh deal, and a game well
under way with the longest piles the ordinary player's game of that deal reaches
(:func:`long_game`). The tests use the same sizes and positions (``tests/browser/test_phone.py``).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import itertools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pygame_engine import History, registry
from pygame_engine.player import play_once
from pygame_engine.save import dumps
from tools import site

SIZES = ((360, 640), (390, 844), (844, 390), (768, 1024), (1280, 800))
DEAL = 7


def long_game(game_id: str, deal: int = DEAL) -> History:
    """The ordinary player's first game of ``deal``, stopped where its longest run of face-up
    cards in one pile is longest (the latest such position: in Сложный коврик, with its
    one card a cell, the game's last)."""
    game = registry.get(game_id)
    trail: list[Any] = []
    play_once(game, deal, 0, trail=trail)

    def face_up(i: int) -> tuple[int, int]:
        state = trail[i]
        return max(len(cards) - game.hidden(state, pile) for pile, cards in game.piles(state).items()), i

    longest = max(range(len(trail)), key=face_up)
    history = History(game, deal)
    for state, after in itertools.pairwise(trail[: longest + 1]):
        history.play(next(m for m in game.legal_moves(state) if game.apply(state, m) == after))
    return history


@contextmanager
def served(directory: Path) -> Iterator[str]:
    handler = functools.partial(site._Handler, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def show(page: Any, base: str, game_id: str, save: str | None, deal: int = DEAL) -> None:
    """Open ``game_id`` in ``page``: the game ``save`` holds (the page loaded anew, as it reads
    saves when it starts), or a fresh ``deal`` by its link (where no game of it is in progress)."""
    if save is None:
        page.evaluate("(link) => { location.hash = link; }", f"#game={game_id}&deal={deal}")
        page.wait_for_selector(f"#table[data-game='{game_id}'][data-deal='{deal}']", state="attached")
        return
    reload_with(page, base, {game_id: save}, game_id)


def reload_with(page: Any, base: str, saves: dict[str, str], game_id: str) -> None:
    """Put ``saves`` (by game) where the page keeps its games in progress, and load it anew
    at ``game_id``'s."""
    page.evaluate("""async (saves) => { for (const [game, text] of Object.entries(saves)) {
        await window.pasyansyDurable.write(`save:${game}`, null);
        localStorage.setItem(`pasyansy:save:${game}`, text); } }""", saves)
    page.goto("about:blank")
    page.goto(f"{base}#game={game_id}")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    page.wait_for_selector(f"#table[data-game='{game_id}']", state="attached")


def every_table(browser: Any, base: str, size: tuple[int, int], large: bool,
                saves: dict[str, str]) -> Iterator[tuple[str, str, Any]]:
    """Each game at ``size``, «Крупно» ``large``, at a fresh deal ("start"), then each at the
    game ``saves`` holds for it ("long"): its id, which of the two, and the page showing it.
    The page loads twice: the fresh deals open by their links, the saved games by the game's
    link once all of them are stored."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 900)
    context.add_init_script("localStorage.setItem('pasyansy:solver', 'off');"
                            f"localStorage.setItem('pasyansy:large', '{'on' if large else 'off'}')")
    games = [game.id for game in registry.games()]
    try:
        page = context.new_page()
        page.goto(base)
        page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
        for game_id in games:
            show(page, base, game_id, None)
            yield game_id, "start", page
        reload_with(page, base, saves, games[0])
        for game_id in games:
            page.evaluate("(link) => { location.hash = link; }", f"#game={game_id}")
            page.wait_for_selector(f"#table[data-game='{game_id}'][data-deal='{DEAL}']", state="attached")
            yield game_id, "long", page
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=site.ROOT / "build" / "screenshots")
    parser.add_argument("--dir", type=Path, default=site.ROOT / "build" / "site")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    saves = {game.id: dumps(long_game(game.id)) for game in registry.games()}
    with served(args.dir) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=site.CHROMIUM, args=site.CHROMIUM_FLAGS)
        for (width, height), large in itertools.product(SIZES, (False, True)):
            for game_id, when, page in every_table(browser, base, (width, height), large, saves):
                name = f"{game_id}-{width}x{height}-{when}{'-large' if large else ''}.png"
                page.screenshot(path=str(args.out / name))
        browser.close()
    print(f"Wrote {len(list(args.out.glob('*.png')))} screenshots to {args.out}")


if __name__ == "__main__":
    main()
