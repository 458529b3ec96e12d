from django.urls import path

from stats import api

urlpatterns = [
    path(
        "stats/games/<str:game>/leaderboard/",
        api.LeaderboardView.as_view(),
        name="stats-leaderboard",
    ),
    path("stats/games/<str:game>/players/", api.PlayerStatsView.as_view(), name="stats-players"),
    path("stats/head-to-head/", api.HeadToHeadView.as_view(), name="stats-head-to-head"),
    path("stats/managers/<str:username>/", api.ManagerStatsView.as_view(), name="stats-manager"),
    path(
        "stats/managers/<str:username>/ratings/",
        api.RatingHistoryView.as_view(),
        name="stats-manager-ratings",
    ),
    path(
        "stats/managers/<str:username>/rating.svg",
        api.RatingChartView.as_view(),
        name="stats-manager-rating-chart",
    ),
    path(
        "stats/matches/<int:match_id>/players/",
        api.MatchPlayersView.as_view(),
        name="stats-match-players",
    ),
    path("stats/teams/", api.TeamCardListView.as_view(), name="stats-team-cards"),
    path("stats/teams/<str:key>/", api.TeamCardView.as_view(), name="stats-team-card"),
    path("stats/teams/<str:key>/card.svg", api.TeamCardSvgView.as_view(), name="stats-team-svg"),
]
