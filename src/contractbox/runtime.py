"""Runtime: the one object the running app is built around (settings, store, queue, services).
`create_app` makes one; the CLI makes one for commands that only touch the store."""

from __future__ import annotations

import logging
from typing import Any

from contractbox.auth.ratelimit import RateLimiter
from contractbox.db import Store
from contractbox.documents import Document
from contractbox.queue import TaskQueue
from contractbox.settings import Settings
from contractbox.usage.counters import RequestCounter

log = logging.getLogger("contractbox")


class Runtime:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        self.store = Store(settings.app_db_path)
        self.store.migrate()
        self.queue = TaskQueue(settings.queue_db_path, settings.workers)
        self.request_counter = RequestCounter(self.store)
        self.rate_limiter = RateLimiter(settings.rate_limit_per_minute)
        self._started = False
        from contractbox.analyses.service import AnalysisService

        self.analyses = AnalysisService(self)
        from contractbox.comparisons.service import ComparisonService
        from contractbox.contracts.service import ContractService
        from contractbox.usage.service import UsageService
        from contractbox.webhooks.service import WebhookService

        self.contracts = ContractService(self)
        self.comparisons = ComparisonService(self)
        self.usage = UsageService(self)
        self.webhooks = WebhookService(self)

    def build_document(self, mode: str, source_type: str, source: dict[str, Any], title: str | None) -> Document:
        if source_type == "text":
            from contractbox.documents.text import document_from_text

            return document_from_text(source["text"], title)
        if source_type == "pdf":
            from contractbox.documents.pdf import extract_pdf

            return extract_pdf(source["pdf"])
        if mode == "test":
            from contractbox.engine.mock import url_document

            return url_document(source["url"], title)
        from contractbox.documents.url import fetch_url

        return fetch_url(source["url"], allow_loopback=self.settings.url_allow_loopback)

    def start(self) -> None:
        """Flush the queue and re-enqueue unfinished work from the tables, then consume."""
        from contractbox.idempotency import forget_unfinished

        forget_unfinished(self.store)
        self.queue.flush()
        resumed = self.analyses.requeue_unfinished()
        if resumed:
            log.info("resumed %d unfinished analyses", resumed)
        resumed_deliveries = self.webhooks.delivery.resume()
        if resumed_deliveries:
            log.info("resumed %d unfinished webhook deliveries", resumed_deliveries)
        self.queue.start()
        self.webhooks.delivery.start()
        self.request_counter.start()
        self._started = True

    def stop(self) -> None:
        if not self._started:
            return
        self.webhooks.delivery.stop()
        self.queue.stop()
        self.request_counter.stop()
        self.store.close()
        self._started = False
