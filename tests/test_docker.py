"""The Docker image, without a Docker engine: its instructions are read, and what they
build is rebuilt outside Docker (the files it copies, installed as its ``pip install``
does) and run as the image runs it. Every command ``python -m bot --help`` lists starts
there, the demo plays with no token, the HEALTHCHECK is a real command, and the
dependencies come from the lock file that CI installs from too."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bench import BENCHMARKS
from bot.__main__ import SUBCOMMANDS

REPO = Path(__file__).resolve().parents[1]
LOCKS = REPO / "requirements"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", (REPO / "Dockerfile").read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines()]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1])
            for line in lines if line and not line.startswith("#")]


def of(kind: str) -> list[str]:
    return [args for instruction, args in instructions() if instruction == kind]


def env() -> dict[str, str]:
    found: dict[str, str] = {}
    for args in of("ENV"):
        found.update(dict(part.split("=", 1) for part in shlex.split(args)))
    return found


#: a pin of a universal lock: ``name==version``, its environment markers if any, then
#: its hashes on the lines that follow
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)(?: ; ([^\\\n]+))? \\$", flags=re.M)


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned(lock: Path) -> dict[str, str]:
    """name -> version of a lock (every line with its hashes)."""
    text = lock.read_text(encoding="utf-8")
    pins = {name: version for name, version, _markers in PIN.findall(text)}
    assert len(pins) == len(re.findall(r"^\S+==", text, flags=re.M))  # each with hashes
    return {normal(name): version for name, version in pins.items()}


def markers(lock: Path) -> dict[str, str]:
    """name -> environment markers of the lock's pins that have some."""
    return {normal(name): marks
            for name, _version, marks in PIN.findall(lock.read_text(encoding="utf-8"))
            if marks}


def requirement_name(spec: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0]).lower()


def test_the_image_copies_every_package_the_project_installs() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {name.rstrip("*") for name in project["tool"]["setuptools"]["packages"]["find"]
                ["include"]}
    copied = {shlex.split(args)[0].rstrip("/") for args in of("COPY")}
    assert packages <= copied, packages - copied


def test_the_dependencies_come_from_the_lock_that_ci_uses() -> None:
    runs = " ".join(of("RUN"))
    assert "pip install --require-hashes -r requirements/bot.txt" in runs
    assert "pip install --no-deps ." in runs  # the project only: nothing unlocked
    ci = (REPO / ".ci" / "test").read_text(encoding="utf-8")
    assert "pip install --quiet --require-hashes -r requirements/test.txt" in ci
    assert "pip install --quiet --no-deps -e '.[test]'" in ci
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    bot, test = pinned(LOCKS / "bot.txt"), pinned(LOCKS / "test.txt")
    for spec in project["dependencies"]:
        assert requirement_name(spec) in bot, spec
    for spec in project["optional-dependencies"]["test"]:
        assert requirement_name(spec) in test, spec
    # what the image runs on is what the tests ran on
    assert {name: test[name] for name in bot} == bot


def supported_pythons() -> list[str]:
    """The versions ``.ci/pythons`` installs the lock on (its SUPPORTED list)."""
    [listed] = re.findall(r"^SUPPORTED=\(([^)]*)\)$",
                          (REPO / ".ci" / "pythons").read_text(encoding="utf-8"), flags=re.M)
    return listed.split()


