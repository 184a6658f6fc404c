"""The shipped level catalogues: well formed, and every sampled deal really winnable."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pygame_engine import registry
from pygame_engine.levels import LEVELS, catalogue, pick
from pygame_engine.solver import solve
from tools import levels

SHIPPED = [g.id for g in registry.games() if catalogue(g.id)]


def test_some_catalogues_are_shipped() -> None:
    assert "hard_rug" in SHIPPED


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_catalogue_is_well_formed(game_id: str) -> None:
    data = catalogue(game_id)
    assert data is not None and data["game"] == game_id
    levels = [set(data[level]) for level in LEVELS]
    assert all(levels), "every level has deals"
    assert not (levels[0] & levels[1] or levels[1] & levels[2] or levels[0] & levels[2]), "levels are disjoint"
    rates = data["mean_player_rate"]
    assert rates["easy"] >= rates["medium"] >= rates["hard"], "the ordinary player wins easy deals more often"
    assert sum(len(s) for s in levels) <= data["proved_winnable"] <= data["decided_from"]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_sampled_deals_are_winnable(game_id: str) -> None:
    game = registry.get(game_id)
    rng = random.Random(f"verify/{game_id}")
    for level in LEVELS:
        deal = pick(game_id, level, rng)
        assert deal is not None
        verdict = solve(game, game.new(deal), max_nodes=3_000_000, max_seconds=20)
        assert verdict.result == "won", (game_id, level, deal, verdict.result)
        assert game.is_won(game.replay(deal, verdict.line))


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no level 'expert'"):
        pick("hard_rug", "expert", random.Random(1))


def test_a_deal_in_several_result_files_counts_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def record(deal: int, verdict: str, wins: int) -> str:
        return json.dumps({"game": "hard_rug", "deal": deal, "options": {}, "verdict": verdict, "nodes": 10,
                           "seconds": 0.1, "budget_seconds": 2, "line": 0, "player_wins": wins, "plays": 32})

    first, rerun = tmp_path / "first.jsonl", tmp_path / "rerun.jsonl"
    first.write_text("\n".join([record(1, "won", 9), record(2, "unknown", 0), record(3, "won", 1)]))
    rerun.write_text("\n".join([record(1, "unknown", 0), record(2, "won", 5)]))
    monkeypatch.setattr(levels, "OUT", tmp_path)
    levels.main([str(first), str(rerun)])
    data = json.loads((tmp_path / "hard_rug.json").read_text())
    assert (data["decided_from"], data["proved_winnable"]) == (3, 3)
    assert (data["easy"], data["medium"], data["hard"]) == ([1], [2], [3])
