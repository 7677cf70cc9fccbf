"""Project settings, read from the environment with embedded defaults.

With nothing set the project runs on an SQLite file under ``var/`` and a Celery broker that needs
no server (kombu's filesystem transport). ``DATABASE_URL`` selects PostgreSQL (or any database
dj-database-url understands); ``REDIS_URL`` selects Redis as the broker and the cache.
"""

from __future__ import annotations

import os
import secrets
import stat
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext

# Lets admin classes name their model at runtime (``admin.ModelAdmin[Card]``), as mypy wants.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("EREDAN_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)
# Matplotlib (the heatmaps and plots) keeps its font cache here, built once: without a writable
# config directory it rebuilds it in a temporary one on every run, saying so on the terminal.
os.environ.setdefault("MPLCONFIGDIR", str(VAR_DIR / "matplotlib"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def secret_key_file(path: Path) -> str:
    """The key kept in ``path``, generated there the first time, readable by its owner only.

    Created with mode 600 in one step (never world-readable, not even for a moment); an existing
    file that others may read is tightened to 600, or, when that is not allowed (someone else's
    file), a warning says so on stderr at every start.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            try:
                path.chmod(0o600)
            except OSError:
                sys.stderr.write(
                    f"warning: {path} is readable by others (mode {mode:o}) and could not be "
                    "changed: run chmod 600 on it, or set SECRET_KEY\n"
                )
    else:
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept in var/ (never in git)."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    return secret_key_file(VAR_DIR / "secret_key")


SECRET_KEY = _secret_key()
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://localhost:8000,http://127.0.0.1:8000")

# --- HTTPS (README "Production"; all off by default: `make up` serves plain HTTP on localhost) --
#: Redirect plain HTTP to HTTPS; behind a TLS proxy, with SECURE_PROXY_SSL_HEADER set too.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)


def proxy_ssl_header(value: str) -> tuple[str, str] | None:
    """``X-Forwarded-Proto: https`` (the header the TLS proxy sets, and the value meaning HTTPS)
    → Django's ``("HTTP_X_FORWARDED_PROTO", "https")``; empty → ``None`` (no proxy header)."""
    if not value.strip():
        return None
    header, sep, expected = value.partition(":")
    if not sep or not header.strip() or not expected.strip():
        raise ValueError(f"SECURE_PROXY_SSL_HEADER must read 'Header-Name: value', not {value!r}")
    name = header.strip().upper().replace("-", "_")
    return (name if name.startswith("HTTP_") else f"HTTP_{name}", expected.strip())


#: Only when the proxy always sets (or strips) the header: a client reaching the application
#: directly could otherwise claim HTTPS.
SECURE_PROXY_SSL_HEADER = proxy_ssl_header(os.environ.get("SECURE_PROXY_SSL_HEADER", ""))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from here, not from a CDN
    "django_htmx",  # the pages: htmx served from the package, request.htmx
    "axes",  # failed logins: per account and per address, a lockout that ends (docs/api.md)
    "eredan",
    "cards",
    "cards.collection",
    "decks",
    "simulator",
]

MIDDLEWARE = [
    # First: a NUL character anywhere in a request is a 400 before sessions, logins or views
    # reach the database with it (PostgreSQL refuses it: a 500).
    "eredan.middleware.NulRefusalMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a lockout decided during authentication into the answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "eredan.urls"
WSGI_APPLICATION = "eredan.wsgi.application"

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
                "eredan.language.card_language",
                "cards.web.context.faces",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'eredan.sqlite3'}"
# Persistent connections: opening one per request costs more than most of our requests do.
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", 60), conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The web server and a worker process write to the same file: wait for locks instead of
    # failing at once, and take the write lock when a transaction starts (no upgrade deadlocks).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 30, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and broker -----------------------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "eredan"),
            # An unreachable Redis must cost a request a moment, not a hang (the throttles then
            # count locally: eredan/api/throttling.py).
            "OPTIONS": {
                "socket_connect_timeout": float(os.environ.get("CACHE_CONNECT_TIMEOUT", "0.5")),
                "socket_timeout": float(os.environ.get("CACHE_TIMEOUT", "1")),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

BROKER_DIR = VAR_DIR / "broker"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        # A chunk whose worker died is redelivered after this many seconds (acks_late).
        "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300),
    }
else:
    for sub in ("out", "processed", "control"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    # A host name, though the transport needs none: without one kombu warns "No hostname was
    # supplied" on every connection, on the user's terminal.
    CELERY_BROKER_URL = "filesystem://localhost//"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "out"),
        "data_folder_out": str(BROKER_DIR / "out"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),  # exchange tables (default: ./control)
        "store_processed": False,
    }
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "eredan")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
#: Seconds a job may stay pending before its status says no worker has picked it up.
SIMULATION_NO_WORKER_AFTER = env_int("SIMULATION_NO_WORKER_AFTER", 30)

