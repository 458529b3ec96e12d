from competitions import api

urlpatterns = [*api.routes]
