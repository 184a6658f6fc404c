"""Keyboard and screen-reader play in Chromium: axe-core on every view, and the table played
by keys alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pasyansy_web import hints
from pasyansy_web.table import Table
from playwright.sync_api import Page

from pygame_engine import History, registry
from pygame_engine.moves import CARD_MOVE
from pygame_engine.solver import solve
from tests.browser.conftest import answered, new_game, open_game, open_menu, wait_ready
from tests.browser.test_around import load_save
from tests.browser.test_table import assert_table_shows

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
GAMES = [g.id for g in registry.games()]


def serious(page: Page) -> list[str]:
    """axe-core's violations of impact serious or critical on the page as it is, every rule on
    but the AAA level's (its experimental ones too, such as a name that does not match the text
    shown); contrast is held to AA: 4.5:1 for text."""
    answered(page)  # the page as Python last drew it
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate("""async () => {
        const rules = axe.getRules().filter((r) => !r.tags.includes("wcag2aaa")).map((r) => r.ruleId);
        const result = await axe.run(document, { runOnly: { type: "rule", values: rules } });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length,
                                               html: v.nodes[0].html.slice(0, 120) }));
    }""")
    return [f"{v['id']} ({v['impact']}, {v['nodes']} nodes): {v['html']}" for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
def test_every_view_has_no_serious_accessibility_violation(browser: Any, server: str, size: str) -> None:
    width, height = SIZES[size]
    # The site's own policy forbids a script it did not ship: axe is let in past it.
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    page.goto(server)
    wait_ready(page)
    found["start"] = serious(page)
    for game in GAMES:
        page.goto(f"{server}#rules={game}")
        page.wait_for_selector("#start h1", state="attached")
        found[f"rules {game}"] = serious(page)
        open_game(page, server, game, 7)
        found[f"table {game}"] = serious(page)
        open_menu(page)
        found[f"menu {game}"] = serious(page)
        new_game(page)
        found[f"new game {game}"] = serious(page)
        page.keyboard.press("Escape")
    # The end of a game: won, with its panel (in a page with nothing stored yet).
    context.close()
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    game = registry.get("hard_rug")
    line = solve(game, game.new(1)).line
    history = History(game, 1)
    for move in line[:-1]:
        history.play(move)
    load_save(page, server, history)
    page.locator(f'#table .slot[data-pile="{line[-1].dst}"]').click(force=True, position={"x": 5, "y": 5})
    page.wait_for_function("document.getElementById('message').dataset.status === 'won'")
    found["won"] = serious(page)
    page.goto(server + "#stats")
    page.wait_for_selector("table.stats", state="attached")
    found["stats"] = serious(page)
    context.close()
    bad = {view: found[view] for view in found if found[view]}
    assert bad == {}, "\n".join(f"{view}: {said}" for view, said in bad.items())


KEYS_REPORT = Path(__file__).resolve().parents[2] / "test-results" / "keyboard.txt"


class Keys:
    """The keyboard alone, every press counted; after each, the focus must not be on <body>."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1
        answered(self.page)
        assert self.page.evaluate("document.activeElement !== document.body"), f"focus fell to <body> after {key}"

    def focused(self) -> dict[str, str]:
        focused: dict[str, str] = self.page.evaluate(
            "({ pile: document.activeElement.dataset.pile || '', call: document.activeElement.dataset.call || '' })")
        return focused

    def to_pile(self, mirror: Table, pile: str) -> None:
        """From the focused pile to ``pile`` by the fewest presses (a search over what each key
        does: the arrows, Home and End, up and down across rows from a pile of at most one
        face-up card, and a numbered pile's digits)."""
        start = self.focused()["pile"]
        path = key_path(mirror, start, pile)
        for key in path:
            self.press(key)
        assert self.focused()["pile"] == pile, (start, pile, path)

    def tab_to(self, call: str, back: bool = False) -> None:
        for _ in range(40):
            self.press("Shift+Tab" if back else "Tab")
            if self.focused()["call"] == call:
                return
        raise AssertionError(f"Tab never reached {call}")

    def back_to_table(self) -> None:
        for _ in range(40):
            if self.focused()["pile"]:
                return
            self.press("Shift+Tab")
        raise AssertionError("Shift+Tab never came back to the table")


def key_path(mirror: Table, start: str, goal: str) -> list[str]:
    """The fewest keys from pile ``start`` to pile ``goal``, as table.js moves the focus."""
    game, state = mirror.game, mirror.state
    slots = game.layout().slots
    order = [slot.pile for slot in slots]
    at = {slot.pile: slot for slot in slots}

    def across(pile: str, dy: int) -> str | None:
        here = at[pile]
        others = [s for s in slots if dy * (s.y - here.y) > 0.5]
        if not others:
            return None
        nearest = min(others, key=lambda s: abs(s.y - here.y) + 0.01 * abs(s.x - here.x))
        row = [s for s in others if abs(s.y - nearest.y) < 0.5]
        return min(row, key=lambda s: abs(s.x - here.x)).pile

    def steps(pile: str) -> list[tuple[str, str]]:
        i = order.index(pile)
        found = [("ArrowLeft", order[max(0, i - 1)]), ("ArrowRight", order[min(len(order) - 1, i + 1)]),
                 ("Home", order[0]), ("End", order[-1])]
        if len(game.piles(state)[pile]) - game.hidden(state, pile) < 2:
            found += [(key, p) for key, p in (("ArrowUp", across(pile, -1)), ("ArrowDown", across(pile, 1))) if p]
        return found

    paths: dict[str, list[str]] = {start: []}
    queue = [start]
    for pile in queue:
        for key, nxt in steps(pile):
            if nxt not in paths:
                paths[nxt] = [*paths[pile], key]
                queue.append(nxt)
    best = paths[goal]
    if at[goal].numbered and len(at[goal].label) < len(best):
        best = list(at[goal].label)
    return best


