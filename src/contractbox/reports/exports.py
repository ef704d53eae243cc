"""CSV and calendar exports of one contract (or unsaved analysis), built from its findings as
reviewed: corrections replace the engine's values, rejected findings are left out
(docs/api-notes.md, Exports). Pure functions: the service hands in the findings and the date."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta

from contractbox.core.csvtext import csv_text
from contractbox.reviews.service import ReviewedFinding

EXPORT_NAMES = ("findings.csv", "obligations.csv", "key-dates.csv", "key-dates.ics")
REMINDED_KINDS = ("notice_deadline", "expiration_date", "renewal_date")


def kept(items: Sequence[ReviewedFinding], kind: str | None = None) -> list[ReviewedFinding]:
    return [i for i in items if i.decision != "rejected" and (kind is None or i.finding.kind == kind)]


def findings_csv(title: str, items: Sequence[ReviewedFinding]) -> str:
    header = ["contract", "kind", "label", "value", "reviewed_value", "decision", "note", "page", "evidence"]
    rows = [
        [
            title,
            i.finding.kind,
            i.finding.label,
            i.finding.value,
            i.value,
            i.decision,
            i.note,
            i.finding.page,
            i.finding.quote,
        ]
        for i in kept(items)
    ]
    return csv_text(header, rows)


def obligations_csv(title: str, items: Sequence[ReviewedFinding]) -> str:
    header = ["contract", "party", "action", "kind", "due_date", "due_text", "decision", "note", "page", "evidence"]
    rows = []
    for i in kept(items, "obligation"):
        obligation = i.finding.detail["obligation"]
        due = obligation.get("due") or {}
        rows.append(
            [
                title,
                obligation["party"],
                i.value,
                obligation["kind"],
                due.get("date"),
                due.get("text"),
                i.decision,
                i.note,
                i.finding.page,
                i.finding.quote,
            ]
        )
    return csv_text(header, rows)


def key_dates_csv(title: str, items: Sequence[ReviewedFinding]) -> str:
    header = ["contract", "kind", "date", "text", "decision", "note", "page", "evidence"]
    rows = [
        [
            title,
            i.finding.label,
            i.value,
            i.finding.detail.get("text"),
            i.decision,
            i.note,
            i.finding.page,
            i.finding.quote,
        ]
        for i in kept(items, "date")
    ]
    return csv_text(header, rows)


# --- iCalendar (RFC 5545) -----------------------------------------------------------------


def ics_escape(value: str) -> str:
    return (
        value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
    )


def fold(line: str) -> str:
    """Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character."""
    parts: list[str] = []
    current, size = "", 0
    for ch in line:
        n = len(ch.encode("utf-8"))
        if size + n > (74 if parts else 75):
            parts.append(current)
            current, size = "", 0
        current += ch
        size += n
    parts.append(current)
    return "\r\n ".join(parts)


def key_dates_ics(
    title: str, uid_base: str, items: Sequence[ReviewedFinding], today: date, now: datetime | None = None
) -> str:
    """One all-day event per dated key date from `today` on, named "<title>: <event>"."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//ContractBox//Key dates//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
    ]
    for i in kept(items, "date"):
        try:
            day = date.fromisoformat(i.value or "")
        except ValueError:
            continue
        if day < today:
            continue
        kind = i.finding.key.split(":")[1]
        summary = f"{title}: {i.finding.label}"
        description = f"{i.finding.detail.get('text') or ''}\n\nEvidence: {i.finding.quote}"
        if i.note:
            description += f"\n\nReviewer's note: {i.note}"
        lines += [
            "BEGIN:VEVENT",
            f"UID:{uid_base}-{re.sub(r'[^A-Za-z0-9_.-]', '-', i.finding.key)}@contractbox",
            f"DTSTAMP:{stamp}",
            f"DTSTART;VALUE=DATE:{day.strftime('%Y%m%d')}",
            f"DTEND;VALUE=DATE:{(day + timedelta(days=1)).strftime('%Y%m%d')}",
            f"SUMMARY:{ics_escape(summary)}",
            f"DESCRIPTION:{ics_escape(description)}",
            "TRANSP:TRANSPARENT",
        ]
        if kind in REMINDED_KINDS:
            lines += [
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                f"DESCRIPTION:{ics_escape(summary)}",
                "TRIGGER:-P14D",
                "END:VALARM",
            ]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(fold(line) for line in lines) + "\r\n"


def slug(title: str) -> str:
    return re.sub(r"[^\w.-]+", "-", title).strip("-")[:60] or "contract"
