"""The live engine: offline, CPU-only, deterministic analysis of one Document.

Pipeline: candidate spans -> clause model scores -> top candidates per category with calibrated
confidence -> key facts (dates, governing law), parties, obligations -> playbook risks and score.
Every assertion points at evidence whose text is the exact slice of the document.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from contractbox import __version__
from contractbox.documents import Document
from contractbox.engine import playbook, polarity, risk_text
from contractbox.engine.candidates import Candidate, build_candidates
from contractbox.engine.categories import LABELS, MAX_SENTENCE_INDEX, allowed_kinds
from contractbox.engine.clause_model import ClauseModel, default_model
from contractbox.engine.dates import numeric_dates_of
from contractbox.engine.facts import (
    DATED_KINDS,
    FACT_CATEGORIES,
    Fact,
    read_facts,
    stating_the_date_first,
    summary_sentences,
)
from contractbox.engine.markup import without_draft_marks, without_email_quotes, without_underscored_terms
from contractbox.engine.obligations import find_obligations
from contractbox.engine.parties import Party, find_parties, named_passages_first
from contractbox.engine.selection import (
    FINDING,
    TOP_K,
    Calibration,
    by_position,
    distinct_passages,
    pick_distinct,
    rank_eligible,
    repeated_findings_demoted,
)
from contractbox.engine.term import Term, notice_deadline
from contractbox.engine.titles import names_a_document, names_another_document, opening_heading

ENGINE_NAME = "contractbox-live"
MIN_REPORTED_CONFIDENCE = 0.001  # below: not shown even as a candidate (keeps the recall tail for reviewers)


class Evidence:
    """Evidence items of one result, one per distinct character range."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.items: list[dict[str, Any]] = []
        self._ids: dict[tuple[int, int], str] = {}

    def quote(self, start: int, end: int) -> str:
        key = (start, end)
        if key not in self._ids:
            eid = f"ev_{len(self.items) + 1}"
            self._ids[key] = eid
            self.items.append(
                {
                    "id": eid,
                    "page": self.document.page_at(start),
                    "start": start,
                    "end": end,
                    "text": self.document.text[start:end],
                }
            )
        return self._ids[key]


def score_clauses(text: str, model: ClauseModel) -> tuple[list[Candidate], dict[str, list[tuple[int, int, float]]]]:
    """Per category, the top candidates as (start, end, confidence), best first."""
    candidates = build_candidates(text)
    raw = model.score(candidates)
    bounds = [(c.start, c.end) for c in candidates]
    starts = np.array([c.start for c in candidates], dtype=np.int64)
    ends = np.array([c.end for c in candidates], dtype=np.int64)
    pools = _EligiblePools(candidates, starts, ends)
    by_category: dict[str, list[tuple[int, int, float]]] = {}
    for j, category in enumerate(model.categories):
        if category not in model.calibration:
            continue
        calib = Calibration(model.calibration[category])
        column = raw[:, j]
        order = rank_eligible(column, pools.of(category))
        if category == "document_name":
            order = order[[names_a_document(text[bounds[i][0] : bounds[i][1]]) for i in order.tolist()]]
        picked = []
        chosen = pick_distinct(bounds, order.tolist(), TOP_K)
        top = float(column[chosen[0]]) if chosen else 0.0
        for rank, i in enumerate(chosen):
            conf = calib.confidence(float(column[i]), top, rank)
            if conf >= MIN_REPORTED_CONFIDENCE:
                picked.append((bounds[i][0], bounds[i][1], round(conf, 4)))
        if picked:
            by_category[category] = repeated_findings_demoted(picked)
    return candidates, by_category


class _EligiblePools:
    """Indices of the candidates each category may report, one array per distinct rule, in
    position order (`selection.by_position`)."""

    def __init__(self, candidates: list[Candidate], starts: np.ndarray, ends: np.ndarray) -> None:
        self.kinds = [c.kind for c in candidates]
        self.indexes = np.array([c.index for c in candidates], dtype=np.int64)
        self.starts, self.ends = starts, ends
        self._pools: dict[tuple, np.ndarray] = {}

    def of(self, category: str) -> np.ndarray:
        rule = (allowed_kinds(category), MAX_SENTENCE_INDEX.get(category))
        if rule not in self._pools:
            kinds, limit = rule
            mask = np.array([kind in kinds for kind in self.kinds], dtype=bool)
            if limit is not None:
                mask &= self.indexes <= limit
            self._pools[rule] = by_position(self.starts, self.ends, np.flatnonzero(mask))
        return self._pools[rule]


