"""The batch command: one verified JSON line per deal, a summary, and reruns of the open deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_engine import batch


def test_a_range_gives_one_line_per_deal_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rug.jsonl"
    batch.main(["hard_rug", "1", "3", "--seconds", "5", "--plays", "2", "--verify", "--out", str(out)])
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["deal"] for r in records] == [1, 2, 3]
    assert all(r["verdict"] == "won" and r["verified"] and r["plays"] == 2 for r in records)
    assert "won           3  100.00%" in capsys.readouterr().err


def test_retry_runs_only_the_deals_left_unknown(tmp_path: Path) -> None:
    earlier = tmp_path / "earlier.jsonl"
    lines = [{"game": "hard_rug", "deal": d, "options": {"reshuffles": 5}, "verdict": v}
             for d, v in ((1, "won"), (2, "unknown"), (3, "unknown"))]
    lines.append({"game": "hard_rug", "deal": 4, "options": {"reshuffles": 0}, "verdict": "unknown"})
    earlier.write_text("\n".join(json.dumps(line) for line in lines))
    out = tmp_path / "retry.jsonl"
    batch.main(["hard_rug", "1", "4", "--plays", "0", "--retry", str(earlier), "--out", str(out)])
    assert [json.loads(line)["deal"] for line in out.read_text().splitlines()] == [2, 3]
    with pytest.raises(SystemExit, match="no deal of 1–1 unknown"):
        batch.main(["hard_rug", "1", "1", "--retry", str(earlier)])


def test_the_interval_of_no_success_in_a_thousand() -> None:
    low, high = batch.wilson(0, 1000)
    assert low == 0.0 and 0.003 < high < 0.004


def test_calibrate_times_the_yardstick_before_and_after_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # A quicker yardstick than the real one (deal 13 without reshuffles, some seconds).
    monkeypatch.setattr(batch, "YARDSTICK", ("hard_rug", 2, {"reshuffles": 5}))
    verdict, seconds = batch.yardstick()
    nodes = verdict.nodes
    assert nodes > 1 and seconds > 0
    batch.main(["hard_rug", "1", "1", "--plays", "0", "--calibrate", "--out", str(tmp_path / "one.jsonl")])
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if "machine:" in line)
    assert f'hard_rug {{"reshuffles": 5}} deal 2 searched whole, {nodes:,} positions in ' in line
    assert " s before the run and " in line and line.endswith(" s after")


def test_the_yardstick_is_a_lost_deal_searched_whole() -> None:
    verdict, _ = batch.yardstick()
    assert (verdict.result, verdict.nodes) == ("lost", 419_801)
