"""The one boundary for stored data: whatever storage holds, every reader returns a value
of its kind or leaves the text out, and a save reads or raises SaveError alone."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pasyansy_web import stored

from pygame_engine import History, SaveError, registry
from pygame_engine.save import dumps, loads

# JSON as a tampered or damaged store could hold it: deep, wide, with numbers of every size.
numbers = st.one_of(st.integers(), st.integers(min_value=10**300, max_value=10**400), st.floats(allow_nan=True),
                    st.just(10**4000))
scalars = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=20))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                        st.dictionaries(st.text(max_size=12), inner, max_size=5)),
                      max_leaves=30)


def as_text(value: Any) -> str:
    """``value`` as stored text; a number too long for Python's reader written out by hand."""
    try:
        return json.dumps(value)
    except ValueError:
        return "9" * 5000


texts = st.one_of(st.none(), st.text(max_size=200), values.map(as_text), st.just("[" * 5000),
                  st.just('{"hard_rug": {"any": {"played": ' + "9" * 5000 + "}}}"))


@settings(max_examples=300, deadline=None)
@given(texts)
def test_every_stored_value_reads_as_its_kind_or_is_left_out(text: str | None) -> None:
    data = stored.read_json(text)
    stats, damaged = stored.clean_stats(data)
    for game_id, levels in stats.items():
        assert registry.get(game_id)
        for level, counts in levels.items():
            assert level in stored.LEVEL_CHOICES
            assert 0 <= counts["won"] <= counts["played"] <= stored.MOST
            assert counts["won"] / max(1, counts["played"]) <= 1  # a rate can be shown
    assert isinstance(damaged, bool)
    times = stored.clean_times(data)
    assert times == {} or (0 <= times["seconds"] <= stored.MOST and times["level"] in stored.LEVEL_CHOICES)
    assert stored.lang(text) in ("ru", "en")
    assert stored.anim_speed(text) in stored.ANIM_SPEEDS
    assert all(isinstance(stored.setting(text, name), bool) for name in stored.SETTINGS)
    for game in registry.games():
        for spec in game.options:  # a game's option reads as one of its values, of their type
            value = stored.option(text, spec.values)
            assert value in spec.values and type(value) is type(spec.default)


def test_an_option_reads_only_as_one_of_its_values() -> None:
    assert stored.option("true", (False, True)) is True
    assert stored.option("true", (3, 1, 2)) == 3  # a switch's value is not a count (true == 1 in Python)
    assert stored.option("2", (3, 1, 2)) == 2 and stored.option("7", (3, 1, 2)) == 3
    assert stored.option("0", (5, 0)) == 0 and stored.option(None, (5, 0)) == 5
    assert stored.option("{", (False, True)) is False


SAVE = dumps(History(registry.get("hard_rug"), 7))


@settings(max_examples=300, deadline=None)
@given(st.one_of(texts, values.map(lambda v: SAVE.replace('"moves":[]', '"moves":' + as_text(v))),
                 values.map(lambda v: SAVE.replace('"deal":7', '"deal":' + as_text(v))),
                 st.integers(min_value=0, max_value=len(SAVE)).map(lambda n: SAVE[:n])))
def test_a_save_reads_or_says_why_it_does_not(text: str | None) -> None:
    try:
        history = loads(text)
    except SaveError as exc:
        assert str(exc)
    else:
        assert history.game.id == "hard_rug"


def test_counts_past_what_a_game_can_have_are_left_out() -> None:
    too_many = {"played": stored.MOST + 1, "won": 1, "streak": 1, "best_streak": 1, "best_time": None}
    assert stored.clean_stats({"hard_rug": {"any": too_many}}) == ({}, True)
    assert stored.clean_times({"deal": 10**13, "seconds": 5, "level": "any"}) == {}
    assert stored.read_json('{"a": ' + "9" * 5000 + "}") is None
