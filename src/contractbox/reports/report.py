"""The review report of a contract as a PDF: what a reviewer sends a client or partner
(docs/api-notes.md, Reports). Built from the saved result and the current decisions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from contractbox.reports.pdfwriter import PdfDocument
from contractbox.reviews.service import ReviewedFinding

DECISION_WORDS = {
    None: "Not reviewed",
    "accepted": "Accepted",
    "rejected": "Rejected by the reviewer",
    "corrected": "Corrected",
}


def _decision_line(item: ReviewedFinding) -> str:
    if item.review is None:
        return "Decision: not reviewed"
    line = f"Decision: {DECISION_WORDS[item.decision]} by {item.review['reviewer']['name']} on {item.review['createdAt'][:10]}"
    if item.decision == "corrected":
        line += f" - reviewed value: {item.value}"
    return line


def _quote(doc: PdfDocument, item: ReviewedFinding) -> None:
    if item.finding.quote:
        page = f" (page {item.finding.page})" if item.finding.page else ""
        doc.text(f"\u201c{item.finding.quote[:700]}\u201d{page}", 9, indent=14, grey=True)
    else:
        doc.text("No quote: this is about something the contract does not contain.", 9, indent=14, grey=True)


def _item(doc: PdfDocument, heading: str, item: ReviewedFinding, extra: Sequence[str] = ()) -> None:
    doc.space(4)
    doc.text(heading, 10.5, bold=True, indent=6)
    for line in extra:
        doc.text(line, 9.5, indent=14)
    doc.text(_decision_line(item), 9.5, indent=14)
    if item.note:
        doc.text(f"Reviewer's note: {item.note}", 9.5, indent=14)
    _quote(doc, item)


def build_report(
    contract: dict[str, Any], result: dict[str, Any], items: Sequence[ReviewedFinding], generated_at: str
) -> bytes:
    title = contract["title"]
    doc = PdfDocument(f"Review report: {title}")
    doc.text("Contract review report", 9, grey=True)
    doc.text(title, 18, bold=True)
    review = contract["review"]
    state = {"not_started": "Not started", "in_review": "In review", "reviewed": "Reviewed"}[review["state"]]
    who = f" by {', '.join(review['reviewedBy'])}" if review["reviewedBy"] else ""
    doc.text(
        f"Review: {state}{who} - {review['decided']} of {review['total']} findings decided. Generated {generated_at}.",
        9.5,
    )
    doc.text(
        f"Contract {contract['contractId']} ({contract['mode']} mode), document type: {contract['documentType'] or 'not found'}.",
        9.5,
        grey=True,
    )

    by_kind: dict[str, list[ReviewedFinding]] = {}
    for item in items:
        by_kind.setdefault(item.finding.kind, []).append(item)

    doc.space(8)
    doc.text("Summary", 13, bold=True)
    doc.text(result["summary"]["text"], 10)
    for item in by_kind.get("party", []) + by_kind.get("governing_law", []):
        status = "" if item.review is None else f" ({DECISION_WORDS[item.decision].lower()})"
        doc.text(f"{item.finding.label}: {item.value}{status}", 10, indent=6)

    doc.space(8)
    doc.text("Risk score", 13, bold=True)
    score = result["riskScore"]
    doc.text(f"{score['value']} of 100 ({score['level']})", 11, bold=True)
    titles = {risk["id"]: risk["title"] for risk in result["risks"]}
    for driver in score["drivers"]:
        doc.text(f"{titles.get(driver['riskId'], driver['riskId'])}: +{driver['points']:g} points", 9.5, indent=6)

    doc.space(8)
    doc.text("Risks", 13, bold=True)
    risks = by_kind.get("risk", [])
    if not risks:
        doc.text("No risks found.", 10)
    for item in risks:
        risk = item.finding.detail["risk"]
        _item(
            doc,
            f"[{risk['severity'].upper()}] {risk['title']}",
            item,
            [risk["explanation"], f"Recommendation: {risk['recommendation']}"],
        )

    doc.space(8)
    doc.text("Key dates", 13, bold=True)
    dates = by_kind.get("date", [])
    if not dates:
        doc.text("No key dates found.", 10)
    for item in dates:
        _item(
            doc,
            f"{item.finding.label}: {item.value or 'no date stated'}",
            item,
            [item.finding.detail.get("text") or ""],
        )

    doc.space(8)
    doc.text("Obligations", 13, bold=True)
    obligations = by_kind.get("obligation", [])
    if not obligations:
        doc.text("No obligations found.", 10)
    for item in obligations:
        obligation = item.finding.detail["obligation"]
        due = (obligation.get("due") or {}).get("text")
        _item(doc, f"{obligation['party']}: {item.value}", item, [f"Due: {due}"] if due else [])
    return doc.build()
