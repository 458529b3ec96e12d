"""Settings shared by every environment; values come from the environment.

Environment variables:
- ``DEBUG`` (``1``/``0``), ``SECRET_KEY`` (required unless DEBUG), ``ALLOWED_HOSTS`` (comma list)
- ``DATABASE_URL`` (default: SQLite file ``var/db.sqlite3``), ``DATABASE_TEST_NAME``
- ``CELERY_BROKER_URL`` or ``REDIS_URL`` (default: none, tasks run eagerly in-process)
- ``LIVE_REDIS_URL`` (default: the broker's URL when it is Redis; none: streams wake in-process)
- ``CORS_ALLOWED_ORIGINS``, ``CSRF_TRUSTED_ORIGINS`` (comma lists)
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from whitenoise import compress as whitenoise_compress

from matches.engine.i18n import LANGUAGES as ENGINE_LANGUAGES

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "companion",
    "teams",
    "matches",
    "stats",
    "competitions",
    "webapp",
]

# The games this server plays: each a package of pure Python that exports its GAME (its key,
# engine, texts, data...). The matches app installs them when it starts (docs/games.md).
COMPANION_GAMES = [
    "matches.engine.hat_trick",
    "matches.engine.trixkick",
    "matches.engine.amigo_hattrick",
]

MIDDLEWARE = [
    "companion.api.middleware.ApiErrorShapeMiddleware",
    "companion.api.middleware.BodySizeLimitMiddleware",
    "companion.security_headers.SecurityHeadersMiddleware",  # TRACE 405, SVG answers' CSP
    "companion.api.ratelimit.RateLimitHeadersMiddleware",
    "companion.compression.GZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "webapp.runtime.StaticFilesMiddleware",  # whitenoise; the phone runtime cached long
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "companion.api.middleware.ApiCommonMiddleware",
    "matches.guests.middleware.GuestScopeMiddleware",  # a guest's token opens its match only
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

_default_db = f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", _default_db),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if os.environ.get("DATABASE_TEST_NAME"):
    DATABASES["default"]["TEST"] = {"NAME": os.environ["DATABASE_TEST_NAME"]}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(exist_ok=True)
    # Wait for a writer instead of failing at once when two requests write together; take the
    # write lock when a transaction starts (no lock-upgrade deadlocks); WAL lets readers run
    # beside the writer.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Answers are in English or German, as the request's Accept-Language asks, unless the user
# chose one (GET/PATCH /api/me/, see companion.i18n). The catalogs are compiled by the install
# step (make install), see docs/i18n.md.
LANGUAGE_CODE = "en"
# the languages the engines' sentences and rules data are written in (one list for all)
LANGUAGES = list(ENGINE_LANGUAGES)
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "webapp.runtime.RuntimeFinder",  # the phone's referee runtime, from node_modules
]
# collectstatic compresses (gzip, and Brotli with the `brotli` package) all but files that are
# compressed already: whitenoise's list without "zip", since the phone referee's standard
# library is a zip of uncompressed sources (webapp/runtime.py), a quarter of its size in Brotli
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = tuple(
    e for e in whitenoise_compress.Compressor.SKIP_COMPRESS_EXTENSIONS if e != "zip"
)

# Request bodies under /api/: larger ones are 413, deeper JSON is 400 (docs/operations.md).
API_MAX_BODY_BYTES = int(os.environ.get("API_MAX_BODY_BYTES", str(1024 * 1024)))
API_MAX_JSON_DEPTH = int(os.environ.get("API_MAX_JSON_DEPTH", "32"))
# Request bodies elsewhere (the web app, the admin's forms): larger ones are 413 as well.
REQUEST_MAX_BODY_BYTES = int(os.environ.get("REQUEST_MAX_BODY_BYTES", str(2_621_440)))

# A device's token expires when it has not been used for this many days (docs/api.md).
TOKEN_IDLE_DAYS = float(os.environ.get("TOKEN_IDLE_DAYS", "30"))

# Mail (password reset): printed on the console unless an SMTP host is configured.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "companion@localhost")
#: Where the password reset mail sends the reader: the page (or app link) that asks for the
#: new password; it gets ``?uid=…&token=…`` appended. Empty: the mail gives the two values.
PASSWORD_RESET_URL = os.environ.get("PASSWORD_RESET_URL", "")

# --- Caches: throttle counters and cached answers ---------------------------------------------
# Redis (Django's own backend) when a Redis URL is configured, shared by every web process;
# this process's memory when not, or while Redis cannot be reached (companion/cache.py).
_redis_url = next(
    (
        url
        for url in (
            os.environ.get("CACHE_REDIS_URL"),
            os.environ.get("REDIS_URL"),
            os.environ.get("CELERY_BROKER_URL"),
        )
        if url and url.startswith(("redis://", "rediss://", "unix://"))
    ),
    "",
)
CACHES = {
    "default": {
        "BACKEND": "companion.cache.FailoverCache",
        "OPTIONS": {"FAILOVER_SECONDS": float(os.environ.get("CACHE_FAILOVER_SECONDS", "10"))},
    },
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "companion"},
}
if _redis_url:
    CACHES["shared"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": _redis_url,
        "KEY_PREFIX": "companion",
        # an unreachable Redis costs at most a quarter of a second, once per FAILOVER_SECONDS
        "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
    }

# --- Django REST framework and the OpenAPI schema -------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "companion.api.authentication.DeviceTokenAuthentication",
        "companion.i18n.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON only (the match import also reads text/plain): no form or multipart bodies
    "DEFAULT_PARSER_CLASSES": ["companion.api.parsers.JSONParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "companion.api.negotiation.StrictFormatNegotiation",
    "DEFAULT_PAGINATION_CLASS": "companion.api.pagination.NewestFirstCursorPagination",
    "PAGE_SIZE": 25,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "companion.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "companion.api.errors.exception_handler",
    # X-Forwarded-For is trusted only from this many proxies in front of the app server
    # (0: the address the connection comes from); see docs/operations.md, "Behind a proxy".
    "NUM_PROXIES": int(os.environ.get("TRUSTED_PROXIES", "0")),
    "DEFAULT_THROTTLE_CLASSES": ["companion.api.throttles.AnonymousReadThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon_read": os.environ.get("THROTTLE_ANON_READ", "120/min"),
        "login": os.environ.get("THROTTLE_LOGIN", "20/min"),
        # failed logins per account from any address (companion.api.throttles)
        "login_account": os.environ.get("THROTTLE_LOGIN_ACCOUNT", "10/15m"),
        "register": os.environ.get("THROTTLE_REGISTER", "20/hour"),
        # a 6-player, 10-game Amigo match logged at a phone's fastest tapping stays under it
        # (docs/api.md, "Limits"; tests/api/test_rate_limits.py)
        "append": os.environ.get("THROTTLE_APPEND", "1200/min"),
        # join codes read, redeemed and claims (per client address): wrong codes are guessed
        # no faster than this
        "join": os.environ.get("THROTTLE_JOIN", "20/min"),
    },
}

#: The schema's tags (the operations' groups) and what each holds, in the docs' order.
API_TAGS = {
    "auth": "Accounts and tokens: register, log in, log out.",
    "me": "The logged-in manager's own account.",
    "games": "The games the server referees.",
    "matches": "Matches and their event logs: open, log moves (checked against the rules), "
    "undo and redo, state and legal moves, export and import, live streams.",
    "invitations": "Invitations to play a side of a match: sent, accepted, declined.",
    "guests": "Joining a match by a scanned code, playing a side as a guest, claiming a match "
    "played as a guest.",
    "editions": "Card catalogs (editions) the games play with.",
    "teams": "Custom teams: lineups, team cards, TriXKick pieces.",
    "builds": "Budget builds of teams within a budget card.",
    "stats": "Player stats, ratings and team cards from jobs.",
    "competitions": "Leagues, cups, groups, Swiss and series among members who accepted: "
    "fixtures played with one tap, a table rebuilt from the matches.",
    "health": "Whether the service and its database answer.",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tabletop Football Companion API",
    "DESCRIPTION": (
        "Log tabletop football matches move by move, each move checked against the game's "
        "rules; browse past matches, build teams within a budget card, and read player stats "
        "and team cards. Every error has the shape {code, message, rule?, details?, fields?}."
    ),
    # the API's version (semantic: a breaking change is a new major version and a new path
    # prefix; CHANGELOG.md lists every change and the policy)
    "VERSION": "1.7.0",
    "CONTACT": {"name": "Tabletop Football Companion", "url": "/api/docs/"},
    "LICENSE": {"name": "Proprietary: all rights reserved"},
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "matches.models.MatchStatus",
        "InvitationStatusEnum": "matches.models.InvitationStatus",
        "ValidityEnum": "teams.models.Validity",
        "CompetitionStatusEnum": "competitions.models.CompetitionStatus",
        "MemberStatusEnum": "competitions.models.MemberStatus",
        "FixtureStatusEnum": "competitions.models.FixtureStatus",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "matches.http.schema.postprocess_schema",
        "competitions.schema.postprocess_schema",
        "companion.openapi.postprocess_schema",
        "companion.openapi_examples.postprocess_schema",
    ],
    # relative: the schema serves whichever host it is read from
    "SERVERS": [{"url": "/", "description": "This server"}],
    "TAGS": [{"name": name, "description": text} for name, text in API_TAGS.items()],
}

# --- Celery ----------------------------------------------------------------------------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL") or ""
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = None
else:
    CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A hand-off from a request must fail fast when Redis is down (the catch-up job finds the
# match later): one connection attempt of at most half a second, no publish retries, and the
# stats tasks keep no result, so no result backend is ever waited for (docs/operations.md).
CELERY_BROKER_CONNECTION_TIMEOUT = 0.5
CELERY_BROKER_TRANSPORT_OPTIONS = {"max_retries": 0, "socket_connect_timeout": 0.5}
CELERY_TASK_PUBLISH_RETRY = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BEAT_SCHEDULE: dict = {
    # finished matches whose stats a lost hand-off never delivered (broker down, worker killed)
    "stats-catch-up": {"task": "stats.tasks.catch_up", "schedule": 300.0},
    # the running competitions' standings, where a lost hand-off missed a match's end
    "competitions-catch-up": {"task": "competitions.tasks.catch_up", "schedule": 900.0},
    # idempotency records past their retention (companion.api.idempotency)
    "idempotency-prune": {"task": "matches.tasks.prune_idempotency_records", "schedule": 3600.0},
    # join codes a day after they expired, guest passes after GUEST_RETENTION_DAYS
    "guests-prune": {"task": "matches.tasks.prune_join_codes_and_guests", "schedule": 3600.0},
}

# How long a retried write with the same Idempotency-Key gets its first answer (hours).
IDEMPOTENCY_RETENTION_HOURS = int(os.environ.get("IDEMPOTENCY_RETENTION_HOURS", "24"))
# The model that keeps them ("app_label.Model", as AUTH_USER_MODEL): companion.api.idempotency
# names the fields it needs.
IDEMPOTENCY_RECORD_MODEL = "matches.IdempotencyRecord"

# Join codes and guests (docs/api.md, "Joining by a code, and guests"): a code opens its side
# for this many minutes; a guest pass (and so its claim) is kept this many days.
JOIN_CODE_MINUTES = float(os.environ.get("JOIN_CODE_MINUTES", "10"))
GUEST_RETENTION_DAYS = float(os.environ.get("GUEST_RETENTION_DAYS", "30"))

# Called (after commit) with the id of every match that finishes.
MATCH_FINISHED_TASK = "stats.tasks.match_finished"

# --- Live match streams (matches.live) ------------------------------------------------------
# Redis pub/sub wakes the streams of every web process; without it (the embedded default) a
# stream is woken in-process, which serves one server process.
_broker = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL") or ""
LIVE_REDIS_URL = os.environ.get("LIVE_REDIS_URL") or (
    _broker if _broker.startswith(("redis://", "rediss://", "unix://")) else ""
)
LIVE_CHANNEL_PREFIX = os.environ.get("LIVE_CHANNEL_PREFIX", "companion")
# A stream sends a comment line (and re-reads the log) after this long without news.
LIVE_KEEPALIVE_SECONDS = float(os.environ.get("LIVE_KEEPALIVE_SECONDS", "15"))
# Threads (and so database connections) of one process that read the logs streams send.
LIVE_READ_THREADS = int(os.environ.get("LIVE_READ_THREADS", "4"))
# While the Redis channel is down, streams re-read the database this often instead.
LIVE_DEGRADED_SECONDS = float(os.environ.get("LIVE_DEGRADED_SECONDS", "0.5"))
# Open streams a server process serves at most: per viewer (a user, or an anonymous client
# address; more is 429) and in all (more is 503); both with Retry-After.
LIVE_STREAMS_PER_USER = int(os.environ.get("LIVE_STREAMS_PER_USER", "20"))
LIVE_STREAMS_PER_PROCESS = int(os.environ.get("LIVE_STREAMS_PER_PROCESS", "20000"))
# How long an open stream stays counted for its viewer (in Redis) after its process last
# said it is open; a process refreshes its streams' counts three times in that interval, so
# the streams of a process that died stop counting after at most this long.
LIVE_STREAM_LAPSE_SECONDS = float(os.environ.get("LIVE_STREAM_LAPSE_SECONDS", "30"))

# --- CORS / CSRF for a phone client -----------------------------------------------------------
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS")
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_HEADERS = (
    "accept",
    "authorization",
    "content-type",
    "idempotency-key",
    "x-csrftoken",
    "x-requested-with",
)
# a browser client may read these answer headers (limits, idempotent replays, caching)
CORS_EXPOSE_HEADERS = (
    "ratelimit",
    "ratelimit-policy",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "retry-after",
    "idempotent-replayed",
    "etag",
    "link",
    "content-language",
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
