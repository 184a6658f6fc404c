"""The batch command: one verified JSON line per deal, a summary, and reruns of the open deals."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_engine.solver import Verdict
from tools import batch


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


def fake_yardstick(monkeypatch: pytest.MonkeyPatch, times: list[float]) -> Iterator[float]:
    """The batch's yardstick made to take these times, in turn; what is left of them."""
    readings = iter(times)
    monkeypatch.setattr(batch, "yardstick", lambda: (Verdict("lost", (), 1, 0.0), next(readings)))
    return readings


def test_a_paced_run_waits_for_speed_and_runs_again_a_part_that_ended_slow(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The yardstick's times as the run takes them: too slow at first (a wait), then a
    # part that ends slow (a wait, and the part run again), then two parts that pass, the
    # time after the first of them serving as the time before the second.
    readings = fake_yardstick(monkeypatch, [0.9, 0.4, 0.8, 0.4, 0.45, 0.5])
    waits: list[float] = []
    kept: list[dict[str, Any]] = []
    jobs: list[batch.Job] = [("hard_rug", d, {"reshuffles": 5}, 2.0, 10**6, 0, True) for d in (1, 2, 3)]
    records = batch.run_paced(jobs, 1, 0.5, 2, kept.append, sleep=waits.append)
    assert [(r["deal"], r["yardstick"]) for r in records] == [(1, [0.4, 0.45]), (2, [0.4, 0.45]), (3, [0.45, 0.5])]
    assert kept == records and all(r["verdict"] == "won" and r["verified"] for r in records)
    assert next(readings, None) is None and waits == [120.0, 120.0]
    err = capsys.readouterr().err
    assert ": the yardstick took 0.90 s (at most 0.5 s asked); waiting 120 s" in err
    assert ": the yardstick took 0.80 s after the part; its 2 deals are set aside to run again" in err


def test_the_batch_runs_at_speed_into_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_yardstick(monkeypatch, [0.3, 0.4])
    out = tmp_path / "paced.jsonl"
    batch.main(["hard_rug", "1", "1", "--plays", "0", "--at-speed", "0.5", "--out", str(out)])
    (record,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert (record["deal"], record["verdict"], record["yardstick"]) == (1, "won", [0.3, 0.4])
    with pytest.raises(SystemExit, match="--at-speed wants a positive number"):
        batch.main(["hard_rug", "1", "1", "--at-speed", "0.5", "--part", "0"])


def test_resume_adds_the_deals_the_file_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    batch.main(["hard_rug", "1", "2", "--plays", "0", "--out", str(out)])
    first = out.read_text()
    # A line of other options for deal 3 does not count as deal 3 done.
    other = {"game": "hard_rug", "deal": 3, "options": {"reshuffles": 0}, "verdict": "unknown"}
    out.write_text(first + json.dumps(other) + "\n")
    batch.main(["hard_rug", "1", "3", "--plays", "0", "--out", str(out), "--resume"])
    text = out.read_text()
    assert text.startswith(first)
    records = [json.loads(line) for line in text.splitlines()]
    assert [(r["deal"], r["options"]["reshuffles"]) for r in records] == [(1, 5), (2, 5), (3, 0), (3, 5)]
    # The second summary counts the deals kept from the file with the one added.
    assert re.findall(r"deals: (\d+)", capsys.readouterr().err) == ["2", "3"]
    with pytest.raises(SystemExit, match="already holds every deal of 1–3"):
        batch.main(["hard_rug", "1", "3", "--plays", "0", "--out", str(out), "--resume"])
    with pytest.raises(SystemExit, match="--resume adds to the file of --out"):
        batch.main(["hard_rug", "1", "3", "--resume"])
    # Lines made by other code are not added to.
    assert {r["code"] for r in records if r["options"]["reshuffles"] == 5} == {batch.code_version()}
    stale = {**records[0], "deal": 4, "code": "0123456789ab"}
    out.write_text(text + json.dumps(stale) + "\n")
    with pytest.raises(SystemExit, match=r"holds deals made by other code \(0123456789ab; this code is "):
        batch.main(["hard_rug", "1", "5", "--plays", "0", "--out", str(out), "--resume"])