def test_one_lock_for_every_supported_python() -> None:
    """The locks are universal (uv's ``--universal``: a dependency that only some Pythons
    need is pinned under its environment marker), resolved from the oldest Python that
    ``requires-python`` admits; CI installs them on each supported Python."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    oldest = re.fullmatch(r">=(3\.\d+)", project["requires-python"])
    assert oldest is not None
    for lock in (LOCKS / "bot.txt", LOCKS / "test.txt"):
        [command] = re.findall(r"^#\s+(uv pip compile .*)$",
                               lock.read_text(encoding="utf-8"), flags=re.M)
        options = shlex.split(command)
        assert {"--universal", "--generate-hashes"} <= set(options), command
        assert options[options.index("--python-version") + 1] == oldest[1]
        assert options[options.index("-o") + 1] == f"requirements/{lock.name}"
        # discord.py needs audioop-lts from Python 3.13 on (audioop left the stdlib)
        assert markers(lock)["audioop-lts"] == "python_full_version >= '3.13'"
    supported = supported_pythons()
    assert supported[0] == oldest[1] and supported[-1] == "3.13", supported
    assert [int(v.split(".")[1]) for v in supported] == list(
        range(int(supported[0].split(".")[1]), int(supported[-1].split(".")[1]) + 1))
    # CI runs it, and before the test suite
    run = [line for line in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
           if line and not line.startswith("#")]
    assert run.index("bash .ci/pythons") < run.index("exec bash .ci/test")


def test_the_base_image_is_an_exact_release_of_a_supported_python() -> None:
    """``python:3.11-slim`` moves under the image with every release; an exact version
    (or a digest) builds on the same Python until someone moves it on purpose."""
    [base] = of("FROM")
    match = re.fullmatch(r"python:(3\.\d+)\.\d+-slim-[a-z]+(@sha256:[0-9a-f]{64})?", base)
    assert match is not None, base
    assert match[1] in supported_pythons()
    assert "docs/dependencies.md" in (REPO / "Dockerfile").read_text(encoding="utf-8")
    assert f"`{base}`" in (REPO / "docs" / "dependencies.md").read_text(encoding="utf-8")


def test_the_image_has_a_folder_for_what_commands_write() -> None:
    """/out: made in the image and the image's user's (a new named volume takes its
    owner), not a VOLUME (each run would leave an anonymous volume behind)."""
    [build] = [args for args in of("RUN") if "useradd" in args]
    steps = [step.strip() for step in build.split("&&")]
    user = shlex.split(next(s for s in steps if s.startswith("useradd")))[-1]
    assert "/out" in shlex.split(next(s for s in steps if s.startswith("mkdir -p")))
    assert "/out" in shlex.split(next(s for s in steps if s.startswith(f"chown {user}:")))
    assert of("USER") == [user]
    assert all("/out" not in args for args in of("VOLUME"))




def test_the_image_has_a_healthcheck_that_is_a_real_command() -> None:
    [check] = of("HEALTHCHECK")
    command = check.split("CMD", 1)[1].strip()
    assert command == '["python", "-m", "bot", "health"]'
    assert "health" in SUBCOMMANDS
    assert env()["TAPP_HEALTH_FILE"]  # the bot writes it, health reads it
    assert of("ENTRYPOINT") == ['["python", "-m", "bot"]']


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The image's /app as its COPY lines fill it, installed as its pip install does
    (into a folder of its own, as site-packages): the path to put first on sys.path."""
    root = tmp_path_factory.mktemp("image")
    app = root / "app"
    for args in of("COPY"):
        *sources, target = shlex.split(args)
        for source in sources:
            destination = app / target if target.endswith("/") or len(sources) > 1 else (
                app / target)
            if (REPO / source).is_dir():
                shutil.copytree(REPO / source, destination,  # as .dockerignore leaves
                                ignore=shutil.ignore_patterns("__pycache__", "*.so"))
            else:
                destination = destination / Path(source).name if target.endswith(
                    "/") else destination
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(REPO / source, destination)
    site = root / "site-packages"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(site), str(app)],
                   check=True, capture_output=True, timeout=600)
    return site


#: runs ``python -m bot ARGS`` with only the installed image on the path (not this
#: checkout, which the test environment has installed in editable mode)
ONLY_THE_IMAGE = """
import os, runpy, sys
site, repo, *sys.argv[1:] = sys.argv[1:]
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
sys.path[:] = [site] + [p for p in sys.path if p and os.path.abspath(p) != repo]
"""
IN_IMAGE = ONLY_THE_IMAGE + """
sys.argv[0] = "bot"
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""
#: runs ``python -c CODE`` (its one argument) with only the installed image on the path
CODE_IN_IMAGE = ONLY_THE_IMAGE + "exec(sys.argv[1])\n"


def run_in_image(site: Path, args: list[str], home: Path,
                 timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` as the image's ENTRYPOINT runs it: in the user's home, with
    the image's environment (its /data and /tmp under ``home``), no token."""
    variables = {k: v.replace("/data/", f"{home}/data/").replace("/tmp/", f"{home}/tmp/")
                 for k, v in env().items()}
    environ = {k: v for k, v in os.environ.items()
               if k != "DISCORD_TOKEN" and not k.startswith("TAPP_")}
    return subprocess.run([sys.executable, "-c", IN_IMAGE, str(site), str(REPO), *args], cwd=home,
                          env={**environ, **variables, "HOME": str(home)},
                          capture_output=True, text=True, timeout=timeout, check=False)


