"""Settings for the test suite: fast password hashing, no throttling surprises."""

import os

os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")

from companion.settings.base import *  # noqa: E402,F401,F403
from companion.settings.base import CACHES, REST_FRAMEWORK  # noqa: E402

DEBUG = False
# an error answered with a code not in the registry (companion.api.codes) fails the test
ERROR_CODES_STRICT = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "anon_read": "100000/min",
        "login": "1000/min",
        "login_account": "1000/min",
        "register": "1000/min",
        "append": "100000/min",
        "join": "100000/min",
    },
}
# the suite shares the machine's Redis with other runs: its counters stay in the process
CACHES = {key: value for key, value in CACHES.items() if key != "shared"}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
