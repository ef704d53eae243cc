"""The fact set (factset/, see factset/README.md): its truth files are well-formed, the scorer
scores a made-up result as expected, and the live engine meets issue 11's targets on it."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from factset_score import (
    FileScore,
    check_fact,
    fact_ids,
    load_truth,
    score_file,
    squash,
    summarize,
    truth_files,
    truth_problems,
)

FACTSET = REPO / "factset"
MIN_CONTRACTS = 40


# ---------------------------------------------------------------- the truth files

def test_the_fact_set_has_enough_contracts_each_with_a_truth_file() -> None:
    texts = sorted(FACTSET.glob("*.txt"))
    assert len(texts) >= MIN_CONTRACTS
    missing = [t.name for t in texts if not t.with_name(t.stem + ".truth.json").exists()]
    assert missing == []


@pytest.mark.parametrize("truth", sorted(FACTSET.glob("*.truth.json")) + sorted((REPO / "sample_contracts").glob("*.truth.json")),
                         ids=lambda p: p.name)
def test_truth_file_is_well_formed_and_quotes_its_contract(truth: Path) -> None:
    data = load_truth(truth)  # raises on a malformed file
    text = squash(truth.with_name(truth.name.removesuffix(".truth.json") + ".txt").read_text(encoding="utf-8"))
    assert len(data["parties"]) >= 2 and len(data["obligations"]) >= 2
    for ob in data["obligations"]:
        assert squash(ob["contains"]) in text, ob["contains"]


# ---------------------------------------------------------------- the scorer on made-up results

TRUTH: dict[str, Any] = {
    "traps": [],
    "parties": [{"name": "Cloudmere Software Ltd.", "role": "provider"},
                {"name": "Redwater Logistics Corp.", "role": "customer"}],
    "agreement_date": "2025-01-15", "effective_date": "2025-02-01", "expiration_date": "2028-02-01",
    "renewal": "automatic", "notice_deadline": "2027-12-03", "governing_law": "New York",
    "risks_present": ["uncapped_liability", "auto_renewal"],
    "risks_absent": ["exclusivity", "termination_for_convenience", "no_governing_law"],
    "obligations": [{"party": "Redwater Logistics Corp.", "kind": "payment", "contains": "pay the  Annual fee"}],
}


def perfect_result() -> dict[str, Any]:
    return {
        "summary": {"parties": [{"name": "CLOUDMERE SOFTWARE LTD", "role": "provider"},
                                {"name": "Redwater Logistics Corporation", "role": "customer"}],
                    "governingLaw": {"jurisdiction": "the State of New York"}},
        "keyDates": [{"kind": "agreement_date", "date": "2025-01-15"}, {"kind": "effective_date", "date": "2025-02-01"},
                     {"kind": "expiration_date", "date": "2028-02-01"}, {"kind": "renewal_date", "date": "2028-02-01"},
                     {"kind": "notice_deadline", "date": "2027-12-03"}],
        "risks": [{"id": "rk_uncapped_liability"}, {"id": "rk_auto_renewal"}, {"id": "rk_non_compete"}],
        "obligations": [{"party": "Redwater Logistics Corp.", "action": "pay the annual fee within 30 days",
                         "evidenceIds": ["ev_1"]}],
        "evidence": [{"id": "ev_1", "text": "Customer shall pay the annual fee within 30 days."}],
    }


def test_a_perfect_result_scores_perfectly() -> None:
    score = score_file("x", TRUTH, perfect_result())
    assert score.misses == []  # non_compete is in neither list, so it is not scored
    totals = summarize([score])
    assert totals["parties_exact"] == 1.0 and totals["parties_f1"] == 1.0 and totals["party_roles"] == 1.0
    assert set(totals["dates"].values()) == {1.0}
    assert totals["renewal"] == totals["governing_law"] == totals["risk_precision"] == 1.0
    assert totals["false_alarm_rate"] == 0.0 and totals["obligations_recall"] == 1.0


def test_each_kind_of_mistake_is_counted() -> None:
    wrong = copy.deepcopy(perfect_result())
    wrong["summary"]["parties"][1] = {"name": "1500 Commerce Street, Dallas", "role": "party"}
    wrong["summary"]["governingLaw"] = {"jurisdiction": "Texas"}
    wrong["keyDates"] = [{"kind": "agreement_date", "date": "2025-01-15"}, {"kind": "effective_date", "date": "2025-01-15"}]
    wrong["risks"] = [{"id": "rk_exclusivity"}, {"id": "rk_auto_renewal"}]
    wrong["obligations"][0]["party"] = "Customer"
    score = score_file("x", TRUTH, wrong)
    totals = summarize([score])
    assert score.party_tp == 1 and score.party_fn == 1 and score.party_fp == 1 and not score.parties_exact
    assert totals["dates"] == {"agreement_date": 1.0, "effective_date": 0.0, "expiration_date": 0.0,
                               "notice_deadline": 0.0}
    assert totals["renewal"] == 0.0 and totals["governing_law"] == 0.0
    assert totals["risk_precision"] == 0.5 and totals["false_alarm_rate"] == pytest.approx(1 / 3)
    assert totals["obligations_recall"] == 0.0 and totals["obligations_recall_by_role"] == 1.0


def test_a_date_given_where_the_truth_has_none_is_wrong_and_null_is_right() -> None:
    truth = dict(TRUTH, expiration_date=None, notice_deadline=None, renewal="none")
    result = perfect_result()
    result["keyDates"] = [kd for kd in result["keyDates"] if kd["kind"] not in ("renewal_date", "notice_deadline")]
    assert check_fact("expiration_date", truth, result)[0] is False
    result["keyDates"] = [kd for kd in result["keyDates"] if kd["kind"] != "expiration_date"]
    result["keyDates"].append({"kind": "expiration_date", "date": None, "text": "perpetual"})
    assert check_fact("expiration_date", truth, result)[0] is True
    assert check_fact("renewal", truth, result)[0] is True
    assert check_fact("renewal", TRUTH, result)[0] is False


def test_truth_problems_catch_a_malformed_file() -> None:
    bad = dict(TRUTH, renewal="yes", expiration_date="31/12/2027", risks_absent=["auto_renewal"])
    problems = truth_problems(bad)
    assert any("renewal must be" in p for p in problems)
    assert any("expiration_date" in p for p in problems)
    assert any("both present and absent" in p for p in problems)
    assert truth_problems(TRUTH) == []


def test_fact_ids_cover_every_stated_fact() -> None:
    ids = fact_ids(TRUTH)
    assert len(ids) == 7 + 2 + 3 + 1 and "obligation:0" in ids and "risk_absent:no_governing_law" in ids


# ---------------------------------------------------------------- the engine against the targets

@pytest.fixture(scope="module")
def totals() -> dict[str, Any]:
    from contractbox.engine import live
    from contractbox.documents.sources import read_file as load_document

    scores: list[FileScore] = []
    for text, truth in truth_files(FACTSET):
        scores.append(score_file(text.name, load_truth(truth), live.analyze(load_document(text))))
    return summarize(scores)


def test_risk_precision_is_at_least_0_90(totals: dict[str, Any]) -> None:
    assert totals["risk_precision"] is not None and totals["risk_precision"] >= 0.90


def test_false_alarm_rate_is_at_most_3_percent(totals: dict[str, Any]) -> None:
    assert totals["false_alarm_rate"] is not None and totals["false_alarm_rate"] <= 0.03


def test_every_party_is_right_in_at_least_90_percent_of_contracts(totals: dict[str, Any]) -> None:
    assert totals["parties_exact"] is not None and totals["parties_exact"] >= 0.90


def test_obligations_recall_is_at_least_0_80(totals: dict[str, Any]) -> None:
    assert totals["obligations_recall"] is not None and totals["obligations_recall"] >= 0.80
