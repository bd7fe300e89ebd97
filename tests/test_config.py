"""Settings from the environment and .env; the token stays out of repr and logs."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import pytest

from bot.config import (
    DEFAULT_DATABASE,
    ConfigError,
    Settings,
    database_location,
    read_env_file,
)
from bot.logs import RedactFilter, setup_logging


def test_defaults_from_a_minimal_environment(tmp_path: Path) -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "abc.def"}, env_file=tmp_path / "none")
    assert settings.token == "abc.def"
    assert settings.database_path == DEFAULT_DATABASE == Path("data/tapp.sqlite3")
    assert settings.dev_guild_id is None and settings.log_level == "INFO"
    assert settings.render_processes is None  # one image worker per core
    assert settings.global_rate == 45  # under Discord's global 50 a second


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# local settings\n"
        "export DISCORD_TOKEN='from-file'\n"
        'TAPP_DATABASE="/var/lib/tapp/db.sqlite3"\n'
        "TAPP_DEV_GUILD_ID=123456789\n\n"
        "TAPP_LOG_LEVEL=debug\nTAPP_RENDER_PROCESSES=0\nTAPP_GLOBAL_RATE=0\n",
        encoding="utf-8",
    )
    settings = Settings.from_env({"DISCORD_TOKEN": "from-env"}, env_file=env)
    assert settings.token == "from-env"
    assert settings.database_path == Path("/var/lib/tapp/db.sqlite3")
    assert settings.dev_guild_id == 123456789 and settings.log_level == "DEBUG"
    assert settings.render_processes == 0  # threads
    assert settings.global_rate == 0  # unpaced
    assert read_env_file(env)["DISCORD_TOKEN"] == "from-file"


def test_env_file_comments_after_a_value_are_dropped_as_dotenv_does(tmp_path: Path) -> None:
    """An unquoted value ends before `` #``; a quoted one is what is between its quotes
    (its ``#`` kept), a comment after the closing quote dropped."""
    env = tmp_path / ".env"
    env.write_text(
        "DISCORD_TOKEN=abc.def  # from the Developer Portal\n"
        "TAPP_LOG_LEVEL=debug # while trying it\n"
        "PLAIN=a#b\n"
        'QUOTED="x # y" # the quotes keep the hash\n'
        "SINGLE='p # q'\n"
        'UNCLOSED="x # y\n'
        "EMPTY= # nothing\n",
        encoding="utf-8",
    )
    assert read_env_file(env) == {"DISCORD_TOKEN": "abc.def", "TAPP_LOG_LEVEL": "debug",
                                  "PLAIN": "a#b", "QUOTED": "x # y", "SINGLE": "p # q",
                                  "UNCLOSED": '"x', "EMPTY": ""}
    settings = Settings.from_env({}, env_file=env)
    assert settings.token == "abc.def" and settings.log_level == "DEBUG"


@pytest.mark.parametrize("location", ["mysql://x@y/z", "sqlite://data/t.db",
                                      "MySQL://u:secret@host/db", "redis://h"])
def test_a_database_url_of_another_kind_is_refused(location: str, tmp_path: Path) -> None:
    """Not "no database at mysql:/x@y/z": the scheme named (and nothing after it, where a
    password may be)."""
    scheme = location.split(":", 1)[0]
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_DATABASE": location},
                          env_file=tmp_path / "none")
    assert str(refused.value) == (f"TAPP_DATABASE: {scheme}:// databases are not supported:"
                                  " give an SQLite file's path or a postgresql:// URL")


def test_database_locations_that_are_files_or_postgresql() -> None:
    assert database_location("") == DEFAULT_DATABASE
    assert database_location(" data/x.sqlite3 ") == Path("data/x.sqlite3")
    assert database_location("file:x.db?mode=ro") == Path("file:x.db?mode=ro")
    assert database_location("postgres://h/db") == "postgres://h/db"


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "TAPP_DEV_GUILD_ID": "guild"}, "TAPP_DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "t", "TAPP_LOG_LEVEL": "chatty"}, "TAPP_LOG_LEVEL"),
        ({"DISCORD_TOKEN": "t", "TAPP_RENDER_PROCESSES": "many"}, "TAPP_RENDER_PROCESSES"),
        ({"DISCORD_TOKEN": "t", "TAPP_RENDER_PROCESSES": "65"}, "TAPP_RENDER_PROCESSES"),
        ({"DISCORD_TOKEN": "t", "TAPP_GLOBAL_RATE": "-1"}, "TAPP_GLOBAL_RATE"),
        ({"DISCORD_TOKEN": "t", "TAPP_GLOBAL_RATE": "100001"}, "TAPP_GLOBAL_RATE"),
        ({"DISCORD_TOKEN": "t", "TAPP_PROCESS_COUNT": "0"}, "TAPP_PROCESS_COUNT"),
        ({"DISCORD_TOKEN": "t", "TAPP_PROCESS_COUNT": "two"}, "TAPP_PROCESS_COUNT"),
        ({"DISCORD_TOKEN": "t", "TAPP_METRICS_PORT": "http"}, "TAPP_METRICS_PORT"),
        ({"DISCORD_TOKEN": "t", "TAPP_METRICS_PORT": "70000"}, "TAPP_METRICS_PORT"),
        ({"DISCORD_TOKEN": "t", "TAPP_LOG_FORMAT": "xml"}, "TAPP_LOG_FORMAT"),
        ({"DISCORD_TOKEN": "t", "TAPP_API_BASE": "http://nirn:8080"}, "ending /api/v10"),
        ({"DISCORD_TOKEN": "t", "TAPP_API_BASE": "nirn/api/v10"}, "TAPP_API_BASE"),
        ({"DISCORD_TOKEN": "t", "TAPP_API_BASE": "ftp://nirn/api/v10"}, "TAPP_API_BASE"),
    ],
)
def test_bad_configuration_is_explained(
    environ: dict[str, str], message: str, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(environ, env_file=tmp_path / "none")


def test_the_settings_of_several_processes_and_the_operators_view(tmp_path: Path) -> None:
    settings = Settings.from_env({
        "DISCORD_TOKEN": "t", "TAPP_API_BASE": "http://nirn:8080/api/v10/",
        "TAPP_PROCESS_COUNT": "2", "TAPP_METRICS_PORT": "9100",
        "TAPP_METRICS_HOST": "0.0.0.0", "TAPP_LOG_FORMAT": "JSON"}, env_file=tmp_path / "none")
    assert settings.api_base == "http://nirn:8080/api/v10"  # as discord.py's Route.BASE
    assert settings.process_count == 2
    assert (settings.metrics_port, settings.metrics_host) == (9100, "0.0.0.0")
    assert settings.log_format == "json"
    default = Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=tmp_path / "none")
    assert (default.api_base, default.process_count, default.metrics_port,
            default.metrics_host, default.log_format) == (None, 1, None, "127.0.0.1", "text")


