"""Production: DEBUG off, a real SECRET_KEY required, HTTPS everywhere.

Behind a TLS-terminating proxy set ``SECURE_PROXY_SSL_HEADER`` via ``TRUST_X_FORWARDED_PROTO=1``.
"""

import os

from companion.settings.base import *  # noqa: F401,F403
from companion.settings.base import DEBUG, SECRET_KEY, env_bool

if DEBUG:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("Production settings refuse DEBUG=1.")
if SECRET_KEY.startswith("dev-only") or len(SECRET_KEY) < 50:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("Production needs a SECRET_KEY of at least 50 random characters.")

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
