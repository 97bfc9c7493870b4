"""ASGI entry point: HTTP through Django, websockets through Channels."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "homegame.settings")

# Build the HTTP app first: it sets Django up before the routing imports models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from engine.evaluator import tables_for  # noqa: E402
from homegame.https_port import SecureSocketsOnly  # noqa: E402
from homegame.origins import SameOriginValidator  # noqa: E402
from homegame.proxies import TrustedProxyMiddleware  # noqa: E402
from tables.routing import websocket_urlpatterns  # noqa: E402

# The client's address and scheme are settled first (a trusted proxy's headers), so that every
# check after it (the https port, the Origin, the limits, the setup code) reads the same ones.
application = TrustedProxyMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": SecureSocketsOnly(
                SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
            ),
        }
    )
)

# The hand evaluator's tables are built on first use: build them now, not at the first showdown.
tables_for("standard")

# What is loaded by now (Django, the app, the engine's evaluator tables) lives as long as the
# process. Frozen, it is left out of the collector's full passes, each of which otherwise
# walked it all and held up every table's sockets for tens of milliseconds (garbage is
# collected first, so that none of it is kept for good).
gc.collect()
gc.freeze()