def analyze(document: Document, model: ClauseModel | None = None) -> dict[str, Any]:
    with numeric_dates_of(document.text):
        return _analyze(document, model or default_model())


def _analyze(document: Document, model: ClauseModel) -> dict[str, Any]:
    # a pasted email's quote marks, a draft's marks and the underscores around defined terms ("_Launch Date_")
    # blanked, the same length: offsets still quote the document
    text = without_underscored_terms(without_draft_marks(without_email_quotes(document.text)))
    evidence = Evidence(document)
    candidates, by_category = score_clauses(text, model)
    by_category = polarity.apply(text, by_category).by_category  # negated clauses are candidates only
    best = {cat: items[0] for cat, items in by_category.items()}
    passages = {cat: distinct_passages(by_category[cat]) for cat in FACT_CATEGORIES if cat in by_category}
    facts, term = read_facts(text, passages)
    for kind in DATED_KINDS:
        if by_category.get(kind):
            by_category[kind] = stating_the_date_first(text, by_category[kind], facts.get(kind))

    found_parties = find_parties(text, best["parties"][:2] if best.get("parties") else None)
    if by_category.get("parties"):
        by_category["parties"] = named_passages_first(text, by_category["parties"], found_parties)
    clauses = _clauses(by_category, evidence)
    parties = _parties(found_parties, evidence)
    notice_days = _notice_days(term)
    key_dates = _key_dates(text, facts, term, best, evidence)
    sentences = [(c.start, c.end) for c in candidates if c.kind == "sent"]
    obligations = _obligations(text, sentences, found_parties, evidence)
    renewal_span = (term.renewal.start, term.renewal.end) if term.renewal else None
    law_read = facts.get("governing_law")
    # the fact holds a law only where a sentence chooses one (`jurisdictions.chooses_law_at`)
    established = frozenset({"governing_law"}) if law_read is not None and law_read.value else frozenset()
    fired = playbook.evaluate(
        best,
        notice_days,
        auto_renewal=term.auto_renewal,
        renewal_span=renewal_span,
        text=text,
        established=established,
    )
    deadline = next((k["date"] for k in key_dates if k["kind"] == "notice_deadline"), None)
    risks = _risks(fired, evidence, notice_days, deadline)
    value, level = playbook.score(fired)
    drivers = sorted(
        ({"riskId": r["id"], "points": f.points} for r, f in zip(risks, fired) if f.points),
        key=lambda d: (-d["points"], d["riskId"]),
    )
    law = facts.get("governing_law")
    doc_type = _document_type(text, best, document.title)
    summary = {
        "text": _summary_text(doc_type, parties, law, facts, term, risks),
        "documentType": doc_type,
        "parties": parties,
        "governingLaw": {"jurisdiction": law.value, "evidenceIds": [evidence.quote(law.start, law.end)]}
        if law
        else None,
    }
    return {
        "engine": {"name": ENGINE_NAME, "version": f"{__version__}+{model.meta.get('trainedOn', 'cuad')}"},
        "summary": summary,
        "riskScore": {"value": value, "level": level, "drivers": drivers},
        "clauses": clauses,
        "risks": risks,
        "obligations": obligations,
        "keyDates": key_dates,
        "evidence": evidence.items,
    }


def _clauses(by_category: dict[str, list[tuple[int, int, float]]], evidence: Evidence) -> list[dict[str, Any]]:
    """Every scored clause: findings (confidence >= 0.5) and the candidates below them."""
    out: list[dict[str, Any]] = []
    for category in LABELS:
        for start, end, conf in by_category.get(category, []):
            out.append(
                {
                    "id": f"cl_{len(out) + 1}",
                    "category": category,
                    "label": LABELS[category],
                    "confidence": conf,
                    "evidenceIds": [evidence.quote(start, end)],
                }
            )
    return out


def _parties(found: list[Party], evidence: Evidence) -> list[dict[str, Any]]:
    return [{"name": p.name, "role": p.role, "evidenceIds": [evidence.quote(p.start, p.end)]} for p in found]


def _notice_days(term: Term) -> int | None:
    """Days of notice that stop an automatic renewal (None when the contract states none)."""
    return term.notice_days if term.auto_renewal else None