# --- Auth, i18n, static -----------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
AUTHENTICATION_BACKENDS = [
    # Refuses, before any password is hashed, a login from a locked-out account or address.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# --- Client addresses and failed logins (docs/api.md "Throttling" and "Failed logins") ------
#: Proxies in front of the application: forwarded addresses are read only as configured
#: (eredan/network.py). Default: none, the TCP peer is the client.
NUM_PROXIES = env_int("NUM_PROXIES", 0)
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
THROTTLE_IPV6_PREFIX = env_int("THROTTLE_IPV6_PREFIX", 64)
THROTTLE_CACHE_RETRY_SECONDS = env_int("THROTTLE_CACHE_RETRY_SECONDS", 30)
#: django-axes: failed logins on /accounts/login/, /admin/login/ and API Basic authentication,
#: counted per account and per client address in the database (no cache: a Redis outage does not
#: lift the limit); once either reaches the limit, logins from that address or to that account are
#: refused for LOGIN_LOCKOUT_MINUTES after the last counted failure, the right password included.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
# Attempts during a lockout are refused without counting: the lockout ends on time.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "eredan.network.client_ident"
AXES_USERNAME_CALLABLE = "eredan.logins.login_username"
AXES_LOCKOUT_CALLABLE = "eredan.logins.lockout_response"
AXES_VERBOSE = False
LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# --- Pages (server-rendered, htmx) -----------------------------------------------------------
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise serves from the finders; the folder just has to exist
WHITENOISE_USE_FINDERS = True
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)

# --- API ------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "eredan.api.authentication.BasicAuthentication",  # failed logins throttled
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "eredan.api.parsers.JSONParser",
        "eredan.api.parsers.FormParser",
        "eredan.api.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "eredan.api.schema.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "eredan.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.SearchFilter",
        "eredan.api.filters.OrderingFilter",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "eredan.api.throttling.AnonRateThrottle",
        "eredan.api.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "300/minute"),
        "user": os.environ.get("THROTTLE_USER", "3000/minute"),
    },
    "NUM_PROXIES": NUM_PROXIES,
    "EXCEPTION_HANDLER": "eredan.api.errors.exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "eredan API",
    "DESCRIPTION": (
        "Card database, collections, deck validation and batch simulation for Eredan iTCG "
        "(and the Cribbage, Écarté and Crapette engines). Every 4xx response has the body "
        '`{"errors": [{"code", "message", "field"}]}`.'
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # /api/docs/ works offline and always with the same Swagger UI (the default loads @latest from a CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Stable enums clients match on get stable component names.
    "ENUM_NAME_OVERRIDES": {
        "ViolationCodeEnum": "decks.rules.VIOLATION_CODES",
        # Three apps have a field named "kind": without these, generated names like KindB6aEnum.
        "EntryKindEnum": "cards.models.FamilyKind",
        "SimulationKindEnum": "simulator.models.SimulationJob.Kind",
        "DeckVersionSourceEnum": "decks.models.DeckVersion.Source",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # "Matplotlib is building the font cache; this may take a moment." (once, in var/)
        "matplotlib.font_manager": {"level": "ERROR"},
    },
}
