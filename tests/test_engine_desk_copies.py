"""Contracts as they reach a legal team's desk: pasted into an email, marked up, signed by hand, named only where
they are signed. Each snippet is our own wording of a form (holdout 38's traps), not a fact-set contract."""

from __future__ import annotations

from datetime import date

from contractbox.documents import Document
from contractbox.engine import live, polarity
from contractbox.engine.date_pattern import iter_date_matches
from contractbox.engine.dates import parse_date
from contractbox.engine.facts import read_facts
from contractbox.engine.markup import without_draft_marks, without_email_quotes
from contractbox.engine.parties import find_parties

_FILLER = "The Supplier shall keep records of every delivery it makes under this agreement.\n\n" * 12


def _risk_ids(text: str) -> set[str]:
    return {r["id"].removeprefix("rk_") for r in live.analyze(Document(text=text))["risks"]}


def test_parties_named_only_above_their_signatures_with_company_details() -> None:
    text = (
        'TELEMETRY PILOT AGREEMENT\n\nIn this agreement "Hebridean" and "Braeburn" are the companies that sign it '
        "below.\n\n1. Braeburn shall install the sensors on two vessels.\n\n" + _FILLER + "IN WITNESS WHEREOF this "
        "agreement is signed as follows:\n\nFor and on behalf of\nHEBRIDEAN FERRIES LIMITED (registered in "
        "Scotland, company number SC000123, registered office 2 Quay Street, Stornoway HS1 2XX)\nby Ailsa Munro, "
        "Director\nat Stornoway on 12 May 2026\nSignature: ____________\n\nFor and on behalf of\nBRAEBURN SENSORS LIMITED (company number "
        "09999999, registered office 4 Dock Road, Kingston upon Hull HU1 1AA)\nby Tom Ellery, Director\n"
        "at Kingston upon Hull on 19 May 2026\nSignature: ____________\n"
    )
    parties = [(p.name, p.role) for p in find_parties(text)]
    assert parties == [("HEBRIDEAN FERRIES LIMITED", "hebridean"), ("BRAEBURN SENSORS LIMITED", "braeburn")]


def test_a_date_filled_in_by_hand_with_spaces_around_the_slashes() -> None:
    line = "Munich, Date: 28 / 02 / 2026        Lyon, Date: 03 / 03 / 2026"
    found = [m.group(0) for m in iter_date_matches(line)]
    assert found == ["28 / 02 / 2026", "03 / 03 / 2026"]
    assert parse_date(found[0]) == date(2026, 2, 28)
    assert parse_date("7 / 11 / 2026") is not None


def test_email_quote_marks_are_blanked_when_most_lines_are_quoted() -> None:
    quoted = "Please see below.\n\n" + "".join(f"> line {i} of the contract\n" for i in range(12))
    blanked = without_email_quotes(quoted)
    assert len(blanked) == len(quoted)
    assert ">" not in blanked and "line 3 of the contract" in blanked
    one_quote = "Price: > 5 tonnes\n" + "a plain line\n" * 20
    assert without_email_quotes(one_quote) == one_quote


def test_an_end_date_broken_across_quoted_lines_is_read() -> None:
    contract = (
        "ADVISORY AGREEMENT\n\nThis Advisory Agreement is made as of March 3, 2026 between Fenwick Orchards, Inc. "
        '("Client") and Greyrock Advisory LLC ("Adviser").\n\n1. Term. The engagement runs from April 1, 2026 and '
        'ends on March 31,\n2027 (the "Term"). It may be extended only by a written amendment.\n\n2. Fees. Client '
        "shall pay Adviser $9,000 a month.\n\n3. Law. This Agreement is governed by the laws of the State of New "
        "York.\n"
    )
    email = "From: someone\nSubject: FW: advisory agreement\n\n" + "".join(
        f"> {line}\n" if line else ">\n" for line in contract.splitlines()
    )
    dates = {k["kind"]: k["date"] for k in live.analyze(Document(text=email))["keyDates"]}
    assert dates.get("expiration_date") == "2027-03-31"