def _key_dates(text: str, facts: dict[str, Fact], term: Term, best, evidence: Evidence) -> list[dict[str, Any]]:
    """A date, or `date: null` with `text` saying why (blank, perpetual, runs from an event)."""
    out: list[dict[str, Any]] = []

    def add(kind: str, iso: str | None, start: int, end: int, why: str = "") -> None:
        quote = " ".join(text[start:end].split())
        out.append(
            {
                "id": f"kd_{len(out) + 1}",
                "kind": kind,
                "date": iso,
                "text": f"{why}: {quote}" if why and iso is None else quote,
                "evidenceIds": [evidence.quote(start, end)],
            }
        )

    for kind in ("agreement_date", "effective_date", "expiration_date"):
        fact = facts.get(kind)
        if fact:
            add(kind, fact.value, fact.start, fact.end, fact.reason)
    if term.auto_renewal and term.renewal:
        expiry = term.expiry
        renews_on = expiry.date.isoformat() if expiry and expiry.date else None
        add(
            "renewal_date",
            renews_on,
            term.renewal.start,
            term.renewal.end,
            "renews automatically; the end of the current term is not stated",
        )
        deadline = notice_deadline(expiry, term.notice_days, term.notice_period)
        where = term.notice or term.renewal
        why = "no notice period stated" if term.notice_days is None else "the end of the current term is not stated"
        add("notice_deadline", deadline.isoformat() if deadline else None, where.start, where.end, why)
    payment = best.get("payment_terms")
    if payment and payment[2] >= FINDING:
        add("payment_due", None, payment[0], payment[1])
    return out


def _obligations(text: str, sentences, parties: list[Party], evidence: Evidence) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ob in find_obligations(text, sentences, parties):
        due = {"date": ob.due_date, "text": ob.due_text} if ob.due_text else None
        out.append(
            {
                "id": f"ob_{len(out) + 1}",
                "party": ob.party,
                "action": ob.action,
                "kind": ob.kind,
                "due": due,
                "evidenceIds": [evidence.quote(ob.start, ob.end)],
            }
        )
    return out


def _risks(
    fired: list[playbook.Fired], evidence: Evidence, notice_days: int | None, deadline: str | None
) -> list[dict[str, Any]]:
    """One risk per fired rule, id `rk_<rule id>` (riskScore drivers name it); a risk about
    something missing has no evidence."""
    out: list[dict[str, Any]] = []
    for f in fired:
        r = f.rule
        quoted = " ".join(evidence.document.text[s:e] for s, e in f.evidence)
        explanation, recommendation = risk_text.explain(r, quoted, notice_days, deadline)
        out.append(
            {
                "id": f"rk_{r['id']}",
                "category": r["category"],
                "severity": r["severity"],
                "title": r["title"],
                "explanation": explanation,
                "recommendation": recommendation,
                "evidenceIds": [evidence.quote(s, e) for s, e in f.evidence],
            }
        )
    return out


# a letter's salutation the clause model's name span may open with ("Dear Sirs\n\nManned Guarding Services Agreement")
_SALUTATION = re.compile(r"^\s*Dear\s[^\n]{0,60}\n", re.IGNORECASE)


def _document_type(text: str, best, title: str | None) -> str:
    name = best.get("document_name")
    heading = opening_heading(text) if name and names_another_document(text, name[0], name[1]) else None
    if heading:
        raw = heading  # the model read the name of an agreement this one refers to
    elif name and name[2] >= 0.2:
        raw = " ".join(_SALUTATION.sub("", text[name[0] : name[1]]).split())
    elif title:
        raw = title
    else:
        return "Agreement"
    return raw.title() if raw.isupper() else raw


def _summary_text(doc_type: str, parties, law: Fact | None, facts: dict[str, Fact], term: Term, risks) -> str:
    """Built only from the facts; what the engine did not establish is left out."""
    parts = [doc_type]
    if parties:
        names = [p["name"] for p in parties[:3]]
        parts.append("between " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]))
    details = [" ".join(parts).rstrip(".") + "."]
    if law:
        details.append(f"Governed by the law of {law.value}.")
    details += summary_sentences(facts, term)
    if risks:
        top = [r["title"].lower() for r in risks if r["severity"] in ("critical", "high")][:3] or [
            risks[0]["title"].lower()
        ]
        details.append("Main risks: " + "; ".join(top) + ".")
    return " ".join(details)
