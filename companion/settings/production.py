"""Production: DEBUG off, a real SECRET_KEY required, HTTPS everywhere.

Behind a TLS-terminating proxy set ``SECURE_PROXY_SSL_HEADER`` via ``TRUST_X_FORWARDED_PROTO=1``.
"""

import os
import sys

from django.core.exceptions import ImproperlyConfigured

from companion.settings.base import *  # noqa: F401,F403
from companion.settings.base import DEBUG, SECRET_KEY, env_bool

# Words of the keys written in this repository (development, tests, the image's build step):
# a key containing one is public, so it never signs anything in production.
PLACEHOLDER_KEY_MARKERS = ("dev-only", "test-only", "placeholder", "insecure", "not-for-production")
# ``collectstatic`` in the image build runs with a placeholder key; it signs nothing.
_BUILD_STEP = sys.argv[1:2] == ["collectstatic"]

if DEBUG:
    raise ImproperlyConfigured("Production settings refuse DEBUG=1.")
if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
    raise ImproperlyConfigured("Production needs a SECRET_KEY of at least 50 random characters.")
if not _BUILD_STEP and any(word in SECRET_KEY.lower() for word in PLACEHOLDER_KEY_MARKERS):
    raise ImproperlyConfigured(
        "SECRET_KEY is a placeholder written in the repository; set a random one."
    )

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
    "staticfiles": {"BACKEND": "companion.static_storage.StaticFilesStorage"},
}
# Brotli's quality for collectstatic's compressed copies (companion/static_storage.py): the best
# (11) in the image; less only where the files are checked rather than served
STATIC_BROTLI_QUALITY = int(os.environ.get("STATIC_BROTLI_QUALITY", "11"))
