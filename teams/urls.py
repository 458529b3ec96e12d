from teams import api

urlpatterns = api.routes
