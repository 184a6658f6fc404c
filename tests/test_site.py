"""The build puts the site, the runtimes and the game packages together, and serves them."""

from __future__ import annotations

import json
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


# Unpacks the built zip in Pyodide as the page does, and imports every module in it,
# counting the modules Python had to compile from their source.
IMPORT_ALL = """
import { readFileSync } from "node:fs";
const [pyodideDir, zip] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: "/home/pyodide/site" });
console.log(pyodide.runPython(`
import importlib, importlib._bootstrap_external as external, json, pathlib, sys, types
sys.path.insert(0, "/home/pyodide/site")
sys.modules["pyscript"] = types.SimpleNamespace(document=None, window=None)
compiled = []
source_to_code = external.SourceLoader.source_to_code
def counted(self, data, path, *args, **kwargs):
    compiled.append(path)
    return source_to_code(self, data, path, *args, **kwargs)
external.SourceLoader.source_to_code = counted
root = pathlib.Path("/home/pyodide/site")
names = [".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__") for p in root.rglob("*.py")]
for name in sorted(names):
    importlib.import_module(name)
json.dumps({"modules": len(names), "compiled": compiled})
`));
"""


def test_the_games_python_comes_compiled_for_the_browsers_python(built: Path) -> None:
    # Compiling the packages took some 0.1 s of every start of the page and of the solver's worker.
    done = subprocess.run(["node", "--input-type=module", "-e", IMPORT_ALL, str(built / "pyodide"),
                           str(built / "pasyansy.zip")], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["modules"] >= 30, "every module of the three packages was imported"
    assert report["compiled"] == [], "no module compiled from its source"


def test_the_build_is_reproducible(built: Path, tmp_path: Path) -> None:
    again = site.build(tmp_path / "again", cache=False)  # Node makes its part afresh
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


def test_what_node_made_is_used_again_only_for_the_same_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site, "CACHE", tmp_path / "cache")
    source, target, made = tmp_path / "source", tmp_path / "target", []

    def make() -> None:
        made.append(source.read_text())
        target.write_text(source.read_text().upper())

    for text in ("one", "one", "two", "one"):
        source.write_text(text)
        site._cached(target, [source], make, cache=True)
        assert target.read_text() == text.upper()
    assert made == ["one", "two"], "made once for each content of its inputs"
    site._cached(target, [source], make, cache=False)
    assert made == ["one", "two", "one"], "made afresh when told"


def test_the_server_is_silent_about_a_browser_that_drops_a_connection(tmp_path: Path,
                                                                        capfd: pytest.CaptureFixture[str]) -> None:
    """A page left while a file loads drops its connection: no traceback in the test run's
    output. Any other error in a request is still printed."""
    server = site.Server(tmp_path)
    try:
        for error in (ConnectionResetError(104, "Connection reset by peer"), BrokenPipeError(32, "Broken pipe"),
                      ValueError("a fault of the server's")):
            try:
                raise error
            except Exception:
                server.httpd.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.stop()
    printed = capfd.readouterr().err
    assert "ValueError: a fault of the server's" in printed
    assert "Connection" not in printed and "Broken pipe" not in printed
