"""The live engine: schema, evidence, determinism, extractors, playbook and the analyze CLI.

Uses CUAD v1 contracts (The Atticus Project, CC BY 4.0) from shared/data/cuad beside the repo.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from contractbox.documents import Document
from contractbox.engine import live
from contractbox.engine.categories import CUAD_CATEGORIES, OWN_CATEGORIES
from contractbox.engine.dates import add_period, parse_date
from contractbox.engine.facts import find_key_facts

CUAD = Path(__file__).resolve().parents[2] / "shared" / "data" / "cuad"
ITESCROW = "000-2ThemartComInc-19990826-10-12G-EX-10-10-6700288-EX-10-10-Co-Branding-Agreement-A"

SMALL_CONTRACT = """SOFTWARE LICENSE AGREEMENT

This Software License Agreement (the "Agreement") is entered into as of March 3, 2021 (the "Effective Date") by and between Acme Widgets, Inc., a Delaware corporation ("Licensor"), and Beta Retail LLC, a Texas limited liability company ("Licensee").

1. License. Licensor hereby grants to Licensee a non-exclusive, non-transferable license to use the Software.

2. Term. This Agreement shall commence on the Effective Date and shall continue for a period of three (3) years from the Effective Date. Thereafter this Agreement shall automatically renew for successive one (1) year terms unless either party gives notice of non-renewal at least thirty (30) days before the end of the then-current term.

3. Fees. Licensee shall pay Licensor the license fees within thirty (30) days after receipt of each invoice.

4. Termination. Either party may terminate this Agreement for convenience upon ninety (90) days prior written notice to the other party.

5. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.
"""

RESULT_KEYS = {"engine", "summary", "riskScore", "clauses", "risks", "obligations", "keyDates", "evidence"}
KEY_DATE_KINDS = {
    "agreement_date",
    "effective_date",
    "expiration_date",
    "renewal_date",
    "notice_deadline",
    "payment_due",
    "other",
}
SEVERITIES = {"low", "medium", "high", "critical"}


def cuad_text(contract_id: str) -> str:
    path = CUAD / "contracts" / f"{contract_id}.txt"
    if not path.exists():
        pytest.skip("CUAD data not available beside the repo")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def small_result() -> dict:
    return live.analyze(Document.from_text(SMALL_CONTRACT, title="license"))


@pytest.fixture(scope="module")
def cuad_result() -> tuple[str, dict]:
    text = cuad_text(ITESCROW)
    return text, live.analyze(Document.from_text(text))


def assert_valid(result: dict, document_text: str) -> None:
    assert set(result) == RESULT_KEYS
    assert "analysisId" not in result and "mode" not in result and "object" not in result
    evidence = {e["id"]: e for e in result["evidence"]}
    for e in result["evidence"]:
        assert e["text"] == document_text[e["start"] : e["end"]]
        assert 0 <= e["start"] < e["end"] <= len(document_text)
    referenced = []
    for clause in result["clauses"]:
        assert clause["category"] in CUAD_CATEGORIES or clause["category"] in OWN_CATEGORIES
        assert 0.0 <= clause["confidence"] <= 1.0
        referenced += clause["evidenceIds"]
    for risk in result["risks"]:
        assert risk["severity"] in SEVERITIES
        # a risk about something missing quotes nothing; every other risk quotes its clause
        assert risk["evidenceIds"] or risk["explanation"].startswith("Not found in this contract")
        referenced += risk["evidenceIds"]
    for kd in result["keyDates"]:
        assert kd["kind"] in KEY_DATE_KINDS
        if kd["date"]:
            date.fromisoformat(kd["date"])
        referenced += kd["evidenceIds"]
    for ob in result["obligations"]:
        referenced += ob["evidenceIds"]
    for party in result["summary"]["parties"]:
        referenced += party["evidenceIds"]
    if result["summary"]["governingLaw"]:
        referenced += result["summary"]["governingLaw"]["evidenceIds"]
    assert referenced and all(eid in evidence for eid in referenced)
    score = result["riskScore"]
    assert 0 <= score["value"] <= 100 and score["level"] in SEVERITIES


def test_small_contract_schema_and_evidence(small_result):
    assert_valid(small_result, SMALL_CONTRACT)


def test_small_contract_facts(small_result):
    summary = small_result["summary"]
    assert summary["governingLaw"]["jurisdiction"] == "New York"
    names = {p["name"]: p["role"] for p in summary["parties"]}
    assert names.get("Acme Widgets, Inc") == "licensor" or names.get("Acme Widgets, Inc.") == "licensor"
    assert any(role == "licensee" for role in names.values())
    dates = {d["kind"]: d["date"] for d in small_result["keyDates"]}
    assert dates["effective_date"] == "2021-03-03"
    assert dates["expiration_date"] == "2024-03-03"  # "three (3) years from the Effective Date"


def test_small_contract_findings_and_risks(small_result):
    found = {c["category"] for c in small_result["clauses"] if c["confidence"] >= 0.5}
    assert "governing_law" in found
    risk_ids = {r["id"] for r in small_result["risks"]}
    # absence rule: the contract has no limitation of liability at all
    assert "rk_no_limitation_of_liability" in risk_ids
    drivers = {d["riskId"] for d in small_result["riskScore"]["drivers"]}
    assert drivers <= risk_ids
    assert any(o["kind"] == "payment" for o in small_result["obligations"])


def test_determinism():
    doc = Document.from_text(SMALL_CONTRACT)
    assert json.dumps(live.analyze(doc), sort_keys=True) == json.dumps(live.analyze(doc), sort_keys=True)


def test_cuad_contract(cuad_result):
    text, result = cuad_result
    assert_valid(result, text)
    assert result["summary"]["governingLaw"]["jurisdiction"] == "California"
    dates = {d["kind"]: d["date"] for d in result["keyDates"]}
    assert dates["agreement_date"] == "1999-06-21"
    names = " ".join(p["name"] for p in result["summary"]["parties"]).upper()
    assert "I-ESCROW" in names and "2THEMART" in names


def test_pages_come_from_the_document():
    from contractbox.documents.model import Page

    half = len(SMALL_CONTRACT) // 2
    doc = Document(text=SMALL_CONTRACT, pages=(Page(1, 0, half), Page(2, half, len(SMALL_CONTRACT))))
    result = live.analyze(doc)
    for e in result["evidence"]:
        assert e["page"] == (1 if e["start"] < half else 2)


def test_date_parsing_and_relative_resolution():
    assert parse_date("June 21, 1999") == date(1999, 6, 21)
    assert parse_date("the 21st day of June, 1999".replace("the ", "")) == date(1999, 6, 21)
    assert parse_date("31 December 2006") == date(2006, 12, 31)
    assert parse_date("3/31/16") == date(2016, 3, 31)
    assert parse_date("February ____, 2017") is None
    assert add_period(date(2020, 2, 29), 1, "year") == date(2021, 2, 28)
    text = "This Agreement is dated January 15, 2020. The term is five (5) years from the Effective Date."
    by_cat = {"agreement_date": [(0, 41, 0.9)], "expiration_date": [(42, len(text), 0.9)]}
    facts = find_key_facts(text, by_cat)
    assert facts["expiration_date"].value == "2025-01-15"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "contractbox.cli.analyze", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_jsonl_txt_pdf_and_unreadable(tmp_path):
    txt = tmp_path / "small.txt"
    txt.write_text(SMALL_CONTRACT, encoding="utf-8")
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"\x00\x01 not a pdf at all")
    missing = tmp_path / "missing.txt"
    pdfs = sorted((CUAD / "pdfs").glob("*.pdf"))
    inputs = [str(txt), str(junk), str(missing)] + [str(p) for p in pdfs[:1]]
    proc = run_cli("--jsonl", *inputs)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["source"] for line in lines] == inputs
    assert_valid(lines[0]["result"], SMALL_CONTRACT)
    assert lines[1]["error"]["code"] and lines[1]["error"]["message"]
    assert lines[2]["error"]["code"] == "source_unreadable"
    if pdfs:
        result = lines[3]["result"]
        assert result["evidence"] and all(e["page"] >= 1 for e in result["evidence"])


def test_cli_readable_report(tmp_path):
    txt = tmp_path / "small.txt"
    txt.write_text(SMALL_CONTRACT, encoding="utf-8")
    proc = run_cli(str(txt))
    assert proc.returncode == 0
    assert "risk score" in proc.stdout and "New York" in proc.stdout


def test_jsonl_lines_survive_splitlines():
    """U+2028 and friends end a line for str.splitlines(); the JSONL output must escape them."""
    from contractbox.cli.analyze import jsonl_line

    obj = {"source": "x.txt", "result": {"text": "a\u2028b\x85c\u2029d é"}}
    line = jsonl_line(obj)
    assert len(line.splitlines()) == 1 and json.loads(line) == obj


def test_fast_date_matching_equals_the_pattern():
    from contractbox.engine.date_pattern import DATE_PATTERN, iter_date_matches

    samples = [
        SMALL_CONTRACT,
        "dated this 18t h day of August 2014, on __________, 2017 and [___], 2019",
        "x__ 2018 then ____, 20__ and February ____, 2017; ſeptember 3, 2001; 3/31/16, 2016-04-01",
        "a_b [ ] 2020 Dec. 5th, 1999 12 - May, 2003",
    ]
    path = CUAD / "contracts" / f"{ITESCROW}.txt"
    if path.exists():
        samples.append(path.read_text(encoding="utf-8"))
    for text in samples:
        assert [m.span() for m in iter_date_matches(text)] == [m.span() for m in DATE_PATTERN.finditer(text)]


def test_possible_date_starts_equal_the_start_pattern():
    """`possible_starts` (scans that skip ahead) finds where the case-folding start pattern matches,
    including characters `re` folds unlike `str.lower` and digits that are not ASCII."""
    from contractbox.engine.date_pattern import _POSSIBLE_START, possible_starts

    samples = [
        SMALL_CONTRACT,
        "JANUARY 5, THIS Day; mayor x9 9x _ __a[b] 12" + " " * 50 + "May 2020",
        "ſeptember 3 and ſep",
        "thİs İJAN",
        "thıs and THıS day",
        "٣ 12 ²1 a١ ½ 2020",
        "Σjan ǅdec éoct _day 1day",
    ]
    path = CUAD / "contracts" / f"{ITESCROW}.txt"
    if path.exists():
        samples.append(path.read_text(encoding="utf-8"))
    for text in samples:
        assert possible_starts(text) == [m.start() for m in _POSSIBLE_START.finditer(text)]


def test_shared_feature_parts_score_like_plain_feature_sets():
    """The clause model sums shared parts (with inclusion-exclusion for sentence groups); the
    result must equal summing each candidate's distinct known features directly."""
    import numpy as np

    from contractbox.engine.candidates import build_candidates
    from contractbox.engine.clause_model import default_model

    model = default_model()
    candidates = build_candidates(SMALL_CONTRACT * 3)
    assert any(len(c.grams) > 1 for c in candidates)
    rows = [{model.index[f] for f in c.features if f in model.index} for c in candidates]
    sums = np.array([model.weights[sorted(r)].astype(np.int64).sum(axis=0) for r in rows], dtype=np.float32)
    counts = np.array([max(len(r), 1) for r in rows], dtype=np.float32)
    expected = sums * model.scale / np.sqrt(counts)[:, None] + model.bias
    assert np.array_equal(model.score(candidates), expected)


