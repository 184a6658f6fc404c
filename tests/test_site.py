"""The build puts the site, the runtimes and the game packages together, and serves them."""

from __future__ import annotations

import shutil
import subprocess
import threading
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tools import site


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site.build(tmp_path_factory.mktemp("site") / "site")


def test_the_build_holds_the_runtimes_and_the_games(built: Path) -> None:
    for name in site.PYODIDE_CORE:
        assert (built / "pyodide" / name).stat().st_size > 0
    assert (built / "pyscript" / "core.js").is_file()
    assert not list(built.rglob("*.map")), "source maps are left out"
    with zipfile.ZipFile(built / "pasyansy.zip") as zf:
        names = set(zf.namelist())
    assert {"pygame_engine/__init__.py", "rules/__init__.py", "rules/hard_rug.py"} <= names


def test_the_build_is_reproducible(built: Path, tmp_path: Path) -> None:
    again = site.build(tmp_path / "again")
    assert (again / "pasyansy.zip").read_bytes() == (built / "pasyansy.zip").read_bytes()
    image = "pyodide/snapshot.gzip"  # Pyodide's memory, made by Node with its entropy and clock fixed
    assert (again / image).read_bytes() == (built / image).read_bytes()
    # The service worker lists every file with its digest: the same list is the same build.
    assert (again / "service-worker.js").read_text() == (built / "service-worker.js").read_text()


def test_the_memory_image_does_not_depend_on_where_the_checkout_lies(built: Path, tmp_path: Path) -> None:
    script = tmp_path / "another" / "checkout" / "snapshot.mjs"
    script.parent.mkdir(parents=True)
    shutil.copy(site.ROOT / "tools" / "snapshot.mjs", script)
    out = tmp_path / "image.gzip"
    subprocess.run(["node", str(script), str(built / "pyodide"), str(out)], check=True, cwd=tmp_path)
    assert out.read_bytes() == (built / "pyodide" / "snapshot.gzip").read_bytes()


def test_the_server_serves_the_site(built: Path) -> None:
    import functools
    import http.server

    handler = functools.partial(site._Handler, directory=str(built))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with urllib.request.urlopen(base) as page:
            assert "Пасьянсы" in page.read().decode()
        with urllib.request.urlopen(base + "pyodide/pyodide.asm.wasm") as wasm:
            assert wasm.headers["Content-Type"] == "application/wasm" and wasm.read(4) == b"\0asm"
        with urllib.request.urlopen(base + "pyodide/pyodide.mjs") as mjs:
            assert mjs.headers["Content-Type"] == "text/javascript" and len(mjs.read()) > 1000
    finally:
        server.shutdown()
        server.server_close()
