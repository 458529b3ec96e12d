from django.urls import path

from teams import api

urlpatterns = [
    path("editions/", api.EditionListView.as_view(), name="edition-list"),
    path("editions/<int:pk>/", api.EditionDetailView.as_view(), name="edition-detail"),
    path("editions/<int:pk>/cards/", api.EditionCardListView.as_view(), name="edition-cards"),
    path("teams/", api.TeamListView.as_view(), name="team-list"),
    path("teams/<int:pk>/", api.TeamDetailView.as_view(), name="team-detail"),
    path(
        "teams/<int:pk>/side-config/",
        api.TeamSideConfigView.as_view(),
        name="team-side-config",
    ),
    path("builds/", api.BuildListView.as_view(), name="build-list"),
    path("builds/check/", api.BuildCheckView.as_view(), name="build-check"),
    path("builds/<int:pk>/", api.BuildDetailView.as_view(), name="build-detail"),
    path("builds/<int:pk>/team/", api.BuildTeamView.as_view(), name="build-team"),
]
