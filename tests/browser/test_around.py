"""Around the table in Chromium: levels, links, hints, gap reasons, the reshuffle,
languages, large cards on a small phone, and statistics after a won game."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_engine import History, registry
from pygame_engine.levels import catalogue
from pygame_engine.save import dumps
from pygame_engine.solver import solve
from tests.browser.conftest import answered, new_game, open_game, open_menu, reopen, wait_ready
from tests.browser.test_table import GAMES, open_with_a_move, page_state, tap_first
from tests.test_verdict import rug_with_a_chain_move

pytestmark = pytest.mark.browser


def load_save(page: Page, server: str, history: History) -> None:
    """Put a save made here into the page's storage and open its game."""
    page.goto(server)
    wait_ready(page)
    # Written where the page reads it first: its durable copy goes, and the one in localStorage is read.
    page.evaluate("""async ([game, text]) => { await window.pasyansyDurable.write(`save:${game}`, null);
        localStorage.setItem(`pasyansy:save:${game}`, text); }""", [history.game.id, dumps(history)])
    reopen(page, f"{server}#game={history.game.id}")
    page.wait_for_selector(f"#table[data-game='{history.game.id}'][data-deal='{history.deal}']", state="attached")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "any"])
def test_a_new_game_at_each_level(site_page: Page, server: str, level: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 9)
    new_game(page)
    names = {"easy": "Лёгкий", "medium": "Средний", "hard": "Сложный", "any": "Любой"}
    page.get_by_role("button", name=names[level], exact=True).click()
    page.wait_for_function("document.getElementById('table').dataset.deal !== '9'")
    state = page_state(page)
    assert state["level"] == level
    data = catalogue("hard_rug")
    if level != "any":
        assert data is not None and state["deal"] in data[level]
        assert names[level] in (page.locator("#title").text_content() or "")


def test_open_a_deal_by_number_and_replay(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "stumbling_block", 3)
    new_game(page)
    page.locator("#deal-number").fill("4242")
    page.get_by_role("button", name="OK").click()
    answered(page)
    page.wait_for_selector("#table[data-deal='4242']", state="attached")
    assert "4242" in (page.locator("#title").text_content() or "")
    for bad in ("12x", "²"):  # "²" counts as a digit to Python's isdigit, but is no number
        new_game(page)
        page.locator("#deal-number").fill(bad)
        page.get_by_role("button", name="OK").click()
        answered(page)
        assert "целое число" in (page.locator("#message").text_content() or "")
        assert page_state(page)["deal"] == 4242, "a bad number changes nothing"
    new_game(page)
    page.locator("#deal-number").fill(" 4243 ")
    page.locator("#deal-number").press("Enter")
    page.wait_for_selector("#table[data-deal='4243']", state="attached")
    new_game(page)
    page.locator("#deal-number").fill("4242")
    page.get_by_role("button", name="OK").click()
    answered(page)
    page.wait_for_selector("#table[data-deal='4242']", state="attached")
    new_game(page)
    page.get_by_role("button", name="Сыграть заново").click()
    page.wait_for_function("window.pasyansyState() && JSON.parse(window.pasyansyState()).moves.length === 0")
    assert page_state(page)["deal"] == 4242


def test_new_game_can_be_left_for_the_game_in_progress(site_page: Page, server: str) -> None:
    page = site_page
    mirror = open_with_a_move(page, server, "hard_rug", 6)
    menu = page.locator("#menu")
    for leave in ("button", "Escape", "tap"):
        new_game(page)
        menu.get_by_role("button", name="Лёгкий").wait_for()
        if leave == "button":
            menu.get_by_role("button", name="Вернуться к партии").click()
        elif leave == "Escape":
            page.keyboard.press("Escape")
        else:  # playing on is staying with the deal
            tap_first(page, mirror)
        menu.wait_for(state="hidden")
        state = page_state(page)
        assert state["deal"] == 6 and state["moves"] == [str(m) for m in mirror.history.done_moves], leave


