from matches.guests import api as guests_api
from matches.invitations import api as invitations_api
from matches.live import api as live_api
from matches.log import api as log_api
from matches.parts import api as parts_api
from matches.rules_at_hand import api as rules_at_hand_api

# Django tries the routes in this order
urlpatterns = [
    *log_api.routes,
    *rules_at_hand_api.routes,
    *invitations_api.routes,
    *parts_api.routes,
    *live_api.routes,
    *guests_api.routes,
]
