"""Settings from the environment and an optional ``.env`` file, in one frozen object.

Variables (the real environment wins over ``.env``):

``DISCORD_TOKEN``          the bot token (required; never shown in ``repr`` or logs)
``TAPP_DATABASE``          SQLite file, default ``./data/tapp.sqlite3``, or a PostgreSQL URL
                           (``postgresql://user:password@host/dbname``)
``TAPP_DEV_GUILD_ID``      a guild to sync commands to instantly while developing
``TAPP_LOG_LEVEL``         ``DEBUG``, ``INFO`` (default), ``WARNING`` or ``ERROR``
``TAPP_RENDER_PROCESSES``  worker processes drawing the images (default: one per CPU the
                           process may use, a container's limit counted; ``0``: threads
                           of the bot's own process)
``TAPP_GLOBAL_RATE``       requests a second the bot allows itself with its token (default
                           45, under Discord's global limit of 50; raise it only if Discord
                           raised the bot's limit; ``0``: no pacing)
``TAPP_HEALTH_FILE``       a file the bot rewrites every 20 s with its state, for
                           ``python -m bot health`` (default: none)
``TAPP_API_BASE``          Discord's API root as the bot reaches it: a shared rate-limit
                           proxy's, e.g. ``http://nirn:8080/api/v10`` (default: Discord's)
``TAPP_PROCESS_COUNT``     processes of the bot sharing its token (default 1); without a
                           proxy each paces itself to its share of ``TAPP_GLOBAL_RATE``
``TAPP_METRICS_PORT``      the port of ``/healthz`` and ``/metrics`` (default: none, off)
``TAPP_METRICS_HOST``      the address they listen on (default ``127.0.0.1``)
``TAPP_LOG_FORMAT``        ``text`` (default) or ``json`` (one JSON object a line)
``TAPP_SHARD_COUNT``       the bot's number of shards (default: unsharded)
``TAPP_SHARDS``            the shards this process runs, e.g. ``0-3`` or ``0,2`` (default:
                           all of them); a process running some of the shards needs the
                           PostgreSQL store, which the other processes share
``TAPP_WEB_URL``           the address the web pages are reached at, e.g.
                           ``https://tapp.example.org`` (default: none; ``/tapp stats web`` then
                           says the pages are not served)

The web process (``python -m bot web``, :class:`WebSettings`) reads ``TAPP_DATABASE``,
``TAPP_LOG_LEVEL``, ``TAPP_LOG_FORMAT``, ``TAPP_WEB_URL`` and:

``TAPP_WEB_HOST``          the address it listens on (default ``127.0.0.1``)
``TAPP_WEB_PORT``          its port (default 8080)

and for signing in with Discord (:class:`SignInSettings`; all or none, see docs/web.md):

``TAPP_OAUTH_CLIENT_ID``      the application's OAuth2 client id
``TAPP_OAUTH_CLIENT_SECRET``  its client secret (never shown in ``repr`` or logs)
``TAPP_OAUTH_REDIRECT_URL``   the public address of ``/callback`` as registered in the
                              developer portal (default: ``TAPP_WEB_URL`` + ``/callback``)
``TAPP_SESSION_SECRET``       the key sessions are signed with (32 characters at least)
"""

from __future__ import annotations

import argparse
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bot.connection.shards import ShardError, ShardPlan

LOG_FORMATS = ("text", "json")
DEFAULT_DATABASE = Path("data/tapp.sqlite3")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(ValueError):
    """The configuration is missing or invalid; the message says which variable."""


#: token requests a second by default (:mod:`bot.connection.pacing`): Discord's 50, less a margin
#: (discord.py's own retries of a request refused for its route or failed with a 5xx go
#: out in the same slot)
DEFAULT_RATE = 45
#: the end of Discord's API root as discord.py speaks it (``discord.http.Route.BASE``)
API_VERSION_PATH = "/api/v10"


