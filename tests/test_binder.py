"""Binder's recipe, checked the way Binder runs it: a fresh virtualenv, binder/requirements.txt
(the serve lock, installed with pip's hash checking), binder/postBuild, then the launch URL served
by jupyter server with the Voila extension."""

import json
import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

from packaging.utils import canonicalize_name
from packaging.version import Version
from test_lock import PYPROJECT, SERVE_LOCK, read_pins

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run(*args: str, env: dict[str, str], cwd: pathlib.Path = ROOT) -> str:
    done = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_binder_requirements_and_postbuild_serve_the_site(tmp_path: pathlib.Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / "bin"
    env = {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("JUPYTER_PATH", None)
    run(
        str(bin_dir / "python"),
        "-m",
        "pip",
        "install",
        "--quiet",
        "-r",
        str(ROOT / "binder" / "requirements.txt"),
        env=env,
    )
    run(str(ROOT / "binder" / "postBuild"), env=env)
    # exactly the serve lock's packages at its versions, and the project: nothing pip chose
    listed = json.loads(run(str(bin_dir / "python"), "-m", "pip", "list", "--format=json", env=env))
    installed: dict[str, Version | None] = {
        canonicalize_name(p["name"]): Version(p["version"]) for p in listed
    }
    assert installed.pop(PYPROJECT["project"]["name"]) == Version(PYPROJECT["project"]["version"])
    assert installed == {name: pin.version for name, pin in read_pins(SERVE_LOCK).items()}
    template = tmp_path / "data" / "voila" / "templates" / "calypso"
    assert (template / "index.html.j2").exists()
    assert (template / "static" / "fontawesome" / "css" / "all.min.css").exists()
    run(str(bin_dir / "python"), "-c", "import calypso.widgets", env=env, cwd=tmp_path)

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [
            str(bin_dir / "jupyter"),
            "server",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={ROOT}",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    try:
        url = f"http://127.0.0.1:{port}/voila/render/notebooks/00-welcome.ipynb"
        page = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(url, timeout=60) as response:
                    page = response.read().decode()
            except OSError:
                time.sleep(0.5)
        assert "Calypso: a rules tutorial" in page
        assert "voila/static/fontawesome/css/all.min.css" in page
        assert "cdn.jsdelivr.net" not in page
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_binder_asks_for_the_python_the_package_requires() -> None:
    # repo2docker ignores pyproject's requires-python when binder/ exists and builds with its
    # own default (3.10), on which postBuild's install fails; runtime.txt names the version.
    import tomllib

    required = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime == "python-3.11" and required.startswith(">=3.11")
