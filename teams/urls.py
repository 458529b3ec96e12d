from teams.http import builds, editions, teams

urlpatterns = [*editions.routes, *teams.routes, *builds.routes]
