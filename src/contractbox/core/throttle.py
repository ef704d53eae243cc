"""Once per interval per subject: for records an attacker could otherwise make one per request
(audit entries for a revoked key in use, for sign-ins refused while locked). The audit log never
rotates, so a flood must not grow it by a row each."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

MAX_SUBJECTS = 10_000


class OncePerInterval:
    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()

    def allow(self, subject: str) -> bool:
        """True for the first call per subject in any `seconds`; False for the rest."""
        now = self.clock()
        with self._lock:
            last = self._last.get(subject)
            if last is not None and now - last < self.seconds:
                return False
            if len(self._last) >= MAX_SUBJECTS:  # many subjects (addresses): forget the expired ones
                self._last = {s: t for s, t in self._last.items() if now - t < self.seconds}
            self._last[subject] = now
            return True
