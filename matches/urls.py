from django.urls import path

from matches import live_api
from matches.invitations import api as invitations_api
from matches.log import api as log_api
from matches.parts import api as parts_api
from matches.rules_at_hand import api as rules_at_hand_api

urlpatterns = [
    *log_api.routes,
    *rules_at_hand_api.routes,
    *invitations_api.routes,
    *parts_api.routes,
    path("matches/<int:pk>/stream/", live_api.MatchStreamView.as_view(), name="match-stream"),
]
