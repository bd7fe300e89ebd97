# The Tapp bot: `docker build -t tapp-bot .` then
#   docker run -e DISCORD_TOKEN=... -v tapp-data:/data tapp-bot
# No secrets are baked in: the token comes from the environment at run time.
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
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
COPY renderer ./renderer
# (members' time zones: a slim image need not have /usr/share/zoneinfo; zoneinfo then
# reads the tzdata package, a dependency in pyproject.toml)
RUN python -m pip install . \
    && useradd --system --create-home --uid 10001 tapp \
    && mkdir -p /data \
    && chown tapp:tapp /data

USER tapp
ENV TAPP_DATABASE=/data/tapp.sqlite3
VOLUME ["/data"]
ENTRYPOINT ["python", "-m", "bot"]
