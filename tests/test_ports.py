"""The servers and make's recipes as a newcomer meets them: a taken port stops each server with
one line naming the setting to change, `make serve` installs no test tools, and a static build
without npm says in one line what to install."""

import pathlib
import re
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
sys.path.insert(0, str(SITE))

import build_static  # noqa: E402
import build_tools  # noqa: E402


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


def one_line_error(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize(
    ("script", "from_make", "named"),
    [
        ("serve.py", [], "--port"),
        ("serve.py", ["--from-make"], "PORT="),
        ("serve_static.py", [], "--port"),
        ("serve_static.py", ["--from-make=serve-static"], "STATIC_PORT="),
        ("serve_static.py", ["--check", "--from-make=lab"], "LAB_PORT="),
    ],
)
def test_a_taken_port_stops_the_server_with_one_line_naming_the_setting(
    taken_port: int, script: str, from_make: list[str], named: str
) -> None:
    line = one_line_error(sys.executable, str(SITE / script), f"--port={taken_port}", *from_make)
    assert f"port {taken_port} on 127.0.0.1 is in use: choose another with {named}" in line
    suggested = re.search(rf"e\.g\. {re.escape(named.rstrip('='))}=(\d+) \(free now\)", line)
    assert suggested and int(suggested.group(1)) != taken_port


def test_serve_under_make_names_make_variables_not_flags() -> None:
    for options, named in [
        (["--class-size=30"], "CHAPTER="),
        (["--chapter=08-class-quiz"], "CLASS="),
        (["--class-size=30", "--chapter=99-nothing"], "CHAPTER="),
        (["--port=eighty"], "PORT="),
    ]:
        done = subprocess.run(
            [sys.executable, str(SITE / "serve.py"), "--from-make", "--dry-run", *options],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 2
        (line,) = done.stderr.splitlines()
        assert named in line and "--" not in line, line


def make_dry_run(target: str, tmp_path: pathlib.Path) -> str:
    """What `make -n target` would run from a fresh clone (a virtualenv folder not yet made)."""
    done = subprocess.run(
        ["make", "-n", target, f"VENV={tmp_path / 'venv'}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return done.stdout


def test_make_serve_installs_what_serving_needs_and_make_test_the_test_tools(
    tmp_path: pathlib.Path,
) -> None:
    """Each installs its lock file with pip's hash checking and nothing pip resolves itself;
    serving installs the serve lock and the project, never the test lock."""
    locked = "pip install --quiet --require-hashes --no-deps -r requirements/"
    serve = make_dry_run("serve", tmp_path)
    assert f"{locked}serve.txt" in serve
    assert "pip install --quiet -e . --no-deps --no-build-isolation" in serve
    assert "requirements/test.txt" not in serve and "[test]" not in serve
    assert "site/serve.py --from-make" in serve
    test = make_dry_run("test", tmp_path)
    assert f"{locked}serve.txt" in test
    assert f"{locked}test.txt" in test
    assert "pytest" in test
    installs = [line for line in (serve + test).splitlines() if "pip install" in line]
    assert all("--no-deps" in line for line in installs), installs


def test_a_static_build_without_npm_says_in_one_line_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    monkeypatch.setattr(build_tools, "CACHE", tmp_path / "cache")
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(SystemExit) as stopped:
        build_static.build()
    message = str(stopped.value.code)
    assert len(message.splitlines()) == 1
    assert "npm" in message and "apt-get install npm" in message
