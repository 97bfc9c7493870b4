from django.contrib.auth import views as auth_views
from django.urls import path

from tables.views import hosting, night_history, players, table_page, verify

NIGHT = "host/nights/<int:night_id>/"
TABLE = NIGHT + "tables/<int:table_id>/"
PLAYER = NIGHT + "players/<int:player_id>/"

urlpatterns = [
    # Guests, on their phones.
    path("", players.home, name="home"),
    path("join/<str:code>/", players.join, name="join"),
    path("play/", players.play, name="play"),
    path("play/night.phhs", night_history.player_night_phh, name="player_night_phh"),
    path("manifest.webmanifest", players.web_app_manifest, name="web_app_manifest"),
    path("cards/words.js", players.card_words_module, name="card_words_module"),
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
    path(NIGHT + "archive/", hosting.night_archive, name="night_archive"),
    path(NIGHT + "verify-link/", hosting.night_verify_link, name="night_verify_link"),
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
    path("tables/<int:table_id>/night.phhs", night_history.night_phh, name="table_night_phh"),
    path("tables/<int:table_id>/night.json", night_history.night_summary, name="table_night_summary"),
    path("verify/", verify.verify_shuffle, name="verify_shuffle"),
    path("verify/nights/<str:token>/", verify.verify_night_link, name="verify_night_link"),
]

# Tournaments: the host's pages, and the public clock screen.
from tables.views import clock, colour_up, tournaments  # noqa: E402

TOURNAMENT = "host/tournaments/<int:tournament_id>/"
urlpatterns += [
    path(NIGHT + "tournaments/new/", tournaments.tournament_create, name="tournament_create"),
    path(TOURNAMENT, tournaments.tournament_detail, name="tournament_detail"),
    path(TOURNAMENT + "edit/", tournaments.tournament_edit, name="tournament_edit"),
    path(TOURNAMENT + "clock/undo/", tournaments.tournament_undo_level, name="tournament_undo_level"),
    path(
        TOURNAMENT + "clock/gap/<str:choice>/", tournaments.tournament_clock_gap, name="tournament_clock_gap"
    ),
    path(TOURNAMENT + "clock/<str:button>/", tournaments.tournament_clock, name="tournament_clock"),
    path(TOURNAMENT + "register/", tournaments.tournament_register, name="tournament_register"),
    path(TOURNAMENT + "payouts/fix/", tournaments.tournament_fix_payouts, name="tournament_fix_payouts"),
    path(TOURNAMENT + "colour-up/", colour_up.colour_up_page, name="tournament_colour_up"),
    path(TOURNAMENT + "entries/<int:entry_id>/rebuy/", tournaments.tournament_rebuy, name="tournament_rebuy"),
    path(
        TOURNAMENT + "entries/<int:entry_id>/add-on/", tournaments.tournament_add_on, name="tournament_add_on"
    ),
    path(TOURNAMENT + "busts/", tournaments.tournament_busts, name="tournament_busts"),
    path(TOURNAMENT + "busts/undo/", tournaments.tournament_undo_bust, name="tournament_undo_bust"),
    path(TOURNAMENT + "deal/", tournaments.tournament_deal, name="tournament_deal"),
    path(TOURNAMENT + "deal/record/", tournaments.tournament_deal_record, name="tournament_deal_record"),
    path(TOURNAMENT + "seating/", tournaments.tournament_seating, name="tournament_seating"),
    path(TOURNAMENT + "seating/draw/", tournaments.tournament_draw, name="tournament_draw"),
    path(TOURNAMENT + "seating/moves/", tournaments.tournament_moves, name="tournament_moves"),
    path(TOURNAMENT + "seating/draw-again/", tournaments.tournament_draw_again, name="tournament_draw_again"),
    path(TOURNAMENT + "seating/undo/", tournaments.tournament_undo_moves, name="tournament_undo_moves"),
    path("clock/<str:token>/", clock.clock_screen, name="clock_screen"),
    path("clock/<str:token>/state.json", clock.clock_state_json, name="clock_state"),
    path("clock/<str:token>/qr.svg", clock.clock_qr, name="clock_qr"),
]

# The host panel, the ledger and the open log of the host's calls.
from tables.views import host_felt  # noqa: E402
from tables.views import host_panel as host_panel_views  # noqa: E402
from tables.views import ledger as ledger_views  # noqa: E402

