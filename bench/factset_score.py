"""Scoring of analysis results against the fact set's truth files (factset/*.truth.json and
sample_contracts/*.truth.json). Used by bench/factset.py and by the tests; the format and the
conventions are in factset/README.md.

Names are matched the way the CUAD scorer (/work/shared/eval/cuad_eval.py) matches them:
case- and punctuation-insensitive, corporate suffixes dropped, equal when one contains the other
or their word sets overlap >= 50%. Reimplemented here so nothing outside the repository is
imported at run time.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATE_KINDS = ("agreement_date", "effective_date", "expiration_date", "notice_deadline")
RENEWAL_VALUES = ("automatic", "none", "by_agreement")
TRUTH_KEYS = {"traps", "parties", "agreement_date", "effective_date", "expiration_date", "renewal",
              "notice_deadline", "governing_law", "risks_present", "risks_absent", "obligations"}
OBLIGATION_KINDS = {"payment", "delivery", "purchase", "license", "reporting", "insurance", "confidentiality",
                    "compliance", "notice", "other"}

SUFFIXES = {"inc", "incorporated", "llc", "l l c", "ltd", "limited", "corp", "corporation", "co", "company",
            "plc", "gmbh", "sa", "s a", "ag", "lp", "llp", "nv", "bv", "b v", "pty", "spa", "s p a", "ab", "as", "kk"}


# ---------------------------------------------------------------- names and places

def norm_party(name: str | None) -> str:
    words = re.sub(r"[^a-z0-9 ]", " ", (name or "").lower()).split()
    while words:
        if len(words) > 2 and " ".join(words[-2:]) in SUFFIXES:
            del words[-2:]
        elif len(words) > 1 and words[-1] in SUFFIXES:
            words.pop()
        else:
            break
    return " ".join(words)


def party_match(a: str, b: str) -> bool:
    """Two normalised names name the same party."""
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    wa, wb = set(a.split()), set(b.split())
    return len(wa & wb) / len(wa | wb) >= 0.5


def norm_place(place: str | None) -> str:
    """A jurisdiction's core words ("the laws of the State of New York" -> "new york")."""
    s = (place or "").lower()
    s = re.sub(r"united states of america|\bu\.\s?s\.(\s?a\.)?|\busa\b", "united states", s)
    s = re.sub(r"\b(the|of|laws?)\b", " ", s)
    core = re.sub(r"\b(state|commonwealth|federal|united states)\b", " ", s)

    def letters(t: str) -> str:
        return " ".join(re.sub(r"[^a-z ]", " ", t).split())

    return letters(core) or letters(s)


def place_match(truth: str | None, got: str | None) -> bool:
    if not truth:
        return not got
    a, b = norm_place(truth), norm_place(got)
    return bool(a) and bool(b) and (a in b or b in a)


_PLAIN_QUOTES = str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")


def squash(text: str | None) -> str:
    """Lower case, one space between words, typographic quotes made plain."""
    text = (text or "").translate(_PLAIN_QUOTES)
    return " ".join(text.lower().split())


# ---------------------------------------------------------------- truth files

def load_truth(path: Path) -> dict[str, Any]:
    truth = json.loads(path.read_text(encoding="utf-8"))
    problems = truth_problems(truth)
    if problems:
        raise ValueError(f"{path.name}: " + "; ".join(problems))
    return truth


def truth_problems(truth: dict[str, Any]) -> list[str]:
    """What makes a truth file malformed (empty when it is well-formed)."""
    problems = [f"missing key {k}" for k in sorted(TRUTH_KEYS - set(truth))]
    problems += [f"unknown key {k}" for k in sorted(set(truth) - TRUTH_KEYS)]
    for kind in DATE_KINDS:
        value = truth.get(kind)
        if value is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)):
            problems.append(f"{kind} is not an ISO date: {value!r}")
    if truth.get("renewal") not in RENEWAL_VALUES:
        problems.append(f"renewal must be one of {RENEWAL_VALUES}")
    overlap = set(truth.get("risks_present", [])) & set(truth.get("risks_absent", []))
    if overlap:
        problems.append(f"risks both present and absent: {sorted(overlap)}")
    for ob in truth.get("obligations", []):
        if ob.get("kind") not in OBLIGATION_KINDS:
            problems.append(f"obligation kind {ob.get('kind')!r}")
        if not any(party_match(norm_party(ob.get("party")), norm_party(p["name"])) for p in truth.get("parties", [])):
            problems.append(f"obligation party {ob.get('party')!r} is not a party")
    return problems


def truth_files(directory: Path) -> list[tuple[Path, Path]]:
    """(contract .txt, truth .json) pairs in a directory, in name order."""
    pairs = []
    for truth in sorted(directory.glob("*.truth.json")):
        text = truth.with_name(truth.name.removesuffix(".truth.json") + ".txt")
        if text.exists():
            pairs.append((text, truth))
    return pairs


# ---------------------------------------------------------------- reading a result

