"""The composition root's core: the store, the queue and the services a document is submitted,
analysed and saved into a review set through, each handed its collaborators. `Services`
(server/container.py) builds the running server on it; `contractbox import` builds only this, so
the command does not import the web framework, the reports, the webhooks or the console."""

from __future__ import annotations

from contractbox.analyses.execution import AnalysisExecutor, default_worker_count
from contractbox.analyses.scheduler import default_org_cap
from contractbox.analyses.service import AnalysisService
from contractbox.contracts.service import ContractService
from contractbox.core.clock import Clock
from contractbox.core.events import EventRecorder
from contractbox.core.paths import secure_data_dir
from contractbox.core.queue import TaskQueue
from contractbox.core.settings import Settings
from contractbox.core.store import Store
from contractbox.reviews.service import ReviewService
from contractbox.reviewsets.service import ReviewSetService
from contractbox.storage.service import MIB, StorageLimits, StorageService
from contractbox.usage.service import UsageService


class SubmissionServices:
    """Analyses, contracts, review decisions and review sets on a data dir, wired together."""

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
        self.analyses.on_complete = self.reviewsets.complete_in  # saved as a contract, grid row written
        self.analyses.after_complete = self.reviewsets.completed_later  # the same, when it could not be
        self.reviews.after_decision = self.reviewsets.on_decision  # grid cells follow decisions
        self.storage.on_delete(self.reviewsets.forget)
