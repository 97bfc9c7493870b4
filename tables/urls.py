from django.contrib.auth import views as auth_views
from django.urls import path

from tables.views import hosting, players, table_page

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
    # The live table page, its hand history and the shuffle check.
    path("play/table/", table_page.player_table, name="player_table"),
    path("tables/<int:table_id>/", table_page.table_page, name="table_page"),
    path("tables/<int:table_id>/hands.json", table_page.table_hands, name="table_hands"),
    path("tables/<int:table_id>/hands/<int:number>.json", table_page.table_hand, name="table_hand"),
    path("tables/<int:table_id>/hands/<int:number>.phh", table_page.table_hand_phh, name="table_hand_phh"),
    path("verify/", table_page.verify_shuffle, name="verify_shuffle"),
]

# Tournaments: the host's pages, and the public clock screen.
from tables.views import clock, tournaments  # noqa: E402

TOURNAMENT = "host/tournaments/<int:tournament_id>/"
urlpatterns += [
    path(NIGHT + "tournaments/new/", tournaments.tournament_create, name="tournament_create"),
    path(TOURNAMENT, tournaments.tournament_detail, name="tournament_detail"),
    path(TOURNAMENT + "edit/", tournaments.tournament_edit, name="tournament_edit"),
    path(TOURNAMENT + "clock/<str:button>/", tournaments.tournament_clock, name="tournament_clock"),
    path(TOURNAMENT + "register/", tournaments.tournament_register, name="tournament_register"),
    path(TOURNAMENT + "entries/<int:entry_id>/rebuy/", tournaments.tournament_rebuy, name="tournament_rebuy"),
    path(
        TOURNAMENT + "entries/<int:entry_id>/add-on/", tournaments.tournament_add_on, name="tournament_add_on"
    ),
    path(TOURNAMENT + "busts/", tournaments.tournament_busts, name="tournament_busts"),
    path(TOURNAMENT + "deal/", tournaments.tournament_deal, name="tournament_deal"),
    path(TOURNAMENT + "seating/", tournaments.tournament_seating, name="tournament_seating"),
    path(TOURNAMENT + "seating/draw/", tournaments.tournament_draw, name="tournament_draw"),
    path(TOURNAMENT + "seating/moves/", tournaments.tournament_moves, name="tournament_moves"),
    path("clock/<str:token>/", clock.clock_screen, name="clock_screen"),
    path("clock/<str:token>/state.json", clock.clock_state_json, name="clock_state"),
    path("clock/<str:token>/qr.svg", clock.clock_qr, name="clock_qr"),
]
