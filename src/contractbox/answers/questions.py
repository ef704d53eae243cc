"""The grid's questions and the answer of each for one contract: computed once, when its analysis
completes and again after each review decision, from the result and its findings as reviewed
(decisions win over the engine), so a grid of thousands of rows is read, never recomputed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from contractbox.answers.reviewed import ReviewedFinding
from contractbox.engine.categories import LABELS
from contractbox.engine.selection import FINDING

MAX_QUOTE = 2000  # characters of evidence kept per cell for the export's notes


@dataclass(frozen=True)
class Question:
    key: str
    label: str
    kind: str  # "fact" (a value from the summary or the key dates) or "clause" (found / not found)
    source: str  # the clause category (clauses) or the fact's name


FACTS = (
    Question("parties", "Parties", "fact", "parties"),
    Question("document_type", "Document type", "fact", "document_type"),
    Question("agreement_date", "Agreement date", "fact", "agreement_date"),
    Question("effective_date", "Effective date", "fact", "effective_date"),
    Question("expiration_date", "Expiration date", "fact", "expiration_date"),
    Question("governing_law", "Governing law", "fact", "governing_law"),
)
FIRST_CLAUSES = (
    Question("renewal", "Renewal (auto-renewal)", "clause", "renewal_term"),
    Question("notice_period", "Notice period to terminate renewal", "clause", "notice_period_to_terminate_renewal"),
    Question("anti_assignment", "Assignment restricted", "clause", "anti_assignment"),
    Question("change_of_control", "Change of control", "clause", "change_of_control"),
    Question("exclusivity", "Exclusivity", "clause", "exclusivity"),
    Question("non_compete", "Non-compete", "clause", "non_compete"),
    Question("termination_for_convenience", "Termination for convenience", "clause", "termination_for_convenience"),
    Question("cap_on_liability", "Cap on liability", "clause", "cap_on_liability"),
    Question("uncapped_liability", "Uncapped liability", "clause", "uncapped_liability"),
    Question("most_favored_nation", "Most favored nation", "clause", "most_favored_nation"),
    Question("ip_ownership_assignment", "IP ownership assignment", "clause", "ip_ownership_assignment"),
    Question("audit_rights", "Audit rights", "clause", "audit_rights"),
    Question("insurance", "Insurance", "clause", "insurance"),
)
_COVERED = {q.source for q in FACTS + FIRST_CLAUSES} | {"document_name"}
OTHER_CLAUSES = tuple(
    Question(category, label, "clause", category) for category, label in LABELS.items() if category not in _COVERED
)
# The grid answers DEFAULT_QUESTIONS unless asked for others (`questions=all` or a list of keys).
DEFAULT_QUESTIONS: tuple[Question, ...] = FACTS + FIRST_CLAUSES
QUESTIONS: tuple[Question, ...] = DEFAULT_QUESTIONS + OTHER_CLAUSES
BY_KEY = {q.key: q for q in QUESTIONS}


def decision_of(review: dict[str, Any] | None) -> dict[str, Any] | None:
    if review is None:
        return None
    return {
        "action": review["decision"],
        "value": review["correctedValue"],
        "by": review["reviewer"]["name"],
        "at": review["createdAt"],
    }


def _latest(items: Sequence[ReviewedFinding]) -> dict[str, Any] | None:
    decided = [i.review for i in items if i.review]
    return max(decided, key=lambda r: r["createdAt"]) if decided else None


class _Answers:
    """The cells (what the grid shows) and quotes (what the export adds) of one result."""

    def __init__(self, result: dict[str, Any], reviewed: Sequence[ReviewedFinding]) -> None:
        self.result = result
        self.reviewed = reviewed
        self.confidence: dict[str, float] = {}
        self.best_clause: dict[str, dict[str, Any]] = {}
        for clause in result.get("clauses", []):
            category = clause["category"]
            if clause["confidence"] > self.confidence.get(category, -1.0):
                self.confidence[category] = clause["confidence"]
                self.best_clause[category] = clause
        self.cells: dict[str, dict[str, Any]] = {}
        self.quotes: dict[str, dict[str, Any]] = {}

    def confidence_of(self, category: str) -> float | None:
        value = self.confidence.get(category)
        return round(value, 3) if value is not None else None

    def put(self, question: Question, items: Sequence[ReviewedFinding], answer: str, value: str | None) -> None:
        cell: dict[str, Any] = {"answer": answer}
        if value is not None:
            cell["value"] = value
        confidence = self.confidence_of(question.source)
        if confidence is not None:
            cell["confidence"] = confidence
        first = items[0].finding if items else None
        if first is not None:
            if first.evidence_ids:
                cell["evidenceId"] = first.evidence_ids[0]
            if first.page is not None:
                cell["page"] = first.page
            cell["findingKey"] = first.key
            self.quotes[question.key] = {"quote": first.quote[:MAX_QUOTE], "page": first.page}
        decision = decision_of(_latest(items))
        if decision is not None:
            cell["decision"] = decision
        self.cells[question.key] = cell

    def fact(self, question: Question) -> None:
        if question.key == "document_type":
            value = (self.result.get("summary") or {}).get("documentType")
            self.put(question, [], "value" if value else "not_found", value or None)
            return
        if question.key == "parties":
            items = [i for i in self.reviewed if i.finding.kind == "party"]
        elif question.key == "governing_law":
            items = [i for i in self.reviewed if i.finding.kind == "governing_law"]
        else:
            of_kind = [i for i in self.reviewed if i.finding.key.startswith(f"date:{question.source}:")]
            items = ([i for i in of_kind if i.finding.value] or of_kind)[:1]  # the first dated one, as contracts do
        values = [self._value(i) for i in items if i.decision != "rejected"]
        shown = "; ".join(v for v in values if v)
        self.put(question, items, "value" if shown else "not_found", shown or None)

    @staticmethod
    def _value(item: ReviewedFinding) -> str | None:
        if item.finding.kind == "date" and item.review is None and not item.finding.value:
            return str(item.finding.detail.get("text") or "") or None  # an undated date ("the Effective Date")
        return item.value

    def clause(self, question: Question) -> None:
        best = self.best_clause.get(question.source)
        if best is None or best["confidence"] < FINDING:
            self.put(question, [], "not_found", None)
            return
        items = [i for i in self.reviewed if i.finding.kind == "clause" and i.finding.item_id == best["id"]]
        decision = items[0].decision if items else None
        if decision == "rejected":
            self.put(question, items, "not_found", None)
        elif decision == "corrected":
            self.put(question, items, "value", items[0].value)
        else:
            self.put(question, items, "found", None)


def answers(result: dict[str, Any], reviewed: Sequence[ReviewedFinding]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(cells by question key, quotes by question key) of one result with its reviewed findings."""
    out = _Answers(result, reviewed)
    for question in QUESTIONS:
        if question.kind == "fact":
            out.fact(question)
        else:
            out.clause(question)
    return out.cells, out.quotes


def chosen(raw: str | None) -> tuple[Question, ...] | str:
    """The questions a grid request asks for (None: the default set; "all"; or comma-separated
    keys); a string is the first unknown key."""
    if raw is None or not raw.strip():
        return DEFAULT_QUESTIONS
    if raw.strip() == "all":
        return QUESTIONS
    keys = [k.strip() for k in raw.split(",") if k.strip()]
    for key in keys:
        if key not in BY_KEY:
            return key
    return tuple(BY_KEY[k] for k in dict.fromkeys(keys))
