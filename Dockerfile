# The Tapp bot: `docker build -t tapp-bot .` then
#   docker run -d --restart unless-stopped --name tapp -e DISCORD_TOKEN=... -v tapp-data:/data tapp-bot
# No secrets are baked in: the token comes from the environment at run time.
# Every command of `python -m bot --help` works in the image, e.g. with no token:
#   docker run --rm tapp-bot demo
FROM python:3.11-slim

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
    && mkdir -p /data \
    && chown tapp:tapp /data

USER tapp
# the working folder of commands that write one (demo-out/, a gallery): the user's home
WORKDIR /home/tapp
# TAPP_METRICS_HOST: /healthz and /metrics (served only with TAPP_METRICS_PORT set) are
# for other containers and the host (-p), not the container's own loopback
ENV TAPP_DATABASE=/data/tapp.sqlite3 \
    TAPP_HEALTH_FILE=/tmp/tapp-health \
    TAPP_METRICS_HOST=0.0.0.0
VOLUME ["/data"]
# healthy: the bot wrote its health file in the last 90 s and was connected to Discord
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
ENTRYPOINT ["python", "-m", "bot"]
