from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        from django.conf import settings
        from django.core.signals import setting_changed
        from django.utils.translation import gettext, pgettext

        from companion.api.errors import register_error_response
        from matches import error_codes
        from matches.engine import EngineError, populate
        from matches.engine.i18n import set_translator
        from matches.errors import engine_error_response
        from matches.live import signals

        # the installed games, once: a key given twice or a package without a game stops
        # the start (settings.COMPANION_GAMES, docs/games.md)
        populate(settings.COMPANION_GAMES)
        # a test that overrides the setting plays the games it lists, until it ends
        setting_changed.connect(installed_games_changed)

        # streams end or read again when credentials or who may read a match change
        signals.connect()

        # the engines' sentences and the labels of their pictures follow the request's language
        set_translator(gettext, pgettext)
        # an engine's refusal answers in the one error shape, in the request's language
        register_error_response(EngineError, engine_error_response)
        # the match log's and the engines' error codes, listed by the schema
        error_codes.register_codes()


def installed_games_changed(*, setting: str, value, enter: bool, **kwargs) -> None:
    """``override_settings(COMPANION_GAMES=...)``: the registry installs those games while
    the override lasts (as Django's app registry does for ``INSTALLED_APPS``)."""
    from matches.engine import REGISTRY

    if setting != "COMPANION_GAMES":
        return
    if enter:
        REGISTRY.set_installed(value)
    else:
        REGISTRY.unset_installed()
