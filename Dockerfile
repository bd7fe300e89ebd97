# The Tapp bot: `docker build -t tapp-bot .` then
#   docker run -d --restart unless-stopped --name tapp -e DISCORD_TOKEN=... -v tapp-data:/data \
#     --log-opt max-size=10m --log-opt max-file=3 tapp-bot
# No secrets are baked in: the token comes from the environment at run time.
# Every command of `python -m bot --help` works in the image. Those that write files
# (demo, render-gallery) write them to /out, a folder for a volume or a bind mount (as
# your own user, so that the files are yours and the folder writable), e.g. with no token:
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/demo-out:/out" tapp-bot demo --out /out
# The web pages (docs/web.md) run from the same image beside the bot, on the same volume:
#   docker run -d --restart unless-stopped --name tapp-web -v tapp-data:/data \
#     -p 127.0.0.1:8080:8080 --health-cmd "python -m bot health --port 8080" tapp-bot web
# The base image is pinned to an exact version (docs/dependencies.md says how to move it).
FROM python:3.11.14-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# FriBiDi: Pillow's text layout joins Arabic letters and orders right-to-left names with it
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# The dependencies first, exactly as locked (versions and hashes: two builds install the
# same files; CI installs from the same lock, requirements/test.txt, which includes these)
COPY requirements/bot.txt ./requirements/bot.txt
RUN python -m pip install --require-hashes -r requirements/bot.txt

COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
COPY renderer ./renderer
# the demo's Discord stand-in and the benchmarks (both listed by python -m bot --help)
COPY standin ./standin
COPY bench ./bench
# (members' time zones: a slim image need not have /usr/share/zoneinfo; zoneinfo then
# reads the tzdata package, a dependency in pyproject.toml)
# The project itself: plain Python, nothing to compile
RUN python -m pip install --no-deps . \
    && useradd --system --create-home --home-dir /home/tapp --uid 10001 tapp \
    && mkdir -p /data /out \
    && chown tapp:tapp /data /out

USER tapp
# the working folder: the user's home. What a command writes for you goes to /out (a
# volume or bind mount: `demo --out /out`, `render-gallery /out`), else it stays in the
# container and goes with it
WORKDIR /home/tapp
# TAPP_METRICS_HOST: /healthz and /metrics (served only with TAPP_METRICS_PORT set) are
# for other containers and the host (-p), not the container's own loopback; so are the
# web pages (TAPP_WEB_HOST, the command `web`)
ENV TAPP_DATABASE=/data/tapp.sqlite3 \
    TAPP_HEALTH_FILE=/tmp/tapp-health \
    TAPP_METRICS_HOST=0.0.0.0 \
    TAPP_WEB_HOST=0.0.0.0
# the web pages' port (python -m bot web)
EXPOSE 8080
VOLUME ["/data"]
# healthy: the bot wrote its health file in the last 90 s and was connected to Discord
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
ENTRYPOINT ["python", "-m", "bot"]
