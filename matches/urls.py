from django.urls import path

from matches import api, invitations_api, live_api, parts_api, rules_api

urlpatterns = [
    path("games/", api.GameListView.as_view(), name="game-list"),
    path("games/<slug:game>/rules/", rules_api.GameRulesView.as_view(), name="game-rules"),
    path(
        "games/<slug:game>/rules/<str:clause>/",
        rules_api.GameRuleView.as_view(),
        name="game-rule",
    ),
    path(
        "games/<slug:game>/tutorials/",
        rules_api.GameTutorialsView.as_view(),
        name="game-tutorials",
    ),
    path(
        "games/<slug:game>/tutorials/<slug:tutorial>/",
        rules_api.GameTutorialView.as_view(),
        name="game-tutorial",
    ),
    path(
        "games/<slug:game>/tutorials/<slug:tutorial>/check/",
        rules_api.GameTutorialCheckView.as_view(),
        name="game-tutorial-check",
    ),
    path("matches/", api.MatchListCreateView.as_view(), name="match-list"),
    path("matches/import/", api.MatchImportView.as_view(), name="match-import"),
    path("matches/<int:pk>/", api.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/state/", api.MatchStateView.as_view(), name="match-state"),
    path("matches/<int:pk>/events/", api.MatchEventsView.as_view(), name="match-events"),
    path("matches/<int:pk>/events/batch/", api.MatchEventBatchView.as_view(), name="match-batch"),
    path("matches/<int:pk>/parts/", parts_api.MatchPartsView.as_view(), name="match-parts"),
    path("matches/<int:pk>/undo/", api.MatchUndoView.as_view(), name="match-undo"),
    path("matches/<int:pk>/redo/", api.MatchRedoView.as_view(), name="match-redo"),
    path("matches/<int:pk>/abandon/", api.MatchAbandonView.as_view(), name="match-abandon"),
    path("matches/<int:pk>/export/", api.MatchExportView.as_view(), name="match-export"),
    path("matches/<int:pk>/svg/", api.MatchSvgView.as_view(), name="match-svg"),
    path("matches/<int:pk>/stream/", live_api.MatchStreamView.as_view(), name="match-stream"),
    path(
        "matches/<int:pk>/invitations/",
        invitations_api.MatchInvitationsView.as_view(),
        name="match-invitations",
    ),
    path("invitations/", invitations_api.MyInvitationsView.as_view(), name="invitation-list"),
    path(
        "invitations/<int:pk>/accept/",
        invitations_api.InvitationAcceptView.as_view(),
        name="invitation-accept",
    ),
    path(
        "invitations/<int:pk>/decline/",
        invitations_api.InvitationDeclineView.as_view(),
        name="invitation-decline",
    ),
]