def share(rate: int, processes: int) -> int:
    """One of ``processes``' part of ``rate`` requests a second: rounded down (together
    they never exceed it), but at least 1 unless ``rate`` is 0 (unpaced)."""
    return max(1, rate // processes) if rate else 0


@dataclass(frozen=True)
class Settings:
    token: str = field(repr=False)
    database_path: Path | str = DEFAULT_DATABASE  # a str: a postgresql:// URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    render_processes: int | None = None  # None: one per usable CPU (bot.ops.cpus); 0: threads
    global_rate: int = DEFAULT_RATE  # token requests a second (bot.connection.pacing); 0: unpaced
    health_file: Path | None = None  # bot.cli.health: written while the bot runs
    api_base: str | None = None  # a rate-limit proxy's API root (None: Discord's)
    process_count: int = 1  # processes sharing the token (the pace's share)
    metrics_port: int | None = None  # /healthz and /metrics (None: off; 0: any free port)
    metrics_host: str = "127.0.0.1"
    log_format: str = "text"
    shards: ShardPlan = ShardPlan()  # the shards this process runs (bot.connection.shards)
    web_url: str | None = None  # where the web pages are (TAPP_WEB_URL; None: not served)

    def __post_init__(self) -> None:
        if not self.token.strip():
            raise ConfigError("DISCORD_TOKEN is empty")
        if self.render_processes is not None and not 0 <= self.render_processes <= 64:
            raise ConfigError("TAPP_RENDER_PROCESSES must be a number from 0 to 64")
        if not 0 <= self.global_rate <= 100_000:
            raise ConfigError("TAPP_GLOBAL_RATE must be a number from 0 to 100000")
        if self.log_level not in LOG_LEVELS:
            raise ConfigError(f"TAPP_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
        if not 1 <= self.process_count <= 1000:
            raise ConfigError("TAPP_PROCESS_COUNT must be a number from 1 to 1000")
        if self.metrics_port is not None and not 0 <= self.metrics_port <= 65535:
            raise ConfigError("TAPP_METRICS_PORT must be a port number (1 to 65535)")
        if self.log_format not in LOG_FORMATS:
            raise ConfigError(f"TAPP_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}")
        if self.api_base is not None:
            check_api_base(self.api_base)
        if self.web_url is not None:
            check_web_url(self.web_url)
        if self.shards.partial and not isinstance(self.database_path, str):
            raise ConfigError(
                f"this process would run {self.shards.describe()}, so other processes "
                "run the rest: that needs the PostgreSQL store they all share "
                "(TAPP_DATABASE=postgresql://...); with SQLite run every shard in one "
                "process")

    @property
    def pace_rate(self) -> int:
        """Token requests a second this process allows itself (0: unpaced): all of
        ``global_rate`` behind a proxy (it keeps the sum of the processes under the
        limit), else this process's share of it."""
        return share(self.global_rate, 1 if self.api_base else self.process_count)

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None,
                 env_file: Path | None = Path(".env"), *,
                 env_file_required: bool = False) -> Settings:
        """Read the variables from ``environ`` (default ``os.environ``) over ``env_file``
        (skipped when there is no such file, unless ``env_file_required``)."""
        values = ({} if env_file is None
                  else read_env_file(env_file, required=env_file_required))
        values.update(os.environ if environ is None else environ)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("DISCORD_TOKEN is not set (put it in the environment or in .env)")
        guild = _whole_number(values, "TAPP_DEV_GUILD_ID", "a guild id (digits)")
        workers = _whole_number(values, "TAPP_RENDER_PROCESSES", "a number from 0 to 64")
        rate = _whole_number(values, "TAPP_GLOBAL_RATE", "a number from 0 to 100000")
        health = values.get("TAPP_HEALTH_FILE", "").strip()
        processes = _whole_number(values, "TAPP_PROCESS_COUNT", "a number from 1 to 1000")
        port = _whole_number(values, "TAPP_METRICS_PORT", "a port number (1 to 65535)")
        try:
            shards = ShardPlan.parse(values.get("TAPP_SHARDS"), values.get("TAPP_SHARD_COUNT"))
        except ShardError as error:
            raise ConfigError(f"TAPP_SHARDS/TAPP_SHARD_COUNT: {error}") from None
        return cls(
            token=token,
            database_path=_database(values),
            dev_guild_id=guild,
            log_level=values.get("TAPP_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            render_processes=workers,
            global_rate=DEFAULT_RATE if rate is None else rate,
            health_file=Path(health) if health else None,
            api_base=values.get("TAPP_API_BASE", "").strip().rstrip("/") or None,
            process_count=1 if processes is None else processes,
            metrics_port=port,
            metrics_host=values.get("TAPP_METRICS_HOST", "").strip() or "127.0.0.1",
            log_format=values.get("TAPP_LOG_FORMAT", "").strip().lower() or "text",
            shards=shards,
            web_url=_web_url(values),
        )


#: the web process's port unless ``TAPP_WEB_PORT`` says otherwise
DEFAULT_WEB_PORT = 8080


#: Discord's authorization URL and API root (its OAuth2 page's "OAuth2 URLs")
DISCORD_AUTHORIZE_URL = "https://discord.com/oauth2/authorize"
DISCORD_API_BASE = "https://discord.com/api/v10"
#: seconds a web session lasts (the cookie's ``Max-Age`` and the expiry signed into it)
SESSION_LIFETIME_S = 7 * 24 * 3600
#: the session secret's least length (characters): 32 random bytes' worth of base64
MIN_SECRET_LENGTH = 32


@dataclass(frozen=True)
class SignInSettings:
    """The web process's OAuth2 client: from the developer portal's OAuth2 page (client
    id and secret, the redirect URL registered there), and the key that signs sessions.

    ``redirect_url`` is the public address of this site's ``/callback`` (behind a
    reverse proxy: the proxy's https address); an https one makes the cookies
    ``Secure``. ``authorize_url`` and ``api_base`` are Discord's unless a test points
    them at the stand-in."""

    client_id: str
    client_secret: str = field(repr=False)
    redirect_url: str
    session_secret: str = field(repr=False)
    authorize_url: str = DISCORD_AUTHORIZE_URL
    api_base: str = DISCORD_API_BASE
    session_lifetime_s: int = SESSION_LIFETIME_S

    def __post_init__(self) -> None:
        if not self.client_id.isdigit():
            raise ConfigError("TAPP_OAUTH_CLIENT_ID must be the application's id (digits)")
        if not self.client_secret.strip():
            raise ConfigError("TAPP_OAUTH_CLIENT_SECRET is empty")
        parts = urlsplit(self.redirect_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError("TAPP_OAUTH_REDIRECT_URL must be the http(s) address of the "
                              "site's /callback, as registered in the developer portal")
        if len(self.session_secret) < MIN_SECRET_LENGTH:
            raise ConfigError(f"TAPP_SESSION_SECRET must be at least {MIN_SECRET_LENGTH} "
                              "characters (e.g. `python3 -c 'import secrets; "
                              "print(secrets.token_urlsafe(32))'`)")
        if self.session_lifetime_s <= 0:
            raise ConfigError("the session lifetime must be positive")

    @property
    def secure(self) -> bool:
        """The site is served over https: its cookies are ``Secure``."""
        return urlsplit(self.redirect_url).scheme == "https"

    @classmethod
    def from_env(cls, values: Mapping[str, str], web_url: str | None = None
                 ) -> SignInSettings | None:
        """From ``TAPP_OAUTH_CLIENT_ID``, ``TAPP_OAUTH_CLIENT_SECRET``,
        ``TAPP_OAUTH_REDIRECT_URL`` (default: ``web_url`` + ``/callback``) and
        ``TAPP_SESSION_SECRET`` (None when none is set: no sign-in, members-only pages
        refuse everybody); one set without the others is a :class:`ConfigError` naming
        the missing ones."""
        names = ("TAPP_OAUTH_CLIENT_ID", "TAPP_OAUTH_CLIENT_SECRET", "TAPP_OAUTH_REDIRECT_URL",
                 "TAPP_SESSION_SECRET")
        given = {name: values.get(name, "").strip() for name in names}
        if not any(given.values()):
            return None
        if not given["TAPP_OAUTH_REDIRECT_URL"] and web_url:
            given["TAPP_OAUTH_REDIRECT_URL"] = f"{web_url}/callback"
        missing = [name for name, value in given.items() if not value]
        if missing:
            raise ConfigError(f"signing in needs {', '.join(missing)} too (or none of "
                              f"{', '.join(names)}; the redirect URL may come from "
                              "TAPP_WEB_URL)")
        return cls(client_id=given["TAPP_OAUTH_CLIENT_ID"],
                   client_secret=given["TAPP_OAUTH_CLIENT_SECRET"],
                   redirect_url=given["TAPP_OAUTH_REDIRECT_URL"],
                   session_secret=given["TAPP_SESSION_SECRET"])


@dataclass(frozen=True)
class WebSettings:
    """What ``python -m bot web`` reads: the bot's database (it only reads it), where it
    listens, the address its pages are reached at, and its logging. No Discord token:
    the web process never speaks to Discord's gateway."""

    database_path: Path | str = DEFAULT_DATABASE
    host: str = "127.0.0.1"
    port: int = DEFAULT_WEB_PORT  # 0: any free port
    url: str | None = None  # TAPP_WEB_URL (None: the pages link relative to themselves)
    sign_in: SignInSettings | None = None  # signing in with Discord (None: nobody can)
    log_level: str = "INFO"
    log_format: str = "text"

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise ConfigError("TAPP_WEB_PORT must be a port number (1 to 65535)")
        if not self.host:
            raise ConfigError("TAPP_WEB_HOST is empty")
        if self.url is not None:
            check_web_url(self.url)
        if self.log_level not in LOG_LEVELS:
            raise ConfigError(f"TAPP_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
        if self.log_format not in LOG_FORMATS:
            raise ConfigError(f"TAPP_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}")

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None,
                 env_file: Path | None = Path(".env"), *,
                 env_file_required: bool = False) -> WebSettings:
        """As :meth:`Settings.from_env` reads them (the environment over ``env_file``)."""
        values = ({} if env_file is None
                  else read_env_file(env_file, required=env_file_required))
        values.update(os.environ if environ is None else environ)
        port = _whole_number(values, "TAPP_WEB_PORT", "a port number (1 to 65535)")
        return cls(
            database_path=_database(values),
            host=values.get("TAPP_WEB_HOST", "").strip() or "127.0.0.1",
            port=DEFAULT_WEB_PORT if port is None else port,
            url=_web_url(values),
            sign_in=SignInSettings.from_env(values, _web_url(values)),
            log_level=values.get("TAPP_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            log_format=values.get("TAPP_LOG_FORMAT", "").strip().lower() or "text",
        )


def _web_url(values: Mapping[str, str]) -> str | None:
    return values.get("TAPP_WEB_URL", "").strip().rstrip("/") or None


def check_web_url(url: str) -> None:
    """``url`` must be an http(s) address with a host and no query or fragment (the
    pages' paths are added to it)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment:
        raise ConfigError("TAPP_WEB_URL must be the http(s) address the web pages are "
                          f"reached at, e.g. https://tapp.example.org, not {url!r}")


def _database(values: Mapping[str, str]) -> Path | str:
    try:
        return database_location(values.get("TAPP_DATABASE", ""))
    except ConfigError as error:
        raise ConfigError(f"TAPP_DATABASE: {error}") from None


def _whole_number(values: Mapping[str, str], name: str, meaning: str) -> int | None:
    """The variable ``name`` as a whole number (None: not set); a :class:`ConfigError`
    ("``name`` must be ``meaning``") when it is not digits."""
    text = values.get(name, "").strip()
    if text and not text.isdigit():
        raise ConfigError(f"{name} must be {meaning}")
    return int(text) if text else None


def check_api_base(url: str) -> None:
    """``url`` must be an http(s) URL of Discord's API root (ending ``/api/v10``)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname \
            or not parts.path.endswith(API_VERSION_PATH):
        raise ConfigError(f"TAPP_API_BASE must be an http(s) URL ending {API_VERSION_PATH}"
                          f" (the proxy's Discord API root, e.g. http://nirn:8080"
                          f"{API_VERSION_PATH}), not {url!r}")


#: ``scheme://`` at the start of a database location: a URL, not a file's path
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+)://")


def database_location(text: str) -> Path | str:
    """A ``postgresql://`` URL as it is; anything else an SQLite file (empty: the default).

    A URL of another kind (``mysql://...``) is a :class:`ConfigError`: naming the scheme
    only, since the rest may hold a password."""
    text = text.strip()
    if text.startswith(("postgresql://", "postgres://")):
        return text
    scheme = _SCHEME.match(text)
    if scheme is not None and scheme[1].lower() != "file":  # file: is an SQLite URI
        raise ConfigError(f"{scheme[1]}:// databases are not supported: give an SQLite "
                          "file's path or a postgresql:// URL")
    return Path(text or DEFAULT_DATABASE)


def database_option(text: str) -> Path | str:
    """:func:`database_location` as an argparse ``type`` (a database option's usage error
    is one line, exit status 2)."""
    try:
        return database_location(text)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def read_env_file(path: Path, *, required: bool = False) -> dict[str, str]:
    """``KEY=VALUE`` lines; blank lines, ``#`` comments (a whole line, or after a value and
    a space), ``export`` and quotes allowed.

    Unless ``required`` (a file the user named), a missing file reads as empty, and so
    does a directory (a virtual environment may be called ``.env``).
    """
    if not required and not path.is_file():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"env file {path} does not exist") from None
    except IsADirectoryError:
        raise ConfigError(f"env file {path} is a directory, not a file") from None
    except OSError as error:
        raise ConfigError(f"cannot read env file {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"env file {path} is not UTF-8 text") from None
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{path}:{number}: expected KEY=VALUE")
        values[key.strip()] = _env_value(value)
    return values


def _env_value(text: str) -> str:
    """A ``.env`` value as dotenv reads it: a quoted value is what is between its quotes
    (a ``#`` in it kept, a `` # comment`` after it dropped); an unquoted one ends before
    a ``#`` that follows a space (``KEY=value # comment``; ``KEY= # comment`` is empty)."""
    text = re.sub(r"^\s+#.*", "", text).strip()
    if text[:1] in ("'", '"'):
        end = text.find(text[0], 1)
        rest = text[end + 1:].strip() if end > 0 else ""
        if end > 0 and (not rest or rest.startswith("#")):
            return text[1:end]
    return re.split(r"\s#", text, maxsplit=1)[0].rstrip()
