from competitions import live
from competitions.http import competitions, fixtures, standings

urlpatterns = [*competitions.routes, *fixtures.routes, *standings.routes, *live.routes]
