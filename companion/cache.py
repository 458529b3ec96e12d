"""The default cache: the shared Redis cache while it answers, this process's own when not.

``CACHES["default"]`` is a :class:`FailoverCache` over two other aliases: ``shared`` (Django's
own ``RedisCache``, configured when a Redis URL is) and ``local`` (``LocMemCache``). Throttle
counters and cached answers go to Redis, so every web process sees the same counts. When Redis
cannot be reached (short socket timeouts, no retries), the call falls back to the local cache at
once and the shared one is left alone for ``FAILOVER_SECONDS``, so an outage costs at most
one failed connection attempt per process per interval and never stalls a request: the
service keeps working exactly as it does without Redis (counters per process).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

logger = logging.getLogger(__name__)


class FailoverCache(BaseCache):
    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        options = params.get("OPTIONS", {})
        self._shared_alias = options.get("SHARED", "shared")
        self._local_alias = options.get("LOCAL", "local")
        self._failover_seconds = float(options.get("FAILOVER_SECONDS", 10))
        self._down_until = 0.0

    # --- which cache answers ---------------------------------------------------------------

    @property
    def local(self) -> BaseCache:
        return caches[self._local_alias]

    def _shared(self) -> BaseCache | None:
        from django.conf import settings

        if self._shared_alias not in settings.CACHES:
            return None
        if time.monotonic() < self._down_until:
            return None
        return caches[self._shared_alias]

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        shared = self._shared()
        if shared is not None:
            try:
                return getattr(shared, method)(*args, **kwargs)
            except Exception as exc:  # any Redis or socket error: fall back, never fail
                self._down_until = time.monotonic() + self._failover_seconds
                logger.warning(
                    "shared cache unavailable (%s); using the local cache for %.0f s",
                    exc.__class__.__name__,
                    self._failover_seconds,
                )
        return getattr(self.local, method)(*args, **kwargs)

    @property
    def using_shared(self) -> bool:
        return self._shared() is not None

    # --- the cache API ---------------------------------------------------------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", key, value, timeout=timeout, version=version)

    def get(self, key, default=None, version=None):
        return self._call("get", key, default=default, version=version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", key, value, timeout=timeout, version=version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", key, timeout=timeout, version=version)

    def delete(self, key, version=None):
        return self._call("delete", key, version=version)

    def incr(self, key, delta=1, version=None):
        return self._call("incr", key, delta=delta, version=version)

    def has_key(self, key, version=None):
        return self._call("has_key", key, version=version)

    def clear(self):
        """Clears this process's cache only: the shared one may hold other services' keys."""
        return self.local.clear()
