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
CMD ["sh", "-c", "python manage.py migrate --noinput && exec daphne --bind 0.0.0.0 --port 8000 --proxy-headers --websocket-max-message-size 65536 --websocket-max-frame-size 65536 homegame.asgi:application"]
