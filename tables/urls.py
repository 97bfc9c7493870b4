from django.contrib.auth import views as auth_views
from django.urls import path

from tables.views import hosting, players

NIGHT = "host/nights/<int:night_id>/"
TABLE = NIGHT + "tables/<int:table_id>/"
PLAYER = NIGHT + "players/<int:player_id>/"

urlpatterns = [
    # Guests, on their phones.
    path("", players.home, name="home"),
    path("join/<str:code>/", players.join, name="join"),
    path("play/", players.play, name="play"),
    path("play/status.json", players.play_status, name="play_status"),
    path("continue/<str:token>/", players.continue_here, name="continue_here"),
    # Hosts.
    path("setup/", hosting.setup, name="setup"),
    path("login/", hosting.login_view, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("host/", hosting.host_home, name="host_home"),
    path("host/nights/new/", hosting.night_create, name="night_create"),
    path(NIGHT, hosting.night_detail, name="night_detail"),
    path(NIGHT + "status.json", hosting.night_status, name="night_status"),
    path(NIGHT + "open-close/", hosting.night_set_status, name="night_set_status"),
    path(NIGHT + "tables/new/", hosting.table_create, name="table_create"),
    path(TABLE + "seat-waiting/", hosting.table_seat_waiting, name="table_seat_waiting"),
    path(PLAYER + "approve/", hosting.player_approve, name="player_approve"),
    path(PLAYER + "reject/", hosting.player_reject, name="player_reject"),
    path(PLAYER + "remove/", hosting.player_remove, name="player_remove"),
    path(PLAYER + "move/", hosting.player_move, name="player_move"),
    path(PLAYER + "transfer/", hosting.player_transfer, name="player_transfer"),
]
