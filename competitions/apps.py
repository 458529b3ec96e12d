from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "competitions"

    def ready(self) -> None:
        from competitions import error_codes, live, signals

        error_codes.register_codes()
        signals.connect()
        # the tables' live streams: served by the match streams' route, woken after commit
        live.connect()
