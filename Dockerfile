# Homegame: one image for the web process (Daphne serves HTTP and websockets).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# Static files are collected into the image; WhiteNoise serves them. The key here only
# satisfies the settings' "no insecure key with DEBUG off" rule and is never used.
RUN DEBUG=0 SECRET_KEY=collectstatic-build-step-only python manage.py collectstatic --noinput --verbosity 0

RUN useradd --system --no-create-home homegame
USER homegame

EXPOSE 8000
# homegame/serve.py: Daphne on port 8000, taking client addresses from X-Forwarded-For only from
# TRUSTED_PROXIES (or, with BEHIND_PROXY=1, from anyone); it prints the setup code until a host
# exists. docker-compose.yml runs the timer runner beside it (`python manage.py run_timers`).
CMD ["sh", "-c", "python manage.py migrate --noinput && exec python -m homegame.serve"]
