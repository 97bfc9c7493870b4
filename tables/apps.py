from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Nights and tables"

    def ready(self) -> None:
        # Django imports an app's modules once its models are loaded, hence here.
        from tables import live
        from tables.services import tournament_play

        # A hand that ends at a tournament's table places its busted players, in the same write.
        live.hand_finished.connect(tournament_play.record_busts_after_hand, dispatch_uid="tournament-busts")
