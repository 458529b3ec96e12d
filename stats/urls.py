from stats import api

urlpatterns = api.routes