def test_a_phone_keyboard_that_turns_the_page_wide_leaves_the_deal_box_alone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_game(page, server, "hard_rug", 6)
    new_game(page)
    box = page.locator("#deal-number")
    box.fill("12")
    page.set_viewport_size({"width": 390, "height": 330})  # the keyboard takes the lower part of the screen
    page.wait_for_timeout(300)
    assert box.evaluate("e => e === document.activeElement") and box.input_value() == "12"
    assert page.evaluate("document.getElementById('play').className") == "", "the controls stay above the table"
    page.set_viewport_size({"width": 390, "height": 844})
    box.press("Enter")
    page.wait_for_selector("#table[data-deal='12']", state="attached")
    context.close()


def test_a_link_to_another_deal_asks_before_it_ends_the_game_in_progress(site_page: Page, server: str) -> None:
    page = site_page
    mirror = open_with_a_move(page, server, "hard_rug", 5)
    message = page.locator("#message")
    page.goto(f"{server}#game=hard_rug&deal=9")
    message.get_by_role("button", name="Открыть расклад №9").wait_for()
    assert "Ссылка ведёт к раскладу №9, а здесь идёт партия №5" in (message.text_content() or "")
    state = page_state(page)
    assert state["deal"] == 5 and state["moves"] == [str(m) for m in mirror.history.done_moves]
    assert page.evaluate("location.hash") == "#game=hard_rug&deal=5"
    message.get_by_role("button", name="Вернуться к партии").click()
    page.wait_for_function("!document.getElementById('message').textContent.includes('Ссылка')")
    assert page_state(page)["moves"] == [str(m) for m in mirror.history.done_moves]
    page.goto(f"{server}#game=hard_rug&deal=9")
    message.get_by_role("button", name="Открыть расклад №9").click()
    page.wait_for_selector("#table[data-deal='9']", state="attached")
    assert page_state(page)["moves"] == []
    page.goto(f"{server}#game=hard_rug&deal=10")  # nothing played yet: the link opens its deal at once
    page.wait_for_selector("#table[data-deal='10']", state="attached")
    page.goto(server + "#stats")
    answered(page)
    row = page.locator("table.stats[data-game='hard_rug'] tr").nth(1).locator("td").all_text_contents()
    assert row[:3] == ["Любой", "1", "0"], "the game left for the linked deal counts as played and lost"


def test_a_bad_link_gets_a_message_and_the_start_page(site_page: Page, server: str) -> None:
    page = site_page
    page.goto(f"{server}#game=hard_rug&deal=abc")
    wait_ready(page)
    assert page.locator("#start").is_visible()
    assert "Ссылка неверна" in (page.locator(".note").text_content() or "")
    page.goto(f"{server}#game=chess")
    page.locator(".note").wait_for()
    assert "пасьянса «chess» здесь нет" in (page.locator(".note").text_content() or "")
    page.goto(f"{server}#rules=hard_rug")
    page.locator(".note").wait_for(state="detached")
    page.goto(f"{server}#rules=chess")
    page.locator(".note").wait_for()
    assert "пасьянса «chess» здесь нет" in (page.locator(".note").text_content() or "")


def test_hints_in_hard_rug_put_chain_moves_first_and_h_shows_the_next(site_page: Page, server: str) -> None:
    page = site_page
    history = rug_with_a_chain_move()  # a game in progress: no deal's start has a chain move
    game, state = history.game, history.state
    hints = game.hints(state)
    ranks = [game.player_rank(state, m) for m in hints]
    assert ranks[0] == 0 and ranks[-1] != 0, "a chain move first, as the source's hint offers it"
    # The hints' own order; the solver's move, once its worker has found one, would come among them.
    page.add_init_script("localStorage.setItem('pasyansy:solver', 'off')")
    load_save(page, server, history)
    page.keyboard.press("h")
    answered(page)
    first = page.locator("#table .hint").evaluate_all("els => els.map(e => e.dataset.pile)")
    assert hints[0].src in first and hints[0].dst in first
    # The same key on a Russian layout gives "р": the shortcut goes by the key's place.
    page.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'р', code: 'KeyH', bubbles: true }))")
    answered(page)
    second = page.locator("#table .hint").evaluate_all("els => els.map(e => e.dataset.pile)")
    assert sorted(second) != sorted(first) and hints[1].dst in second
    assert re.match(r"Подсказка 2 из \d+", page.locator("#message").text_content() or "")


