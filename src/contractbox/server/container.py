"""The composition root's first half: the store, the queue and every service, each handed its
collaborators, built once per process. Only the entry points (and server/app.py) import this."""

from __future__ import annotations

import logging

from contractbox.analyses.execution import AnalysisExecutor, default_worker_count
from contractbox.analyses.removal import RetentionSweeper
from contractbox.analyses.scheduler import default_org_cap
from contractbox.analyses.service import AnalysisService
from contractbox.auth.ratelimit import RateLimiter
from contractbox.comparisons.service import ComparisonService
from contractbox.console.admin import ConsoleService
from contractbox.contracts.service import ContractService
from contractbox.core.clock import Clock
from contractbox.core.events import EventRecorder
from contractbox.core.events import redact as redact_events
from contractbox.core.http.idempotency import forget_unfinished
from contractbox.core.paths import secure_data_dir
from contractbox.core.queue import TaskQueue
from contractbox.core.settings import Settings
from contractbox.core.store import Store
from contractbox.reports.service import ReportService
from contractbox.reviews.service import ReviewService
from contractbox.reviewsets.service import ReviewSetService
from contractbox.storage.service import MIB, StorageLimits, StorageService
from contractbox.usage.counters import RequestCounter
from contractbox.usage.service import UsageService
from contractbox.webhooks.delivery import WebhookDelivery
from contractbox.webhooks.service import WebhookService, redact_deliveries

log = logging.getLogger("contractbox")


class Services:
    """Everything the running app is built around: settings, store, queue and the services."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        secure_data_dir(settings.data_dir)
        self.store = Store(settings.app_db_path)
        self.store.migrate()
        workers = settings.workers or default_worker_count()
        # One queue thread per worker process, and one more so webhook deliveries never wait
        # behind analyses (a thread that finds every worker busy drops its wake-up at once).
        self.queue = TaskQueue(settings.queue_db_path, workers + 1)
        self.executor = AnalysisExecutor(workers, settings.url_allow_loopback)
        self.clock = Clock()
        self.events = EventRecorder(self.clock)
        self.request_counter = RequestCounter(self.store)
        self.rate_limiter = RateLimiter(settings.rate_limit_per_minute)
        self.usage = UsageService(self.store, self.clock)
        self.storage = StorageService(
            self.store, StorageLimits(live=settings.org_storage_live_mb * MIB, test=settings.org_storage_test_mb * MIB)
        )
        self.analyses = AnalysisService(
            self.store,
            self.queue,
            self.events,
            self.clock,
            self.usage,
            self.executor,
            settings.org_max_running or default_org_cap(workers),
            storage=self.storage,
        )
        self.contracts = ContractService(self.store, self.events, self.clock, self.analyses, self.storage)
        self.reviews = ReviewService(self.store, self.clock, self.contracts)
        self.contracts.review_of = self.reviews.review_of  # decisions made on the same document carry over
        self.storage.on_delete(self.reviews.forget_orphaned)  # a document's decisions go with its last contract
        self.reviewsets = ReviewSetService(
            self.store, self.clock, self.analyses, self.contracts, self.reviews, self.storage, self.queue
        )
        self.analyses.on_submit = self.reviewsets.join  # reviewSet on POST /v1/analyses
        self.analyses.after_complete = self.reviewsets.completed_later  # saved as a contract, grid row written
        self.reviews.after_decision = self.reviewsets.on_decision  # grid cells follow decisions
        self.storage.on_delete(self.reviewsets.forget)
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
