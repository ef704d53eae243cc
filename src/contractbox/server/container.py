"""The composition root's first half: the store, the queue and every service, each handed its
collaborators, built once per process (on server/submission.py's core). Only the entry points (and
server/app.py) import this."""

from __future__ import annotations

import logging

from contractbox.analyses.removal import RetentionSweeper
from contractbox.auth.ratelimit import RateLimiter
from contractbox.comparisons.service import ComparisonService
from contractbox.console.admin import ConsoleService
from contractbox.core.events import redact as redact_events
from contractbox.core.http.idempotency import forget_unfinished
from contractbox.core.settings import Settings
from contractbox.reports.service import ReportService
from contractbox.server.submission import SubmissionServices
from contractbox.usage.counters import RequestCounter
from contractbox.webhooks.delivery import WebhookDelivery
from contractbox.webhooks.service import WebhookService, redact_deliveries

log = logging.getLogger("contractbox")


class Services(SubmissionServices):
    """Everything the running app is built around: settings, store, queue and the services."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.request_counter = RequestCounter(self.store)
        self.rate_limiter = RateLimiter(settings.rate_limit_per_minute)
        self.reports = ReportService(self.clock, self.contracts, self.analyses, self.reviews)
        self.comparisons = ComparisonService(
            self.store, self.events, self.clock, self.analyses, self.contracts, self.usage
        )
        self.storage.on_delete(self.comparisons.delete_referencing)
        self.storage.on_delete(redact_events)
        self.storage.on_delete(redact_deliveries)
        self.retention = RetentionSweeper(
            self.analyses.remove_expired_sources,
            self.clock,
            settings.source_retention_days,
            settings.retention_sweep_seconds,
        )
        self.webhook_delivery = WebhookDelivery(self.store, self.queue, settings)
        self.webhook_delivery.saved_result_of = self.contracts.saved_result_of  # contract.created is stored without it
        self.webhooks = WebhookService(self.store, self.clock, self.webhook_delivery, settings.webhook_allow_loopback)
        self.console = ConsoleService(self.store, settings.data_dir, self.analyses, self.usage)
        self._started = False

    def start(self) -> None:
        """Flush the queue and re-enqueue unfinished work from the tables, then consume."""
        forget_unfinished(self.store)
        self.queue.flush()
        resumed = self.analyses.requeue_unfinished()
        if resumed:
            log.info("resumed %d unfinished analyses", resumed)
        caught_up = self.reviewsets.catch_up()
        if caught_up:
            log.info("queued %d review set rows left unwritten by a stop", caught_up)
        resumed_deliveries = self.webhook_delivery.resume()
        if resumed_deliveries:
            log.info("resumed %d unfinished webhook deliveries", resumed_deliveries)
        self.queue.start()
        self.analyses.start_workers()
        self.webhook_delivery.start()
        self.request_counter.start()
        self.retention.start()
        self._started = True

    def stop(self) -> None:
        if not self._started:
            return
        self.webhook_delivery.stop()
        self.retention.stop()
        self.analyses.stop_claiming()
        self.queue.stop()
        self.executor.close()
        self.request_counter.stop()
        self.store.close()
        self._started = False