def test_the_gap_reasons_and_the_reshuffle_counter(site_page: Page, server: str) -> None:
    page = site_page
    game = registry.get("hard_rug")
    history = History(game, 11)
    rng = random.Random(4)
    while game.card_moves(history.state):  # a random game to its first dead end
        history.play(rng.choice(game.card_moves(history.state)))
    state = history.state
    load_save(page, server, history)
    message = page.locator("#message")
    assert (message.text_content() or "").startswith("Ходов нет — можно перемешать.")
    offered = message.get_by_role("button").all_text_contents()
    assert offered == ["Перемешать (5)", "Отменить", "Новая игра"], "what is offered when no card can move"
    reasons = {game.gap_reason(state, c) for c, cards in game.piles(state).items() if not cards}
    texts = {"king_left": "Слева король", "gap_left": "Слева пустая клетка"}
    for code in reasons & set(texts):
        gap = next(c for c, cards in game.piles(state).items() if not cards and game.gap_reason(state, c) == code)
        page.locator(f'#table .slot[data-pile="{gap}"]').click(force=True, position={"x": 5, "y": 5})
        answered(page)
        assert texts[code] in (page.locator("#message").text_content() or "")
    assert page.locator("#controls").get_by_role("button", name="Перемешать (5)").is_enabled()
    page.reload()  # the reasons took the message's place; back with what it offers
    wait_ready(page)
    message.get_by_role("button", name="Перемешать (5)").click()
    page.locator("#controls").get_by_role("button", name="Перемешать (4)").wait_for()
    after = page_state(page)
    assert after["moves"][-1] == "reshuffle"
    if game.card_moves(game.replay(11, after["moves"])):
        assert page.locator("#controls").get_by_role("button", name="Перемешать (4)").is_disabled()


CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def visible_text(page: Page) -> str:
    text: str = page.evaluate(
        """() => { const clone = document.body.cloneNode(true);
             clone.querySelectorAll('.card, [hidden], script, #loading').forEach((e) => e.remove());
             return clone.innerText; }""")
    return text


def spoken_text(page: Page) -> str:
    """The visible text and every name a screen reader gives (labels and titles) outside hidden parts."""
    names: str = page.evaluate(
        """() => [...document.querySelectorAll('[aria-label], [title]')].filter((e) => !e.closest('[hidden]'))
             .map((e) => `${e.getAttribute('aria-label') || ''} ${e.getAttribute('title') || ''}`).join('\\n')""")
    return visible_text(page) + "\n" + names


def test_english_and_back_leaves_no_text_of_the_other_language(site_page: Page, server: str) -> None:
    page = site_page
    page.goto(server)
    wait_ready(page)
    page.get_by_role("button", name="По-английски").click()
    page.get_by_role("button", name="In Russian").wait_for()
    for fragment in ("#", "#game=topsy_turvy_queens&deal=2", "#game=shrewish_queens&deal=2", "#rules=shrewish_queens",
                     "#stats"):
        page.goto(server + fragment)
        page.wait_for_function("document.documentElement.lang === 'en'")
        text = spoken_text(page)
        assert not CYRILLIC.search(text), (fragment, CYRILLIC.findall(text)[:10], text[:300])
    page.goto(server)
    page.get_by_role("button", name="In Russian").click()
    page.get_by_role("button", name="По-английски").wait_for()
    for fragment in ("#", "#game=topsy_turvy_queens&deal=2", "#game=shrewish_queens&deal=2", "#rules=shrewish_queens"):
        page.goto(server + fragment)
        page.wait_for_function("document.documentElement.lang === 'ru'")
        words = set(LATIN_WORD.findall(spoken_text(page))) - {"OK"}
        assert not words, (fragment, sorted(words)[:10])


def test_large_cards_on_a_360_pixel_phone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server)
    wait_ready(page)
    page.evaluate("localStorage.setItem('pasyansy:large', 'on')")
    page.reload()  # the page reads storage as it opens
    for game_id in GAMES:
        open_game(page, server, game_id, 3)
        sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert sizes[0] <= sizes[1], f"{game_id} scrolls sideways at 360 px: {sizes}"
        height = page.locator("#table .card:not(.back) .ix").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert height >= 14, (game_id, height)
    context.close()