def test_deleted_text_and_drafting_notes_are_blanked_and_insertions_kept() -> None:
    text = (
        "4.2 [deleted: Buyer may end this agreement on 10 days' notice.] [inserted: Neither party may end this "
        "agreement for convenience.] [Note to draft: Buyer's counsel to confirm [clause 9].]"
    )
    out = without_draft_marks(text)
    assert len(out) == len(text)
    assert "10 days" not in out and "counsel" not in out and "[" not in out and "]" not in out
    assert "Neither party may end this agreement for convenience." in out


def test_a_struck_out_convenience_right_raises_no_convenience_risk() -> None:
    text = (
        "HAULAGE AGREEMENT\n\nThis Haulage Agreement is dated 2 June 2026 between Tarn Aggregates Limited (the "
        '"Customer") and Bleasdale Haulage Limited (the "Haulier").\n\n1. The Haulier shall carry the Customer\'s '
        "stone from the quarry to the rail head.\n\n2. Either party may terminate this agreement if the other "
        "commits a material breach and fails to remedy it within 30 days of notice.\n\n3. [deleted: The Customer may "
        "terminate this agreement at any time for convenience on 14 days' notice.] Neither party may terminate this "
        "agreement for convenience.\n\n4. This agreement is governed by the law of England and Wales.\n"
    )
    assert "termination_for_convenience" not in _risk_ids(text)


def test_a_term_that_began_on_a_date_gives_the_effective_date() -> None:
    preamble = "This Licence Agreement is made as of May 4, 2024 between Quill Brands, Inc. and Lark Home Co."
    term = "The Term of this Agreement began on May 4, 2024 and shall expire on May 3, 2028."
    text = f"{preamble}\n\n4.1 {term}"
    agreement_at, start_at = text.index("May 4, 2024"), text.index(term)
    by_category = {
        "agreement_date": [(agreement_at, agreement_at + 11, 0.9)],
        "effective_date": [(start_at, start_at + len(term), 0.9)],
    }
    facts, _ = read_facts(text, by_category)
    assert facts["effective_date"].value == "2024-05-04"


def test_when_the_contract_a_letter_extends_began_is_not_the_letters_effective_date() -> None:
    text = (
        'Dear Sirs,\n\nCleaning Services Agreement dated 9 May 2023 (the "Agreement")\n\nThis letter is dated '
        "2 February 2026.\n\n1. The Initial Term of the Agreement began on 1 June 2023 and ends on 31 May 2026.\n\n"
        "2. The term of the Agreement is extended to 31 May 2027."
    )
    recital = "The Initial Term of the Agreement began on 1 June 2023 and ends on 31 May 2026."
    dated_at, recital_at = text.index("2 February 2026"), text.index(recital)
    by_category = {
        "agreement_date": [(dated_at, dated_at + 15, 0.9)],
        "effective_date": [(recital_at, recital_at + len(recital), 0.9)],
    }
    facts, _ = read_facts(text, by_category)
    assert facts["effective_date"].value != "2023-06-01"


def test_a_civil_law_cap_with_a_sum_is_a_cap() -> None:
    span = (
        "(3) For slight negligence the Seller is liable only for breach of a cardinal obligation, limited to the "
        "typically foreseeable damage and in any event to CHF 250,000 per contract year."
    )
    out = polarity.apply(span, {"cap_on_liability": [(0, len(span), 0.1)]})
    assert out.by_category["cap_on_liability"][0][2] == polarity.PROMOTED
    no_sum = "The Seller is liable only for damage limited to the typically foreseeable damage."
    out = polarity.apply(no_sum, {"cap_on_liability": [(0, len(no_sum), 0.1)]})
    assert out.by_category["cap_on_liability"][0][2] < 0.5


def test_a_price_no_higher_than_to_any_other_customer_is_most_favoured() -> None:
    for span in (
        "5.4 The Mill shall not invoice the Bakery a price per tonne that is higher than the price the Mill charges "
        "any other customer for flour of the same grade.",
        "5.4 The prices invoiced to the Bakery shall be no higher than those the Mill charges any other customer.",
    ):
        out = polarity.apply(span, {"most_favored_nation": [(0, len(span), 0.02)]})
        assert out.by_category["most_favored_nation"][0][2] == polarity.PROMOTED, span
    other = "5.4 The Mill shall not invoice the Bakery a price higher than the price in Schedule 2."
    out = polarity.apply(other, {"most_favored_nation": [(0, len(other), 0.02)]})
    assert out.by_category["most_favored_nation"][0][2] < 0.5
