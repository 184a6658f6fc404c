"""Invariants every registered game keeps, checked over random play.

A new game joins these tests by registering in ``rules/__init__.py``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pygame_engine import Game, History, IllegalMoveError, Move
from pygame_engine.cards import full_deck
from pygame_engine.save import dumps, loads
from tests.conftest import random_game

DEALS = (0, 1, 2, 3, 17, 123456789)


def all_cards(game: Game[Any], state: Any) -> Counter[int]:
    return Counter(c for pile in game.piles(state).values() for c in pile)


def candidate_moves(game: Game[Any], state: Any) -> list[Move]:
    """Every card move between two piles with every count, every verb, and a few bogus moves."""
    piles = game.piles(state)
    moves = [Move(v) for v in game.verbs]
    moves += [Move(v, p) for v in game.verbs for p in list(piles)[:3]]
    for src, cards in piles.items():
        for dst in piles:
            if dst != src:
                moves += [Move.cards(src, dst, n) for n in range(1, max(1, len(cards)) + 1)]
    moves += [Move("fly"), Move.cards("zz9", next(iter(piles)))]
    return moves


def test_metadata(game: Game[Any]) -> None:
    assert game.name_ru and game.name_en and game.summary_ru and game.summary_en
    assert game.decks in (1, 2)
    assert len(game.rules_ru) > 200 and len(game.rules_en) > 200
    assert game.normalize_options() == {o.name: o.default for o in game.options}


@pytest.mark.parametrize("deal", DEALS)
def test_deal_is_reproducible_and_holds_every_card(game: Game[Any], deal: int) -> None:
    first, second = game.new(deal), game.new(deal)
    assert first == second and game.key(first) == game.key(second)
    assert all_cards(game, first) == Counter(full_deck(game.decks))
    assert game.new(deal + 1) != first


@pytest.mark.parametrize("deal", DEALS[:4])
def test_random_play_keeps_the_invariants(game: Game[Any], deal: int) -> None:
    deck = Counter(full_deck(game.decks))
    for state, move in random_game(game, deal, seed=deal):
        assert all_cards(game, state) == deck, "cards are conserved"
        legal = game.legal_moves(state)
        assert len(set(legal)) == len(legal), "no move is listed twice"
        status = game.status(state)
        assert (status == "won") == game.is_won(state)
        if not legal and status != "won":
            assert status == "lost", "no move left is a lost game"
        if move is None:
            break
        assert game.explain(state, move) is None
        after = game.apply(state, move)
        assert game.play(state, move) == after, "checked and unchecked paths agree"
        assert game.play(state, str(move)) == after, "the text form plays the same move"
        assert Move.parse(str(move)) == move
        assert eval(repr(move), {"Move": Move}) == move
        hash(game.key(after))


@pytest.mark.parametrize("deal", DEALS[:3])
def test_explain_agrees_with_legal_moves(game: Game[Any], deal: int) -> None:
    """For every candidate move: legal exactly when listed, and an illegal one names its rule."""
    for i, (state, _) in enumerate(random_game(game, deal, seed=100 + deal, max_moves=120)):
        if i % 20:
            continue
        legal = set(game.legal_moves(state))
        for move in candidate_moves(game, state) + list(legal):
            reason = game.explain(state, move)
            assert (reason is None) == (move in legal), f"{move}: {reason}"
            if reason is not None:
                with pytest.raises(IllegalMoveError) as err:
                    game.play(state, move)
                assert reason in str(err.value) and str(move) in str(err.value)


@pytest.mark.parametrize("deal", DEALS[:3])
def test_undo_redo_and_save_restore_exactly(game: Game[Any], deal: int) -> None:
    history = History(game, deal)
    seen = [history.state]
    for _, move in random_game(game, deal, seed=7 + deal, max_moves=150):
        if move is None:
            break
        history.play(move)
        seen.append(history.state)
    for expected in reversed(seen[:-1]):
        assert history.undo() == expected
    assert not history.can_undo()
    for expected in seen[1:]:
        assert history.redo() == expected
    assert not history.can_redo()
    for _ in range(len(seen) // 2):
        history.undo()
    restored = loads(dumps(history))
    assert restored.state == history.state
    assert restored.moves == history.moves and restored.position == history.position
    assert restored.states == seen


@pytest.mark.parametrize("portrait", [False, True])
def test_the_layout_places_every_pile_once_inside_the_table(game: Game[Any], portrait: bool) -> None:
    layout = game.layout(portrait)
    piles = [s.pile for s in layout.slots]
    assert sorted(piles) == sorted(game.piles(game.new(1))), "every pile has exactly one slot"
    for slot in layout.slots:
        assert 0 <= slot.x <= layout.width - 1 + 1e-9 and 0 <= slot.y <= layout.height - 1 + 1e-9, slot
        assert slot.x + 1 + (slot.room if slot.fan == "right" else 0) <= layout.width + 1e-9, slot
        assert slot.y + 1 + (slot.room if slot.fan == "down" else 0) <= layout.height + 1e-9, slot


def test_hidden_cards_are_within_their_piles(game: Game[Any]) -> None:
    for state, _ in random_game(game, 2, seed=5, max_moves=60):
        for pile, cards in game.piles(state).items():
            assert 0 <= game.hidden(state, pile) <= len(cards)
