from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        from django.utils.translation import gettext, pgettext

        from matches.engine.i18n import set_translator

        # the engines' sentences and the labels of their pictures follow the request's language
        set_translator(gettext, pgettext)
