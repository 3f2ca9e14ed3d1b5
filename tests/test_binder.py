"""Binder's recipe, checked the way Binder runs it: binder/requirements.txt (the serve lock, with
pip's hash checking), binder/postBuild in a fresh virtualenv, then the launch URL served by
jupyter server with the Voila extension."""

import json
import os
import pathlib
import socket
import subprocess
import sys
import sysconfig
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


def test_binder_requirements_are_the_serve_lock_exactly(tmp_path: pathlib.Path) -> None:
    """What pip would install from binder/requirements.txt into an empty environment (a dry run:
    it resolves and checks every hash as Binder's install does, without unpacking): the serve
    lock's packages at its versions, nothing pip chose."""
    report = tmp_path / "report.json"
    run(
        sys.executable,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--dry-run",
        "--ignore-installed",
        "--report",
        str(report),
        "-r",
        str(ROOT / "binder" / "requirements.txt"),
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    chosen = {
        canonicalize_name(p["metadata"]["name"]): Version(p["metadata"]["version"])
        for p in json.loads(report.read_text())["install"]
    }
    assert chosen == {name: pin.version for name, pin in read_pins(SERVE_LOCK).items()}


def test_binder_postbuild_serves_the_site(tmp_path: pathlib.Path) -> None:
    """binder/postBuild in a fresh virtualenv that sees this environment's packages (the ones
    the test above proves Binder installs), then the launch URL served by jupyter server with
    the Voila extension."""
    venv = tmp_path / "venv"
    # no pip or setuptools of its own: this environment's locked ones build the project
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    (venv / "lib" / "python3.11" / "site-packages" / "locked.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n"
    )
    bin_dir = venv / "bin"
    env = {
        **os.environ,
        "PATH": f"{bin_dir}:{pathlib.Path(sys.executable).parent}:{os.environ['PATH']}",
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        # the packages' own Jupyter files, which pip would have put under the venv's prefix
        "JUPYTER_PATH": str(pathlib.Path(sys.prefix) / "share" / "jupyter"),
        "JUPYTER_CONFIG_PATH": str(pathlib.Path(sys.prefix) / "etc" / "jupyter"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    run(str(ROOT / "binder" / "postBuild"), env=env)
    listed = json.loads(run(str(bin_dir / "python"), "-m", "pip", "list", "--format=json", env=env))
    project = PYPROJECT["project"]
    assert {"name": project["name"], "version": project["version"]} in [
        {"name": p["name"], "version": p["version"]} for p in listed
    ]
    template = tmp_path / "data" / "voila" / "templates" / "calypso"
    assert (template / "index.html.j2").exists()
    assert (template / "static" / "fontawesome" / "css" / "all.min.css").exists()
    where = run(
        str(bin_dir / "python"),
        "-c",
        "import calypso.widgets, calypso; print(calypso.__file__)",
        env=env,
        cwd=tmp_path,
    )
    assert where.startswith(str(venv)), where

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [
            str(bin_dir / "python"),
            "-m",
            "jupyter",
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