def predicted_parties(result: dict[str, Any]) -> list[dict[str, str]]:
    parties = (result.get("summary") or {}).get("parties") or []
    return [{"name": str(p.get("name") or ""), "role": str(p.get("role") or "")} for p in parties if isinstance(p, dict)]


def predicted_date(result: dict[str, Any], kind: str) -> str | None:
    """The date of the first key date of this kind that has one; None when there is none."""
    for kd in result.get("keyDates") or []:
        if kd.get("kind") == kind and kd.get("date"):
            return str(kd["date"])
    return None


def predicted_renewal_automatic(result: dict[str, Any]) -> bool:
    return any(kd.get("kind") == "renewal_date" for kd in result.get("keyDates") or [])


def predicted_governing_law(result: dict[str, Any]) -> str | None:
    law = (result.get("summary") or {}).get("governingLaw")
    if isinstance(law, dict):
        law = law.get("jurisdiction")
    return law if isinstance(law, str) and law.strip() else None


def predicted_risk_ids(result: dict[str, Any]) -> set[str]:
    return {str(r.get("id", "")).removeprefix("rk_") for r in result.get("risks") or []}


def predicted_obligations(result: dict[str, Any]) -> list[dict[str, str]]:
    """Each obligation's party, and its action plus its evidence text squashed."""
    evidence = {e.get("id"): e.get("text", "") for e in result.get("evidence") or []}
    out = []
    for ob in result.get("obligations") or []:
        texts = [ob.get("action") or ""] + [evidence.get(i, "") for i in ob.get("evidenceIds") or []]
        out.append({"party": str(ob.get("party") or ""), "text": squash(" ".join(texts))})
    return out


# ---------------------------------------------------------------- scoring one file

@dataclass
class FileScore:
    name: str
    party_tp: int = 0
    party_fn: int = 0
    party_fp: int = 0
    parties_exact: bool = False
    roles_right: int = 0
    dates: dict[str, bool] = field(default_factory=dict)
    renewal_right: bool = False
    law_right: bool = False
    risks_true_positive: int = 0      # predicted ids listed in risks_present
    risks_false_positive: int = 0     # predicted ids listed in risks_absent
    risks_present_total: int = 0
    risks_absent_total: int = 0
    obligations_found: int = 0
    obligations_found_by_role: int = 0
    obligations_total: int = 0
    misses: list[str] = field(default_factory=list)


def score_parties(truth: dict[str, Any], result: dict[str, Any], score: FileScore) -> None:
    gold = truth["parties"]
    got = predicted_parties(result)
    got_norm = [norm_party(p["name"]) for p in got]
    for party in gold:
        name = norm_party(party["name"])
        # the same name before a look-alike ("Pelican Ridge Holdings" beside "Pelican Ridge Hospitality")
        hits = sorted((i for i, g in enumerate(got_norm) if party_match(name, g)), key=lambda i: got_norm[i] != name)
        if hits:
            score.party_tp += 1
            if got[hits[0]]["role"].lower() == str(party.get("role", "")).lower():
                score.roles_right += 1
        else:
            score.party_fn += 1
            score.misses.append(f"party missing: {party['name']}")
    for p, n in zip(got, got_norm):
        if not any(party_match(norm_party(g["name"]), n) for g in gold):
            score.party_fp += 1
            score.misses.append(f"party extra: {p['name']!r}")
    score.parties_exact = score.party_fn == 0 and score.party_fp == 0


def score_facts(truth: dict[str, Any], result: dict[str, Any], score: FileScore) -> None:
    for kind in DATE_KINDS:
        got = predicted_date(result, kind)
        score.dates[kind] = got == truth[kind]
        if got != truth[kind]:
            score.misses.append(f"{kind}: got {got}, truth {truth[kind]}")
    auto = predicted_renewal_automatic(result)
    score.renewal_right = auto == (truth["renewal"] == "automatic")
    if not score.renewal_right:
        score.misses.append(f"renewal: got {'automatic' if auto else 'not automatic'}, truth {truth['renewal']}")
    law = predicted_governing_law(result)
    score.law_right = place_match(truth["governing_law"], law)
    if not score.law_right:
        score.misses.append(f"governing law: got {law!r}, truth {truth['governing_law']!r}")


def score_risks(truth: dict[str, Any], result: dict[str, Any], score: FileScore) -> None:
    got = predicted_risk_ids(result)
    present, absent = set(truth["risks_present"]), set(truth["risks_absent"])
    score.risks_present_total, score.risks_absent_total = len(present), len(absent)
    score.risks_true_positive = len(got & present)
    score.risks_false_positive = len(got & absent)
    score.misses += [f"risk false alarm: {r}" for r in sorted(got & absent)]
    score.misses += [f"risk missed: {r}" for r in sorted(present - got)]


def obligation_party_matches(truth_party: str, got_party: str, roles: set[str]) -> tuple[bool, bool]:
    """(same party by name, same party by name or by its defined role)."""
    by_name = party_match(norm_party(truth_party), norm_party(got_party))
    return by_name, by_name or got_party.strip().lower() in roles


