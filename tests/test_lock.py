"""The locked environment (requirements/serve.txt and requirements/test.txt, written by
`make lock`): both files still satisfy pyproject.toml's ranges, pin every package exactly with a
sha256 hash, agree on the versions they share, are what make and Binder install, and are what
these tests run in. The static site's two locks (static-build.txt, its build tools, and
static-kernel.txt, the wheels its kernel runs in the browser), written by `make lock` too, pin
what their .in files ask with sha256 hashes and are where site/build_static.py reads its pins.
Each check is also shown a spoilt copy of a lock, so a check that could never fail would fail
here."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass

import pytest
from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = pathlib.Path(__file__).resolve().parents[1]
SERVE_LOCK = ROOT / "requirements" / "serve.txt"
TEST_LOCK = ROOT / "requirements" / "test.txt"
STATIC_BUILD_IN = ROOT / "requirements" / "static-build.in"
STATIC_BUILD_LOCK = ROOT / "requirements" / "static-build.txt"
STATIC_KERNEL_IN = ROOT / "requirements" / "static-kernel.in"
STATIC_KERNEL_LOCK = ROOT / "requirements" / "static-kernel.txt"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
sys.path.insert(0, str(ROOT / "site"))

import build_downloads  # noqa: E402
import build_tools  # noqa: E402
import build_wheels  # noqa: E402

#: What the serving set asks for: the project's dependencies, the build backend that builds the
#: project, and pip, which the lock pins too so that nothing is installed unpinned.
SERVE_WANTS = [*PYPROJECT["project"]["dependencies"], *PYPROJECT["build-system"]["requires"], "pip"]
#: What the test set asks for: that and the `test` extra.
TEST_WANTS = [*SERVE_WANTS, *PYPROJECT["project"]["optional-dependencies"]["test"]]

#: The platform make lock resolves for (`--python-version 3.11`, Linux x86_64): where a
#: requirement's environment marker is read (packaging fills in the rest from this machine).
LOCKED_FOR = {
    "python_version": "3.11",
    "python_full_version": "3.11.0",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "x86_64",
}


@dataclass(frozen=True)
class Pin:
    """One line of a lock file: what it asks for (without its options), the exact version it
    pins (None if it pins none) and the hashes pip checks the download against, as
    ``algorithm:digest``."""

    line: str
    version: Version | None
    hashes: tuple[str, ...]


def pins(text: str) -> dict[str, Pin]:
    """A lock file's lines by normalised package name (an option or a line that names no
    package comes under its own text)."""
    found: dict[str, Pin] = {}
    for raw in text.replace("\\\n", " ").splitlines():
        line = re.sub(r"(^|\s)#.*", "", raw).strip()
        if not line:
            continue
        spec, _, options = line.partition(" --")
        spec = spec.strip()
        hashes = tuple(re.findall(r"--hash=(\S+)", f"--{options}"))
        try:
            requirement = Requirement(spec)
        except InvalidRequirement:
            found[line] = Pin(spec, None, hashes)
            continue
        exact = [
            s.version for s in requirement.specifier if s.operator == "==" and "*" not in s.version
        ]
        version = Version(exact[0]) if len(exact) == 1 == len(requirement.specifier) else None
        found[canonicalize_name(requirement.name)] = Pin(spec, version, hashes)
    return found


def read_pins(lock: pathlib.Path) -> dict[str, Pin]:
    return pins(lock.read_text(encoding="utf-8"))


def out_of_range(locked: dict[str, Pin], wants: list[str]) -> dict[str, str]:
    """The requirements the lock does not pin inside their specifier, by name: what is
    wanted, and what the lock has."""
    missed: dict[str, str] = {}
    for want in map(Requirement, wants):
        if want.marker is not None and not want.marker.evaluate(LOCKED_FOR):
            continue
        name = canonicalize_name(want.name)
        pin = locked.get(name)
        if (
            pin is None
            or pin.version is None
            or not want.specifier.contains(pin.version, prereleases=True)
        ):
            missed[name] = f"wants {want.specifier}, locked {pin.line if pin else 'nothing'}"
    return missed


def unhashed(locked: dict[str, Pin]) -> list[str]:
    """The lines that are not an exact pin carrying at least one sha256 hash."""
    sha256 = re.compile(r"sha256:[0-9a-f]{64}")
    return [
        pin.line
        for pin in locked.values()
        if pin.version is None or not any(sha256.fullmatch(h) for h in pin.hashes)
    ]


def disagreements(
    serve: dict[str, Pin], test: dict[str, Pin], names: tuple[str, str] = ("serve", "test")
) -> list[str]:
    """The serve lock's packages that the test lock pins at another version, or not at all
    (or those of any two locks, named by names)."""
    first, second = names
    return [
        f"{name}: {first} {pin.version}, "
        f"{second} {test[name].version if name in test else 'nothing'}"
        for name, pin in serve.items()
        if name not in test or test[name].version != pin.version
    ]


def shared(lock: dict[str, Pin], other: dict[str, Pin]) -> dict[str, Pin]:
    """The lines of lock for the packages other pins too."""
    return {name: pin for name, pin in lock.items() if name in other}


def wants_of(requirements_in: pathlib.Path) -> list[str]:
    """What a .in file asks for, one requirement a line."""
    return [pin.line for pin in read_pins(requirements_in).values()]


def not_installed(locked: dict[str, Pin]) -> list[str]:
    """The lock's packages that this interpreter does not have at the locked version."""
    installed: dict[str, Version] = {
        canonicalize_name(d.metadata["Name"]): Version(d.version)
        for d in importlib.metadata.distributions()
    }
    return [
        f"{name}: locked {pin.version}, installed {installed.get(name, 'nothing')}"
        for name, pin in locked.items()
        if installed.get(name) != pin.version
    ]


