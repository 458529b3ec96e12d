"""The API's documentation pages, Swagger UI (``/api/docs/``) and Redoc (``/api/redoc/``),
under a ``Content-Security-Policy`` that runs no inline script.

drf-spectacular's Swagger UI page starts the UI with an inline script; its split view
(``SpectacularSwaggerSplitView``) serves that script as a file of its own instead
(``/api/docs/?script=``). Its Redoc page starts Redoc inline and loads Google's fonts; the
page here names the schema on a ``<redoc>`` element and loads nothing from outside. Both come
from this server only (the sidecar's copies of Swagger UI and Redoc); what each may do beyond
that is in its policy.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

_COMMON = (
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",  # the schema, and Swagger UI's "Try it out"
    "img-src 'self' data:",  # the UIs' icons are data: URIs
    "font-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)
#: Swagger UI: its style sheets only (the page's own styles moved to a file; React sets its
#: styles through the DOM, which the policy does not govern)
SWAGGER_POLICY = "; ".join((*_COMMON, "style-src 'self'"))
#: Redoc: the styles it writes into the page (styled-components), and its search index in a
#: Web Worker it starts from a blob: URL
REDOC_POLICY = "; ".join((*_COMMON, "style-src 'self' 'unsafe-inline'", "worker-src blob:"))


class _UnderPolicy:
    # a documentation page answered under its ``policy``
    policy: str

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        response["Content-Security-Policy"] = self.policy
        return response


class SwaggerView(_UnderPolicy, SpectacularSwaggerSplitView):
    template_name = "companion/api_docs/swagger_ui.html"
    policy = SWAGGER_POLICY


class RedocView(_UnderPolicy, SpectacularRedocView):
    template_name = "companion/api_docs/redoc.html"
    policy = REDOC_POLICY
