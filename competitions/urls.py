from competitions import api, live

urlpatterns = [*api.routes, *live.routes]