urlpatterns += [
    path(NIGHT + "panel/", host_panel_views.panel, name="host_panel"),
    path(NIGHT + "panel/status.json", host_panel_views.panel_status, name="host_panel_status"),
    path(PLAYER + "panel/<str:action>/", host_panel_views.player_action, name="host_player_action"),
    path(NIGHT + "felt/", host_felt.felt, name="host_felt"),
    path(NIGHT + "felt/status.json", host_felt.felt_status, name="host_felt_status"),
    path(NIGHT + "panel/let-everyone-in/", host_panel_views.let_everyone_in, name="host_let_everyone_in"),
    path(TABLE + "panel/ruling/", host_panel_views.ruling, name="host_ruling"),
    path(TABLE + "panel/ruling/answer/", host_panel_views.ruling_answer, name="host_ruling_answer"),
    path(TABLE + "panel/<str:action>/", host_panel_views.table_action, name="host_table_action"),
    path(NIGHT + "panel/co-hosts/", host_panel_views.co_host_add, name="host_co_host_add"),
    path(
        NIGHT + "panel/co-hosts/<int:co_host_id>/remove/",
        host_panel_views.co_host_remove,
        name="host_co_host_remove",
    ),
    path(NIGHT + "ledger/", ledger_views.ledger_page, name="ledger"),
    path(NIGHT + "ledger/entries/", ledger_views.entry_create, name="ledger_entry_create"),
    path(
        NIGHT + "ledger/entries/<int:entry_id>/correct/",
        ledger_views.entry_correct,
        name="ledger_entry_correct",
    ),
    path(NIGHT + "ledger/entries/<int:entry_id>/void/", ledger_views.entry_void, name="ledger_entry_void"),
    path(
        NIGHT + "ledger/requests/<int:request_id>/<str:decision>/",
        ledger_views.request_decide,
        name="ledger_request",
    ),
    path(NIGHT + "ledger/close/", ledger_views.night_close, name="ledger_close"),
    path(NIGHT + "ledger.csv", ledger_views.ledger_csv, name="ledger_csv"),
    path(NIGHT + "settlement.csv", ledger_views.settlement_csv, name="settlement_csv"),
    path(NIGHT + "players.csv", ledger_views.players_csv, name="players_csv"),
    path("nights/<int:night_id>/log/", ledger_views.audit_log, name="audit_log"),
    path("play/chips.json", ledger_views.play_chips_status, name="play_chips_status"),
    path("play/chips/", ledger_views.play_chips_request, name="play_chips_request"),
]

# Beyond one night: returning players, seasons and each night's recap.
from tables.views import people  # noqa: E402

urlpatterns += [
    path("play/claim/", people.claim_name, name="claim_name"),
    path(NIGHT + "people/", people.night_people, name="night_people"),
    path(
        NIGHT + "people/claims/<int:claim_id>/<str:decision>/",
        people.claim_decide,
        name="name_claim_decide",
    ),
]

from tables.views import recap  # noqa: E402

urlpatterns += [
    path("nights/<int:night_id>/recap/", recap.night_recap, name="night_recap"),
    path(
        "nights/<int:night_id>/recap/hands/<int:table_id>/<int:number>/",
        recap.recap_hand,
        name="recap_hand",
    ),
]

from tables.views import settle_up_phone  # noqa: E402

urlpatterns += [
    path("nights/<int:night_id>/settle-up/handle/", settle_up_phone.save_handle, name="settle_up_handle"),
    path("nights/<int:night_id>/settle-up/paid/", settle_up_phone.mark_paid, name="settle_up_paid"),
]

from tables.views import seasons as season_views  # noqa: E402

urlpatterns += [
    path("host/seasons/", season_views.season_list, name="season_list"),
    path("host/seasons/<int:season_id>/edit/", season_views.season_edit, name="season_edit"),
    path("seasons/<int:season_id>/", season_views.season_page, name="season_page"),
]

from tables.views import season_settling  # noqa: E402

urlpatterns += [
    path("host/seasons/<int:season_id>/people/link/", season_settling.link_people, name="season_link_people"),
    path(
        "host/seasons/<int:season_id>/people/links/<int:merge_id>/undo/",
        season_settling.undo_link,
        name="season_undo_link",
    ),
    path("host/seasons/<int:season_id>/paid/", season_settling.mark_paid, name="season_mark_paid"),
    path("host/seasons/<int:season_id>/bank/", season_settling.cash_with_the_bank, name="season_cash_bank"),
    path(
        "host/seasons/<int:season_id>/payments/<int:payment_id>/unpaid/",
        season_settling.mark_unpaid,
        name="season_mark_unpaid",
    ),
]
