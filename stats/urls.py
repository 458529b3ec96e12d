from stats.api import manager_stats, player_stats, ratings, report, team_cards

urlpatterns = [
    *manager_stats.routes,
    *ratings.routes,
    *player_stats.routes,
    *team_cards.routes,
    *report.routes,
]