def score_obligations(truth: dict[str, Any], result: dict[str, Any], score: FileScore) -> None:
    got = predicted_obligations(result)
    for ob in truth["obligations"]:
        roles = {str(p.get("role", "")).lower() for p in truth["parties"]
                 if party_match(norm_party(p["name"]), norm_party(ob["party"]))} - {""}
        wanted = squash(ob["contains"])
        by_name = by_role = False
        for g in got:
            if wanted not in g["text"]:
                continue
            name_ok, role_ok = obligation_party_matches(ob["party"], g["party"], roles)
            by_name, by_role = by_name or name_ok, by_role or role_ok
        score.obligations_total += 1
        score.obligations_found += int(by_name)
        score.obligations_found_by_role += int(by_role)
        if not by_name:
            note = " (found under its role)" if by_role else ""
            score.misses.append(f"obligation missing{note}: {ob['party']} / {ob['contains']!r}")


def score_file(name: str, truth: dict[str, Any], result: dict[str, Any]) -> FileScore:
    score = FileScore(name)
    score_parties(truth, result, score)
    score_facts(truth, result, score)
    score_risks(truth, result, score)
    score_obligations(truth, result, score)
    return score


# ---------------------------------------------------------------- totals

def ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def summarize(scores: list[FileScore]) -> dict[str, Any]:
    tp = sum(s.party_tp for s in scores)
    fp = sum(s.party_fp for s in scores)
    fn = sum(s.party_fn for s in scores)
    precision, recall = ratio(tp, tp + fp) or 0.0, ratio(tp, tp + fn) or 0.0
    risk_tp = sum(s.risks_true_positive for s in scores)
    risk_fp = sum(s.risks_false_positive for s in scores)
    n = len(scores)
    return {
        "files": n,
        "parties_exact": ratio(sum(s.parties_exact for s in scores), n),
        "parties_precision": precision,
        "parties_recall": recall,
        "parties_f1": 2 * precision * recall / (precision + recall) if precision + recall else 0.0,
        "party_roles": ratio(sum(s.roles_right for s in scores), tp),
        "dates": {k: ratio(sum(s.dates.get(k, False) for s in scores), n) for k in DATE_KINDS},
        "renewal": ratio(sum(s.renewal_right for s in scores), n),
        "governing_law": ratio(sum(s.law_right for s in scores), n),
        "risk_precision": ratio(risk_tp, risk_tp + risk_fp),
        "risk_recall": ratio(risk_tp, sum(s.risks_present_total for s in scores)),
        "false_alarm_rate": ratio(risk_fp, sum(s.risks_absent_total for s in scores)),
        "obligations_recall": ratio(sum(s.obligations_found for s in scores), sum(s.obligations_total for s in scores)),
        "obligations_recall_by_role": ratio(sum(s.obligations_found_by_role for s in scores),
                                            sum(s.obligations_total for s in scores)),
    }


# ---------------------------------------------------------------- one fact at a time (for tests)

def fact_ids(truth: dict[str, Any]) -> list[str]:
    """Every fact a truth file states, as ids: parties, date kinds, renewal, governing_law,
    risk_present:ID, risk_absent:ID, obligation:N."""
    ids = ["parties", *DATE_KINDS, "renewal", "governing_law"]
    ids += [f"risk_present:{r}" for r in truth["risks_present"]]
    ids += [f"risk_absent:{r}" for r in truth["risks_absent"]]
    ids += [f"obligation:{i}" for i in range(len(truth["obligations"]))]
    return ids


def check_fact(fact: str, truth: dict[str, Any], result: dict[str, Any]) -> tuple[bool, str]:
    """(right, what was expected and what the result holds) for one fact id from fact_ids."""
    score = FileScore("")
    kind, _, arg = fact.partition(":")
    if kind == "parties":
        score_parties(truth, result, score)
        return score.parties_exact, f"parties {[p['name'] for p in predicted_parties(result)]}: {score.misses}"
    if kind in DATE_KINDS:
        got = predicted_date(result, kind)
        return got == truth[kind], f"{kind}: got {got}, truth {truth[kind]}"
    if kind in ("renewal", "governing_law"):
        score_facts(truth, result, score)
        right = score.renewal_right if kind == "renewal" else score.law_right
        return right, "; ".join(m for m in score.misses if m.startswith(kind.replace("_", " "))) or "ok"
    if kind in ("risk_present", "risk_absent"):
        raised = arg in predicted_risk_ids(result)
        want = kind == "risk_present"
        return raised == want, f"risk {arg}: {'raised' if raised else 'not raised'}, truth {kind.split('_')[1]}"
    if kind == "obligation":
        sub = dict(truth, obligations=[truth["obligations"][int(arg)]])
        score_obligations(sub, result, score)
        return score.obligations_found == 1, "; ".join(score.misses) or "ok"
    raise ValueError(f"unknown fact id {fact!r}")