def play_by_keys(keys: Keys, mirror: Table) -> None:
    """The hint's move (as a player who asks would play it), made by keys alone."""
    game = mirror.game
    move = hints.choose(mirror.history, None).moves[0]
    if move.kind == CARD_MOVE:
        keys.to_pile(mirror, move.src)
        cards = game.piles(mirror.state)[move.src]
        index = len(cards) - move.count
        shown = list(range(game.hidden(mirror.state, move.src), len(cards)))
        if len(shown) > 1:
            for _ in range(len(shown) - shown.index(index)):
                keys.press("ArrowUp")
        keys.press("Enter")
        targets = mirror.choices(move.src, index)["targets"]
        for _ in range(targets.index(move.dst)):
            keys.press("ArrowRight")
        keys.press("Enter")
        mirror.drop(move.src, index, move.dst)
    elif move.kind in ("draw", "redeal"):
        keys.to_pile(mirror, "s")
        keys.press("Enter")
        mirror.stock()
    else:
        keys.tab_to("action")
        keys.press("Enter")
        if mirror.action(move.kind).confirm:
            keys.tab_to("confirm", back=True)
            keys.press("Enter")
            mirror.action(move.kind, sure=True)
        keys.back_to_table()


@pytest.mark.parametrize("game_id", GAMES)
def test_ten_moves_an_undo_a_redo_and_a_hint_by_keyboard_alone(site_page: Page, server: str, game_id: str) -> None:
    page = site_page
    page.add_init_script("localStorage.setItem('pasyansy:anim', 'off')")
    open_game(page, server, game_id, 7)
    mirror = Table.new(game_id, 7)
    keys = Keys(page)
    page.keyboard.press("Tab")  # the skip link, first on the page
    assert page.evaluate("document.activeElement.dataset.skip !== undefined")
    keys.press("Enter")
    assert keys.focused()["pile"] == mirror.game.layout().slots[0].pile
    for _ in range(10):
        play_by_keys(keys, mirror)
        assert_table_shows(page, mirror)
    moves = keys.count
    keys.press("Control+z")
    mirror.undo()
    keys.press("Control+y")
    mirror.redo()
    assert_table_shows(page, mirror)
    keys.press("h")
    hinted = page.locator("#table .hint-src").count() > 0
    assert hinted or "Подсказка" in (page.locator("#message").text_content() or "")
    KEYS_REPORT.parent.mkdir(exist_ok=True)
    with KEYS_REPORT.open("a") as report:
        print(f"{game_id}: {moves} keys for 10 moves, {keys.count} with undo, redo and a hint", file=report)
    print(f"{game_id}: {moves} keys for 10 moves")


def test_reduced_motion_slides_no_card(browser: Any, server: str) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    open_game(page, server, "topsy_turvy_queens", 1)
    assert page.evaluate("document.documentElement.dataset.anim") == "off"
    page.locator("#table .slot[data-pile='s']").click(position={"x": 5, "y": 5}, force=True)
    page.wait_for_function("JSON.parse(window.pasyansyState()).moves.length === 1")
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.locator("#table .card.fly").count() == 0
    context.close()


def test_the_keys_help_lists_every_key_and_letter_keys_can_be_turned_off(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    page.focus('#table [tabindex="0"]')
    page.keyboard.press("?")
    help_box = page.locator("dialog#keys")
    help_box.wait_for(state="visible")
    listed = help_box.locator("kbd").all_text_contents()
    for key in ("Tab", "Home, End", "Escape", "Shift+Enter", "Ctrl+Z, Ctrl+Y", "H", "?"):
        assert key in listed, key
    page.keyboard.press("Escape")
    help_box.wait_for(state="hidden")
    page.goto(server)
    page.locator("button[data-call='toggle'][data-verb='keys']").click()
    page.wait_for_function("document.documentElement.dataset.keys === 'off'")
    open_game(page, server, "hard_rug", 3)
    page.focus('#table [tabindex="0"]')
    page.keyboard.press("h")
    answered(page)
    page.keyboard.press("?")
    assert page.locator("#table .hint-src").count() == 0 and page.locator("dialog#keys").count() == 0
    page.keyboard.press("Control+z")  # the shortcuts with Ctrl stay


def test_the_solvers_answer_is_said_when_the_player_asks_for_it(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    page.wait_for_selector("#verdict[data-result='won']", state="attached", timeout=60_000)
    assert "сойтись" not in (page.locator("#announce").text_content() or "")  # off unless asked for
    page.evaluate("localStorage.setItem('pasyansy:say_verdict', 'on')")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#verdict[data-result='won']", state="attached", timeout=60_000)
    assert page.locator("#announce").text_content() == "Пасьянс ещё может сойтись"
