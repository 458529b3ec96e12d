from django.apps import AppConfig


class WebappConfig(AppConfig):
    """The phone web app at /app/: static ES modules, a client of the public API only."""

    name = "webapp"
    verbose_name = "Phone web app"