@pytest.mark.parametrize(("lock", "wants"), [(SERVE_LOCK, SERVE_WANTS), (TEST_LOCK, TEST_WANTS)])
def test_the_lock_pins_every_requirement_inside_its_range(
    lock: pathlib.Path, wants: list[str]
) -> None:
    missed = out_of_range(read_pins(lock), wants)
    assert missed == {}, f"run make lock: {missed}"


@pytest.mark.parametrize(
    ("lock", "at_least"),
    [(SERVE_LOCK, 50), (TEST_LOCK, 50), (STATIC_BUILD_LOCK, 50), (STATIC_KERNEL_LOCK, 15)],
)
def test_every_line_of_the_lock_is_an_exact_pin_with_a_sha256_hash(
    lock: pathlib.Path, at_least: int
) -> None:
    locked = read_pins(lock)
    assert unhashed(locked) == []
    assert len(locked) > at_least, "a lock holds every package installed, not just the direct ones"


def test_the_serve_lock_has_the_test_lock_s_versions() -> None:
    apart = disagreements(read_pins(SERVE_LOCK), read_pins(TEST_LOCK))
    assert apart == [], f"run make lock: {apart}"


def test_the_tests_run_in_the_locked_environment() -> None:
    unlike = not_installed(read_pins(TEST_LOCK))
    assert unlike == [], f"run make install-test: {unlike}"


