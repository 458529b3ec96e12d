from django.contrib import admin
from django.contrib.auth.views import LoginView
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from companion.api import accounts, devices, docs, health, passwords, root
from companion.api.throttles import throttle_login_posts
from stats.pages import report_page

api_patterns = [
    *root.routes,
    *health.routes,
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", docs.SwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", docs.RedocView.as_view(url_name="api-schema"), name="api-redoc"),
    *accounts.routes,
    *devices.routes,
    *passwords.routes,
    path("", include("teams.urls")),
    path("", include("matches.urls")),
    path("", include("stats.urls")),
    path("", include("competitions.urls")),
]

# the login forms of the browsable API and the admin count against the API's login rate
browser_login = LoginView.as_view(template_name="rest_framework/login.html")

urlpatterns = [
    path("admin/login/", throttle_login_posts(admin.site.login)),
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("app/", include("webapp.urls")),
    # a finished public match's report page, with Open Graph tags (stats.pages)
    path("matches/<int:pk>/report/", report_page, name="match-report-page"),
    path("api-auth/login/", throttle_login_posts(browser_login)),
    path("api-auth/", include("rest_framework.urls")),
]

handler400 = "companion.api.errors.handler400"
handler403 = "companion.api.errors.handler403"
handler404 = "companion.api.errors.handler404"
handler500 = "companion.api.errors.handler500"
