"""Where a view answers, written above the view:

    @routes.at("teams/<int:pk>/", name="team-detail")
    class TeamDetailView(APIView): ...

Each API module keeps its ``routes = Routes()``; an app's ``urls.py`` gathers its modules'
routes. Django tries them in the order they are declared.
"""

from __future__ import annotations

from django.urls import URLPattern, path


class Routes(list[URLPattern]):
    def at(self, route: str, *, name: str):
        """Answer ``route`` with the decorated view class, as the URL ``name``."""

        def register(view):
            self.append(path(route, view.as_view(), name=name))
            return view

        return register