def test_binder_installs_the_serve_lock_and_builds_with_its_setuptools() -> None:
    requirements = ROOT / "binder" / "requirements.txt"
    lines = [
        line
        for line in requirements.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(lines) == 1 and lines[0].startswith("-r "), lines
    # pip reads an -r path from the folder of the file that holds it
    assert (requirements.parent / lines[0].removeprefix("-r ").strip()).resolve() == SERVE_LOCK
    installs = [
        shlex.split(line)
        for line in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8").splitlines()
        if "pip install" in line
    ]
    assert installs and all(
        {"--no-deps", "--no-build-isolation"} <= set(words) for words in installs
    ), installs


def test_a_changed_lock_makes_make_install_it_again(tmp_path: pathlib.Path) -> None:
    """With every stamp newer than its sources, make installs nothing, until a lock changes:
    then it installs that lock (and what depends on it) with pip's hash checking."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for made in ("bin/pip", ".installed-stamp", ".test-installed-stamp"):
        (venv / made).touch()
        os.utime(venv / made, (2**33, 2**33))  # the year 2242: newer than any source

    def dry_run(changed: pathlib.Path | None) -> str:
        what_if = ["-W", str(changed.relative_to(ROOT))] if changed else []
        command = ["make", "-n", "install-test", f"VENV={venv}", *what_if]
        return subprocess.run(
            command, capture_output=True, text=True, cwd=ROOT, check=True, timeout=60
        ).stdout

    assert "pip install" not in dry_run(None)
    test = dry_run(TEST_LOCK)
    assert "--require-hashes --no-deps -r requirements/test.txt" in test
    assert "requirements/serve.txt" not in test
    serve = dry_run(SERVE_LOCK)
    assert "--require-hashes --no-deps -r requirements/serve.txt" in serve
    assert "--require-hashes --no-deps -r requirements/test.txt" in serve
    assert "-e . --no-deps --no-build-isolation" in serve


def test_each_check_fails_on_a_spoilt_lock(tmp_path: pathlib.Path) -> None:
    """Each check above, shown a copy of the test lock spoilt in the way it looks for."""
    text = TEST_LOCK.read_text(encoding="utf-8")
    test = pins(text)
    babel = test["babel"]
    assert babel.version is not None and unhashed({"babel": babel}) == []

    # a pin outside its range, and a requirement the lock lost
    spoilt = text.replace(f"babel=={babel.version}", "babel==3.0.0", 1)
    spoilt = re.sub(r"(?m)^packaging==\S+.*(\n +.*)*\n", "", spoilt)
    (tmp_path / "test.txt").write_text(spoilt, encoding="utf-8")
    assert out_of_range(read_pins(tmp_path / "test.txt"), TEST_WANTS).keys() == {
        "babel",
        "packaging",
    }

    # a pin without its hashes, a range, a path, an option; a hash that is not sha256
    sha256 = f"sha256:{'0' * 64}"
    bare = f"babel=={babel.version}\nsegno>=1.6 --hash={sha256}\n-e .\n--index-url x\n"
    assert len(unhashed(pins(bare))) == 4
    assert unhashed({"babel": Pin("babel", babel.version, ("md5:0123",))}) == ["babel"]

    # the two locks apart, and an environment that is not the lock
    moved = {**test, "babel": Pin("babel==2.14.0", Version("2.14.0"), babel.hashes)}
    assert disagreements(moved, test) == [f"babel: serve 2.14.0, test {babel.version}"]
    assert disagreements({**test, "left-pad": babel}, test) != []
    assert not_installed({"babel": moved["babel"]}) == [
        f"babel: locked 2.14.0, installed {importlib.metadata.version('babel')}"
    ]
    assert not_installed({"no-such-package": babel}) != []


def test_the_static_build_lock_pins_what_its_in_file_asks_at_the_test_lock_s_versions() -> None:
    """make lock compiles static-build.in with the test lock as a constraint: the build's Voila,
    widgets, setuptools, pip and Playwright are the ones the tests run."""
    build = read_pins(STATIC_BUILD_LOCK)
    missed = out_of_range(build, wants_of(STATIC_BUILD_IN))
    assert missed == {}, f"run make lock: {missed}"
    test = read_pins(TEST_LOCK)
    assert {"voila", "ipywidgets", "anywidget", "setuptools", "pip"} <= shared(build, test).keys()
    apart = disagreements(shared(build, test), test, ("static build", "test"))
    assert apart == [], f"run make lock: {apart}"


def test_the_kernel_lock_pins_exactly_what_static_kernel_in_pins() -> None:
    """static-kernel.in lists every wheel the kernel gets, dependencies too, each at one
    version; the lock adds the hashes and nothing else."""
    pinned = read_pins(STATIC_KERNEL_IN)
    assert [pin.line for pin in pinned.values() if pin.version is None] == []
    assert {n: p.version for n, p in read_pins(STATIC_KERNEL_LOCK).items()} == {
        n: p.version for n, p in pinned.items()
    }, "run make lock"


def test_the_browser_runs_calypso_s_widgets_at_the_versions_the_tests_run() -> None:
    """The packages calypso requires (pyproject's dependencies) that the kernel ships, and
    jupyterlab-widgets, ipywidgets' front end, are at one version in the kernel, in the serve
    lock (what Voila and the tests run) and in the build (whose front ends the pages load).
    The kernel's other pins follow Pyodide's own distribution instead (static-kernel.in)."""
    kernel = read_pins(STATIC_KERNEL_LOCK)
    serve = read_pins(SERVE_LOCK)
    build = read_pins(STATIC_BUILD_LOCK)
    required = {
        canonicalize_name(Requirement(r).name) for r in PYPROJECT["project"]["dependencies"]
    }
    widgets = {name: pin for name, pin in kernel.items() if name in required}
    widgets["jupyterlab-widgets"] = kernel["jupyterlab-widgets"]
    assert {"ipywidgets", "anywidget", "segno"} <= widgets.keys()
    assert disagreements(widgets, serve, ("kernel", "serve")) == []
    front_ends = {name: widgets[name] for name in ("ipywidgets", "anywidget", "jupyterlab-widgets")}
    assert disagreements(front_ends, build, ("kernel", "static build")) == []


def test_the_static_build_reads_its_pins_from_the_lock_files() -> None:
    """The static build (build_static.py and its build_*.py parts) names the lock files and
    holds no pin of its own: no string in it is a name==version requirement."""
    assert build_tools.BUILD_LOCK == STATIC_BUILD_LOCK
    assert build_downloads.KERNEL_LOCK == STATIC_KERNEL_LOCK
    assert build_downloads.KERNEL_PINS == STATIC_KERNEL_IN
    kernel = build_downloads.locked(STATIC_KERNEL_LOCK.read_text(encoding="utf-8"))
    assert kernel == {
        f"{name}=={pin.version}": tuple(h.removeprefix("sha256:") for h in pin.hashes)
        for name, pin in read_pins(STATIC_KERNEL_LOCK).items()
    }
    sources = sorted((ROOT / "site").glob("build_*.py"))
    assert {path.stem for path in sources} >= {"build_static", "build_tools", "build_downloads"}
    strings = [
        node.value
        for path in sources
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    pins_in_source = [s for s in strings if re.fullmatch(r"[A-Za-z0-9][\w.-]*(\[.*\])?==\S+", s)]
    assert pins_in_source == []


def test_make_lock_writes_the_static_site_s_locks(tmp_path: pathlib.Path) -> None:
    command = ["make", "-n", "lock", f"VENV={tmp_path / 'venv'}"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True, timeout=60)
    compiles = [line for line in done.stdout.splitlines() if "uv pip compile" in line]
    (build,) = [line for line in compiles if "-o requirements/static-build.txt" in line]
    assert "--generate-hashes" in build and "--python-version 3.11" in build
    assert "requirements/static-build.in -c requirements/test.txt" in build
    assert "site/build_static.py --lock-kernel" in done.stdout


def test_the_build_venv_installs_its_lock_and_is_made_again_when_it_changes(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock = tmp_path / "static-build.txt"
    lock.write_text(STATIC_BUILD_LOCK.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(build_tools, "BUILD_LOCK", lock)
    monkeypatch.setattr(build_tools, "BUILD", tmp_path / "build")
    monkeypatch.setattr(build_tools, "ROOT", tmp_path)
    commands: list[list[str]] = []

    def run(*args: str | pathlib.Path, **_: object) -> None:
        commands.append([str(a) for a in args])
        if args[1:3] == ("-m", "venv"):
            pathlib.Path(args[3]).mkdir(parents=True)

    monkeypatch.setattr(build_tools, "run", run)
    first = build_tools.build_venv()
    install = " ".join(commands[-1])
    assert (
        f"install --quiet --disable-pip-version-check --require-hashes --no-deps -r {lock}"
        in install
    )
    assert build_tools.build_venv() == first and len(commands) == 2, "the same lock: no new venv"
    lock.write_text(lock.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    second = build_tools.build_venv()
    assert second != first and len(commands) == 4
    assert not first.exists(), "the venv of the old lock is removed"


def test_a_kernel_wheel_is_taken_from_the_cache_only_with_its_locked_hash(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cached wheel whose sha256 the lock gives is used as it is; another file of the same
    name and version is not: pip downloads the wheel again, checking the lock's hashes."""
    cache = tmp_path / "cache"
    (cache / "wheels").mkdir(parents=True)
    wheel = build_wheels.placeholder_wheel("segno", cache / "wheels")
    lock = tmp_path / "static-kernel.txt"
    monkeypatch.setattr(build_tools, "CACHE", cache)
    monkeypatch.setattr(build_downloads, "KERNEL_LOCK", lock)
    downloads: list[list[str]] = []
    monkeypatch.setattr(
        build_tools, "run", lambda *args, **_: downloads.append(list(map(str, args)))
    )

    lock.write_text(f"segno==0.0.0 \\\n    --hash=sha256:{build_tools.sha256(wheel)}\n")
    assert build_downloads.kernel_wheels(tmp_path / "venv") == [wheel] and downloads == []

    lock.write_text(f"segno==0.0.0 --hash=sha256:{'0' * 64}\n")
    with pytest.raises(SystemExit, match=re.escape("pip did not download ['segno==0.0.0']")):
        build_downloads.kernel_wheels(tmp_path / "venv")
    (download,) = downloads
    assert {"download", "--require-hashes", "--no-deps", "--only-binary=:all:"} <= set(download)
