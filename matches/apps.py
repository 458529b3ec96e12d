from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        from django.utils.translation import gettext, pgettext

        from companion.api.errors import register_error_response
        from matches import error_codes
        from matches.engine import EngineError
        from matches.engine.i18n import set_translator
        from matches.errors import engine_error_response
        from matches.live import signals

        # streams end or read again when credentials or who may read a match change
        signals.connect()

        # the engines' sentences and the labels of their pictures follow the request's language
        set_translator(gettext, pgettext)
        # an engine's refusal answers in the one error shape, in the request's language
        register_error_response(EngineError, engine_error_response)
        # the match log's and the engines' error codes, listed by the schema
        error_codes.register_codes()
