"""compose.yaml, without a Docker engine: read as text (no YAML parser is a dependency),
and what it configures checked by running it outside Docker: the bot processes'
settings load (their shard ranges together run every shard exactly once, on the shared
PostgreSQL database), their command and health check are real commands, and the proxy
and database they point at are the services beside them."""

from __future__ import annotations

import asyncio
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import SUBCOMMANDS
from bot.config import Settings, WebSettings
from bot.store.backend import open_database
from bot.store.errors import StoreError

REPO = Path(__file__).resolve().parents[1]
TEXT = (REPO / "compose.yaml").read_text(encoding="utf-8")


def block(name: str, text: str = TEXT) -> str:
    """The lines of a top-level (``name:``) or service (``  name:``) block."""
    match = re.search(rf"^( *){re.escape(name)}:.*\n((?:\1 +.*\n|\n)*)", text, flags=re.M)
    assert match is not None, name
    return match.group(2)


def values(text: str) -> dict[str, str]:
    """``KEY: value`` lines (quotes dropped; the compose file's ${VAR} substituted: a
    required one, ``${VAR:?...}``, as a secret; ``${VAR:-default}`` as its default, as
    when it is not set)."""
    found = dict(re.findall(r"^\s+([A-Z_]+): \"?([^\"\n]*)\"?$", text, flags=re.M))

    def substituted(m: re.Match[str]) -> str:
        return m[2] if m[2] is not None else f"secret-{m[1]}"

    return {k: re.sub(r"\$\{(\w+)(?::-([^}]*)|[^}]*)\}", substituted, v)
            for k, v in found.items()}


def bot_services() -> list[str]:
    return re.findall(r"^  (bot-[a-z]+):$", block("services"), flags=re.M)


def bot_env(service: str) -> dict[str, str]:
    return {**values(block("x-bot-env")), **values(block(service, block("services")))}


def test_the_bot_processes_run_every_shard_exactly_once() -> None:
    services = bot_services()
    assert len(services) >= 2
    plans = [Settings.from_env(bot_env(s), env_file=None).shards for s in services]
    counts = {plan.shard_count for plan in plans}
    assert len(counts) == 1 and all(plan.partial for plan in plans)
    [count] = counts
    run = sorted(shard for plan in plans for shard in plan.shard_ids)
    assert run == list(range(count or 0))  # every shard once
    assert [0 in plan.shard_ids for plan in plans].count(True) == 1  # one syncs commands
    settings = Settings.from_env(bot_env(services[0]), env_file=None)
    assert settings.process_count == len(services)


def test_the_bots_share_the_database_and_the_proxy_beside_them() -> None:
    env = bot_env("bot-a")
    database = values(block("db", block("services")))
    url = env["TAPP_DATABASE"]
    # the password is not spliced into the URL (a "/" or "+" in it would break it): the
    # driver reads it from PGPASSWORD, set from the database's own variable
    assert url == f"postgresql://{database['POSTGRES_USER']}@db:5432/{database['POSTGRES_DB']}"
    assert env["PGPASSWORD"] == database["POSTGRES_PASSWORD"] == "secret-POSTGRES_PASSWORD"
    uses = re.findall(r"^\s*([\w-]+):.*\$\{POSTGRES_PASSWORD", TEXT, flags=re.M)
    assert set(uses) == {"PGPASSWORD", "POSTGRES_PASSWORD"}  # in no URL
    proxy = values(block("nirn", block("services")))
    assert env["TAPP_API_BASE"] == f"http://nirn:{proxy['PORT']}/api/v10"
    assert "germanoeich/nirn-proxy" in block("nirn", block("services"))
    for service in ("db", "nirn", *bot_services()):
        assert "restart: unless-stopped" in block(service, block("services")) or (
            "<<: *bot" in block(service, block("services")))
    assert "restart: unless-stopped" in block("x-bot")