def test_every_command_the_image_lists_starts_there(image: Path, tmp_path: Path) -> None:
    listed = run_in_image(image, ["--help"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    commands = [[name] for name in SUBCOMMANDS] + [["bench", n] for n in BENCHMARKS]
    for command in commands:
        assert f"\n  {command[-1]} " in listed.stdout or command[0] == "bench"
        proc = run_in_image(image, [*command, "--help"], tmp_path)
        assert proc.returncode == 0, (command, proc.stderr[-2000:])
        assert "Traceback" not in proc.stderr


def python_in_image(site: Path, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CODE_IN_IMAGE, str(site), str(REPO), code],
                          cwd=cwd, capture_output=True, text=True, timeout=60, check=False)


def test_the_image_is_plain_python(image: Path, tmp_path: Path) -> None:
    """Nothing compiled: no C compiler in the image's build, no extension module in what
    it installs, the engine's modules imported from their source."""
    assert not any(word in " ".join(of("RUN")).split() for word in ("gcc", "libc6-dev"))
    assert sorted(image.rglob("*.so")) == [] and sorted(image.rglob("*.pyd")) == []
    show = "from bot.engine import playout; print(playout.__file__)"
    proc = python_in_image(image, show, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == str(image / "bot" / "engine" / "playout.py")


#: a documented run of a command that writes files: as the host's user, a folder of the
#: host's bound at the image's /out (its name, then the arguments after the image's)
OUT_RUN = re.compile(r'docker run --rm --user "\$\(id -u\):\$\(id -g\)" '
                     r'-v "\$PWD/([\w-]+):/out" tapp-bot (.+)')


def documented_out_runs() -> list[tuple[str, list[str]]]:
    """(host folder, arguments) of docs/self-hosting.md's runs that write to /out, each
    after the ``mkdir -p`` of its folder (else Docker makes it, owned by root)."""
    lines = [line.strip() for line in
             (REPO / "docs" / "self-hosting.md").read_text(encoding="utf-8").splitlines()]
    runs = []
    for number, line in enumerate(lines):
        if (match := OUT_RUN.fullmatch(line)) is not None:
            assert lines[number - 1] == f"mkdir -p {match[1]}", line
            runs.append((match[1], shlex.split(match[2])))
    return runs


def test_the_documented_runs_write_to_the_mounted_folder_only(image: Path,
                                                              tmp_path: Path) -> None:
    """demo and render-gallery as the guide runs them: what they write lands in the folder
    bound at /out, and nothing in the container's own (home) folder, which --rm drops.
    The demo plays with no token (one deal a table here, to be quick)."""
    runs = dict((args[0], (folder, args)) for folder, args in documented_out_runs())
    assert set(runs) == {"demo", "render-gallery"}
    home = tmp_path / "home"
    home.mkdir()
    said = {}
    for command, (folder, args) in runs.items():
        out = tmp_path / folder
        out.mkdir()
        extra = ["--deals", "1"] if command == "demo" else []
        proc = run_in_image(image, [str(out) if a == "/out" else a for a in args] + extra,
                            home, timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "Traceback" not in proc.stderr
        said[command] = proc.stdout
    assert "played 4 tables" in said["demo"]
    demo = tmp_path / runs["demo"][0]
    assert (demo / "transcript.txt").is_file()
    assert len(list((demo / "images").iterdir())) > 20
    assert (tmp_path / runs["render-gallery"][0] / "index.html").is_file()
    assert sorted(home.rglob("*")) == []


def test_the_healthcheck_runs_in_the_image(image: Path, tmp_path: Path) -> None:
    """Before the bot has written its file: unhealthy, one line (Docker shows it)."""
    proc = run_in_image(image, ["health"], tmp_path)
    assert proc.returncode == 1
    [line] = proc.stderr.splitlines()
    assert line == (f"no health file at {tmp_path}/tmp/tapp-health: the bot has not "
                    "started (yet)")
