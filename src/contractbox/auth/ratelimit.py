from __future__ import annotations

import math
import threading
import time


class RateLimiter:
    """A token bucket per API key: `per_minute` requests, refilled continuously."""

    def __init__(self, per_minute: int, clock=time.monotonic) -> None:  # noqa: ANN001
        self.capacity = float(per_minute)
        self.refill_per_s = per_minute / 60.0
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def acquire(self, key_id: str) -> int | None:
        """None when allowed; else the seconds to wait before the next request is allowed."""
        if self.capacity <= 0:
            return None
        now = self.clock()
        with self._lock:
            tokens, stamp = self._buckets.get(key_id, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - stamp) * self.refill_per_s)
            if tokens >= 1.0:
                self._buckets[key_id] = (tokens - 1.0, now)
                return None
            self._buckets[key_id] = (tokens, now)
            return max(1, math.ceil((1.0 - tokens) / self.refill_per_s))