def test_the_large_cards_switch_shows_when_it_is_on(site_page: Page, server: str) -> None:
    page = site_page
    open_game(page, server, "hard_rug", 3)
    looks = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e, '::before').content]"
    open_menu(page)
    switch = page.get_by_role("button", name="Крупно")
    off = switch.evaluate(looks)
    switch.click()
    answered(page)
    switch = page.locator('#menu button[data-verb="large"]')
    assert switch.get_attribute("aria-pressed") == "true"
    on = switch.evaluate(looks)
    assert on[0] != off[0] and on[1] != off[1], (off, on)
    assert page.get_by_role("button", name="Крупно", exact=True).count() == 1, "the tick is not read out"
    switch.click()
    answered(page)
    assert page.locator('#menu button[data-verb="large"]').evaluate(looks) == off


TABLE_BOXES = """() => {
    const board = document.getElementById('table').getBoundingClientRect();
    const cards = [...document.querySelectorAll('#table .card, #table .slot:not([style*="--h"])')]
      .map((e) => e.getBoundingClientRect());
    return { board: [board.top, board.bottom], tops: cards.map((r) => r.top), bottoms: cards.map((r) => r.bottom),
             ratios: cards.map((r) => r.height / r.width), scrollBottom: document.documentElement.scrollHeight,
             innerHeight: window.innerHeight, barTop: document.getElementById('play').classList.contains('side')
               ? window.innerHeight : document.getElementById('controls').getBoundingClientRect().top };
}"""


OTHER_ARRANGEMENT = """() => {
    const board = document.getElementById('table'), play = document.getElementById('play');
    const wrap = document.getElementById('table-wrap');
    const below = () => play.classList.contains('side') ? 0 : document.getElementById('controls').offsetHeight;
    const fit = () => Math.min(wrap.clientWidth / board.dataset.w,
        (innerHeight - wrap.getBoundingClientRect().top - scrollY - below() - 6) / (board.dataset.h * 1.4));
    const drawn = fit();
    play.classList.toggle('side');
    const other = fit();
    play.classList.toggle('side');
    return [drawn, other];
}"""


@pytest.mark.long
@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["portrait", "landscape"])
def test_the_table_keeps_its_cards_in_shape_and_within_reach(browser: Any, server: str, size: tuple[int, int]) -> None:
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server)
    wait_ready(page)
    for game_id in GAMES:
        open_game(page, server, game_id, 3)
        page.reload()  # the table as the page first draws it, while Python's loading screen goes away
        wait_ready(page)
        width_drawn = page.evaluate("document.getElementById('table').style.getPropertyValue('--cw')")
        page.evaluate("window.pasyansyLayout()")
        assert page.evaluate("document.getElementById('table').style.getPropertyValue('--cw')") == width_drawn, (
            game_id, "the first drawing was sized for a page that was still loading")
        boxes = page.evaluate(TABLE_BOXES)
        top, bottom = boxes["board"]
        assert all(abs(ratio - 1.4) < 0.02 for ratio in boxes["ratios"]), (game_id, sorted(set(boxes["ratios"])))
        assert top - 1 <= min(boxes["tops"]) and max(boxes["bottoms"]) <= bottom + 1, (game_id, boxes["board"])
        assert max(boxes["bottoms"]) <= boxes["scrollBottom"], (game_id, "the page cannot scroll to every card")
        assert bottom <= boxes["barTop"] + 1, (game_id, "the table fits above the bar", bottom, boxes["barTop"])
        if width > height:
            # The bar stands below the table or beside it, whichever gives the larger cards.
            drawn, other = page.evaluate(OTHER_ARRANGEMENT)
            assert drawn >= other, (game_id, drawn, other)
        # The verdict, once it comes, keeps the header to its one line: the table does not move.
        page.wait_for_function("!['pending', undefined].includes(document.getElementById('verdict').dataset.result)")
        assert page.evaluate("document.getElementById('table').getBoundingClientRect().top") == top, game_id
    context.close()