def test_the_bots_command_and_health_check_are_real_commands(tmp_path: Path) -> None:
    bot = block("x-bot")
    [command] = re.findall(r'command: \["(\w[\w-]*)"\]', bot)
    assert command in SUBCOMMANDS
    [health] = re.findall(r'test: \["CMD", "python", "-m", "bot", "(\w+)"\]', bot)
    assert health == "health"
    done = subprocess.run([sys.executable, "-m", "bot", health, "--file",
                           str(tmp_path / "none")], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and "no health file" in done.stderr  # runs, says why
    assert "service_healthy" in bot and 'pg_isready' in block("db", block("services"))


#: PostgreSQL's wire protocol, as much as a server needs to ask for a password
SSL_REQUEST, CLEARTEXT_PASSWORD = 80877103, 3


async def password_sent(url: str) -> tuple[str, str]:
    """(user, password) that the bot's store sends when it opens ``url`` pointing at
    HOST:PORT of a fake server started here (it asks for the password in clear text,
    notes it and refuses it)."""
    seen: list[tuple[str, str]] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            length, code = struct.unpack("!ii", await reader.readexactly(8))
            body = await reader.readexactly(length - 8)
            if code != SSL_REQUEST:
                break
            writer.write(b"N")  # no TLS here: go on in plain text
        fields = body.split(b"\0")
        user = fields[fields.index(b"user") + 1].decode()
        writer.write(b"R" + struct.pack("!ii", 8, CLEARTEXT_PASSWORD))
        await writer.drain()
        assert await reader.readexactly(1) == b"p"
        (length,) = struct.unpack("!i", await reader.readexactly(4))
        seen.append((user, (await reader.readexactly(length - 4)).rstrip(b"\0").decode()))
        error = b"SFATAL\0C28P01\0Mpassword authentication failed\0\0"
        writer.write(b"E" + struct.pack("!i", len(error) + 4) + error)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(StoreError):
            db = await open_database(url.replace("@db:5432/", f"@127.0.0.1:{port}/"))
            await db.close()
    finally:
        server.close()
    [sent] = seen
    return sent


@pytest.mark.parametrize("password", ["pa/ss+word@x:y%2F#?", "plain"])
async def test_the_database_password_reaches_postgres_whatever_its_characters(
        monkeypatch: pytest.MonkeyPatch, password: str) -> None:
    """The bots' settings from compose.yaml, with the password in PGPASSWORD as compose
    passes it: PostgreSQL gets it verbatim, whatever characters it holds."""
    env = {**bot_env("bot-a"), "PGPASSWORD": password}
    settings = Settings.from_env(env, env_file=None)
    assert isinstance(settings.database_path, str)
    monkeypatch.setenv("PGPASSWORD", env["PGPASSWORD"])
    assert await password_sent(settings.database_path) == ("tapp", password)


def services() -> list[str]:
    return re.findall(r"^  ([a-z][\w-]*):$", block("services"), flags=re.M)


def service(name: str) -> str:
    """A service's block, the x-bot anchor's lines in it for those that merge it."""
    text = block(name, block("services"))
    return text + block("x-bot") if "<<: *bot" in text else text


def test_every_image_is_pinned_to_an_exact_version() -> None:
    """No moving tag (main, latest, a bare major version): a release tag with its full
    version, or a digest; the bots' image is the one built here."""
    images = {name: re.findall(r"^\s+image: (\S+)$", service(name), flags=re.M)[0]
              for name in services()}
    assert set(images) == {"db", "nirn", "web", *bot_services()}
    for name, image in images.items():
        if name in (*bot_services(), "web"):
            assert image == "tapp-bot:compose"
            continue
        tag = image.rsplit(":", 1)[1] if "@sha256:" not in image else "digest"
        assert tag == "digest" or re.fullmatch(r"v?\d+\.\d+(\.\d+)?(-\w+)?", tag), image
    assert images["db"].startswith("postgres:16.")  # the data volume's major version
    assert images["nirn"].startswith("ghcr.io/germanoeich/nirn-proxy:v")


def test_the_image_is_built_once_and_run_by_every_bot() -> None:
    """One service builds it (two builds of the same image race and waste minutes); the
    others run that image and never pull a tapp-bot from a registry."""
    builds = [name for name in services() if re.search(r"^\s+build: ", service(name), re.M)]
    assert builds == [bot_services()[0]]
    assert "pull_policy: build" in block(builds[0], block("services"))
    assert "build:" not in block("x-bot")
    for name in (*bot_services()[1:], "web"):
        assert "pull_policy: never" in service(name)
        assert "build:" not in service(name)


def test_every_service_rotates_its_log() -> None:
    logging = block("x-logging")
    assert "driver: json-file" in logging
    assert re.search(r'max-size: "\d+m"', logging) and re.search(r'max-file: "\d+"', logging)
    for name in services():
        assert "logging: *logging" in service(name), name


def test_the_web_process_reads_the_bots_database_once_it_is_upgraded(
        tmp_path: Path) -> None:
    """The pages' process: the bots' database (no token: it never talks to Discord),
    started once the first bot process is healthy (it upgrades the schema the web
    process only reads), on the host's loopback, with a health check that asks its
    /healthz and is a real command."""
    web = service("web")
    env = values(block("environment", web))
    assert env["TAPP_DATABASE"] == bot_env("bot-a")["TAPP_DATABASE"]
    assert env["PGPASSWORD"] == bot_env("bot-a")["PGPASSWORD"]
    assert "DISCORD_TOKEN" not in env
    settings = WebSettings.from_env(env, env_file=None)
    assert settings.database_path == env["TAPP_DATABASE"] and settings.url is None
    [command] = re.findall(r'command: \["(\w[\w-]*)"\]', web)
    assert command == "web" and command in SUBCOMMANDS
    assert re.search(r"depends_on:\n\s+bot-a:\n\s+condition: service_healthy", web)
    [port] = re.findall(r'- "127\.0\.0\.1:(\d+):(?:\d+)"', web)
    assert int(port) == settings.port
    [health] = re.findall(r'test: \["CMD", "python", "-m", "bot", "health", "--port", '
                          r'"(\d+)"\]', web)
    assert int(health) == settings.port
    done = subprocess.run([sys.executable, "-m", "bot", "health", "--port", "1"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "no answer from http://127.0.0.1:1/healthz" in done.stderr