def test_a_bare_agreement_heading_is_never_a_document_name():
    text = (
        "AGREEMENT\n\nEXCLUSIVE DISTRIBUTION AGREEMENT\n\nTerm of Agreement\n\nEntire Agreement\n\n"
        'This Exclusive Distribution Agreement (this "Agreement") is made as of March 1, 2024 between Alder Ltd and '
        "Birch Inc. Birch shall distribute the Products in Canada."
    )
    result = live.analyze(Document.from_text(text, "x"))
    quotes = {e["id"]: e["text"] for e in result["evidence"]}
    names = [quotes[c["evidenceIds"][0]] for c in result["clauses"] if c["category"] == "document_name"]
    assert names and names[0] == "EXCLUSIVE DISTRIBUTION AGREEMENT"
    assert not {"AGREEMENT", "Term of Agreement", "Entire Agreement", "This Agreement"} & set(names)


def test_the_name_of_an_agreement_referred_to_gives_way_to_the_documents_own_heading() -> None:
    from contractbox.engine import live

    text = (
        "HOSTING ADDENDUM\n\nThis Hosting Addendum is made on 3 May 2028. Vendor hosts Client's booking site under a "
        "Cloud Services Agreement between the parties dated 1 June 2026 (the CSA).\n"
    )
    name_at = text.index("Cloud Services Agreement")
    name = (name_at, name_at + len("Cloud Services Agreement"), 0.6)
    assert live._document_type(text, {"document_name": name}, None) == "Hosting Addendum"
    own = "CLOUD SERVICES AGREEMENT\n\nThis Cloud Services Agreement is dated 1 June 2026.\n"
    own_at = own.index("Cloud Services Agreement")
    own_name = (own_at, own_at + len("Cloud Services Agreement"), 0.6)
    assert live._document_type(own, {"document_name": own_name}, None) == "Cloud Services Agreement"