def test_settings_are_frozen_and_hide_the_token() -> None:
    settings = Settings(token="very-secret-token")
    assert "very-secret-token" not in repr(settings) and "very-secret-token" not in str(settings)
    with pytest.raises(AttributeError):
        settings.token = "other"  # type: ignore[misc]


def test_logs_redact_the_token() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactFilter("very-secret-token"))
    logger = logging.getLogger("tests.redact")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("header was %s", "Bot very-secret-token")
    finally:
        logger.removeHandler(handler)
    assert stream.getvalue().strip() == "header was Bot [redacted]"


def test_setup_logging_installs_one_handler() -> None:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    try:
        handler = setup_logging(logging.WARNING, secret="s3cret")
        assert root.handlers == [handler] and root.level == logging.WARNING
    finally:
        root.handlers[:] = saved
        root.setLevel(level)


def test_a_postgresql_url_is_kept_as_a_url(tmp_path: Path) -> None:
    url = "postgresql://tapp:pw@db.example:5432/tapp"
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_DATABASE": f" {url} "},
                                 env_file=tmp_path / "none")
    assert settings.database_path == url  # not a Path: "//" would collapse
    other = Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_DATABASE": "x/y.sqlite3"},
                              env_file=tmp_path / "none")
    assert other.database_path == Path("x/y.sqlite3")


def test_a_database_newer_than_the_bot_stops_it_with_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import run as runner
    from bot.store import SchemaTooNew

    async def newer(settings: Settings, **_: object) -> None:
        raise SchemaTooNew("the database has schema version 12; this bot knows up to 9")

    monkeypatch.setattr(runner, "serve", newer)
    monkeypatch.setattr(runner, "setup_logging", lambda *a, **k: None)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("TAPP_DATABASE", "postgresql://tapp:s3cret@db.example/tapp")
    assert runner.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "s3cret" not in err
    assert err.startswith("cannot use the database postgresql://tapp:***@db.example/tapp:"
                          " the database has schema version 12; this bot knows up to 9")


def test_the_web_process_needs_no_token_and_listens_on_loopback(tmp_path: Path) -> None:
    from bot.config import DEFAULT_WEB_PORT, WebSettings

    web = WebSettings.from_env({}, env_file=tmp_path / "none")
    assert (web.host, web.port, web.url) == ("127.0.0.1", DEFAULT_WEB_PORT, None)
    assert web.database_path == DEFAULT_DATABASE
    env = tmp_path / ".env"
    env.write_text("TAPP_WEB_PORT=9000\nTAPP_WEB_URL=https://tapp.example.org/\n"
                   "TAPP_WEB_HOST=0.0.0.0\n", encoding="utf-8")
    web = WebSettings.from_env({"TAPP_WEB_PORT": "9001"}, env_file=env)
    assert (web.host, web.port, web.url) == ("0.0.0.0", 9001, "https://tapp.example.org")


@pytest.mark.parametrize(("name", "value", "says"), [
    ("TAPP_WEB_PORT", "http", "TAPP_WEB_PORT must be a port number"),
    ("TAPP_WEB_PORT", "65536", "TAPP_WEB_PORT must be a port number"),
    ("TAPP_WEB_URL", "tapp.example.org", "TAPP_WEB_URL must be the http(s) address"),
    ("TAPP_WEB_URL", "ftp://tapp.example.org", "TAPP_WEB_URL must be the http(s) address"),
    ("TAPP_WEB_URL", "https://tapp.example.org/?x=1", "TAPP_WEB_URL must be the http(s)"),
    ("TAPP_LOG_LEVEL", "loud", "TAPP_LOG_LEVEL must be one of"),
])
def test_a_bad_web_setting_is_named(tmp_path: Path, name: str, value: str, says: str) -> None:
    from bot.config import WebSettings

    with pytest.raises(ConfigError, match=re.escape(says)):
        WebSettings.from_env({name: value}, env_file=tmp_path / "none")


def test_the_bot_reads_where_the_web_pages_are(tmp_path: Path) -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_WEB_URL": "http://h:8080/"},
                                 env_file=tmp_path / "none")
    assert settings.web_url == "http://h:8080"
    assert Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=tmp_path / "none").web_url is None
    with pytest.raises(ConfigError, match="TAPP_WEB_URL"):
        Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_WEB_URL": "h"},
                          env_file=tmp_path / "none")