def test_the_rail_keeps_its_width_whatever_its_labels_say(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_game(page, server, "stumbling_block", 7)
    assert page.evaluate("document.getElementById('play').classList.contains('side')")
    cw = "document.getElementById('table').style.getPropertyValue('--cw')"
    widths, labels = [page.evaluate(cw)], []
    for _ in range(2):  # "Начать просмотр: стопка 13", then "Следующая стопка: 12", a shorter label
        button = page.locator("#controls button[data-call='action']")
        labels.append(button.text_content())
        button.click()
        answered(page)
        confirm = page.locator("#message button[data-call='confirm']")
        if confirm.count():  # the review begun while ordinary moves remain asks first
            confirm.click()
        changed = "(was) => document.querySelector(\"#controls button[data-call='action']\").textContent !== was"
        page.wait_for_function(changed, arg=labels[-1])
        widths.append(page.evaluate(cw))
    assert len(set(labels)) == 2 and len(set(widths)) == 1, (labels, widths)
    new_game(page)  # the choice of a deal opens beside the rail, within the screen
    box = page.locator("#deal-number").bounding_box()
    rail = page.locator("#controls").bounding_box()
    assert box and rail and box["x"] >= 0 and box["x"] + box["width"] <= rail["x"], (box, rail)
    context.close()


def test_the_piles_names_keep_within_their_cards_on_a_phone_on_its_side(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_game(page, server, "shrewish_queens", 7)
    widths = page.evaluate("""[...document.querySelectorAll('#table .caption')].map((caption) => {
      const text = document.createRange();
      text.selectNodeContents(caption);
      return [caption.textContent, text.getBoundingClientRect().width];
    })""")
    card = float(page.evaluate("document.getElementById('table').style.getPropertyValue('--cw')").removesuffix("px"))
    assert card < 45 and len(widths) == 2, (card, widths)  # the narrow cards, with the stock and the auxiliary pile
    assert all(width <= card for _, width in widths), (card, widths)
    context.close()


CARD_ON_TOP = """(selector) => {
  const card = document.querySelector(selector), box = card.getBoundingClientRect();
  return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2).closest('.card') === card;
}"""
"""Whether the card ``selector`` names is the one in sight at its own middle."""


def test_a_card_squared_under_a_fan_comes_into_sight_when_the_arrow_keys_reach_it(site_page: Page, server: str) -> None:
    page = site_page
    game = registry.get("shrewish_queens")
    history = History(game, 7)
    while len(game.piles(history.state)["r"]) < 45:
        history.play("draw")
    load_save(page, server, history)
    squared = page.locator("#table .card.squared[data-pile='r']").count()
    fanned = page.locator("#table .card[data-pile='r']:not(.squared)").count()
    assert squared > 0 and squared + fanned == len(game.piles(history.state)["r"]), (squared, fanned)
    under_it = f"#table .card[data-pile='r'][data-index='{squared - 1}']"
    page.focus("#table .slot[data-pile='r']")
    for _ in range(fanned):  # to the top card, then down the fan to its first card
        page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.index") == str(squared)
    assert not page.evaluate(CARD_ON_TOP, under_it), "a squared card lies hidden under the fan"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.index") == str(squared - 1)
    assert page.evaluate(CARD_ON_TOP, under_it), "the card the arrow keys reached is in sight"
    page.keyboard.press("ArrowDown")
    assert not page.evaluate(CARD_ON_TOP, under_it), "and goes back under the fan when the focus moves on"
    assert page.evaluate("document.activeElement.dataset.index") == str(squared)


def test_statistics_count_a_game_won_through_the_page(site_page: Page, server: str) -> None:
    page = site_page
    game = registry.get("hard_rug")
    verdict = solve(game, game.new(1))
    history = History(game, 1)
    for move in verdict.line[:-1]:
        history.play(move)
    load_save(page, server, history)
    last = verdict.line[-1]
    page.locator(f'#table .slot[data-pile="{last.dst}"]').click(force=True, position={"x": 5, "y": 5})
    page.wait_for_function("document.getElementById('message').dataset.status === 'won'")
    assert "Пасьянс сошёлся" in (page.locator("#message").text_content() or "")
    # The end-of-game panel: this level's statistics line, a new deal and the same deal again.
    assert page.locator("#message").get_by_role("button").all_text_contents() == ["Новая игра", "Сыграть заново"]
    assert "побед 100%, серия 1" in (page.locator("#message .stats-line").text_content() or "")
    page.goto(server + "#stats")
    answered(page)
    row = page.locator("table.stats[data-game='hard_rug'] tr").nth(1).locator("td").all_text_contents()
    assert row[:6] == ["Любой", "1", "1", "100%", "1", "1"]
    assert re.fullmatch(r"\d+:\d\d", row[6]), row  # the best time, minutes and seconds


def test_damaged_stats_clock_and_language_are_set_aside_and_the_game_opens(site_page: Page, server: str) -> None:
    page = site_page
    page.goto(server)
    wait_ready(page)
    counts = {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "best_time": 80}
    stored = json.dumps({"hard_rug": {"any": counts}, "topsy_turvy_queens": 7})
    page.evaluate("([stats]) => { localStorage.setItem('pasyansy:stats', stats);"
                  " localStorage.setItem('pasyansy:time:hard_rug', '{not json');"
                  " localStorage.setItem('pasyansy:lang', 'xx'); }", [stored])
    history = History(registry.get("hard_rug"), 4)
    for _ in range(3):
        history.play(history.game.legal_moves(history.state)[0])
    load_save(page, server, history)  # the clock that does not read starts again; the game is kept
    assert page_state(page)["moves"] == [str(m) for m in history.done_moves]
    page.goto(server + "#stats")
    page.wait_for_selector("table.stats[data-game='hard_rug']")
    assert "не удалось прочесть" in (page.locator("#start [role=alert]").text_content() or "")
    row = page.locator("table.stats[data-game='hard_rug'] tr").nth(1).locator("td").all_text_contents()
    assert row == ["Любой", "2", "1", "50%", "1", "1", "1:20"]
    kept = page.evaluate("""Object.keys(localStorage).filter((k) => k.startsWith('pasyansy:broken:stats:'))
        .map((k) => localStorage.getItem(k))""")
    assert kept == [stored]
    assert page.evaluate("document.documentElement.lang") == "ru"  # a stray language reads as Russian


def test_levels_without_proved_deals_cannot_be_chosen(site_page: Page, server: str) -> None:
    page = site_page
    for game_id in GAMES:
        open_game(page, server, game_id, 2)
        new_game(page)
        data = catalogue(game_id) or {}
        for level, name in (("easy", "Лёгкий"), ("medium", "Средний"), ("hard", "Сложный")):
            assert page.get_by_role("button", name=name, exact=True).is_enabled() == bool(data.get(level)), game_id
        assert page.get_by_role("button", name="Любой", exact=True).is_enabled()


def test_a_won_save_put_into_storage_is_not_counted_as_a_win(site_page: Page, server: str) -> None:
    page = site_page
    game = registry.get("hard_rug")
    history = History(game, 1)
    for move in solve(game, game.new(1)).line:
        history.play(move)
    load_save(page, server, history)
    page.wait_for_function("document.getElementById('message').dataset.status === 'won'")
    assert page.evaluate("localStorage.getItem('pasyansy:stats')") is None, "no win was played here"


def test_a_games_options_are_chosen_on_the_start_page_and_deal_the_next_game(site_page: Page, server: str) -> None:
    page = site_page
    page.goto(server)
    wait_ready(page)
    book = page.locator("button[data-call='option'][data-verb='topsy_turvy_queens:book_rules']")
    assert book.text_content() == "Дамы кувырком — Книжные правила: три прохода колоды: нет"
    book.click()
    page.wait_for_function("""document.querySelector("button[data-verb='topsy_turvy_queens:book_rules']")
                              .textContent.endsWith(': да')""")
    passes = page.locator("button[data-call='option'][data-verb='thirteen_piles:passes']")
    assert (passes.text_content() or "").endswith(": 3")
    passes.click()
    page.wait_for_function("""document.querySelector("button[data-verb='thirteen_piles:passes']")
                              .textContent.endsWith(': 1')""")
    open_game(page, server, "topsy_turvy_queens", 5)
    assert page.locator("#table .counter").inner_text().replace("\n", " ") == "Проход 1 из 3"
    assert json.loads(page.evaluate("localStorage.getItem('pasyansy:save:topsy_turvy_queens')"))["options"] == {
        "book_rules": True}
