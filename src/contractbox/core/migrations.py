"""Schema migrations: an ordered list of named steps, recorded in `_migrations` once applied.

Append new steps at the end; never edit an applied one. A data dir whose `_migrations` names a
step this build does not know was written by a newer ContractBox and is refused.
"""

from __future__ import annotations

import sqlite_utils

from contractbox.core.clock import now_iso


class NewerDataDirError(Exception):
    pass


STEPS: list[tuple[str, str]] = [
    (
        "0001_organizations_and_keys",
        """
        CREATE TABLE organizations (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL UNIQUE,
            live_approved INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        );
        CREATE TABLE api_keys (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL REFERENCES organizations(id),
            mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
            name TEXT,
            secret_hash TEXT NOT NULL UNIQUE,
            prefix TEXT NOT NULL,
            last4 TEXT NOT NULL,
            scopes TEXT NOT NULL,
            created_at TEXT NOT NULL,
            last_used_at TEXT,
            revoked_at TEXT
        );
        CREATE INDEX api_keys_org ON api_keys(org_id);
        """,
    ),
    (
        "0002_analyses",
        """
        CREATE TABLE analyses (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL REFERENCES organizations(id),
            mode TEXT NOT NULL,
            key_id TEXT NOT NULL,
            title TEXT NOT NULL,
            source_type TEXT NOT NULL,
            filename TEXT,
            status TEXT NOT NULL,
            error_code TEXT,
            error_message TEXT,
            metadata TEXT NOT NULL DEFAULT '{}',
            page_count INTEGER,
            character_count INTEGER,
            sha256 TEXT,
            result TEXT,
            created_at TEXT NOT NULL,
            started_at TEXT,
            completed_at TEXT
        );
        CREATE INDEX analyses_scope ON analyses(org_id, mode, seq);
        CREATE INDEX analyses_unfinished ON analyses(status) WHERE status IN ('queued', 'processing');
        CREATE TABLE analysis_sources (
            analysis_id TEXT PRIMARY KEY REFERENCES analyses(id),
            text TEXT,
            url TEXT,
            pdf BLOB,
            document_text TEXT,
            pages TEXT
        );
        """,
    ),
    (
        "0003_idempotency_and_usage",
        """
        CREATE TABLE idempotency_keys (
            org_id TEXT NOT NULL,
            mode TEXT NOT NULL,
            key TEXT NOT NULL,
            method TEXT NOT NULL,
            path TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            state TEXT NOT NULL,
            response_status INTEGER,
            response_headers TEXT,
            response_body BLOB,
            created_at TEXT NOT NULL,
            PRIMARY KEY (org_id, mode, key)
        );
        CREATE TABLE usage_daily (
            key_id TEXT NOT NULL,
            day TEXT NOT NULL,
            requests INTEGER NOT NULL DEFAULT 0,
            analyses_created INTEGER NOT NULL DEFAULT 0,
            analyses_completed INTEGER NOT NULL DEFAULT 0,
            analyses_failed INTEGER NOT NULL DEFAULT 0,
            pages INTEGER NOT NULL DEFAULT 0,
            characters INTEGER NOT NULL DEFAULT 0,
            comparisons INTEGER NOT NULL DEFAULT 0,
            billable_units INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (key_id, day)
        );
        """,
    ),
    (
        "0004_events_outbox",
        """
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL,
            mode TEXT NOT NULL,
            type TEXT NOT NULL,
            payload TEXT NOT NULL,
            created_at TEXT NOT NULL,
            dispatched_at TEXT
        );
        CREATE INDEX events_undispatched ON events(seq) WHERE dispatched_at IS NULL;
        """,
    ),
    (
        "0005_contracts_comparisons_webhooks",
        """
        CREATE TABLE contracts (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL REFERENCES organizations(id),
            mode TEXT NOT NULL,
            key_id TEXT NOT NULL,
            analysis_id TEXT NOT NULL UNIQUE REFERENCES analyses(id),
            title TEXT NOT NULL,
            document_type TEXT,
            parties TEXT NOT NULL,
            risk_value INTEGER NOT NULL,
            risk_level TEXT NOT NULL,
            effective_date TEXT,
            expiration_date TEXT,
            search_text TEXT NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            result TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX contracts_scope ON contracts(org_id, mode, seq);
        CREATE TABLE comparisons (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL REFERENCES organizations(id),
            mode TEXT NOT NULL,
            key_id TEXT NOT NULL,
            left_id TEXT NOT NULL,
            right_id TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX comparisons_scope ON comparisons(org_id, mode, seq);
        CREATE TABLE webhook_endpoints (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL REFERENCES organizations(id),
            mode TEXT NOT NULL,
            url TEXT NOT NULL,
            events TEXT NOT NULL,
            description TEXT,
            secret TEXT NOT NULL,
            previous_secret TEXT,
            previous_secret_until TEXT,
            enabled INTEGER NOT NULL DEFAULT 1,
            disabled_reason TEXT,
            last_success_at TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            deleted_at TEXT
        );
        CREATE INDEX webhook_endpoints_scope ON webhook_endpoints(org_id, mode, seq);
        CREATE TABLE webhook_deliveries (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            webhook_id TEXT NOT NULL REFERENCES webhook_endpoints(id),
            event_id TEXT NOT NULL,
            event_type TEXT NOT NULL,
            payload TEXT NOT NULL,
            is_test INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,
            attempt_count INTEGER NOT NULL DEFAULT 0,
            next_attempt_at TEXT,
            first_attempt_at TEXT,
            last_error TEXT,
            created_at TEXT NOT NULL,
            finished_at TEXT,
            UNIQUE (webhook_id, event_id)
        );
        CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(webhook_id, seq);
        CREATE INDEX webhook_deliveries_unfinished ON webhook_deliveries(state) WHERE state IN ('pending', 'sending');
        CREATE TABLE webhook_attempts (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id),
            number INTEGER NOT NULL,
            attempted_at TEXT NOT NULL,
            status_code INTEGER,
            duration_ms INTEGER NOT NULL,
            error TEXT
        );
        CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, seq);
        """,
    ),
    (
        "console_0001_sessions_audit",
        """
        CREATE TABLE console_admin (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            password_hash TEXT,
            failed_attempts INTEGER NOT NULL DEFAULT 0,
            locked_until TEXT,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE console_login_links (
            token_hash TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            used_at TEXT
        );
        CREATE TABLE console_sessions (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            token_hash TEXT NOT NULL UNIQUE,
            csrf_token TEXT NOT NULL,
            via TEXT NOT NULL,
            client TEXT,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            last_seen_at TEXT NOT NULL,
            ended_at TEXT
        );
        CREATE TABLE console_keys (
            org_id TEXT NOT NULL REFERENCES organizations(id),
            mode TEXT NOT NULL,
            key_id TEXT NOT NULL REFERENCES api_keys(id),
            PRIMARY KEY (org_id, mode)
        );
        CREATE TABLE console_audit (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            at TEXT NOT NULL,
            session_id TEXT,
            action TEXT NOT NULL,
            org_id TEXT,
            mode TEXT,
            target TEXT,
            status INTEGER,
            detail TEXT NOT NULL DEFAULT '{}',
            client TEXT
        );
        """,
    ),
    (
        "0500_docx_and_image_sources",
        """
        ALTER TABLE analysis_sources ADD COLUMN docx BLOB;
        ALTER TABLE analysis_sources ADD COLUMN image BLOB;
        """,
    ),
    (
        "0400_users",
        """
        CREATE TABLE users (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            username TEXT NOT NULL UNIQUE COLLATE NOCASE,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('administrator', 'reviewer', 'viewer')),
            password_hash TEXT,
            disabled INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            last_sign_in_at TEXT
        );
        INSERT INTO users (id, username, name, role, password_hash, created_at)
            VALUES ('usr_' || lower(hex(randomblob(12))), 'admin', 'Administrator', 'administrator',
                    (SELECT password_hash FROM console_admin WHERE id = 1), strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
        CREATE TABLE signin_attempts (
            subject TEXT PRIMARY KEY,
            attempts INTEGER NOT NULL DEFAULT 0,
            locked_until TEXT
        );
        INSERT INTO signin_attempts (subject, attempts, locked_until)
            SELECT (SELECT id FROM users WHERE username = 'admin'), failed_attempts, locked_until
            FROM console_admin WHERE id = 1 AND (failed_attempts > 0 OR locked_until IS NOT NULL);
        ALTER TABLE console_sessions ADD COLUMN user_id TEXT;
        ALTER TABLE console_login_links ADD COLUMN user_id TEXT;
        ALTER TABLE console_audit ADD COLUMN actor TEXT;
        ALTER TABLE analyses ADD COLUMN origin TEXT NOT NULL DEFAULT 'api';
        """,
    ),
    (
        "0401_reviews",
        """
        CREATE TABLE reviews (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL,
            mode TEXT NOT NULL,
            document_key TEXT NOT NULL,
            contract_id TEXT NOT NULL,
            finding_key TEXT NOT NULL,
            decision TEXT NOT NULL CHECK (decision IN ('accepted', 'rejected', 'corrected')),
            corrected_value TEXT,
            note TEXT,
            reviewer_type TEXT NOT NULL,
            reviewer_id TEXT NOT NULL,
            reviewer_name TEXT NOT NULL,
            key_id TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX reviews_by_document ON reviews (org_id, mode, document_key, finding_key, seq);
        ALTER TABLE contracts ADD COLUMN document_key TEXT;
        ALTER TABLE contracts ADD COLUMN review_state TEXT NOT NULL DEFAULT 'not_started';
        ALTER TABLE contracts ADD COLUMN review_decided INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE contracts ADD COLUMN review_total INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE contracts ADD COLUMN reviewed_by TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE contracts ADD COLUMN reviewed_at TEXT;
        ALTER TABLE contracts ADD COLUMN corrected_names TEXT NOT NULL DEFAULT '[]';
        UPDATE contracts SET document_key = (SELECT sha256 FROM analyses a WHERE a.id = contracts.analysis_id);
        CREATE INDEX contracts_by_document ON contracts (org_id, mode, document_key)
        """,
    ),
    (
        "0300_analysis_turns",
        """
        CREATE TABLE analysis_turns (
            org_id TEXT PRIMARY KEY,
            turn INTEGER NOT NULL
        );
        """,
    ),
    (
        "0200_storage_and_retention",
        """
        CREATE TABLE storage_objects (
            object_id TEXT PRIMARY KEY,
            org_id TEXT NOT NULL,
            mode TEXT NOT NULL,
            bytes INTEGER NOT NULL
        );
        CREATE INDEX storage_objects_scope ON storage_objects(org_id, mode, bytes);
        INSERT INTO storage_objects (object_id, org_id, mode, bytes)
            SELECT a.id, a.org_id, a.mode,
                   COALESCE(length(CAST(s.text AS BLOB)), 0) + COALESCE(length(CAST(s.url AS BLOB)), 0)
                   + COALESCE(length(s.pdf), 0) + COALESCE(length(s.docx), 0) + COALESCE(length(s.image), 0)
            FROM analyses a JOIN analysis_sources s ON s.analysis_id = a.id;
        INSERT INTO storage_objects (object_id, org_id, mode, bytes)
            SELECT id, org_id, mode, length(CAST(result AS BLOB)) FROM contracts;
        ALTER TABLE analyses ADD COLUMN saved_as TEXT;
        UPDATE analyses SET saved_as = (SELECT c.id FROM contracts c WHERE c.analysis_id = analyses.id);
        CREATE INDEX analyses_retention ON analyses(completed_at) WHERE saved_as IS NULL;
        ALTER TABLE analysis_sources ADD COLUMN removed_at TEXT;
        """,
    ),
    (
        "0600_review_sets",
        """
        CREATE TABLE review_sets (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL,
            mode TEXT NOT NULL,
            name TEXT NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL
        );
        CREATE INDEX review_sets_scope ON review_sets (org_id, mode, seq);
        CREATE TABLE review_set_members (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            set_id TEXT NOT NULL,
            analysis_id TEXT NOT NULL UNIQUE,
            org_id TEXT NOT NULL,
            mode TEXT NOT NULL,
            key_id TEXT NOT NULL,
            title TEXT NOT NULL,
            label TEXT,
            content_hash TEXT NOT NULL,
            contract_id TEXT,
            cells TEXT,
            quotes TEXT,
            added_at TEXT NOT NULL
        );
        CREATE INDEX review_set_members_by_set ON review_set_members (set_id, seq);
        CREATE INDEX review_set_members_by_hash ON review_set_members (set_id, content_hash);
        CREATE INDEX review_set_members_by_contract ON review_set_members (contract_id);
        ALTER TABLE analyses ADD COLUMN review_set_id TEXT;
        CREATE INDEX analyses_by_review_set ON analyses (review_set_id) WHERE review_set_id IS NOT NULL;
        ALTER TABLE contracts ADD COLUMN review_set_id TEXT;
        CREATE INDEX contracts_by_review_set ON contracts (review_set_id) WHERE review_set_id IS NOT NULL
        """,
    ),
    (
        # The outbox keeps how far it has been dispatched (every event up to a seq) instead of marking
        # each event: marking rewrote the event's row, a saved result of hundreds of kB included.
        # events.dispatched_at stays, as it was, for events dispatched before this step.
        "0601_events_dispatched_through",
        """
        CREATE TABLE events_outbox (dispatched_through INTEGER NOT NULL);
        INSERT INTO events_outbox (dispatched_through) SELECT COALESCE(
            (SELECT MIN(seq) - 1 FROM events WHERE dispatched_at IS NULL), (SELECT MAX(seq) FROM events), 0
        );
        DROP INDEX events_undispatched
        """,
    ),
    (
        # Which contract an analysis is saved as, in a table of its own: setting analyses.saved_as
        # rewrote the analysis' row, its result of hundreds of kB included, for every saved contract.
        "0602_analysis_saves",
        """
        CREATE TABLE analysis_saves (analysis_id TEXT PRIMARY KEY, contract_id TEXT NOT NULL);
        INSERT INTO analysis_saves (analysis_id, contract_id) SELECT id, saved_as FROM analyses WHERE saved_as IS NOT NULL
        """,
    ),
    (
        # An analysis' result (hundreds of kB for a long contract) in a table of its own, read only by who
        # needs it: in the analyses row every column stored after it (origin, review_set_id, saved_as) was
        # read by following the result's chain of overflow pages, for every GET, list and status query.
        "0700_analysis_results",
        """
        CREATE TABLE analysis_results (analysis_id TEXT PRIMARY KEY, result TEXT NOT NULL);
        INSERT INTO analysis_results (analysis_id, result) SELECT id, result FROM analyses WHERE result IS NOT NULL;
        ALTER TABLE analyses DROP COLUMN result
        """,
    ),
    (
        # The text read from a document (and its page offsets) in a table of its own, inserted once when
        # its analysis completes: setting them on the analysis_sources row rewrote the submitted source
        # with them (a PDF's bytes, or the text twice), 0.94 against 0.54 ms of CPU for a 53 kB text.
        "0800_analysis_documents",
        """
        CREATE TABLE analysis_documents (analysis_id TEXT PRIMARY KEY, text TEXT NOT NULL, pages TEXT NOT NULL);
        INSERT INTO analysis_documents (analysis_id, text, pages)
            SELECT analysis_id, document_text, COALESCE(pages, '[]') FROM analysis_sources WHERE document_text IS NOT NULL;
        ALTER TABLE analysis_sources DROP COLUMN document_text;
        ALTER TABLE analysis_sources DROP COLUMN pages
        """,
    ),
]


def apply_migrations(db: sqlite_utils.Database, steps: list[tuple[str, str]] | None = None) -> list[str]:
    steps = STEPS if steps is None else steps
    db.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    applied = {row["name"] for row in db.query("SELECT name FROM _migrations")}
    known = {name for name, _ in steps}
    unknown = sorted(applied - known)
    if unknown:
        raise NewerDataDirError(
            "This data directory was written by a newer version of ContractBox "
            f"(it has schema step {unknown[-1]}). Install that version or newer to open it."
        )
    done = []
    for name, sql in steps:
        if name in applied:
            continue
        conn = db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", (name, now_iso()))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        done.append(name)
    return done


def _statements(sql: str) -> list[str]:
    return [part.strip() for part in sql.split(";") if part.strip()]
