"""The project's own setup: the tests' browser found through one setting, and the Pages
workflow that tests before it deploys."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import site

ROOT = Path(__file__).resolve().parent.parent


def test_the_browser_is_the_one_the_setting_names(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PASYANSY_CHROMIUM", "/opt/some/chrome")
    assert site.find_chromium() == "/opt/some/chrome"
    monkeypatch.delenv("PASYANSY_CHROMIUM")
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))
    assert site.find_chromium() == site.DEBIAN_CHROMIUM, "no Playwright Chromium there: Debian's path"
    own = tmp_path / "chromium-1200" / "chrome-linux" / "chrome"
    own.parent.mkdir(parents=True)
    own.write_text("#!/bin/sh\n")
    own.chmod(0o755)
    assert site.find_chromium() == str(own), "Playwright's own, where it installed one"


def test_a_named_browser_that_is_not_there_stops_with_what_to_do() -> None:
    env = {**os.environ, "PASYANSY_CHROMIUM": "/nowhere/chrome"}
    run = subprocess.run([sys.executable, "-m", "tools.browser"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode != 0 and "PASYANSY_CHROMIUM names /nowhere/chrome" in run.stderr


def test_the_pages_workflow_tests_before_it_deploys_and_never_cancels_a_deployment() -> None:
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    steps = [line.strip() for line in text.splitlines() if line.strip().startswith(("- run:", "- uses:"))]
    test = next(i for i, s in enumerate(steps) if "make PYTHON=python test" in s)
    upload = next(i for i, s in enumerate(steps) if "upload-pages-artifact" in s)
    assert test < upload, "the site is uploaded only after the tests pass"
    assert "cancel-in-progress: false" in text
    assert "make PYTHON=python .venv/.installed" in text, "the environment from the Python the workflow sets up"
