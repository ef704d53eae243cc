"""Comparisons: the diff as a pure function on hand-made results, then the API against a real
server (two analyses or two contracts of the caller's organization and mode, stored, readable)."""

from __future__ import annotations

from typing import Any

import httpx

from conftest import Key, Server, submit_text, wait_done
from contractbox.comparisons.diff import compare_results, redline, similarity, words


def make_result(
    clauses: dict[str, str],
    risks: list[tuple[str, str, str]] = (),  # type: ignore[assignment]
    obligations: list[tuple[str, str, str | None]] = (),  # type: ignore[assignment]
    key_dates: list[tuple[str, str | None]] = (),  # type: ignore[assignment]
    score: tuple[int, str] = (40, "medium"),
    candidates: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A result whose text is the clause quotes one after another, evidence pointing into it."""
    evidence: list[dict] = []

    def quote(text: str) -> str:
        start = sum(len(e["text"]) + 1 for e in evidence)
        evidence.append(
            {"id": f"ev_{len(evidence) + 1}", "page": None, "start": start, "end": start + len(text), "text": text}
        )
        return evidence[-1]["id"]

    def clause(i: int, category: str, text: str, confidence: float) -> dict:
        return {
            "id": f"cl_{i}",
            "category": category,
            "label": category.replace("_", " ").title(),
            "confidence": confidence,
            "evidenceIds": [quote(text)],
        }

    clause_list = [clause(i + 1, c, t, 0.9) for i, (c, t) in enumerate(clauses.items())]
    clause_list += [clause(100 + i, c, t, 0.3) for i, (c, t) in enumerate((candidates or {}).items())]
    return {
        "summary": {"text": "", "documentType": "Agreement", "parties": [], "governingLaw": None},
        "riskScore": {"value": score[0], "level": score[1], "drivers": []},
        "clauses": clause_list,
        "risks": [
            {
                "id": f"rk_{i}",
                "category": c,
                "severity": s,
                "title": t,
                "explanation": "x",
                "recommendation": "y",
                "evidenceIds": [],
            }
            for i, (c, t, s) in enumerate(risks)
        ],
        "obligations": [
            {
                "id": f"ob_{i}",
                "party": p,
                "action": a,
                "kind": "other",
                "due": {"date": None, "text": d} if d else None,
                "evidenceIds": [],
            }
            for i, (p, a, d) in enumerate(obligations)
        ],
        "keyDates": [
            {"id": f"kd_{i}", "kind": k, "date": d, "text": f"{k} {d}", "evidenceIds": []}
            for i, (k, d) in enumerate(key_dates)
        ],
        "evidence": evidence,
    }


NOTICE_30 = "Either party may terminate this Agreement on 30 days' written notice."
NOTICE_90 = "Either party may terminate this Agreement on 90 days' written notice."
CAP = "Liability is capped at the fees paid in the twelve months before the claim."
LAW = "This Agreement is governed by the laws of the State of New York."


def by_category(comparison: dict) -> dict[str, dict]:
    return {c["category"]: c for c in comparison["clauses"]}


def test_the_issue_example_removed_cap_and_longer_notice() -> None:
    left = make_result({"cap_on_liability": CAP, "termination_for_convenience": NOTICE_30, "governing_law": LAW})
    right = make_result({"termination_for_convenience": NOTICE_90, "governing_law": LAW})
    diff = compare_results(left, right)
    clauses = by_category(diff)
    assert clauses["cap_on_liability"]["change"] == "removed" and clauses["cap_on_liability"]["right"] is None
    assert clauses["cap_on_liability"]["similarity"] == 0.0 and clauses["cap_on_liability"]["redline"] is None
    assert clauses["governing_law"]["change"] == "unchanged" and clauses["governing_law"]["similarity"] == 1.0
    notice = clauses["termination_for_convenience"]
    assert notice["change"] == "changed" and 0.8 < notice["similarity"] < 1.0
    assert [s for s in notice["redline"] if s["op"] != "equal"] == [
        {"op": "delete", "text": "30 "},
        {"op": "insert", "text": "90 "},
    ]
    assert diff["summary"].startswith(
        "In the right-hand version, the cap on liability clause is removed and the notice period in the "
        "termination for convenience clause changes from 30 to 90 days."
    )


def test_redline_rebuilds_both_sides() -> None:
    old = "The Supplier shall deliver the Goods within ten (10) Business Days, at its own cost."
    new = "The Supplier must deliver all Goods within thirty (30) days, at the Customer's cost."
    segments = redline(old, new)
    assert "".join(s["text"] for s in segments if s["op"] != "insert") == old
    assert words("".join(s["text"] for s in segments if s["op"] != "delete")) == words(new)
    assert {s["op"] for s in segments} == {"equal", "delete", "insert"}
    assert all(a["op"] != b["op"] for a, b in zip(segments, segments[1:])), "adjacent segments are merged"


def test_similarity_ignores_case_and_spacing_only() -> None:
    assert similarity("Governed by  the LAWS of Ohio.", "governed by the laws of Ohio.") == 1.0
    assert similarity("", "") == 1.0
    assert similarity("a b c d", "w x y z") == 0.0


def test_added_clause_and_candidates_do_not_count_as_findings() -> None:
    left = make_result({"governing_law": LAW}, candidates={"exclusivity": "Buyer buys only from Seller."})
    right = make_result({"governing_law": LAW, "exclusivity": "Buyer buys only from Seller."})
    diff = compare_results(left, right)
    entry = by_category(diff)["exclusivity"]
    assert entry["change"] == "added" and entry["left"] is None and entry["right"]["clauseIds"] == ["cl_2"]
    assert "the exclusivity clause is added" in diff["summary"]


def test_reworded_clause_without_figures() -> None:
    left = make_result({"confidentiality": "Each party keeps the other's information secret."})
    right = make_result(
        {"confidentiality": "Each party keeps the other's confidential information secret for five years."}
    )
    diff = compare_results(left, right)
    assert by_category(diff)["confidentiality"]["change"] == "changed"
    assert "the wording of the confidentiality clause changes" in diff["summary"]


def test_key_dates_moved_added_and_dropped() -> None:
    left = make_result(
        {},
        key_dates=[
            ("effective_date", "2025-01-01"),
            ("expiration_date", "2026-01-01"),
            ("notice_deadline", "2025-10-01"),
        ],
    )
    right = make_result(
        {},
        key_dates=[("effective_date", "2025-01-01"), ("expiration_date", "2027-01-01"), ("renewal_date", "2027-01-02")],
    )
    diff = compare_results(left, right)
    dates = {d["kind"]: d for d in diff["keyDates"]}
    assert dates["effective_date"]["change"] == "unchanged" and dates["effective_date"]["daysMoved"] == 0
    assert dates["expiration_date"]["change"] == "changed" and dates["expiration_date"]["daysMoved"] == 365
    assert dates["notice_deadline"]["change"] == "removed" and dates["renewal_date"]["change"] == "added"
    assert "the expiration date moves from 2026-01-01 to 2027-01-01" in diff["summary"]
    assert "the notice deadline is dropped (2025-10-01)" in diff["summary"]
    assert "a renewal date is added (2027-01-02)" in diff["summary"]


def test_risks_appear_go_and_change_severity() -> None:
    left = make_result(
        {},
        risks=[("cap_on_liability", "Liability may be uncapped", "high"), ("renewal_term", "Automatic renewal", "low")],
        score=(70, "high"),
    )
    right = make_result(
        {},
        risks=[("renewal_term", "Automatic renewal", "medium"), ("exclusivity", "Exclusivity commitment", "high")],
        score=(45, "medium"),
    )
    diff = compare_results(left, right)
    risks = {r["category"]: r for r in diff["risks"]}
    assert risks["cap_on_liability"]["change"] == "removed"
    assert risks["exclusivity"]["change"] == "added"
    assert risks["renewal_term"]["change"] == "changed"
    assert diff["riskScoreDelta"] == -25
    assert "New risk on the right: Exclusivity commitment (high)." in diff["summary"]
    assert "No longer found on the right: Liability may be uncapped (high)." in diff["summary"]
    assert "The risk 'Automatic renewal' goes from low to medium." in diff["summary"]
    assert diff["summary"].endswith("The risk score falls from 70 (high) to 45 (medium).")


def test_obligations_added_dropped_and_retimed() -> None:
    left = make_result(
        {}, obligations=[("Acme", "Pay each invoice", "within 30 days"), ("Beta", "Deliver the monthly report", None)]
    )
    right = make_result(
        {}, obligations=[("Acme", "Pay each invoice", "within 60 days"), ("Beta", "Keep the servers patched", None)]
    )
    diff = compare_results(left, right)
    changes = sorted((o["party"], o["change"]) for o in diff["obligations"])
    assert changes == [("Acme", "changed"), ("Beta", "added"), ("Beta", "removed")]
    assert "Obligation added: Beta: Keep the servers patched." in diff["summary"]
    assert "Obligation dropped: Beta: Deliver the monthly report." in diff["summary"]
    assert "1 obligation is reworded or re-timed." in diff["summary"]


def test_identical_results_say_so() -> None:
    result = make_result(
        {"governing_law": LAW},
        risks=[("x", "Risk", "low")],
        obligations=[("A", "Pay", None)],
        key_dates=[("effective_date", "2025-01-01")],
    )
    diff = compare_results(result, result)
    assert {c["change"] for group in ("clauses", "keyDates", "risks", "obligations") for c in diff[group]} == {
        "unchanged"
    }
    assert diff["riskScoreDelta"] == 0
    assert (
        diff["summary"]
        == "The two versions match in every clause, key date, risk and obligation found. The risk score stays at 40 (medium)."
    )


# --- the API against a real server -----------------------------------------------------------

V1 = (
    "MASTER SERVICES AGREEMENT between Acme Corp and Beta LLC.\n"
    "Either party may terminate this Agreement on 30 days' written notice.\n"
    "Liability is capped at the fees paid in the twelve months before the claim.\n"
    "Acme Corp shall pay each invoice within 30 days.\n"
    "This Agreement is governed by the laws of the State of New York."
)
V2 = V1.replace("30 days' written", "90 days' written").replace(
    "Liability is capped at the fees paid in the twelve months before the claim.\n", ""
)


def completed(client: httpx.Client, text: str) -> str:
    analysis_id = submit_text(client, text)["analysisId"]
    assert wait_done(client, analysis_id)["status"] == "completed"
    return analysis_id


def compare(client: httpx.Client, left: str, right: str) -> httpx.Response:
    return client.post("/v1/comparisons", json={"left": left, "right": right})


def test_two_analyses_compare_into_a_stored_comparison(org_key: Key) -> None:
    with org_key.client() as client:
        left, right = completed(client, V1), completed(client, V2)
        results = [client.get(f"/v1/analyses/{i}/result").json() for i in (left, right)]
        response = compare(client, left, right)
        assert response.status_code == 201, response.text
        comparison = response.json()
        assert response.headers["location"] == f"/v1/comparisons/{comparison['comparisonId']}"
        assert client.get(response.headers["location"]).json() == comparison
    assert comparison["comparisonId"].startswith("cmp_") and len(comparison["comparisonId"]) == 28
    assert (comparison["object"], comparison["mode"], comparison["left"], comparison["right"]) == (
        "comparison",
        "test",
        left,
        right,
    )
    assert comparison["riskScoreDelta"] == results[1]["riskScore"]["value"] - results[0]["riskScore"]["value"]
    # The documents' texts (a text source is its own document text) let clauses compare whole.
    expected = compare_results(*results, (V1, V2))
    assert comparison == {**comparison, **expected}, "the stored diff is the diff of the two results"
    assert comparison["summary"].endswith(".") and "risk score" in comparison["summary"]
    categories = {c["category"] for r in results for c in r["clauses"] if c["confidence"] >= 0.5}
    assert {c["category"] for c in comparison["clauses"]} == categories
    for clause in comparison["clauses"]:
        assert 0 <= clause["similarity"] <= 1
        if clause["change"] == "changed":
            assert "".join(s["text"] for s in clause["redline"] if s["op"] != "insert") == clause["left"]["text"]


def test_two_contracts_compare_their_saved_copies(org_key: Key) -> None:
    with org_key.client() as client:
        contracts = [
            client.post("/v1/contracts", json={"analysisId": completed(client, text)}).json() for text in (V1, V2)
        ]
        response = compare(client, contracts[0]["contractId"], contracts[1]["contractId"])
    assert response.status_code == 201, response.text
    assert response.json()["riskScoreDelta"] == contracts[1]["riskScore"]["value"] - contracts[0]["riskScore"]["value"]
    expected = compare_results(contracts[0]["result"], contracts[1]["result"], (V1, V2))
    assert response.json() == {**response.json(), **expected}


def test_a_version_compared_with_itself_is_unchanged(org_key: Key) -> None:
    with org_key.client() as client:
        analysis_id = completed(client, V1)
        comparison = compare(client, analysis_id, analysis_id).json()
    assert {c["change"] for group in ("clauses", "keyDates", "risks", "obligations") for c in comparison[group]} == {
        "unchanged"
    }
    assert comparison["riskScoreDelta"] == 0 and comparison["summary"].startswith("The two versions match")


def test_mixed_unknown_and_unfinished_sides_are_refused(server: Server, org_key: Key) -> None:
    stranger = server.key(server.org("comparison-stranger"))
    with org_key.client() as client:
        analysis_id = completed(client, V1)
        contract_id = client.post("/v1/contracts", json={"analysisId": analysis_id}).json()["contractId"]
        failed = client.post(
            "/v1/analyses", json={"title": "Bad", "sourceType": "pdf", "pdfBase64": "bm90IGEgcGRm"}
        ).json()["analysisId"]
        assert wait_done(client, failed)["status"] == "failed"
        cases = [
            (compare(client, analysis_id, contract_id), 400, "parameter_invalid", "right"),
            (compare(client, "whk_" + "0" * 24, analysis_id), 400, "parameter_invalid", "left"),
            (client.post("/v1/comparisons", json={"left": analysis_id}), 400, "parameter_missing", "right"),
            (compare(client, analysis_id, "ana_" + "0" * 24), 404, "resource_missing", "right"),
            (compare(client, "ctr_" + "0" * 24, contract_id), 404, "resource_missing", "left"),
            (compare(client, analysis_id, failed), 409, "analysis_not_completed", "right"),
        ]
    with stranger.client() as client:
        cases.append((compare(client, analysis_id, analysis_id), 404, "resource_missing", "left"))
        cases.append((compare(client, contract_id, contract_id), 404, "resource_missing", "left"))
    for response, status, code, param in cases:
        error = response.json()["error"]
        assert (response.status_code, error["code"], error["param"]) == (status, code, param), response.text
