"""Dates, term, renewal, notice deadline and governing law on hand-written snippets, one per trap.

The clause model is replaced by spans we choose (each sentence given to the category a model
would rank it for), so each test checks the rules that read the facts, not the model.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from contractbox.documents import Document
from contractbox.engine import live
from contractbox.engine.clause_model import default_model
from contractbox.engine.dates import numeric_dates_of
from contractbox.engine.facts import FACT_CATEGORIES, read_facts
from contractbox.engine.jurisdictions import jurisdiction_in
from contractbox.engine.markup import without_underscored_terms
from contractbox.engine.term import Expiry, notice_deadline

ROOT = Path(__file__).resolve().parent.parent


def spans(text: str, **by_category: str | list[str]) -> dict[str, list[tuple[int, int, float]]]:
    """Category -> the character range of each quoted sentence, confidence 0.9."""
    out: dict[str, list[tuple[int, int, float]]] = {}
    for category, quotes in by_category.items():
        for quote in [quotes] if isinstance(quotes, str) else quotes:
            start = text.index(quote)
            out.setdefault(category, []).append((start, start + len(quote), 0.9))
    return out


PREAMBLE = 'This Services Agreement (the "Agreement") is made as of March 1, 2024 between Alder Ltd and Birch Inc.'


def test_auto_renewal_and_notice_deadline():
    term = "The initial term is three (3) years from the Effective Date."
    renew = (
        "This Agreement shall automatically renew for successive one (1) year terms unless either party gives "
        "notice of non-renewal at least ninety (90) days before the end of the then-current term."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=renew))
    assert facts["agreement_date"].value == "2024-03-01"
    assert facts["expiration_date"].value == "2027-03-01"
    assert t.auto_renewal is True and t.notice_days == 90
    assert notice_deadline(t.expiry, t.notice_days) == date(2026, 12, 1)


def test_the_date_of_a_document_this_contract_replaces_does_not_date_it() -> None:
    body = "2.1 The Contractor shall keep the pumps in working order.\n" * 30
    text = (
        "MAINTENANCE CONTRACT\n\nThis Contract is between Harrow County and Tidewater Pumps LLC.\n\n"
        "1.1 This Contract supersedes Contract No. HC-118 dated April 9, 2021, which ends on its own terms.\n\n"
        f"1.2 Tidewater Pumps LLC shall service the pumps.\n\n{body}\n"
        "HARROW COUNTY\nBy: Lena Ortiz\nDate: June 2, 2026\n\nTIDEWATER PUMPS LLC\nBy: Sam Reyes\nDate: June 4, 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-06-04"
    # a title with the word as a noun names this document: "This Assignment and Novation Agreement is dated"
    own = "This Assignment and Novation Agreement is dated July 7, 2026 between Harrow County and Tidewater Pumps LLC."
    facts, _ = read_facts(own, {})
    assert facts["agreement_date"].value == "2026-07-07"


def test_an_earlier_arrangement_or_memorandum_this_contract_replaces_does_not_date_it() -> None:
    body = "(2) The Packer shall wrap each pallet in film.\n" * 30
    for earlier in ("the interim packing arrangement of 3 May 2025", "the memorandum of 3 May 2025"):
        text = (
            "PACKING FRAMEWORK AGREEMENT\n\nbetween Nordhang Textil GmbH and Packwerk Sommer GmbH\n\n"
            f"§ 1 Packing\n\n{body}\n§ 9 Final Provisions\n\n(1) This Agreement supersedes {earlier}.\n\n"
            "Chemnitz, 9 January 2026\nNordhang Textil GmbH\n\nZwickau, 12 January 2026\nPackwerk Sommer GmbH\n"
        )
        facts, _ = read_facts(text, spans(text, agreement_date=f"This Agreement supersedes {earlier}."))
        assert facts["agreement_date"].value == "2026-01-12"


def test_an_approval_under_the_signatures_is_not_the_last_signature() -> None:
    body = "2.1 The Contractor shall keep the road signs clean.\n" * 30
    text = (
        "SERVICES CONTRACT\n\nThis Contract is between Marlow Township and Bright Signs LLC.\n\n"
        f"1.1 Bright Signs LLC shall clean the road signs.\n\n{body}\n"
        "BRIGHT SIGNS LLC\nBy: Omar Haddad\nDate: February 3, 2026\n\n"
        "MARLOW TOWNSHIP\nBy: Ruth Kimani\nDate: February 9, 2026\n\n"
        "Approved as to form: Township Solicitor\nDate of approval: February 20, 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-02-09"


def test_a_contract_that_continues_from_period_to_period_unless_notice_renews_automatically() -> None:
    term = 'The term of this Agreement begins on April 1, 2026 and ends on March 31, 2027 (the "Season").'
    renew = (
        "This Agreement shall then continue from Season to Season on the same terms unless either party gives the "
        "other written notice of termination at least sixty (60) days before the end of the then-current Season."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2027-03-31", True, 60)
    assert notice_deadline(t.expiry, t.notice_days) == date(2027, 1, 30)


def test_renewal_by_mutual_agreement_is_not_automatic():
    term = "This Agreement shall continue for two (2) years from the Effective Date."
    renew = "The parties may renew this Agreement for a further year by mutual written agreement."
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is False and t.renewal_by_agreement
    assert facts["expiration_date"].value == "2026-03-01"


def test_continue_for_two_years_is_a_term_not_a_renewal():
    term = "This Agreement shall continue for two (2) years, unless terminated earlier under Section 6."
    text = f"{PREAMBLE} {term}"
    facts, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=term))
    assert t.auto_renewal is not True
    assert facts["expiration_date"].value == "2026-03-01"


def test_renews_unless_notice_without_the_word_automatically():
    renew = (
        "Thereafter this Agreement shall be renewed for successive one-year periods unless either party gives "
        "written notice of termination sixty (60) days prior to the end of the then current period."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 60


def test_continues_for_a_further_period_unless_notified_renews_without_the_word_renew() -> None:
    term = "The licence term begins on 1 July 2026 and ends on 30 June 2027 (First Period)."
    renew = (
        "When the First Period or any later period ends, this licence continues for another period of six months "
        "unless a party notifies the other in writing at least 45 days before that period ends."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2027-06-30", True, 45)


def test_a_lease_term_defined_from_and_including_one_day_to_and_including_another() -> None:
    opening = "THIS LEASE is dated 2 February 2026 between Alder Ltd and Birch Ltd."
    definitions = (
        "In this Lease: Building means Block C, Quay Park; Rent means £30,000 a year; Term means the term from "
        "and including 1 March 2026 to and including 28 February 2031."
    )
    text = f"{opening}\n\n{definitions}\n\nThe Landlord lets the Property to the Tenant for the Term."
    facts, _ = read_facts(text, spans(text, agreement_date=opening, expiration_date=definitions))
    assert (facts["effective_date"].value, facts["expiration_date"].value) == ("2026-03-01", "2031-02-28")


def test_a_side_letter_that_ceases_to_have_effect_at_the_end_of_a_day() -> None:
    letter = (
        "Dear Sirs\n\nSIDE LETTER - SUPPLY AGREEMENT DATED 3 MAY 2024\n\n1. We refer to the Supply Agreement "
        "between us.\n\n2. Further to our call on 4 March 2026, we record the pilot pricing agreed. This letter "
        'ceases to have effect at the end of 31 December 2026 (the "Pilot End").\n\n3. Either of us may end '
        "this letter early by notice."
    )
    facts, _ = read_facts(letter, spans(letter, expiration_date="3. Either of us may end this letter early by notice."))
    assert facts["expiration_date"].value == "2026-12-31"


def test_perpetual_and_until_terminated_have_no_expiry():
    for sentence, word in (
        ("This Agreement shall remain in force in perpetuity.", "perpetual"),
        (
            "This Agreement shall continue until terminated by either party on thirty (30) days' notice.",
            "until terminated",
        ),
    ):
        text = f"{PREAMBLE} {sentence}"
        facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=sentence))
        expiry = facts["expiration_date"]
        assert expiry.value is None and word in expiry.reason


def test_until_terminated_broken_over_lines_has_no_expiry():
    """A wrapped term clause ("shall continue until\nterminated by either party") is open-ended as on one line."""
    sentence = (
        "This Agreement shall commence on 1st August 2025 and shall continue until\n"
        "terminated by either party by giving not less than ninety (90) days' written notice."
    )
    text = f"{PREAMBLE} {sentence}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=sentence))
    expiry = facts["expiration_date"]
    assert expiry.value is None and "until terminated" in expiry.reason


def test_evergreen_term_is_open_ended():
    sentence = "This is an evergreen agreement that remains in effect from year to year."
    text = f"{PREAMBLE} {sentence}"
    facts, _ = read_facts(text, spans(text, expiration_date=sentence))
    assert facts["expiration_date"].value is None


def test_blank_date_is_null_with_reason():
    text = "This Agreement is dated as of ____________, 2024 between Alder Ltd and Birch Inc. Alder shall pay Birch."
    facts, _ = read_facts(text, spans(text, agreement_date="____________, 2024"))
    assert facts["agreement_date"].value is None
    assert "blank" in facts["agreement_date"].reason


def test_in_force_for_named_seasons_then_from_one_day_to_another_starts_on_the_first() -> None:
    opening = "THIS GROWING AGREEMENT is signed at Pune on 3 March 2027 between Alder Farms Ltd and Birch Seeds Ltd."
    term = (
        "This Agreement shall remain in force for the 2027 summer and 2027-28 winter crops, namely from "
        "15th May, 2027 to 30th April, 2028, both days included."
    )
    text = f"{opening}\n\n{term}\n\nThe Grower shall deliver the harvest to the Company."
    facts, _ = read_facts(text, spans(text, agreement_date=opening, expiration_date=term))
    assert (facts["effective_date"].value, facts["expiration_date"].value) == ("2027-05-15", "2028-04-30")


def test_commencement_later_than_signing():
    text = (
        'This Consulting Agreement is dated June 1, 2020, effective as of July 1, 2020 (the "Effective Date"), '
        "between Alder Ltd and Birch Inc."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="June 1, 2020", effective_date="July 1, 2020"))
    assert facts["agreement_date"].value == "2020-06-01"
    assert facts["effective_date"].value == "2020-07-01"


def test_amendment_changes_the_end_date():
    text = (
        'This Amendment No. 1 (this "Amendment") is made as of October 6, 2025 and amends the Hosting Agreement '
        'between the parties dated January 1, 2023 (the "Agreement"). Section 9.1 of the Agreement is amended to '
        'read in full: "The term of this Agreement shall end on December 31, 2026."'
    )
    term = "The term of this Agreement shall end on December 31, 2026."
    by_cat = spans(text, agreement_date=["January 1, 2023", "October 6, 2025"], expiration_date=term)
    facts, _ = read_facts(text, by_cat)
    assert facts["agreement_date"].value == "2025-10-06"  # the amendment's own date, not the amended agreement's
    assert facts["expiration_date"].value == "2026-12-31"


def test_dates_in_unrelated_sentences_are_not_taken():
    delivery = "Supplier shall deliver the first units no later than September 30, 2024."
    fiscal = 'The "Fiscal Year" means the twelve months ending on June 30, 2025.'
    other = "The parties entered into a Master Supply Agreement dated January 15, 2019."
    text = f"{PREAMBLE} {delivery} {fiscal} {other}"
    by_cat = spans(
        text,
        agreement_date=["September 30, 2024", "January 15, 2019", "March 1, 2024"],
        effective_date=["September 30, 2024"],
        expiration_date=[fiscal, delivery],
    )
    facts, _ = read_facts(text, by_cat)
    assert facts["agreement_date"].value == "2024-03-01"
    assert facts["effective_date"].value is None  # not the delivery date: the contract states none
    assert "expiration_date" not in facts


def test_term_from_an_event_has_no_date():
    term = "The term of this Agreement shall continue for one (1) year following the Launch Date."
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term))
    assert facts["expiration_date"].value is None
    assert "Launch Date" in facts["expiration_date"].reason


def test_day_before_the_anniversary_and_explicit_end():
    term = "The initial term begins on 1 July 2025 and ends on the day before the third anniversary of that date."
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2028-06-30"
    term = "This Agreement shall take effect on 1 June 2024 and shall expire at the end of the Initial Period on 31 May 2027."
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2027-05-31"


def test_a_term_that_ends_with_a_numbered_contract_year_unless_its_years_are_calendar_years():
    years = '"Contract Year" means each period of twelve (12) months beginning on the Effective Date.'
    term = "The Term starts on the Effective Date and ends at the end of Contract Year 4 unless terminated earlier."
    text = f"{PREAMBLE} {years} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2028-03-01"
    calendar = '"Contract Year" means each calendar year during the Term.'
    text = f"{PREAMBLE} {calendar} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value is None
    assert "calendar year" in facts["expiration_date"].reason
    fees = "During the Term the fee for Year 2 is payable in advance."
    text = f"{PREAMBLE} {fees}"
    facts, _ = read_facts(text, spans(text, expiration_date=fees))
    assert "expiration_date" not in facts or facts["expiration_date"].value is None


def test_notice_deadline_needs_both_facts():
    assert notice_deadline(Expiry(date(2028, 2, 1), 0, 1, ""), 60) == date(2027, 12, 3)
    assert notice_deadline(Expiry(None, 0, 1, "perpetual"), 60) is None
    assert notice_deadline(Expiry(date(2028, 2, 1), 0, 1, ""), None) is None


def test_governing_law_names():
    cases = {
        "This Agreement is governed by the laws of England and Wales.": "England and Wales",
        "This Agreement shall be governed by the laws of the Province of Ontario and the federal laws of Canada "
        "applicable therein.": "Ontario",
        "This Agreement is governed by English law.": "England",
        "governed by the laws of the State of North\nCarolina": "North Carolina",
        "governed by the laws of the United States of America and of the State of Texas.": "Texas",
        "This Agreement is accepted in the State of Nevada and shall be governed by the laws thereof.": "Nevada",
    }
    for sentence, want in cases.items():
        found = jurisdiction_in(sentence)
        assert found is not None and found[0] == want, sentence


def test_samples_key_dates_and_summary():
    """The real engine on the shipped samples: no renewal where the text has none, the right deadline where it has."""
    nda = (ROOT / "sample_contracts" / "mutual_nda.txt").read_text(encoding="utf-8")
    assert not re.search(r"renew", nda, re.IGNORECASE)
    result = live.analyze(Document(text=nda))
    kinds = {k["kind"]: k for k in result["keyDates"]}
    assert "renewal_date" not in kinds and "notice_deadline" not in kinds
    assert "Renews automatically" not in result["summary"]["text"]
    assert kinds["expiration_date"]["date"] == "2027-03-03"

    saas = (ROOT / "sample_contracts" / "saas_subscription_agreement.txt").read_text(encoding="utf-8")
    result = live.analyze(Document(text=saas))
    kinds = {k["kind"]: k for k in result["keyDates"]}
    assert kinds["effective_date"]["date"] == "2025-02-01"
    assert kinds["agreement_date"]["date"] == "2025-01-15"
    assert kinds["notice_deadline"]["date"] == "2027-12-03"
    assert "Renews automatically" in result["summary"]["text"]
    for kd in result["keyDates"]:
        assert kd["evidenceIds"], kd


def test_sample_pdf_gives_the_same_term_facts_as_its_text():
    from contractbox.documents.sources import read_file as load_document

    by_kind = {}
    for name in ("saas_subscription_agreement.txt", "saas_subscription_agreement.pdf"):
        result = live.analyze(load_document(ROOT / "sample_contracts" / name))
        by_kind[name] = {k["kind"]: k["date"] for k in result["keyDates"]}
        assert result["summary"]["governingLaw"]["jurisdiction"] == "New York"
    assert by_kind["saas_subscription_agreement.txt"] == by_kind["saas_subscription_agreement.pdf"]
    assert by_kind["saas_subscription_agreement.pdf"]["notice_deadline"] == "2027-12-03"


def test_other_automatic_renewal_wordings():
    wordings = [
        (
            "Thereafter this Agreement shall automatically continue in effect until either party gives the other "
            "at least six (6) months prior written notice of termination."
        ),
        (
            "Unless either party gives written notice to terminate at least sixty (60) days prior to the end of the "
            "Initial Term, this Agreement shall continue on a year to year basis."
        ),
        (
            "This Agreement will extend automatically for monthly periods unless either party notifies the other "
            "in writing at least thirty (30) days before the expiration of the then current term."
        ),
    ]
    for renew in wordings:
        text = f"{PREAMBLE} {renew}"
        _, t = read_facts(text, spans(text, renewal_term=renew))
        assert t.auto_renewal is True, renew
    option = "Licensee shall have the option to extend the Term for successive renewal terms of five (5) years each."
    text = f"{PREAMBLE} {option}"
    _, t = read_facts(text, spans(text, renewal_term=option))
    assert t.auto_renewal is False


# A long enough opening that a later sentence is past the preamble (the engine treats the first 3,000
# characters as the place where the contract states its own dates).
FILLER = " ".join(
    ["The Supplier shall supply the Services described in Schedule 1 with reasonable skill and care."] * 40
)


def test_a_later_start_of_the_term_is_the_effective_date_but_a_part_of_it_is_not():
    start = "The term of this Agreement shall commence on 1 April 2024 and continue until terminated."
    fiscal = "The first Fiscal Year shall commence on 1 July 2024 and end on 30 June 2025."
    fees = "The revised fees shall apply starting on 1 September 2024."
    text = f"{PREAMBLE} {FILLER} {fiscal} {fees} {start}"
    by_cat = spans(
        text, agreement_date="March 1, 2024", effective_date=[fiscal, fees, start], expiration_date=[fiscal, start]
    )
    facts, _ = read_facts(text, by_cat)
    assert facts["agreement_date"].value == "2024-03-01"  # not the term's start
    assert facts["effective_date"].value == "2024-04-01"
    assert facts["expiration_date"].value is None  # until terminated, not the fiscal year's end


def test_a_start_date_is_not_the_agreement_date():
    text = (
        "SPONSORSHIP AGREEMENT between Alder Ltd and Birch Inc. 3. Term: This Agreement shall commence on "
        f"March 15, 2024 and will expire on March 14, 2026. {FILLER} Signed for Alder Ltd. Date: March 22, 2024"
    )
    start = text.index("March 15, 2024")
    weak = {"agreement_date": [(start, start + 14, 0.3)], "effective_date": [(start, start + 14, 0.3)]}
    facts, _ = read_facts(text, weak)  # the model half-believes the start date dates the agreement
    assert facts["agreement_date"].value == "2024-03-22"
    assert facts["effective_date"].value == "2024-03-15"


def test_a_term_from_the_date_of_the_agreement_starts_on_signing():
    text = (
        "This Agreement is made this 20th day of March 2024 between Alder Ltd and Birch Inc. The term of this "
        "Agreement shall be three years, commencing on the date of\nthis Agreement."
    )
    term = "The term of this Agreement shall be three years, commencing on the date of\nthis Agreement."
    facts, _ = read_facts(text, spans(text, agreement_date="20th day of March 2024", expiration_date=term))
    assert facts["effective_date"].value == "2024-03-20"
    assert facts["expiration_date"].value == "2027-03-20"


def test_a_stated_effective_date_in_a_definition_far_into_the_contract():
    definition = '"Effective Date" means 1 October 2024.'
    text = f"{PREAMBLE} {FILLER} {FILLER} {FILLER} {definition} {FILLER} {FILLER} {FILLER}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024"))
    assert facts["effective_date"].value == "2024-10-01"


def test_records_kept_after_the_term_are_not_the_term():
    records = "The Supplier shall retain all records for a period of five (5) years after the expiration of the Term."
    text = f"{PREAMBLE} {records}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=records))
    assert "expiration_date" not in facts


def test_day_first_and_of_month_dates():
    from contractbox.engine.dates import find_dates_loose

    found = [
        d
        for _, _, d in find_dates_loose("dated 01.03.2024; the Joint Venture shall commence on the 1st of March, 2025")
    ]
    assert found == [date(2024, 3, 1), date(2025, 3, 1)]
    assert [d for _, _, d in find_dates_loose("see section 1.2.3 and version 2.0.2024.1")] == []


def test_renewal_refused_is_not_automatic():
    refused = "This subscription does not renew automatically."
    agreed = "It may be renewed for a further twelve (12) months only by mutual written agreement of the parties."
    text = f"{PREAMBLE} {refused} {agreed}"
    _, t = read_facts(text, spans(text, renewal_term=[refused, agreed]))
    assert t.auto_renewal is False and t.renewal_by_agreement


def test_an_amendment_that_deletes_automatic_renewal():
    quoted = (
        "Clause 3.2 of the Agreement provides that the Agreement renews automatically for successive one-year "
        "terms unless either party gives notice."
    )
    deleted = "Clause 3.2 (Automatic Renewal) of the Agreement is deleted in its entirety."
    text = f"This Amendment is dated 3 February 2025. {quoted} {deleted}"
    _, t = read_facts(text, spans(text, renewal_term=[quoted, deleted]))
    assert t.auto_renewal is False


@pytest.mark.parametrize(
    "renew",
    [
        # the translated Japanese form: the condition first, then the contract extended by a stated period
        "Unless either party informs the other by written notice that it does not wish to extend this Agreement no "
        "later than sixty (60) days before its expiry, this Agreement shall be extended for one (1) year on the same "
        "conditions, and likewise thereafter.",
        # the same the other way round
        "The term of this Agreement will be renewed for a period of two (2) years unless either party gives the other "
        "written notice of non-renewal at least sixty (60) days before it ends.",
    ],
)
def test_the_contract_extended_by_a_stated_period_unless_notice_renews_automatically(renew: str) -> None:
    term = "This Agreement is valid from 1 April 2025 to 31 March 2026."
    text = f"{PREAMBLE} {term} {renew}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (t.auto_renewal, t.notice_days) == (True, 60)


def test_an_option_to_extend_for_a_stated_period_is_not_automatic() -> None:
    renew = (
        "Unless the Customer has given notice of a breach, the Customer may extend this Agreement for one (1) year by "
        "notice before it ends."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is not True


def test_a_supplemental_agreement_deletes_a_renewal_clause_it_describes_and_leaves_extension_to_agreement() -> None:
    deleted = (
        "4.1 Clause 5.3 of the Lease, which provided for the term to renew automatically for further periods of two "
        "years unless the Tenant gave notice, is deleted in its entirety and replaced with the following:"
    )
    agreed = (
        '"5.3 The term may be extended beyond 30 June 2031 only by a further supplemental deed signed by both parties."'
    )
    text = f"This Supplemental Deed is made on 4 May 2026. {deleted} {agreed}"
    # the model ranks only the deletion as the renewal clause
    _, t = read_facts(text, spans(text, renewal_term=deleted))
    assert t.auto_renewal is False and t.renewal_by_agreement is True
    assert t.renewal is not None and "only by a further supplemental deed" in text[t.renewal.start : t.renewal.end]


def test_a_labelled_end_date_field():
    text = (
        "ORDER FORM\n\nThis Order Form is dated 20 June 2025.\n\nSubscription Start Date: 1 July 2025\n\n"
        "Subscription End Date: 30 June 2026\n\nFees: Customer shall pay GBP 37,500."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="20 June 2025"))
    assert facts["effective_date"].value == "2025-07-01"
    assert facts["expiration_date"].value == "2026-06-30"


def test_a_deed_takes_effect_on_the_date_at_its_beginning():
    text = (
        f"THIS DEED OF GUARANTEE is dated 14 November 2024 between Pennine Holdings PLC and Wharfedale Finance "
        f"Limited. {FILLER} This document has been executed as a deed and is delivered and takes effect on the "
        "date stated at the beginning of it."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="14 November 2024"))
    assert facts["effective_date"].value == "2024-11-14"


def test_a_term_running_from_the_date_of_the_agreement():
    term = "This Agreement shall remain in force for three (3) years from the date of this Agreement."
    text = f"This Mutual Non-Disclosure Agreement is entered into on 2 September 2024 between A Ltd and B Ltd. {term}"
    facts, _ = read_facts(text, spans(text, agreement_date="2 September 2024", expiration_date=term))
    assert facts["effective_date"].value == "2024-09-02"
    assert facts["expiration_date"].value == "2027-09-02"


def test_the_lease_shall_commence_is_this_lease():
    text = (
        "This Lease is made between Harbour Ltd and Dune Ltd. 2.1 The lease shall commence on 1 July 2025 (the "
        "commencement date) and shall endure for a period of three years, terminating on 30 June 2028."
    )
    facts, _ = read_facts(text, {})  # the clause model ranks nothing here: the words must be enough
    assert facts["effective_date"].value == "2025-07-01"


def test_the_defined_effective_date_beats_a_fee_change_date():
    text = (
        'This Second Amendment (this "Amendment") is entered into as of November 14, 2025 (the "Amendment '
        'Effective Date") by and between Pacific Ltd and Tidewater Inc. 3. Fees. Effective January 1, 2026, '
        "Exhibit B of the Agreement is replaced by Revised Exhibit B."
    )
    facts, _ = read_facts(text, spans(text, effective_date=["January 1, 2026", "November 14, 2025"]))
    assert facts["effective_date"].value == "2025-11-14"


def test_no_stated_effective_date_is_null_with_the_reason():
    text = "THIS AGREEMENT is made as of the 14th day of February, 2025 between Alder Ltd and Birch Inc."
    facts, _ = read_facts(text, spans(text, agreement_date="14th day of February, 2025"))
    assert facts["agreement_date"].value == "2025-02-14"
    assert facts["effective_date"].value is None
    assert "does not say when it takes effect" in facts["effective_date"].reason


def test_summary_states_only_established_facts():
    from contractbox.engine.facts import summary_sentences

    blank = (
        'This Master Services Agreement is dated as of ____________, 2025 (the "Effective Date") between A LLC '
        "and B LLC. The initial term begins on the Effective Date and continues for three (3) years."
    )
    renew = (
        "This Agreement shall automatically renew for successive one (1) year periods unless either party gives "
        "written notice of non-renewal at least sixty (60) days before the end of the then-current term."
    )
    text = f"{blank} {renew}"
    facts, term = read_facts(
        text, spans(text, agreement_date="____________, 2025", expiration_date=blank, renewal_term=renew)
    )
    lines = summary_sentences(facts, term)
    assert lines == ["Renews automatically unless notice is given 60 days before the end of the term."]  # no dates

    text = f"{PREAMBLE} The initial term is three (3) years from the Effective Date. {renew}"
    facts, term = read_facts(
        text,
        spans(
            text,
            agreement_date="March 1, 2024",
            expiration_date="The initial term is three (3) years from the Effective Date.",
            renewal_term=renew,
        ),
    )
    assert summary_sentences(facts, term) == [
        "Dated 2024-03-01, expiring 2027-03-01.",
        "Renews automatically unless notice is given 60 days before the end of the term (last day for notice: "
        "2026-12-31).",
    ]
    text = f"{PREAMBLE} This Agreement shall continue until terminated by either party."
    facts, term = read_facts(
        text,
        spans(
            text,
            agreement_date="March 1, 2024",
            expiration_date="This Agreement shall continue until terminated by either party.",
        ),
    )
    assert summary_sentences(facts, term) == ["Dated 2024-03-01.", "No end date: the term runs until terminated."]


def test_loosely_written_and_day_first_dates():
    from contractbox.engine.dates import find_dates_loose

    found = [d for _, _, d in find_dates_loose("made and effective as of1 August 2019; signed 13/07/05; 18/9/2008")]
    assert found == [date(2019, 8, 1), date(2005, 7, 13), date(2008, 9, 18)]


def test_coming_into_force_is_not_the_date_of_signing():
    force = (
        "3.1 This Agreement shall come into force on 1 October 2024 and shall remain in force until 30 September 2026."
    )
    text = (
        f"MAINTENANCE AGREEMENT between Glencairn Distillers Limited and Strathmore Process Engineering Ltd. {force} "
        f"{FILLER} IN WITNESS WHEREOF these presents are executed as follows: Subscribed for GLENCAIRN DISTILLERS "
        "LIMITED at Dufftown on\n9 September 2024 by Alasdair Grant. Subscribed for STRATHMORE PROCESS ENGINEERING "
        "LTD at Dundee on\n11 September 2024 by Callum Baird."
    )
    facts, _ = read_facts(text, spans(text, expiration_date=force))
    assert facts["agreement_date"].value == "2024-09-11"  # the last signature
    assert facts["effective_date"].value == "2024-10-01"
    assert facts["expiration_date"].value == "2026-09-30"


def test_a_date_after_on_needs_words_about_signing():
    text = (
        f"{PREAMBLE} The Company will cause shares to be issued to the Consultant on June 1, 2025. {FILLER} "
        'This Development Agreement is entered into on April 15 , 2010 ("EffectiveDate").'
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2010-04-15"  # defined as the EffectiveDate (written without a space)
    assert facts["agreement_date"].value != "2025-06-01"


def test_a_start_date_is_never_taken_as_the_date_of_signing():
    start = "8. Term of Joint Venture. The Joint Venture shall commence on the 1st of March, 2003."
    text = f"JOINT VENTURE AGREEMENT between Alder Ltd and Birch Inc. {FILLER} {start}"
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2003-03-01"
    assert "agreement_date" not in facts  # the contract bears no date of its own


def test_a_labelled_contract_start():
    text = f"CONTENT AGREEMENT between Alder Ltd and Birch Inc. {FILLER} 2 TERMS\n\n2.1 Contract start: 04-01-06\n"
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2006-04-01"


def test_the_last_of_a_row_of_signature_dates_on_a_cover_page():
    text = (
        "RESELLER AGREEMENT\n\nBy: /s/ Victor Bozzo By: /s/ Christine Gardner Title Title 4/24/2018 04/25/2018 "
        f"Date Date\n\nThis Reseller Agreement is between Alder Ltd and Birch Inc. {FILLER} "
        '"Effective Date" means the date of last signature on this Agreement.'
    )
    facts, _ = read_facts(text, spans(text, agreement_date="4/24/2018"))  # the model ranks the first signature
    assert facts["agreement_date"].value == "2018-04-25"
    assert facts["effective_date"].value == "2018-04-25"
    text = "SUPPLY TERMS\n\nEffective Date: January 1, 2019 Termination Date: December 31, 2023\n\nBetween A Ltd and B Ltd."
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2019-01-01"  # a labelled term is not a row of signatures


def test_extended_at_a_time_unless_notice_is_automatic():
    renew = (
        "(2) It is extended by twelve months at a time unless either party gives notice of termination at least "
        "thirty (30) days before the end of the current term."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 30


def test_a_notice_period_in_months_is_counted_in_months():
    term = "The Initial Term begins on 1 January 2025 and ends on 31 December 2026."
    renew = (
        "Thereafter this Agreement shall automatically renew for successive periods of one year unless either party "
        "gives not less than three (3) months' written notice before the end of the then-current term."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert facts["expiration_date"].value == "2026-12-31"
    assert t.auto_renewal is True and t.notice_period == (3, "month") and t.notice_days == 90
    assert notice_deadline(t.expiry, t.notice_days, t.notice_period) == date(2026, 9, 30)  # not 2 October
    result = live.analyze(Document(text=text))
    kinds = {k["kind"]: k for k in result["keyDates"]}
    assert kinds["notice_deadline"]["date"] == "2026-09-30"
    assert (
        "notice is given 3 months before the end of the term (last day for notice: 2026-09-30)"
        in (result["summary"]["text"])
    )


def test_a_contract_dated_only_by_its_signatures_takes_the_last_one():
    body = "The Consultant shall provide the services described in Schedule 1. " * 20
    block = (
        "IN WITNESS WHEREOF, the Parties execute this Agreement intending to be legally bound.\n\n"
        "                      /s/ Mara Quill\n\n     5/17/12    MARA QUILL\n\n     Date\n\n"
        "HALDEN TRUST                      By:    /s/ Owen P. Tarr\n\n     5/14/12    Owen P. Tarr\n\n     Date\n\n"
    )
    schedule = "SCHEDULE 1\n\nServices. " + "The Consultant shall attend four events a year. " * 40
    text = f"CONSULTING AGREEMENT\n\n{body}\n\n{block}{schedule}"  # the block stands mid-document
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2012-05-17"


def test_a_date_in_a_sentence_near_a_signature_is_not_a_signature_date():
    text = (
        "SUPPLY AGREEMENT\n\nThe Supplier shall deliver the Products on or before June 1, 2012 to the Buyer. "
        "Payments are due within thirty days.\n\nIN WITNESS WHEREOF the parties have signed below.\n\n"
        "By: /s/ Ann Lee   Name: Ann Lee   Title: CEO"
    )
    facts, _ = read_facts(text, {})
    assert "agreement_date" not in facts or facts["agreement_date"].value is None


@pytest.mark.parametrize(
    ("opening", "dated"),
    [
        (
            "This Supply Agreement is made on 3 March 2025 and takes effect on that date between Alder Ltd and Birch Inc.",
            "3 March 2025",
        ),
        (
            "This Agreement is entered into as of March 3, 2025, which is also the date on which it takes effect (the "
            '"Effective Date"), between Alder Ltd and Birch Inc.',
            "March 3, 2025",
        ),
    ],
)
def test_a_contract_that_takes_effect_on_its_own_date_says_so_without_repeating_it(opening: str, dated: str) -> None:
    facts, _ = read_facts(opening, spans(opening, agreement_date=dated))
    assert facts["effective_date"].value == "2025-03-03"


def test_effective_as_of_that_date_followed_by_an_event_is_not_the_signing_date() -> None:
    text = (
        "This Hosting Agreement is dated as of August 9, 2024 between Alder Ltd and Birch Inc. This Agreement shall "
        'be effective as of that date (the "Effective Date") the Site becomes fully operational.'
    )
    facts, _ = read_facts(text, spans(text, agreement_date="August 9, 2024"))
    assert facts["effective_date"].value is None


def test_the_term_sentence_is_read_when_the_model_ranks_others_above_it() -> None:
    text = PREAMBLE + (
        " Provider shall maintain general liability insurance of at least $1,000,000 per occurrence. Provider shall"
        " clean the premises five nights per week. Customer shall pay the monthly fee in advance. The initial term is"
        " one calendar month, beginning on March 1, 2024 and ending on March 31, 2024."
    )
    ranked = [
        "Provider shall maintain general liability insurance of at least $1,000,000 per occurrence.",
        "Provider shall clean the premises five nights per week.",
        "Customer shall pay the monthly fee in advance.",
        "The initial term is one calendar month, beginning on March 1, 2024 and ending on March 31, 2024.",
    ]
    by_category = spans(text, agreement_date="March 1, 2024", expiration_date=ranked)
    by_category["expiration_date"] = [
        (s, e, 0.6 - 0.1 * i) for i, (s, e, _) in enumerate(by_category["expiration_date"])
    ]
    facts, _ = read_facts(text, by_category)
    assert facts["expiration_date"].value == "2024-03-31"


def test_an_amendment_that_deletes_automatic_renewal_overrides_the_recital_that_describes_it() -> None:
    recital = (
        "B. The Original Agreement had an initial term ending on June 30, 2024 and renewed automatically for "
        "successive one-year periods unless either party gave notice of non-renewal at least ninety (90) days "
        "before the end of the then-current term."
    )
    text = (
        "SECOND AMENDMENT, dated March 3, 2026, between Alder Ltd and Birch Inc.\n\nRECITALS\n\n"
        f'{recital}\n\n2. Term. Section 3.1 is replaced: "3.1 Term. The term of this Agreement shall expire on '
        'June 30, 2029."\n\n3. Renewal. Section 3.2 is replaced: "3.2 Renewal. The automatic renewal provisions '
        "formerly set out in this Section 3.2 are deleted. This Agreement may be renewed only by mutual written "
        'agreement of the parties."'
    )
    # the model ranks only the recital as the renewal clause (as it did on the blind contract)
    _, term = read_facts(text, spans(text, agreement_date="March 3, 2026", renewal_term=recital))
    assert term.auto_renewal is False and term.renewal_by_agreement is True
    assert term.renewal is not None
    assert text[term.renewal.start : term.renewal.end].startswith("The automatic renewal provisions formerly")


@pytest.mark.parametrize(
    "starts",
    [
        "This Agreement commences on the date set out at the top of this Agreement and continues until terminated.",
        "This Agreement takes effect on the date set out above and continues until terminated.",
    ],
)
def test_a_contract_that_starts_on_the_date_set_out_at_its_top_takes_effect_on_its_date(starts: str) -> None:
    text = f"SOFTWARE LICENCE AGREEMENT\n\nTHIS AGREEMENT is made on 3 March 2026 between Alder Ltd and Birch Inc.\n\n{starts}"
    facts, _ = read_facts(text, spans(text, agreement_date="3 March 2026"))
    assert facts["effective_date"].value == "2026-03-03"


@pytest.mark.parametrize(
    "opening",
    [
        'THIS SPONSORSHIP AGREEMENT is made and entered into as of June 13, 2012 the ("Effective Date"), by and '
        "between Alder Stadium Company LLC and Birch Inc.",
        "This Agreement, made and entered into this 13th day of June 2012, hereinafter called the Effective Date, "
        "between and among the Parties signatory hereto.",
    ],
)
def test_the_agreement_date_defined_as_the_effective_date_is_the_effective_date(opening: str) -> None:
    facts, _ = read_facts(opening, {})
    assert facts["effective_date"].value == "2012-06-13"


def test_a_contract_after_a_cover_page_defines_its_effective_date_in_a_long_name() -> None:
    cover = "TABLE OF CONTENTS\n\n" + "".join(f"{n}. Section heading {n} .......... {n}\n" for n in range(1, 120))
    opening = (
        'This Network Build and Maintenance Agreement is entered into as of the 31 day of July, 2019 (the "Effective '
        'Date") by and between Alder Wireless, LLC and Birch Inc.'
    )
    text = f"{cover}\n\n{opening}"
    assert text.index("31 day") > 3000  # past the opening the engine reads as the preamble
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2019-07-31"


def test_a_deadline_in_the_body_does_not_date_the_agreement() -> None:
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis Sponsorship Agreement is between Alder Padres LP and Birch Inc.\n\n"
        "1. Signage. Sponsor shall pay production costs for installation of new signage. Alder shall install "
        "this sign on or before March 28, 2008. The Event is scheduled for July 30, 2008."
    )
    # the model scores both sentences as dating the agreement (as it did on the CUAD contract)
    ranked = ["Alder shall install this sign on or before March 28, 2008.", "The Event is scheduled for July 30, 2008."]
    facts, _ = read_facts(text, spans(text, agreement_date=ranked))
    assert "agreement_date" not in facts or facts["agreement_date"].value is None


def test_the_term_ends_on_a_defined_date_given_in_the_definitions() -> None:
    text = (
        "TERM LOAN FACILITY AGREEMENT\n\nThis agreement is dated 16 March 2026 between Alder Bank Limited and Birch "
        "Orchards Limited.\n\n1. Definitions\n\nFinal Repayment Date means 2029-03-15.\n\nInterest Payment Date means "
        "the last Business Day of each March.\n\n2. Term\n\n2.3 This agreement commences on its date and ends on the "
        "Final Repayment Date, except that the Borrower's payment obligations continue until paid in full."
    )
    term = "2.3 This agreement commences on its date and ends on the Final Repayment Date"
    facts, _ = read_facts(text, spans(text, agreement_date="16 March 2026", expiration_date=term))
    assert facts["effective_date"].value == "2026-03-16"
    assert facts["expiration_date"].value == "2029-03-15"
    assert facts["expiration_date"].text == "2029-03-15"  # the evidence is the definition's date


def test_the_term_runs_between_two_dates_given_in_the_definitions() -> None:
    text = (
        "GROUNDS MAINTENANCE CONTRACT\n\nDate: 2 June 2026\n\nThis contract is between Linden Gardens Pty Ltd and "
        "Wattle Park Estates Pty Ltd.\n\n1. Definitions\nBegin Date means 1 July 2026.\nFinish Date means "
        "30 June 2027, or, if the term is extended, the last day of the current extension.\n\n2. Term\n\n"
        "2.1 This contract runs from the Begin Date to the Finish Date."
    )
    term = "2.1 This contract runs from the Begin Date to the Finish Date."
    facts, _ = read_facts(text, spans(text, agreement_date="2 June 2026", expiration_date=term))
    assert facts["expiration_date"].value == "2027-06-30"


def test_the_initial_term_and_dates_given_in_a_schedule_table() -> None:
    term = (
        "3.1 This agreement starts on the Commencement Date and continues for the Initial Term set out in Schedule 1."
    )
    renew = (
        "3.2 At the end of the Initial Term this agreement shall automatically renew for successive periods of twelve "
        "(12) months unless either party gives the other written notice of non-renewal not less than ninety (90) days "
        "before the end of the Initial Term."
    )
    text = (
        "THIS AGREEMENT is dated 9 June 2026 between Alder Archive Limited and Birch Learning Limited.\n\n"
        f"{term}\n\n{renew}\n\nSCHEDULE 1: KEY DETAILS\n\n| Item | Detail |\n|---|---|\n"
        "| Commencement Date | 1 July 2026 |\n| Initial Term | From the Commencement Date to 30 June 2028 |\n"
    )
    facts, t = read_facts(text, spans(text, agreement_date="9 June 2026", expiration_date=term, renewal_term=renew))
    assert facts["expiration_date"].value == "2028-06-30"
    assert t.auto_renewal is True and notice_deadline(t.expiry, t.notice_days) == date(2028, 4, 1)


def test_a_cover_table_in_day_month_year_gives_the_start_term_and_notice() -> None:
    term = "2.1 This Agreement runs for the Term from the Start Date."
    renew = (
        "2.2 This Agreement shall then renew automatically for successive periods of 12 months unless either party "
        "gives the other written notice of non-renewal of at least the Notice period before the end of the Term."
    )
    text = (
        "SERVICES AGREEMENT: PARTICULARS\n\nAll dates in this Agreement are written day/month/year.\n\n"
        "| Particular | Detail |\n|---|---|\n| Date of Agreement | 16/02/2026 |\n| Start Date | 02/03/2026 |\n"
        f"| Term | 24 months from the Start Date |\n| Notice | 30 days |\n\nPART 3: TERMS\n\n{term}\n\n{renew}"
    )
    by_category = spans(text, agreement_date="16/02/2026", expiration_date=term, renewal_term=renew)
    with numeric_dates_of(text):
        facts, t = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2026-02-16"
    assert facts["effective_date"].value == "2026-03-02"
    assert facts["expiration_date"].value == "2028-03-02"
    assert t.notice_days == 30 and notice_deadline(t.expiry, t.notice_days) == date(2028, 2, 1)


def test_numeric_dates_are_month_first_unless_the_document_says_otherwise() -> None:
    us = "This Agreement is dated 02/03/2026 between Alder Inc. and Birch LLC."
    with numeric_dates_of(us):
        assert read_facts(us, {})[0]["agreement_date"].value == "2026-02-03"
    stated = us + " Dates in this Agreement are written dd/mm/yyyy."
    with numeric_dates_of(stated):
        assert read_facts(stated, {})[0]["agreement_date"].value == "2026-03-02"
    assert read_facts(stated, {})[0]["agreement_date"].value == "2026-02-03"  # outside an analysis: the default


@pytest.mark.parametrize(
    ("text", "agreement", "fact", "value"),
    [
        (
            'This Statement of Work No. 3 (this "SOW") is dated June 18th, 2026 and is entered into under the Master '
            "Services Agreement dated January 10th, 2024 between Alder Inc. and Birch LLC.\n\n2.1 This SOW takes effect "
            'on July 1st, 2026 (the "SOW Effective Date") and ends on December 31st, 2026, unless terminated earlier.',
            "June 18th, 2026",
            "expiration_date",
            "2026-12-31",
        ),
        (
            "This Memorandum of Understanding is made on this 3rd day of February 2026 between Alder Ltd and Birch "
            "Ltd.\n\n6.1 This Memorandum shall remain in effect until 31 December 2026, unless it is replaced earlier.",
            "3rd day of February 2026",
            "expiration_date",
            "2026-12-31",
        ),
        (
            "DATA PROCESSING AGREEMENT\n\nMade in Paris on 15 September 2026 between Alder SAS and Birch SA.\n\n2.2 "
            "This DPA applies from 1 October 2026 and remains in force for as long as the Processor processes Personal "
            "Data.",
            "15 September 2026",
            "effective_date",
            "2026-10-01",
        ),
    ],
)
def test_a_contract_called_sow_memorandum_or_dpa_is_this_contract(
    text: str, agreement: str, fact: str, value: str
) -> None:
    term = text.split("\n\n")[-1]
    facts, _ = read_facts(text, spans(text, agreement_date=agreement, expiration_date=term, effective_date=term))
    assert facts[fact].value == value


def test_a_specification_dated_before_the_contract_does_not_date_it() -> None:
    text = (
        "CONTRACT FOR WORK AND SERVICES\n\nContract between\n\nAlder GmbH, Stuttgart\n\nand\n\nBirch S.A.S., Lyon"
        "\n\n(1) The Contractor shall design and deliver the Tools in accordance with the specification in Annex 1 "
        "(Lastenheft) dated 2026-03-30.\n\n(3) The German version of this contract is binding.\n\n"
        "Stuttgart, 2026-04-20\nAlder GmbH\nAnna Alder, managing director\n\n"
        "Lyon, 2026-04-27\nBirch S.A.S.\nBruno Birch, president"
    )
    by_category = spans(text, agreement_date=["Annex 1 (Lastenheft) dated 2026-03-30", "Stuttgart, 2026-04-20"])
    facts, _ = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2026-04-27"  # the later signature, not the annex's date


def test_effective_as_of_the_last_signature_in_a_long_preamble_sentence() -> None:
    text = (
        'This Consulting Agreement (this "Agreement") is entered into by and between Alder Robotics, Inc., a '
        "Washington corporation with its principal place of business at 1201 Western Avenue, Suite 800, Seattle, "
        'Washington 98101 (the "Company"), and Birch Systems Consulting LLC, a Washington limited liability company '
        'located at 77 Harbor Way, Port Townsend, Washington 98368 (the "Consultant"), and is effective as of the date '
        'of the last signature below (the "Effective Date").\n\nAlder Robotics, Inc.\nBy: /s/ Ann Lee\nDate: October 6, '
        "2026\n\nBirch Systems Consulting LLC\nBy: /s/ Raj Raman\nDate: October 9, 2026"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-10-09"
    assert facts["effective_date"].value == "2026-10-09"


def test_a_letter_agreement_bears_the_date_at_its_head_not_the_countersignature() -> None:
    text = (
        "ALDER FACILITIES MANAGEMENT LIMITED\nRegistered office: 41 Melville Street, Edinburgh EH3 7JF\n\n"
        "9 March 2026\n\nBirch Dental Group Limited\n17 Byres Road\nGlasgow G11 5RD\n\nDear Ms McAllister\n\n"
        "We are pleased to confirm the renewal of the Agreement for a further term from 1 April 2026 to 31 March "
        '2027 (the "Renewal Term") on the following terms.\n\n5. Further renewal. The Agreement will not renew '
        "automatically at the end of the Renewal Term.\n\nYours sincerely\n\nCallum Drummond\n\nWe confirm our "
        "agreement to the renewal on the terms of this letter.\n\nSigned: Fiona McAllister\nDate: 16 March 2026"
    )
    term = "5. Further renewal. The Agreement will not renew automatically at the end of the Renewal Term."
    by_category = spans(text, agreement_date=["9 March 2026", "Date: 16 March 2026"], expiration_date=term)
    facts, t = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2026-03-09"
    assert facts["expiration_date"].value == "2027-03-31"  # the Renewal Term defined where it is stated
    assert t.auto_renewal is False


def test_a_covering_letter_sent_with_the_contract_does_not_date_it() -> None:
    letter = (
        "BRAMBLE & COOKE SOLICITORS\n\n21 June 2028\n\nMr Owen Tate\nTate Joinery Limited\n\n"
        "Dear Mr Tate\n\nWe enclose the signed hire agreement for your records.\n\nYours sincerely\n\nLena Cooke\n\n"
    )
    contract = (
        'PLANT HIRE AGREEMENT\n\nThis Plant Hire Agreement (the "Agreement") is dated 14 June 2028 and is made between '
        "Tate Joinery Limited and Oakhurst Plant Limited.\n\n1. Oakhurst Plant Limited hires the excavator to Tate "
        "Joinery Limited.\n"
    )
    text = letter + contract
    by_category = spans(text, agreement_date=["21 June 2028", "14 June 2028"])
    facts, _ = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2028-06-14"
    # a letter agreement keeps the date at its head: no contract after its close dates itself
    alone = letter.replace(
        "We enclose the signed hire agreement for your records.", "We agree to hire you the excavator."
    )
    facts, _ = read_facts(alone, spans(alone, agreement_date="21 June 2028"))
    assert facts["agreement_date"].value == "2028-06-21"


def test_a_date_defined_as_the_effective_date_starts_it_whatever_word_leads_to_it() -> None:
    text = (
        "This Mutual Non-Disclosure Agreement is dated 2 February 2029 between Alder Ltd and Birch Ltd.\n\n"
        '1. "Confidential Information" means information a party discloses on or after 9 February 2029 (the '
        '"Effective Date").\n\n2. This Agreement begins on the Effective Date and ends on 1 February 2031.'
    )
    facts, _ = read_facts(text, spans(text, effective_date="9 February 2029"))
    assert facts["effective_date"].value == "2029-02-09"


def test_a_defined_start_date_between_underscores_is_read() -> None:
    text = without_underscored_terms(
        "This Hire Agreement is entered into on 5 May 2029 by Alder Ltd, hereinafter _Owner_, and Birch Ltd, "
        "hereinafter _Hirer_.\n\n_Start Date_: 1 June 2029.\n\n4. The hire begins on the _Start Date_ and ends on "
        "31 May 2030."
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2029-06-01"


def test_a_definition_list_spaced_like_columns_gives_the_defined_end() -> None:
    definitions = "1.1   Start Date   means 1 May 2030.\n1.2   End Date   means 30 April 2032.\n"
    term = "2.1 This lease begins on the Start Date and ends on the End Date."
    text = f"{PREAMBLE}\n\n{definitions}\n{term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2032-04-30"


def test_rolling_on_unless_a_party_has_told_the_other_is_automatic_renewal() -> None:
    term = "The Initial Term runs from 1 March 2029 to 28 February 2031."
    renew = (
        "At the end of the Initial Term the term rolls on for a further 6 months at a time, unless either party has "
        "informed the other in writing, at least 45 days before the end of the period then running, that it wishes "
        "to stop."
    )
    text = f"{PREAMBLE} {term} {renew}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 45


def test_a_defined_go_live_date_starts_the_contract_and_a_renewal_period_is_not_the_term() -> None:
    starts = "(1) This Agreement shall take effect on the Go-Live Date."
    ends = "(2) This Agreement is concluded for a fixed term ending on 30 June 2028."
    renews = (
        "(3) After the fixed term, this Agreement is extended automatically by twelve (12) months at a time unless "
        "either party gives written notice of termination at least ninety (90) days before the end of the term."
    )
    text = (
        "OPERATIONS AGREEMENT dated 10 February 2026 between Alder GmbH and Birch GmbH.\n\n§ 1 Definitions\n"
        '"Go-Live Date" means 1 July 2026. "Operations Services" means hosting and support.\n\n'
        f"§ 2 Effectiveness and Term\n{starts}\n{ends}\n{renews}"
    )
    by_category = spans(text, agreement_date="10 February 2026", expiration_date=[renews, ends], renewal_term=renews)
    facts, t = read_facts(text, by_category)
    assert facts["effective_date"].value == "2026-07-01"
    assert facts["expiration_date"].value == "2028-06-30"
    assert notice_deadline(t.expiry, t.notice_days) == date(2028, 4, 1)


@pytest.mark.parametrize(
    "definition",
    ['1.3 "Effective Date" means April 1, 2026.', 'provides the Services from 1 April 2026 (the "Start Date").'],
)
def test_a_numbered_or_inline_definition_gives_the_start(definition: str) -> None:
    name = "Effective Date" if "Effective" in definition else "Start Date"
    text = (
        "MASTER SERVICES AGREEMENT between Alder Inc. and Birch Co.\n\n1. Definitions\n"
        f"{definition}\n\n4.1 This Agreement commences on the {name} and continues until terminated."
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-04-01"


def test_dates_with_the_year_in_words() -> None:
    term = (
        "1.1 The term of this Agreement shall commence on the fifteenth (15th) day of April, two thousand twenty-six "
        "and shall end on the fourteenth (14th) day of April, two thousand twenty-eight."
    )
    text = (
        "THIS MASTER SERVICES AGREEMENT is made the first (1st) day of April, two thousand twenty-six, between Alder "
        f"Energy Ltd. and Birch Oilfield Services Inc.\n\n1. TERM\n\n{term}"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["agreement_date"].value == "2026-04-01"
    assert facts["effective_date"].value == "2026-04-15"
    assert facts["expiration_date"].value == "2028-04-14"


def test_a_survival_period_after_the_term_is_not_the_term() -> None:
    insurance = (
        "7. Insurance. Supplier shall maintain product liability insurance during the Term and for two (2) years "
        "after it ends."
    )
    term = (
        "10. Term. This Agreement starts on the Effective Date and continues until the later of (a) December 31, 2027 "
        "and (b) the date on which the last Purchase Order issued before December 31, 2027 has been fulfilled."
    )
    text = f'This Supply Agreement is dated January 12, 2026 (the "Effective Date") between Alder Inc. and Birch LLC.\n\n{insurance}\n\n{term}'
    facts, _ = read_facts(text, spans(text, agreement_date="January 12, 2026", expiration_date=[insurance, term]))
    # the stated date of a "later of" term, as CUAD's annotators give it (docs/engine.md, Holdout 6)
    assert facts["expiration_date"].value == "2027-12-31"


def test_the_contract_period_starts_the_contract() -> None:
    text = (
        "This Contract is made on 5 March 2026 between the Western Regional Transport Authority and Alder Facility "
        "Services Limited.\n\n2. Contract Period\n\n2.1 The Contract Period starts on 1 April 2026 and ends on 31 March "
        "2028."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="5 March 2026"))
    assert facts["effective_date"].value == "2026-04-01"


def test_a_plainly_stated_end_is_read_whatever_its_score():
    # no expiration candidate at all: the clause model may score this sentence under its floor
    text = (
        "Software Maintenance Agreement dated 2 March 2026 between Nord GmbH and Sued AG.\n\n"
        "§ 2 Term\n(1) This Agreement takes effect on signature.\n"
        "(2) This Agreement is concluded for a fixed term ending on 30 June 2028. Ordinary termination is excluded.\n"
        "(3) The first contract year of this Agreement shall end on 31 December 2026."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 2 March 2026"))
    assert facts["expiration_date"].value == "2028-06-30"
    assert (
        "fixed term ending on 30 June 2028" in text[facts["expiration_date"].start - 40 : facts["expiration_date"].end]
    )


def test_a_stated_end_of_an_earlier_agreement_or_of_a_part_is_not_the_expiry():
    text = (
        "Amendment No. 1 dated 2 March 2026 between Nord GmbH and Sued AG.\n\n"
        "Recital: the term of the Original Agreement ends on 30 June 2026.\n"
        "The first fiscal year of this Agreement shall end on 31 December 2026."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 2 March 2026"))
    assert facts.get("expiration_date") is None or facts["expiration_date"].value is None


def test_effective_on_the_last_signature_takes_the_latest_date_under_the_signatures():
    text = (
        'THIS ALLIANCE AGREEMENT (this "Agreement") is dated as of January 12, 2021 and is made among Orison Corp., '
        "Keldane GmbH and Pelham plc.\n\n"
        '"Effective Date" means the date on which this Agreement has been signed by the last of the Parties to sign '
        "it, as shown by the dates beneath their signatures.\n\n"
        "6.1 Term. This Agreement shall continue for five (5) years from the Effective Date.\n\n"
        + "Body text. "
        * 60
        + "\n\n"
        "ORISON CORP.\nBy: /s/ P. Venkataraman\nName: P. Venkataraman\nDate: January 12, 2021\n\n"
        "KELDANE GMBH\nBy: /s/ M. Oberlein\nName: M. Oberlein\nDate: 18 January 2021\n\n"
        "PELHAM PLC\nBy: /s/ G. Ashworth\nName: G. Ashworth\nDate: 20 January 2021\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated as of January 12, 2021"))
    assert facts["agreement_date"].value == "2021-01-12"
    assert facts["effective_date"].value == "2021-01-20"
    # signed on the date it bears: the effective date is that date
    same_day = text.replace("18 January 2021", "January 12, 2021").replace("20 January 2021", "January 12, 2021")
    facts, _ = read_facts(same_day, spans(same_day, agreement_date="dated as of January 12, 2021"))
    assert facts["effective_date"].value == "2021-01-12"


def test_a_start_date_defined_where_it_is_stated():
    text = (
        'THIS TRANSITION SERVICES AGREEMENT (this "Agreement") is entered into as of January 4, 2021 (the "Closing '
        'Date"), by and between Marwood Holdings Corp. ("Seller") and Tessaract Components, Inc. ("Buyer").\n\n'
        "WHEREAS, the Parties are parties to an Asset Purchase Agreement dated as of November 2, 2020.\n\n"
        "6.1 Term. This Agreement shall commence on the Closing Date and shall remain in effect until terminated."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="entered into as of January 4, 2021"))
    assert facts["effective_date"].value == "2021-01-04"


def test_a_clause_an_appended_amendment_restates_is_the_one_in_force():
    original = "5.1 Initial Term. The initial term of this Agreement shall commence on the Effective Date and end on April 30, 2017."
    renewal = (
        "5.2 Renewal. Thereafter, this Agreement shall automatically renew for successive terms of one (1) year each, "
        "unless either party gives the other written notice of non-renewal at least sixty (60) days before the end of "
        "the then-current term."
    )
    text = (
        'This Equipment Maintenance Services Agreement (the "Agreement") is made as of May 1, 2014 (the "Effective '
        'Date") between Stratton Imaging, Inc. and Lakeshore Health System.\n\n'
        f"{original}\n\n{renewal}\n\n"
        "FIRST AMENDMENT\n\nThis First Amendment is entered into as of March 15, 2017.\n\n"
        '1. Extension. Section 5.1 of the Agreement is deleted and replaced with the following: "5.1 Initial Term. The '
        'initial term of this Agreement shall commence on the Effective Date and end on April 30, 2020."\n\n'
        '2. Renewal Notice. Section 5.2 of the Agreement is deleted and replaced with the following: "5.2 Renewal. '
        "Thereafter, this Agreement shall automatically renew for successive terms of one (1) year each, unless either "
        "party gives the other written notice of non-renewal at least one hundred twenty (120) days before the end of "
        'the then-current term."'
    )
    scored = spans(
        text,
        agreement_date="made as of May 1, 2014",
        expiration_date=original,
        renewal_term=renewal,
        notice_period_to_terminate_renewal=renewal,
    )
    facts, term = read_facts(text, scored)
    assert facts["expiration_date"].value == "2020-04-30"
    assert term.auto_renewal is True and term.notice_days == 120
    assert notice_deadline(term.expiry, term.notice_days, term.notice_period) == date(2020, 1, 1)


def test_a_plain_statement_that_the_agreement_does_not_renew_wherever_it_is_ranked():
    successor = (
        "3.2 Successor Franchise. Franchisee may apply for one successor franchise for an additional term of five (5) "
        "years by giving Franchisor written notice not less than one hundred eighty (180) days before the end of the Term."
    )
    text = (
        "FRANCHISE AGREEMENT dated August 22, 2017 between Crumb Co. and Jane Doe.\n\n"
        f"{successor} A successor franchise is granted only if Franchisee signs the then-current form of franchise "
        "agreement. This Agreement does not renew automatically."
    )
    _, term = read_facts(text, spans(text, agreement_date="dated August 22, 2017", renewal_term=successor))
    assert term.auto_renewal is False
    assert "does not renew automatically" in text[term.renewal.start : term.renewal.end]


def test_date_candidates_stating_another_date_than_the_fact_rank_after_those_that_agree():
    from contractbox.engine.facts import Fact, stating_the_date_first

    text = "dated 1 May 2024. Invoices from 1 June 2024. Signed on 1 May 2024. Delivered 3 July 2024."
    scored = [(0, 17, 0.9), (18, 43, 0.4), (44, 66, 0.3), (67, 90, 0.2)]
    fact = Fact("2024-05-01", 6, 16, "1 May 2024")
    ranked = stating_the_date_first(text, scored, fact)
    assert ranked[0] == scored[0]  # the best keeps its place
    assert ranked[1] == (44, 66, 0.3)  # the other candidate that states 1 May 2024
    assert {item[2] for item in ranked[2:]} == {0.02, 0.01}
    assert stating_the_date_first(text, scored, Fact(None, 0, 0, "", "blank")) == scored


def test_a_schedule_of_numbered_items_dates_the_agreement_and_states_its_term_and_notice():
    renewal = (
        "2.2 At the end of the Initial Term, this agreement renews automatically for a Further Term unless either "
        "party gives the other written notice that it does not wish to renew at least the number of days stated in "
        "Item 5 of the Schedule before the end of the then current term."
    )
    start = "2.1 This agreement starts on the Commencement Date and continues for the Initial Term."
    text = (
        "SERVICES AGREEMENT\n\nDate: see Item 1 of the Schedule\n\n"
        "Initial Term means the period in Item 3 of the Schedule.\n\n"
        f"{start}\n\n{renewal}\n\n" + "Body text. " * 40 + "\n\nSCHEDULE\n\n"
        "| Item | Particular | Detail |\n|---|---|---|\n"
        "| Item 1 | Date of this agreement | 2 September 2024 |\n"
        "| Item 2 | Commencement Date | 1 October 2024 |\n"
        "| Item 3 | Initial Term | From the Commencement Date until 30 September 2027 |\n"
        "| Item 5 | Non-renewal notice | 45 days |\n"
    )
    scored = spans(
        text,
        agreement_date="| Item 3 | Initial Term | From the Commencement Date until 30 September 2027 |",
        expiration_date=start,
        renewal_term=renewal,
        notice_period_to_terminate_renewal=renewal,
    )
    facts, term = read_facts(text, scored)
    assert facts["agreement_date"].value == "2024-09-02"
    assert facts["expiration_date"].value == "2027-09-30"
    assert term.auto_renewal is True and term.notice_days == 45
    assert notice_deadline(term.expiry, term.notice_days, term.notice_period) == date(2027, 8, 16)


def test_a_term_ending_on_a_defined_date_or_the_day_before_a_defined_anniversary():
    licence = (
        "2.1 The Licensor grants the Licensee a licence to occupy the Premises for the Term, starting on the "
        "Commencement Date and ending on the Final Expiry Date."
    )
    text = (
        "LICENCE TO OCCUPY dated 20 August 2025\n\nCommencement Date: 1 September 2025\nTerm: two years\n"
        f"Final Expiry Date: 31 August 2027\n\n{licence}"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 20 August 2025", expiration_date=licence))
    assert facts["expiration_date"].value == "2027-08-31"
    supply = (
        "2.1 This Agreement shall come into force on the Commencement Date and shall continue for the Initial Term."
    )
    text = (
        "SUPPLY AGREEMENT dated 15 January 2024\n\n"
        '"Commencement Date" means 1 February 2024;\n'
        '"Initial Term" means the period beginning on the Commencement Date and ending on the day before the third '
        f"anniversary of the Commencement Date;\n\n{supply}"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 15 January 2024", expiration_date=supply))
    assert facts["expiration_date"].value == "2027-01-31"


def test_an_end_at_a_time_of_day_and_an_engagement_that_ends_on_a_date():
    lease = (
        '1.2 Term. The term of this Lease (the "Term") commences on April 1,\n2027 (the "Commencement Date") and '
        'expires at 11:59 p.m. on March 31, 2032 (the\n"Expiration Date"), unless terminated earlier. The Term\nis five '
        "(5) years."
    )
    text = f"INDUSTRIAL LEASE dated January 15, 2027 between Bluebonnet LP and Crate Co.\n\n{lease}"
    facts, _ = read_facts(text, spans(text, agreement_date="dated January 15, 2027", expiration_date=lease))
    assert facts["expiration_date"].value == "2032-03-31"
    engagement = (
        "1.1 Your engagement starts on 1 February 2027 and, unless ended earlier under paragraph 9, ends on 31 October "
        "2027."
    )
    letter = f"14 January 2027\n\nDear Ms Brennan,\n\n{engagement}"
    facts, _ = read_facts(letter, spans(letter, agreement_date="14 January 2027", expiration_date=engagement))
    assert facts["expiration_date"].value == "2027-10-31"


def test_a_date_for_reference_is_the_date_the_agreement_bears_not_its_later_start():
    text = (
        "THIS SUPPLY AGREEMENT is dated for reference June 9, 2026.\n\nBETWEEN Fraser Pallets Ltd. and Kootenay "
        'Mills Inc.\n\n2.1 This Agreement is effective as of July 1, 2026 (the "Effective Date").'
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-06-09"
    assert facts["effective_date"].value == "2026-07-01"


def test_a_contract_that_continues_from_a_defined_date_starts_on_it():
    term = "4.1 This Agreement continues from the Novation Date until 31 May 2031, unless terminated earlier."
    text = f'THIS NOVATED SERVICES AGREEMENT is dated 2 March 2028.\n\n"Novation Date" means 15 March 2028;\n\n{term}'
    facts, _ = read_facts(text, spans(text, agreement_date="dated 2 March 2028", expiration_date=term))
    assert facts["effective_date"].value == "2028-03-15"
    assert facts["expiration_date"].value == "2031-05-31"


def test_a_subcontract_ending_on_a_date_given_only_in_a_table_aligned_with_spaces():
    term = "3.1 This Subcontract starts on the Start Date and ends on the Completion Longstop Date in the Schedule."
    text = (
        "ROOFING SUBCONTRACT dated 4 June 2029 between Kauri Build Limited and Totara Roofing Limited\n\n"
        f"{term}\n\nSCHEDULE\n\nItem                         Detail\n"
        "Start Date                   18 June 2029\nCompletion Longstop Date     30 November 2029\n"
        "Retention                    5% of each payment\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 4 June 2029", expiration_date=term))
    assert facts["expiration_date"].value == "2029-11-30"


def test_a_scanned_text_read_with_its_misread_letters_and_a_testing_clause_dates_it():
    """OCR reads "m" as "rn" and "1" as "l"; a Scots testing clause gives each party's place and date of signing,
    and the later subscription dates an agreement that bears no date of its own."""
    start = '3.1 The Works shall cornrnence on 2 March 2026 (the "Cornrnencement\nDate") and continue until terminated.'
    text = (
        "AGREEMENT FOR GROUNDS MAINTENANCE\n\nbetween\n\nLOCHAVEN ESTATES LIMITED\n\nand\n\nBRAEMOSS GARDENS "
        f"LIMITED\n\n{start}\n\n" + "4.1 The Contractor shall keep the grounds tidy.\n" * 30 + "\nIN WITNESS WHEREOF "
        "these presents are executed as follows:\n\nThey are subscribed for and on behalf of LOCHAVEN ESTATES\n"
        "LIMITED at Perth on 9 February 2026 by\nAnna Ross, Director\n\nThey are subscribed for and on behalf of "
        "BRAEMOSS GARDENS\nLIMITED at Dundee on l6 February 2026 by\nIain Gow, Director\n"
    )
    facts, _ = read_facts(text, spans(text, effective_date=start))
    assert facts["effective_date"].value == "2026-03-02"
    assert facts["agreement_date"].value == "2026-02-16"
    assert facts["agreement_date"].text == "l6 February 2026"


def test_a_warrantys_length_is_not_the_term():
    warranty = (
        "9. WARRANTY. Supplier warrants that the Goods will be free from defects in material and workmanship and "
        "will remain so for a period of eighteen (18) months."
    )
    text = f"SUPPLY ORDER dated 5 May 2027 between Ashgrove Mills Inc. and Tern Valves LLC\n\n{warranty}"
    facts, _ = read_facts(text, spans(text, agreement_date="dated 5 May 2027", expiration_date=warranty))
    assert "expiration_date" not in facts or facts["expiration_date"].value is None
    term = "2. TERM. This Agreement shall remain in force for a period of eighteen (18) months."
    text = f"SUPPLY AGREEMENT dated 5 May 2027 between Ashgrove Mills Inc. and Tern Valves LLC\n\n{term}"
    facts, _ = read_facts(text, spans(text, agreement_date="dated 5 May 2027", expiration_date=term))
    assert facts["expiration_date"].value == "2028-11-05"


def test_a_schedule_row_whose_column_spacing_a_pdf_lost_still_gives_its_date():
    term = "3.1 This Subcontract starts on the Start Date and ends on the Completion Longstop Date in the Schedule."
    text = (
        "ROOFING SUBCONTRACT dated 4 June 2029 between Kauri Build Limited and Totara Roofing Limited\n\n"
        f"{term}\n\nSCHEDULE\n\nItem Detail\nStart Date 18 June 2029\nCompletion Longstop Date 30 November 2029\n"
        "Retention 5% of each payment\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 4 June 2029", expiration_date=term))
    assert facts["expiration_date"].value == "2029-11-30"


def test_an_end_on_an_event_or_a_date_whichever_is_earlier_is_that_date():
    for sentence in (
        "The Agreement continues until delivery of the final report or 30 June 2029, whichever is earlier.",
        "This Agreement ends on the earlier of (a) acceptance of the Works and (b) 30 June 2029.",
        "The Agreement shall terminate upon completion of the Project or on 30 June 2029, whichever occurs first.",
    ):
        text = f"{PREAMBLE} {sentence}"
        facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=sentence))
        assert facts["expiration_date"].value == "2029-06-30", sentence
    later = "The Agreement ends on completion of the Project or 30 June 2029, whichever is later."
    text = f"{PREAMBLE} {later}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=later))
    assert facts["expiration_date"].value is None  # the date is only the earliest it can end


def test_an_anniversary_of_an_event_and_a_year_of_service_are_not_the_term():
    term = (
        "This Agreement comes into force on the Effective Date and continues, region by region, until the expiry of "
        "the last Licensed Patent there or, failing one, until the fifth anniversary of the first commercial sale there."
    )
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value is None
    assert "event" in facts["expiration_date"].reason
    notice = "From the fourth year of service the notice period is four (4) months."
    indefinite = "The engagement is for an indefinite period."
    text = f"{PREAMBLE} {notice} {indefinite}"
    facts, _ = read_facts(text, spans(text, expiration_date=notice))
    assert facts["expiration_date"].value is None
    assert facts["expiration_date"].text == indefinite


def test_a_term_stated_as_having_no_end_in_plain_english():
    licence = "You let us show your photos for 90 days after you delete them."
    no_end = "It has no fixed end date. It lasts until you or we end it."
    text = f"{PREAMBLE} {licence} {no_end}"
    facts, _ = read_facts(text, spans(text, expiration_date=licence))
    assert facts["expiration_date"].value is None
    assert facts["expiration_date"].text == "It has no fixed end date."


def test_an_interest_period_is_a_part_and_the_term_ends_on_a_defined_date():
    interest = '"Interest Period" means each period of three months beginning on the Drawdown Date.'
    maturity = '"Maturity Date" means 31 March 2031.'
    term = "This Agreement remains in force until the Maturity Date, on which all amounts shall be repaid."
    text = f"{PREAMBLE}\n\n{interest}\n\n{maturity}\n\n{term}"
    facts, _ = read_facts(text, spans(text, expiration_date=[interest, term]))
    assert facts["expiration_date"].value == "2031-03-31"


def test_a_defined_date_in_markdown_bold_gives_the_end_of_the_term() -> None:
    definitions = "2.1 **Start Date** means 1 May 2028.\n2.2 **Final Date** means 30 April 2031.\n"
    quoted = '2.2 **"Final Date"** means 30 April 2031.\n'
    term = "3.1 This lease begins on the Start Date and terminates on the Final Date."
    for defined in (definitions, definitions.replace("2.2 **Final Date** means 30 April 2031.\n", quoted)):
        text = f"{PREAMBLE}\n\n{defined}\n{term}"
        facts, _ = read_facts(text, spans(text, expiration_date=term))
        assert facts["expiration_date"].value == "2031-04-30"


def test_extended_at_a_time_unless_a_party_notifies_is_automatic_renewal():
    term = "The Initial Term is two (2) years from the Effective Date."
    renew = (
        "The Initial Term is extended by six (6) months at a time unless either party notifies the other in writing "
        "at least thirty (30) days before the end of the period then running."
    )
    text = f"{PREAMBLE} {term} {renew}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 30


@pytest.mark.parametrize(
    "clause",
    [
        "This Agreement becomes effective on the date on which the last of the Parties signs it.",
        "It becomes binding when signed by both parties.",
        "This letter takes effect on the date on which the Customer countersigns it below.",
    ],
)
def test_a_contract_that_takes_effect_on_the_last_signature(clause):
    text = (
        "SETTLEMENT AGREEMENT\n\nThis Agreement is made on May 2, 2027 between Alder Ltd and Birch Inc.\n\n"
        f"1. Payment. Birch Inc. shall pay $10,000 within 10 days.\n\n2. Effect. {clause}\n\n"
        "If the Customer does not countersign by May 20, 2027, this offer lapses and the Term will end on June 30, 2027.\n\n"
        "ALDER LTD\nBy: /s/ Ann Alder\nDate: May 2, 2027\n\nBIRCH INC.\nBy: /s/ Bo Birch\nDate: May 9, 2027\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="May 2, 2027"))
    assert facts["agreement_date"].value == "2027-05-02"
    assert facts["effective_date"].value == "2027-05-09"


def test_a_contract_accepted_online_starts_on_its_acceptance_date():
    text = (
        "HOST TERMS\n\nYou accepted this agreement on: 3 April 2027\n\n"
        'By pressing "I agree" you accepted it on the date shown above, and it started on that date.\n'
    )
    facts, _ = read_facts(text, spans(text, agreement_date="3 April 2027"))
    assert facts["effective_date"].value == "2027-04-03"


def test_a_date_on_the_line_of_a_signature_dates_an_undated_contract():
    # how a PDF extractor joins a signature and the date written beside it
    text = (
        "ENDORSEMENT AGREEMENT\n\nThis Endorsement Agreement is made by and between Dana Reyes and Northfield Bank.\n\n"
        "1. Services. Dana Reyes shall appear at two events a year.\n\n"
        "IN WITNESS WHEREOF, the Parties execute this Agreement.\n\n"
        "/s/ Dana Reyes 6/21/13\nDANA REYES Date\n\nNORTHFIELD BANK\n\nBy: /s/ Paul Ames 6/18/13\nPaul Ames Date\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2013-06-21"


def test_a_term_effective_as_of_an_event_has_no_end_date():
    term = (
        "This Agreement shall be effective as of the date of first commercial delivery through the new terminal "
        "and shall continue for a primary term of eight years."
    )
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value is None
    assert "event" in facts["expiration_date"].reason


def test_a_template_year_left_after_a_filled_in_effective_date():
    text = (
        'This Licence Agreement (the "Agreement") by and between Alder Ltd ("Alder") and Birch Inc. ("Birch"), '
        'is entered into as of 03-14-2024 , 2024 (the "Effective Date"). WHEREAS, Alder makes widgets.'
    )
    facts, _ = read_facts(text, spans(text, effective_date="03-14-2024"))
    assert facts["effective_date"].value == "2024-03-14"


def test_a_period_that_starts_on_a_defined_event_has_no_end_date():
    term = (
        "The operating period starts on the Grid Connection Date and continues for fifteen (15) years. "
        "This Agreement ends at the end of the operating period."
    )
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value is None
    assert "(Grid Connection Date)" in facts["expiration_date"].reason


def test_heads_of_terms_that_end_on_a_date_with_their_exclusivity():
    text = (
        "HEADS OF TERMS\n\nThese heads of terms are dated 2 June 2027.\n\n"
        "5. Exclusivity. The Exclusivity Period starts today. These Heads of Terms, and the Exclusivity Period, "
        "end on 30 September 2027 unless the Buyer and the Seller extend them in writing.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 June 2027"))
    assert facts["expiration_date"].value == "2027-09-30"


def test_a_date_defined_as_the_start_date_is_the_effective_date():
    text = (
        "GRANT AGREEMENT\n\nThis Grant Agreement is made on 11 January 2027 between the Aldmoor Foundation and "
        'the University of Brackley.\n\n2.1 The Project runs from 1 March 2027 (the "Start Date") to 28 February '
        "2030.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="11 January 2027", effective_date="1 March 2027"))
    assert facts["effective_date"].value == "2027-03-01"


def test_a_contract_that_ends_with_a_period_defined_in_a_sentence_of_its_own():
    text = (
        "OPTION AGREEMENT\n\nThis Option Agreement is made on 3 May 2027 between Alder Ltd and Birch Inc.\n\n"
        "1. Grant. Alder grants Birch an option to buy the land.\n\n"
        "2. Option Period. The Option Period begins on 10 May 2027 and ends at 5:00 p.m. local time on 9 May 2028. "
        "If the option has not been exercised by the end of the Option Period, it lapses and this Agreement ends.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="3 May 2027"))
    assert facts["expiration_date"].value == "2028-05-09"


@pytest.mark.parametrize(
    "name", ["consulting_agreement", "mutual_nda", "saas_subscription_agreement", "supply_agreement"]
)
def test_the_facts_read_only_the_fact_categories(name: str) -> None:
    """The live engine hands `read_facts` only FACT_CATEGORIES' clauses: every category's gives the same facts."""
    text = (ROOT / "sample_contracts" / f"{name}.txt").read_text(encoding="utf-8")
    _, by_category = live.score_clauses(text, default_model())
    only_facts = {cat: items for cat, items in by_category.items() if cat in FACT_CATEGORIES}
    assert len(only_facts) < len(by_category)
    with numeric_dates_of(text):
        assert read_facts(text, only_facts) == read_facts(text, by_category)


def test_taking_effect_on_the_date_it_is_made_starts_on_the_agreement_date():
    text = (
        "This Supply Agreement is made on 9 September 2026 between Alder Ltd and Birch Inc. "
        "The Agreement takes effect on the date it is made and lasts until 30 June 2029."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="9 September 2026"))
    assert facts["agreement_date"].value == "2026-09-09"
    assert facts["effective_date"].value == "2026-09-09"


def test_the_order_date_at_the_head_dates_the_order_before_a_later_signature():
    text = (
        "SERVICES ORDER\nOrder Ref: 7731\nOrder Date: 2 February 2026\nSupplier: Alder Ltd\nClient: Birch Inc.\n\n"
        f"1. The Supplier shall clean the premises weekly. {FILLER}\n\nSIGNED\nAlder Ltd\nBy: ________\n"
        "Date: 9 February 2026\n\nBirch Inc.\nBy: ________\nDate: 3 February 2026\n"
    )
    signed = text.index("9 February 2026")
    by_cat = {"agreement_date": [(signed - 6, signed + 15, 0.8)]}  # the model ranks a signature date first
    facts, _ = read_facts(text, by_cat)
    assert facts["agreement_date"].value == "2026-02-02"


def test_a_start_date_labelled_at_the_head_is_not_the_order_date():
    text = "ORDER FORM\nStart Date: 1 March 2026\nSupplier: Alder Ltd\n\nSigned by Alder Ltd.\nBy: ____\nDate: 9 February 2026\n"
    signed = text.index("9 February 2026")
    facts, _ = read_facts(text, {"agreement_date": [(signed - 6, signed + 15, 0.8)]})
    assert facts["agreement_date"].value == "2026-02-09"


PROPOSAL = (
    "Alder Ltd\nPROPOSAL FOR WINDOW CLEANING SERVICES\nProposal date: 2 March 2026\n\n"
    'We, Alder Ltd (the "Contractor"), offer to clean the windows of Birch Inc. (the "Client") on these terms. '
    "The contract is formed when the Client signs the acceptance below. The Agreement runs from 1 April 2026 to "
    f"31 March 2027. {FILLER}\n\nAlder Ltd\n______________\n\nACCEPTED for and on behalf of Birch Inc.\nBy: ________\n"
    "Date: 17 March 2026\n"
)


def test_an_accepted_offer_is_made_on_its_acceptance_and_runs_from_its_stated_start():
    offered = PROPOSAL.index("2 March 2026")
    facts, _ = read_facts(PROPOSAL, {"agreement_date": [(offered - 15, offered + 12, 0.8)]})
    assert facts["agreement_date"].value == "2026-03-17"  # the offer's date is not when the contract was made
    assert facts["effective_date"].value == "2026-04-01"


def test_an_order_dated_at_its_head_keeps_its_date_when_acknowledged_later():
    text = PROPOSAL.replace("Proposal date:", "Order Date:")
    offered = text.index("2 March 2026")
    facts, _ = read_facts(text, {"agreement_date": [(offered - 12, offered + 12, 0.8)]})
    assert facts["agreement_date"].value == "2026-03-02"


def test_a_variation_appended_to_the_contract_moves_its_end_date():
    term = 'The Engagement begins on 1 February 2026 and ends on 31 July 2026 (the "Completion Date").'
    option = "The Completion Date may be extended to 31 October 2026 by a written variation."
    variation = (
        "VARIATION NO. 2\n\n1. The Completion Date is varied so that the Completion Date is 30 September 2026 "
        "in place of 31 July 2026.\n\n2. The hourly rates are changed to those in the Annex until 31 December 2026."
    )
    text = f"{PREAMBLE}\n\n{term} {option}\n\n{FILLER}\n\n{variation}\n"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term))
    assert facts["expiration_date"].value == "2026-09-30"


def test_an_option_to_extend_the_end_date_does_not_move_it():
    term = 'The Engagement begins on 1 February 2026 and ends on 31 July 2026 (the "Completion Date").'
    option = "The Completion Date may be extended to 31 October 2026 by a written variation."
    text = f"{PREAMBLE}\n\n{term} {option}\n\n{FILLER}\n"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term))
    assert facts["expiration_date"].value == "2026-07-31"


def test_ordinal_days_past_the_twentieth_in_words() -> None:
    from contractbox.engine.dates import find_dates_loose

    text = "It runs until the thirty-first day of March, two thousand twenty-nine, and began on the Twenty First day of May, 2026."
    assert [d for _, _, d in find_dates_loose(text)] == [date(2029, 3, 31), date(2026, 5, 21)]


def test_a_document_that_shows_day_first_numeric_dates_reads_them_all_day_first() -> None:
    from contractbox.engine.dates import numeric_dates_of, parse_date

    shown = "Dated: 05/06/2027. This replaces the agreement dated 23/11/2023."
    with numeric_dates_of(shown):
        assert parse_date("05/06/2027") == date(2027, 6, 5)
    mixed = "Dated: 05/06/2027. Invoices of 23/11/2023 and 11/23/2023."  # both orders shown: the US default
    with numeric_dates_of(mixed):
        assert parse_date("05/06/2027") == date(2027, 5, 6)


def test_a_start_a_period_after_the_contracts_own_date_is_counted_from_it() -> None:
    text = (
        "THIS AGREEMENT is dated the 3rd day of March, 2027, between Alder Foods Ltd. and Birch Vending Inc.\n\n"
        "2.1 The term of this Agreement shall begin forty-five (45) days after the date of this Agreement and shall "
        "expire at 5 p.m. (Toronto time) on June 30, 2029."
    )
    term = text[text.index("2.1") :]
    facts, _ = read_facts(text, spans(text, expiration_date=term, effective_date=term))
    assert facts["effective_date"].value == "2027-04-17"  # not the end date in the same sentence
    assert facts["expiration_date"].value == "2029-06-30"


def test_a_start_offset_from_the_contracts_date_is_not_the_length_of_its_term() -> None:
    text = (
        "THIS AGREEMENT is dated the 3rd day of March, 2027, between Alder Foods Ltd. and Birch Vending Inc.\n\n"
        "2.1 The term of this Agreement shall begin forty-five (45) days after the date of this Agreement and shall "
        "continue for two (2) years."
    )
    term = text[text.index("2.1") :]
    facts, _ = read_facts(text, spans(text, expiration_date=term, effective_date=term))
    assert (facts["effective_date"].value, facts["expiration_date"].value) == ("2027-04-17", "2029-04-17")


def test_a_lease_that_commences_and_terminates_on_stated_days_expires_on_the_second() -> None:
    preamble = "LEASE OF WAREHOUSE entered into between Aloe Park Estates (Pty) Ltd and Baobab Logistics CC."
    term = "The tenancy starts on 1 July 2026 and terminates on 30 June 2029 without notice by either party."
    text = f"{preamble}\n\n2. PERIOD\n\n{term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term, effective_date=term))
    assert facts["expiration_date"].value == "2029-06-30"


def test_a_contract_that_begins_on_the_date_stated_above_takes_effect_on_its_own_date() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is dated as of May 5, 2026 between Juniper Valves Inc. and "
        "Redwood Pumps LLC.\n\n6. TERM. This Supply Agreement starts on {start} and runs until either party ends it "
        "by notice."
    )
    for start in ("the date stated above", "the date at the top of this Supply Agreement"):
        facts, _ = read_facts(text.format(start=start), spans(text.format(start=start), agreement_date="May 5, 2026"))
        assert facts["effective_date"].value == "2026-05-05"


def test_a_lease_that_is_entered_into_dates_its_own_start_and_place_date_signatures_date_it() -> None:
    text = (
        "EQUIPMENT LEASE\n\nBetween Dorsvlakte Verhuur B.V. and Kempen Bouw B.V.\n\n"
        "2.1 The lease is entered into for a period of twenty-four (24) months commencing on 01.05.2027 (the "
        '"Commencement Date").\n\n9.1 This Agreement is governed by the laws of the Netherlands.\n\n'
        + "4.1 The Lessee shall keep the equipment insured.\n"
        * 30
        + "\nSigned in duplicate.\n\nEindhoven, 12.03.2027                    Tilburg, 15.03.2027\n"
        "Dorsvlakte Verhuur B.V.                Kempen Bouw B.V."
    )
    facts, _ = read_facts(text, {})
    assert (facts["agreement_date"].value, facts["effective_date"].value) == ("2027-03-15", "2027-05-01")


_SIGNED_ON_THE_LAST_SIGNATURE = (
    "CATERING SERVICES AGREEMENT\n\nThis Agreement is between Fennel Kitchens, Inc. and Garnet Arena LLC.\n\n"
    '1. "Effective Date" means the date on which the last party signs this Agreement.\n\n'
    "2. Fennel Kitchens, Inc. shall cater each event listed by Garnet Arena LLC.\n\n"
    "FENNEL KITCHENS, INC.              GARNET ARENA LLC\nBy: ______________               By: ______________\n"
    "Date: February 4, 2027             Date: February 9, 2027\n\n"
)


@pytest.mark.parametrize(
    "after_the_signatures",
    [
        # a range's end just under the signatures: not a date anyone signed on
        "Menu prices below apply from the Effective Date to January 31, 2029, and are then reviewed.",
        # an exhibit's own labelled dates: another part of the document
        "SCHEDULE B - SERVICE REVIEWS\n\nDate of first service review: October 15, 2027",
    ],
)
def test_a_date_after_the_signatures_that_ends_a_range_or_stands_in_an_exhibit_is_not_the_last_signature(
    after_the_signatures: str,
) -> None:
    text = _SIGNED_ON_THE_LAST_SIGNATURE + after_the_signatures
    facts, _ = read_facts(text, spans(text, agreement_date="February 4, 2027"))
    assert (facts["agreement_date"].value, facts["effective_date"].value) == ("2027-02-09", "2027-02-09")


@pytest.mark.parametrize("item", ["(c)", "c)", "(iii)"])
def test_a_term_defined_in_a_lettered_list_of_definitions_gives_the_end_date(item: str) -> None:
    text = (
        "HOSTING AGREEMENT\n\nThis Agreement is made as of 2 August 2027 between Juniper Cloud Ltd and Kestrel Foods "
        'Ltd.\n\n1. Definitions\n\n(a) "Start Date" means 1 September 2027.\n\n(b) "Site" means the data centre in '
        f'Leeds.\n\n{item} "Service Period" means the period starting on the Start Date and ending on 31 October 2029.'
        "\n\n2. Term\n\n2.1 This Agreement starts on the Start Date and continues for the Service Period."
    )
    clause = "2.1 This Agreement starts on the Start Date and continues for the Service Period."
    _, term = read_facts(text, spans(text, expiration_date=clause))
    assert term.expiry is not None and term.expiry.date == date(2029, 10, 31)


@pytest.mark.parametrize(
    ("definition", "expected"),
    [
        # an event: no date until it happens
        ('"Go-Live Date" means the day on which the Platform first processes live orders.', None),
        # given a date elsewhere: counted from that date, not from the contract's own start
        ('"Go-Live Date" means 1 March 2028.', date(2031, 3, 1)),
    ],
)
def test_a_term_ending_on_an_anniversary_of_a_defined_date_counts_from_that_date_or_has_none(
    definition: str, expected: date | None
) -> None:
    clause = "5.1 This Agreement runs from the Effective Date until the third (3rd) anniversary of the Go-Live Date."
    text = (
        "PLATFORM AGREEMENT\n\nThis Agreement is made as of 10 May 2027 between Larch Retail Ltd and Moss Systems Ltd"
        f' (the "Effective Date").\n\n1. {definition}\n\n2. Moss Systems Ltd shall host the Platform.\n\n{clause}'
    )
    _, term = read_facts(text, spans(text, expiration_date=clause))
    assert term.expiry is not None and term.expiry.date == expected
    if expected is None:
        assert "Go-Live Date" in term.expiry.reason


def test_a_term_given_part_by_part_with_a_perpetual_part_has_no_end_date() -> None:
    clause = (
        "7.1 Unless terminated earlier, the term of this Agreement shall (i) with respect to the Licensed Marks, be for "
        "the Mark Period, and "
        "(ii) with respect to the Licensed Patents, be in perpetuity."
    )
    text = (
        "IP LICENSE AGREEMENT\n\nThis Agreement is made as of 1 June 2027 between Nettle Brands Inc. and Oakum Tools "
        'Inc. (the "Effective Date").\n\n1. Definitions\n\n(a) "Licensed Marks" means the marks in Schedule A.\n\n'
        '(b) "Mark Period" means the period starting on the Effective Date and ending on 31 May 2029.\n\n'
        f"{clause}"
    )
    _, term = read_facts(text, spans(text, expiration_date=clause))
    assert term.expiry is not None and term.expiry.date is None and "perpetual" in term.expiry.reason


def test_the_civil_law_signing_formula_dates_the_contract_where_it_is_signed() -> None:
    """The civil-law "Done at <place>, on <date>" at the end and "concluded in <place> on <date>" at the top date the contract;
    the delivery planned in its body does not."""
    body = "ARTICLE 3. The first consignment of seedlings is expected on 2 September 2028 at the nursery in Angers."
    closing = (
        f"ARTICLE 9. This contract is governed by French law.\n\n{FILLER}\n\n"
        "Done at Nantes, on 14 August 2028, in three originals.\n\nFor the Grower\nCamille Roux"
    )
    text = f"PLANT SUPPLY CONTRACT\n\n{body}\n\n{closing}"
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2028-08-14"
    opening = "FRAMEWORK CONTRACT\n\nconcluded in Wrocław on 5 October 2028 between Odra Metal Sp. z o.o. and Nysa Tools SA.\n\n"
    facts, _ = read_facts(opening + FILLER, {})
    assert facts["agreement_date"].value == "2028-10-05"


def test_a_place_and_date_line_at_the_end_dates_an_undated_contract() -> None:
    """With no signature mark before it, a line holding only the place and the date at the end is where the parties
    signed; of two such lines the later date is the agreement's."""
    text = (
        "MAINTENANCE CONTRACT\n\nBetween Salzach Lifts GmbH and Innviertel Hotels AG.\n\n"
        f"1. The Contractor shall service the lifts every quarter. {FILLER}\n\n"
        "Linz, 17.06.2028\n\nFor the Contractor:\nAnna Berger\n\nSalzburg, 21.06.2028\n\nFor the Client:\nJosef Huber\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2028-06-21"


def test_a_start_date_the_model_ranks_first_is_not_the_agreement_date() -> None:
    """The date a contract comes into force or is valid from is when it starts, not when it was made: the signing
    dates at its end date it; "valid from ... to ..." starts it on the first date."""
    for term in (
        "12.1 This Agreement shall be valid from 1 July 2028 to 30 June 2030.",
        "12.1 This Agreement enters into force on 1 July 2028.",
        "12.1 The contract enters into force on 1 July 2028 and is concluded for two years.",
    ):
        text = (
            f"COOPERATION AGREEMENT\n\nBetween Alpine Sensors AG and Rhone Instruments SA.\n\n{FILLER}\n\n{term}\n\n"
            "Geneva, 20.06.2028\n\nAlpine Sensors AG\n\nLausanne, 22.06.2028\n\nRhone Instruments SA\n"
        )
        facts, _ = read_facts(text, spans(text, agreement_date=term, effective_date=term))
        assert (facts["agreement_date"].value, facts["effective_date"].value) == ("2028-06-22", "2028-07-01")


def test_notarial_papers_and_filings_in_the_declarations_do_not_date_the_contract() -> None:
    """A deed or power of attorney that empowers a representative, and a filing with an office, carry their own
    dates: even ranked first by the model, none of them is the agreement date."""
    wrong = [
        "I. The Supplier declares that its representative acts under public deed number 4,410 dated 3 February 2021, "
        "granted before Notary Public No. 12 of Monterrey.",
        "II. The Buyer declares that its attorney holds a power of attorney granted on 8 August 2019 before the Notary "
        "of Seville.",
        "III. The Supplier filed with the Industrial Property Office, on 1 March 2028, an application for the design.",
    ]
    declarations = "\n\n".join(wrong)
    text = (
        f"SUPPLY CONTRACT\n\nDECLARATIONS\n\n{declarations}\n\n{FILLER}\n\n"
        "The Parties sign this contract in the city of Monterrey, Nuevo León, on 9 May 2028."
    )
    facts, _ = read_facts(text, spans(text, agreement_date=wrong))
    assert facts["agreement_date"].value == "2028-05-09"


def test_a_day_and_month_before_a_year_in_words() -> None:
    from contractbox.engine.dates import find_dates_loose

    text = (
        "Signed in Porto, on the ninth of October two thousand twenty-eight; amended on 2 May two thousand and thirty."
    )
    assert [d for _, _, d in find_dates_loose(text)] == [date(2028, 10, 9), date(2030, 5, 2)]
    heading = f"LEASE CONTRACT\n\nIn Seville, on the third of June two thousand twenty-nine.\n\n{FILLER}"
    facts, _ = read_facts(heading, {})
    assert facts["agreement_date"].value == "2029-06-03"


@pytest.mark.parametrize(
    "start", ["enters into force on the date of its signature", "comes into force on the day of its conclusion"]
)
def test_a_contract_in_force_from_its_signature_or_conclusion_takes_effect_on_its_date(start: str) -> None:
    text = "AGENCY CONTRACT\n\nconcluded in Gdynia on 4 April 2028 between Baltyk Sp. z o.o. and Kiel Marine GmbH.\n\n"
    text += f"1. The present contract {start} and is concluded for an indefinite period.\n\n{FILLER}"
    facts, _ = read_facts(text, spans(text, agreement_date="4 April 2028"))
    assert facts["effective_date"].value == "2028-04-04"


def test_a_period_from_the_date_the_contract_comes_into_effect_runs_from_its_effective_date() -> None:
    start = "10.1 This Contract shall take effect on 2 May 2028."
    term = "10.2 The term of cooperation is four years from the date on which this Contract takes effect."
    text = (
        f"SERVICE CONTRACT\n\nBetween Jade River Co., Ltd. and Pearl Delta Co., Ltd.\n\n{start}\n\n{term}\n\n{FILLER}"
    )
    facts, _ = read_facts(text, spans(text, effective_date=start, expiration_date=term))
    assert facts["effective_date"].value == "2028-05-02"
    assert facts["expiration_date"].value == "2032-05-02"


@pytest.mark.parametrize(
    "renew",
    [
        "On expiry it is tacitly renewed for periods of two (2) years, unless either Party terminates it by registered "
        "letter at least sixty (60) days before its expiry.",
        "The contract shall be renewed by tacit agreement for one further year at a time unless a Party objects in "
        "writing at least sixty (60) days before the end of the running period.",
        "If no party gives written notice of non-renewal at least sixty (60) days before the end of the term, this "
        "Contract shall be renewed for a further two (2) years, and likewise thereafter.",
    ],
)
def test_tacit_renewal_and_renewal_failing_notice_are_automatic(renew: str) -> None:
    term = "5.1 This Contract is concluded for a fixed period ending on 30 June 2029."
    text = f"{PREAMBLE}\n\n{term} {renew}"
    facts, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 60
    assert notice_deadline(t.expiry, t.notice_days, t.notice_period) == date(2029, 5, 1)


def test_a_contract_that_shall_not_be_tacitly_renewed_does_not_renew() -> None:
    term = "5.1 This Contract is concluded for a fixed period ending on 30 June 2029."
    renew = "5.2 This Contract shall not be tacitly renewed; a Party may give notice of termination at any time."
    text = f"{PREAMBLE}\n\n{term} {renew}"
    _, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is False


def test_a_testing_clause_written_with_capitals_dates_the_contract_by_its_last_subscription() -> None:
    term = "2.1 This Agreement shall commence on 1 October 2026 and continue until terminated by notice."
    text = (
        f"SUPPLY AGREEMENT\n\namong BEN NEVIS SPEYSIDE FOODS LIMITED and STRATHSPEY GRAIN MILLERS LTD\n\n{term}\n\n{FILLER}\n\n"
        "Subscribed for and on behalf of BEN NEVIS SPEYSIDE FOODS LIMITED at Fort William on 2 September 2026 by Ann Ross\n\n"
        "Subscribed for and on behalf of STRATHSPEY GRAIN MILLERS LTD at Grantown on 9 September 2026 by Ian Shaw\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date=term, effective_date=term))
    assert facts["agreement_date"].value == "2026-09-09"


def test_a_renewal_for_another_year_failing_notification_is_automatic() -> None:
    term = "8.1 This Contract is valid until 31 March 2029."
    renew = (
        "8.2 If neither party notifies the other in writing of its intention not to renew at least sixty (60) days "
        "before the expiry, this Contract shall be extended for another one (1) year, and so on each year."
    )
    text = f"{PREAMBLE}\n\n{term} {renew}"
    _, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 60


def test_a_signing_date_label_and_a_place_on_a_date_line_date_the_contract() -> None:
    labelled = f"COOPERATION AGREEMENT\n\n{FILLER}\n\nPlace of signing: Suzhou\nDate of signing: 18 April 2028\n"
    facts, _ = read_facts(labelled, {})
    assert facts["agreement_date"].value == "2028-04-18"
    place_on = f"SUPPLY CONTRACT\n\n{FILLER}\n\nBologna, on 7 May 2028\n\nThe Seller\n\nThe Buyer\n"
    facts, _ = read_facts(place_on, {})
    assert facts["agreement_date"].value == "2028-05-07"


def test_a_payment_made_in_a_currency_on_a_date_is_not_where_the_contract_was_signed() -> None:
    text = (
        f"SALE CONTRACT\n\nBetween Elbe Grain GmbH and Weser Mills GmbH.\n\n{FILLER}\n\n"
        "9.1 The final instalment shall be made in Euro on 30 June 2028.\n\nHamburg, 02.03.2028\n\nElbe Grain GmbH\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2028-03-02"
    made = f"SALE CONTRACT\n\n{FILLER}\n\nMade in Bremen, on 4 March 2028, in two originals.\n"
    assert read_facts(made, {})[0]["agreement_date"].value == "2028-03-04"


def test_a_sentence_opening_with_a_word_and_on_a_date_is_no_place_and_date_line() -> None:
    body = "Thereafter, on 30 June 2028 the Buyer shall pay the balance of the price."
    text = (
        f"SALE CONTRACT\n\nBetween Elbe Grain GmbH and Weser Mills GmbH.\n\n{FILLER}\n{body}\n\n"
        "Hamburg, 02.03.2028\n\nElbe Grain GmbH\n"
    )
    start = text.index(body)
    facts, _ = read_facts(text, {"agreement_date": [(start, start + len(body), 0.3)]})
    assert facts["agreement_date"].value == "2028-03-02"


def test_a_notice_that_the_party_will_not_renew_is_how_an_automatic_renewal_is_stopped() -> None:
    term = "The first quarterly term runs from July 1, 2026 to September 30, 2026."
    renew = (
        "The membership then renews automatically for further quarterly terms unless the Member tells the Club in "
        "writing, at least fourteen (14) days before the current term ends, that it will not renew."
    )
    text = f"{PREAMBLE} {term} {renew}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 14
    refused = "The membership will not renew; a new membership needs a new application, unless the Club agrees."
    text = f"{PREAMBLE} {term} {refused}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=refused))
    assert t.auto_renewal is False


def test_the_end_inside_a_defined_name_is_not_a_reference_to_a_signature_date() -> None:
    clause = (
        "The right to use the plans lasts until 30 June 2029 (the Permit End Date), and this agreement ends on the "
        "Permit End Date."
    )
    signatures = "Signed by the Architect\nDate: 2 March 2026\n\nSigned by the Owner\nDate: 3 March 2026"
    text = f"This agreement is dated 2 March 2026 and is between Fern Ltd and Oak Ltd.\n{clause}\n\n{signatures}"
    facts, _ = read_facts(text, spans(text, agreement_date="2 March 2026", expiration_date=clause))
    assert facts["expiration_date"].value == "2029-06-30"


@pytest.mark.parametrize(
    "clause",
    [
        "The Borrower shall repay the loan in ten monthly instalments of $500, the first starting on May 1, 2026.",
        "The options vest quarterly over three years, counted from a vesting start date of January 10, 2026.",
    ],
)
def test_a_repayment_or_vesting_start_is_not_the_contracts_effective_date(clause: str) -> None:
    text = f"This Loan and Option Agreement is dated March 3, 2026 between Ash Ltd and Beech Ltd.\n{clause}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 3, 2026", effective_date=clause))
    assert facts["agreement_date"].value == "2026-03-03"
    assert facts["effective_date"].value is None


def test_the_term_runs_between_the_dates_in_numbered_rows_of_a_schedule() -> None:
    clause = (
        "3.1 This Agreement commences on the date in paragraph 2 of Schedule 2 and, unless ended earlier under "
        "clause 9, ends on the date in paragraph 3 of Schedule 2."
    )
    text = (
        "AGENCY AGREEMENT\n\nThis Agreement is dated 2 February 2027.\n\n" + clause + "\n\n"
        "4. The Agent shall promote the Products.\n\n" + "Body text. " * 30 + "\n\nSCHEDULE 1 - PRODUCTS\n\n"
        "1.  Range       Garden furniture\n2.  Lead time   30 days\n3.  Colours     Green and grey\n\n"
        "SCHEDULE 2 - KEY TERMS\n\n"
        "1.  Territory      New Zealand\n"
        "2.  Start          1 March 2027\n"
        "3.  End            28 February 2029\n"
    )
    facts, _ = read_facts(text, spans(text, effective_date=clause, expiration_date=clause))
    assert facts["effective_date"].value == "2027-03-01"
    assert facts["expiration_date"].value == "2029-02-28"


def test_a_term_ending_on_the_date_in_an_item_or_a_coded_row() -> None:
    for rows, ending in (
        ("Item 4   Start        1 September 2027\nItem 5   Expiry       31 August 2030\n", "the date in Item 5"),
        ("C1  Start Date     1 September 2027\nC2  Expiry Date    31 August 2030\n", "the date stated in C2"),
    ):
        clause = f"2. The licence runs from the Start Date and ends on {ending}."
        text = "SITE LICENCE\n\nPARTICULARS\n\n" + rows + "\n" + clause + "\n\n3. The Licensee shall pay the fee.\n"
        facts, _ = read_facts(text, spans(text, expiration_date=clause))
        assert facts["expiration_date"].value == "2030-08-31", rows


def test_an_item_row_with_one_space_after_its_number_gives_the_end_of_the_term() -> None:
    clause = "1.1 The Landlord leases the Premises for the term starting on the Start Date and ending on the End Date."
    text = (
        "SHOP LEASE\n\nREFERENCE SCHEDULE\n\nItem 3 Date of this Lease: 9 March 2027\n"
        "Item 4 Start Date: 1 May 2027\nItem 5 End Date: 30 April 2032\n\n" + clause + "\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=clause))
    assert facts["expiration_date"].value == "2032-04-30"


def test_start_and_end_fields_joined_to_their_dates_by_dot_leaders() -> None:
    clause = "2. This Work Order takes effect on the Start Date and remains in force until the End Date."
    text = (
        "WORK ORDER No. 4\n\n"
        "  Work Order Date ......... May 3, 2027\n"
        "  Start Date .............. May 17, 2027\n"
        "  End Date ................ November 30, 2027\n\n"
        "1. Vendor shall configure the scheduling module.\n" + clause + "\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=clause))
    assert facts["effective_date"].value == "2027-05-17"
    assert facts["expiration_date"].value == "2027-11-30"


def test_the_next_field_s_label_does_not_name_the_date_above_it() -> None:
    text = (
        "EQUIPMENT LEASE - COVER PAGE\n\n"
        "Lessor:          Red River Forklifts, LLC\n"
        "Lessee:          Bluebonnet Bottling Co.\n"
        "Agreement Date:  August 2, 2027\n"
        "Effective Date:  August 9, 2027\n\n"
        "1. This Lease begins on the Effective Date and continues until terminated.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-08-02"
    assert facts["effective_date"].value == "2027-08-09"


def test_an_end_date_in_an_order_form_table_ends_the_term_that_renews() -> None:
    renewal = (
        "5. On the Service End Date the Service Term renews automatically for successive one-year periods unless "
        "either party gives notice of non-renewal at least thirty (30) days before the end of the current term."
    )
    text = (
        "ORDER FORM\n\n| Field | Detail |\n|---|---|\n"
        "| Customer | Fernhill Dental Group, LLC |\n| Service Start Date | July 1, 2027 |\n"
        "| Service End Date | June 30, 2029 |\n\n" + renewal + "\n"
    )
    facts, term = read_facts(text, spans(text, renewal_term=renewal, notice_period_to_terminate_renewal=renewal))
    assert facts["expiration_date"].value == "2029-06-30"
    assert term.auto_renewal is True
    assert notice_deadline(term.expiry, term.notice_days, term.notice_period) == date(2029, 5, 31)


def test_a_renewal_notice_given_within_the_notice_period_of_a_data_sheet() -> None:
    renewal = (
        "(2) The Contract is extended by one (1) year at a time unless either party gives notice of termination "
        "within the Notice Period stated in the Data Sheet."
    )
    text = (
        "CLEANING CONTRACT\n\nDATA SHEET\n\n"
        "Commencement Date:   1 April 2028\n"
        "Initial Term:        1 April 2028 until 31 March 2030\n"
        "Notice Period:       Sixty (60) days before the end of the current term\n\n"
        "§ 2 Term\n(1) The Contract runs for the Initial Term stated in the Data Sheet.\n" + renewal + "\n"
    )
    _, term = read_facts(text, spans(text, renewal_term=renewal, notice_period_to_terminate_renewal=renewal))
    assert term.auto_renewal is True
    assert term.notice_days == 60


def test_a_row_labelled_date_does_not_stand_for_the_date_in_a_later_item() -> None:
    clause = "1. This Agreement starts on the date in Item 2 and ends on the date in Item 3."
    text = (
        "CRANE HIRE AGREEMENT\n\nSCHEDULE\n\n"
        "Item 1   Date           9 April 2027\n"
        "Item 2   Start          3 May 2027\n"
        "Item 3   Finish         2 August 2027\n\n"
        "This Agreement is made on the date in Item 1.\n\n" + clause + "\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=clause))
    assert facts["expiration_date"].value == "2027-08-02"


def test_a_non_renewal_notice_stated_in_a_coded_row() -> None:
    renewal = (
        "2. The subscription renews automatically for further periods of one year unless either party gives notice "
        "of non-renewal at least the number of days stated in R4 before the end of the then current period."
    )
    text = (
        "SUBSCRIPTION TERMS\n\n  R1  Start     1 October 2027\n  R2  Expiry    30 September 2029\n"
        "  R4  Notice    Forty-five (45) days\n\n1. The subscription ends on the date in R2.\n" + renewal + "\n"
    )
    _, term = read_facts(text, spans(text, renewal_term=renewal, notice_period_to_terminate_renewal=renewal))
    assert term.notice_days == 45


def test_a_bond_that_names_itself_so_ends_on_the_date_it_states() -> None:
    text = (
        "RETENTION BOND\n\nTHIS BOND is dated 3 May 2028 and is given by Fenwick Surety Limited to Oakridge Homes "
        "Limited.\n\n1. The Surety guarantees the release of the retention.\n\n"
        "2. This Bond shall remain in force until 31 October 2030, after which no claim may be made under it.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="3 May 2028"))
    assert facts["expiration_date"].value == "2030-10-31"


def test_a_guarantee_inside_an_agreement_does_not_end_the_agreement() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made on 3 May 2028 between Oakridge Homes Limited and "
        "Fenwick Facilities Limited.\n\n1. Fenwick shall clean the show homes on the estate each week and shall "
        "keep a log of the visits, the materials used and any damage found, and shall send the log to Oakridge at "
        "the end of each month.\n\n2. Oakridge shall pay each invoice within 30 days after it is received.\n\n"
        "3. Parent guarantee. This Guarantee shall remain in force until 31 October 2030.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="3 May 2028"))
    assert (facts.get("expiration_date") and facts["expiration_date"].value) != "2030-10-31"


def test_a_deed_takes_effect_on_the_date_it_is_delivered_as_a_deed() -> None:
    body = (
        "DEED OF WARRANTY\n\nTHIS DEED is dated 9 February 2029 and is made between Linton Vale Roofing Limited and "
        "Harrowgate Estates Limited.\n\n1. The Roofer warrants that the roof has been built with reasonable skill and "
        "care.\n\n2. The Roofer shall maintain professional indemnity insurance.\n\n"
    )
    deed = body + "EXECUTED AS A DEED by the parties on the date first written above.\n"
    facts, _ = read_facts(deed, spans(deed, agreement_date="9 February 2029"))
    assert facts["effective_date"].value == "2029-02-09"
    signed = body + "SIGNED by the parties on the date first written above.\n"
    facts, _ = read_facts(signed, spans(signed, agreement_date="9 February 2029"))
    assert facts["effective_date"].value is None  # the contract does not say when it takes effect


def test_a_contract_that_takes_effect_on_the_first_day_of_a_defined_period_starts_on_its_first_date():
    term = "3.1 This Panel Agreement takes effect on the first day of the Panel Period and ends on its last day."
    text = (
        "PANEL AGREEMENT dated 9 February 2028\n\n"
        '2.4 "Panel Period" means the period from 1 May 2028 to 30 April 2031, unless ended earlier under clause 12.\n\n'
        f"{term}"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 9 February 2028", expiration_date=term))
    assert facts["effective_date"].value == "2028-05-01"


def test_an_item_coded_field_and_a_start_date_defined_after_its_preposition_date_the_term():
    expires = (
        "D2 Duration. This Services Contract starts on the Service Start Date and expires on the Service End Date."
    )
    text = (
        "SERVICES CONTRACT No. 77 dated 3 March 2028\n\nC1 Service Start Date: 1 April 2028.\n"
        "C2 Service End Date: 31 January 2029.\n\n"
        f"{expires}"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 3 March 2028", expiration_date=expires))
    assert facts["expiration_date"].value == "2029-01-31"
    ends = "4.1 This Agreement ends on the day before the second anniversary of the Study Start Date."
    text = (
        f'STUDY AGREEMENT dated 5 June 2028\n\n4.0 The study begins on July 3, 2028 (the "Study Start Date").\n\n{ends}'
    )
    facts, _ = read_facts(text, spans(text, agreement_date="dated 5 June 2028", expiration_date=ends))
    assert facts["expiration_date"].value == "2030-07-02"


def test_numbered_basic_information_lines_give_the_start_and_the_end_not_the_rent_start() -> None:
    text = (
        "WAREHOUSE LEASE\n\nARTICLE 1. BASIC INFORMATION\n\n1.1 Lease Date: March 3, 2026.\n\n"
        "1.2 Landlord: Copper Basin Logistics Partners, L.P., a Texas limited partnership.\n\n"
        "1.3 Tenant: Redrock Parcel Services, Inc., a Nevada corporation.\n\n"
        "1.8 Commencement Date: May 1, 2026.\n\n1.9 Rent Commencement Date: August 1, 2026.\n\n"
        "1.10 Expiration Date: April 30, 2031.\n\n"
        "ARTICLE 2. TERM\n\n2.1 The Term begins on the Commencement Date and ends on the Expiration Date.\n"
    )
    commencement, rent = "1.8 Commencement Date: May 1, 2026.", "1.9 Rent Commencement Date: August 1, 2026."
    term = "2.1 The Term begins on the Commencement Date and ends on the Expiration Date."
    # the model ranks the rent's start first: its own label says it starts the rent, not the lease
    facts, _ = read_facts(text, spans(text, effective_date=[rent, commencement], expiration_date=term))
    assert facts["effective_date"].value == "2026-05-01"
    assert facts["expiration_date"].value == "2031-04-30"
    # the end read from the label line alone, when no term sentence is ranked
    facts, _ = read_facts(text, {})
    assert facts["expiration_date"].value == "2031-04-30"


def test_an_initial_term_defined_in_a_numbered_definition_line_ends_on_its_date() -> None:
    term = "3.1 This Agreement takes effect on the Start Date and is entered into for the Initial Term."
    text = (
        "HOSTING AGREEMENT\n\nbetween Kroonduin Analytics B.V. and Zeewolde Transport B.V.\n\n"
        "Article 1 - Definitions\n\n1.4 Start Date: 1 September 2026.\n\n"
        "1.7 Initial Term: the period from the Start Date up to and including 31 August 2029.\n\n"
        f"Article 3 - Term\n\n{term}\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-08-31"


def test_a_start_date_field_does_not_date_an_agreement_with_blank_signature_dates() -> None:
    body = "5.1 The Provider shall host the Application.\n" * 30
    text = (
        "HOSTING AGREEMENT\n\nbetween Kroonduin Analytics B.V. and Zeewolde Transport B.V.\n\n"
        "Article 1 - Definitions\n\n1.4 Effective Date: 1 September 2026.\n\n"
        f"Article 5 - Hosting\n\n{body}\nThus agreed and signed in duplicate:\n\n"
        "Kroonduin Analytics B.V.\nPlace: Leiden\nDate: ______________ 2026\n\n"
        "Zeewolde Transport B.V.\nPlace: Almere\nDate: ______________ 2026\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="1 September 2026", effective_date="1 September 2026"))
    assert facts["effective_date"].value == "2026-09-01"
    assert "agreement_date" not in facts or facts["agreement_date"].value is None


def test_a_date_under_the_recitals_heading_is_not_the_agreement_date() -> None:
    body = "2.1 The Contractor shall clean the premises.\n" * 30
    text = (
        'CLEANING CONTRACT\n\nbetween\n\nBRAEMOUNT HOTELS LIMITED ("the Client")\n\nand\n\n'
        'KELVINSIDE CLEANING LIMITED ("the Contractor")\n\nWHEREAS\n\n'
        "(One) Following an invitation to bid dated 2 February 2026, the Client chose the Contractor.\n\n"
        "NOW THEREFORE the Client and the Contractor HAVE AGREED as follows:\n\n"
        f"{body}\n| Milestone | Completion date |\n|---|---|\n| Site induction | 30 April 2026 |\n\n"
        "IN WITNESS WHEREOF these presents are executed as follows:\n\n"
        "SUBSCRIBED for and on behalf of BRAEMOUNT HOTELS LIMITED\nat Perth\non 14 April 2026\nby Iain Moffat, Director\n\n"
        "SUBSCRIBED for and on behalf of KELVINSIDE CLEANING LIMITED\nat Glasgow\non 20 April 2026\nby Ruth Kerr, Director\n"
    )
    facts, _ = read_facts(text, {})
    # the later signature, not the recital's date nor the milestone table's date above the attestation clause
    assert facts["agreement_date"].value == "2026-04-20"


def test_a_term_that_rolls_over_unless_notice_renews_automatically() -> None:
    renew = (
        "At the end of the Initial Term and of each later year, the term shall roll over for a further year on the "
        "same terms, unless either party has given the other written notice of non-renewal not less than thirty (30) "
        "days before that day."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 30


def test_a_term_that_rolls_forward_unless_notice_renews_automatically() -> None:
    renew = (
        "When the First Period ends, and when each later period of one year ends, the contract shall roll forward "
        "for a further year unless one party has served notice of non-continuation on the other at least sixty (60) "
        "days before that period would end."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 60


def test_a_term_extended_unless_a_party_tells_the_other_renews_automatically() -> None:
    renew = (
        "Unless one party tells the other in writing at least 45 days before the End Date that it wants the contract "
        "to stop, the term is extended by a further year, and so on at the end of every extension."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True


def test_a_term_that_rolls_over_automatically_renews_and_agreed_terms_close_the_background() -> None:
    renew = "After the Initial Term this Agreement shall automatically roll over for periods of one year each."
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True
    body = "2.1 The Supplier shall deliver the Goods.\n" * 30
    text = (
        "SUPPLY AGREEMENT\n\nThis agreement is made between Fenmoor Foods Limited and Ashcombe Packaging Limited.\n\n"
        "BACKGROUND\n\n(A) Following an invitation to bid dated 2 February 2026, the Buyer chose the Supplier.\n\n"
        "AGREED TERMS\n\n"
        f"1. The Supplier shall supply the Goods from 1 May 2026.\n\n{body}\n"
        "Signed by Ann Lee for Fenmoor Foods Limited\nDate: 14 April 2026\n\n"
        "Signed by Tom Hart for Ashcombe Packaging Limited\nDate: 20 April 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-04-20"


def test_a_part_of_the_term_that_does_not_lengthen_it_refuses_no_renewal() -> None:
    pilot = "The pilot period for each new site shall not extend the term of this Agreement."
    renew = (
        "This Agreement is extended for one further year each time unless either party gives notice at least sixty (60) days "
        "before the end of the current term."
    )
    text = f"{PREAMBLE} {pilot} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=[pilot, renew]))
    assert t.auto_renewal is True and t.notice_days == 60
    refused = "This Agreement shall not be extended after the first contract year."
    text = f"{PREAMBLE} {refused}"
    _, t = read_facts(text, spans(text, renewal_term=refused))
    assert t.auto_renewal is False


def test_it_after_a_sentence_about_the_agreement_is_the_agreement() -> None:
    text = f"{PREAMBLE}\n\n(1) This Agreement comes into force on 1 May 2026.\n(2) It is made for a fixed term ending on 30 April 2028."
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024"))
    assert facts["expiration_date"].value == "2028-04-30"
    text = f"{PREAMBLE} The supply framework between the parties was signed in 2019. It expires on 30 April 2028."
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024"))
    assert "expiration_date" not in facts or facts["expiration_date"].value != "2028-04-30"


def test_a_term_counted_in_hundreds_of_days_written_in_words_and_figures() -> None:
    term = "The term of this Agreement is four hundred and twenty (420) days, starting on 2 January 2026."
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2027-02-26"  # 2 January 2026 plus 420 days


def test_the_last_day_of_the_month_in_which_an_anniversary_falls() -> None:
    term = (
        "The Term starts on 12 June 2026 and ends on the last day of the month in which the third anniversary of "
        "that date falls."
    )
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-06-30"


def test_the_last_day_of_the_nth_calendar_month_of_the_term_even_where_the_model_ranks_it_low() -> None:
    term = (
        'The term of this Lease (the "Term") starts on 15 November 2026 and ends at 5 p.m. on the last day of the '
        "thirty-sixth (36th) calendar month of the Term."
    )
    fire = "If the premises are destroyed by fire, either party may terminate this Lease on notice."
    text = f"{PREAMBLE}\n\n1. Term.\n{term}\n\n2. Damage.\n{fire}"
    facts, _ = read_facts(text, spans(text, expiration_date=fire))
    assert facts["expiration_date"].value == "2029-10-31"  # November 2026 is the first month
    term = "The Term commences on 1 March 2027 and ends on the last day of the 24th month of the Term."
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-02-28"


def test_a_term_that_ends_with_a_fiscal_year_the_contract_defines() -> None:
    defined = (
        '"Financial Year" means the twelve months from 1 July to the following 30 June, named for the year in '
        "which it ends."
    )
    term = "The Initial Term commences on 1 August 2026 and ends on the last day of Financial Year 2029."
    text = f"{PREAMBLE} {defined} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-06-30"
    defined = (
        '"Fiscal Year" means each period beginning on April 1 and ending on March 31, named for the calendar '
        "year in which it begins."
    )
    term = "This Agreement runs from May 1, 2026 until the end of Fiscal Year 2028."
    text = f"{PREAMBLE} {defined} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-03-31"
    text = f"{PREAMBLE} {term}"  # a fiscal year the contract does not define is no date
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert "expiration_date" not in facts or facts["expiration_date"].value is None


def test_a_facility_that_terminates_on_a_date_ends_the_letter() -> None:
    letter = (
        "Dear Sirs\n\n1.1 Calder Bank plc (the Lender) offers Wexham Dairies Limited (the Borrower) a revolving "
        "credit facility (the Facility) on the terms of this letter dated 4 May 2026.\n\n"
        "1.2 The Facility terminates on 30 April 2029 (the Final Date), when all loans must be repaid.\n\n"
        "1.3 The Borrower shall pay interest monthly."
    )
    facts, _ = read_facts(letter, {})
    assert facts["expiration_date"].value == "2029-04-30"


def test_a_date_the_sentence_says_limits_nothing_is_no_end_of_the_term() -> None:
    text = (
        f"{PREAMBLE} 4.1 This Agreement continues until every secured sum has been repaid. 4.2 The loan is "
        "repayable by instalments until 31 December 2029; none of these dates limits the term of this Agreement."
    )
    limited = "4.2 The loan is repayable by instalments until 31 December 2029; none of these dates limits the term"
    continues = "4.1 This Agreement continues until every secured sum has been repaid."
    facts, _ = read_facts(text, spans(text, expiration_date=[limited + " of this Agreement.", continues]))
    assert "expiration_date" not in facts or facts["expiration_date"].value is None


def test_another_date_moved_by_an_amendment_is_not_the_new_end() -> None:
    moved = (
        "3. The day by which Buyer must deliver the inventory count under the Agreement is moved from May 2, 2027 to "
        "June 9, 2027."
    )
    extended = "2. The Service Period is extended and shall now end on August 31, 2027."
    text = f"{PREAMBLE} {extended} {moved}"
    ranked = spans(text, expiration_date=moved)["expiration_date"] + [
        (text.index(extended), text.index(moved) - 1, 0.4)
    ]
    facts, _ = read_facts(text, {"expiration_date": ranked})  # the moved date ranked above the extension
    assert facts["expiration_date"].value == "2027-08-31"


def test_the_end_a_restatement_takes_away_is_not_the_end() -> None:
    dropped = "7.1 The lease of the Original Agreement is carried on here, and it will no longer end on 31 March 2028."
    kept = "7.2 The lease shall now continue until 31 March 2031, unless it is terminated earlier under clause 9."
    text = f"{PREAMBLE} {dropped} {kept}"
    ranked = spans(text, expiration_date=dropped)["expiration_date"] + [(text.index(kept), len(text), 0.4)]
    facts, _ = read_facts(text, {"expiration_date": ranked})  # the dropped end ranked above the new one
    assert facts["expiration_date"].value == "2031-03-31"


# holdout 37's forms: a start in a sentence of its own after "This Agreement ...", a start under a clause heading, a
# start on "the date stated at its head", a point in a month that is no length, "carry on" for "continue"
_FILLER = "5.1 The Maker shall keep the moulds clean and in good repair at its own cost.\n" * 45


def test_it_opening_a_sentence_after_this_agreement_dates_the_agreements_start() -> None:
    clause = (
        "9.1 This Agreement is signed on the day written under the signatures. It comes into force on 2 March 2026 "
        "and runs for a fixed term ending on 1 March 2028."
    )
    text = f"MOULDING AGREEMENT\n\nbetween Harlow Plastics GmbH and Trent Tools GmbH\n\n{_FILLER}\n{clause}\n"
    facts, _ = read_facts(text, spans(text, effective_date=clause, expiration_date=clause))
    assert facts["effective_date"].value == "2026-03-02"
    # "It" after a sentence about something else is not the agreement
    other = "9.1 The warranty is given for each mould. It comes into force on 2 March 2026 for the first mould."
    text = f"MOULDING AGREEMENT\n\nbetween Harlow Plastics GmbH and Trent Tools GmbH\n\n{_FILLER}\n{other}\n"
    facts, _ = read_facts(text, spans(text, effective_date=other))
    assert facts.get("effective_date") is None or facts["effective_date"].value is None


def test_a_heading_over_a_numbered_clause_is_not_part_of_its_sentence() -> None:
    clause = "Clause 12 - Start, length and termination\n12.1 The agency begins on 3 August 2026 and runs on."
    text = f"AGENCY AGREEMENT\n\nbetween Harlow Plastics GmbH and Trent Tools GmbH\n\n{_FILLER}\n{clause}\n"
    facts, _ = read_facts(text, spans(text, effective_date=clause))
    assert facts["effective_date"].value == "2026-08-03"


def test_a_contract_that_enters_into_force_on_the_date_at_its_head_takes_effect_on_that_date() -> None:
    text = (
        "SALES CONTRACT\nDate: 4 May 2026\n\nSeller: Harlow Plastics GmbH\nBuyer: Trent Tools GmbH\n\n"
        "1. The Seller shall sell and the Buyer shall buy two presses.\n\n"
        "9. This Contract enters into force on the date shown at its head, when both parties have signed it.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-05-04"


def test_an_agency_for_an_indefinite_period_has_no_end_and_a_month_end_is_no_term() -> None:
    starts = "11.1 The agency starts on 1 June 2026 and is concluded for an indefinite period."
    notice = (
        "11.2 Either party may terminate this Agreement by notice of three months, expiring on the last day of a "
        "calendar month."
    )
    text = f"AGENCY AGREEMENT\n\nbetween Harlow Plastics GmbH and Trent Tools GmbH\n\n{_FILLER}\n{starts}\n{notice}\n"
    facts, _ = read_facts(text, spans(text, expiration_date=notice))
    assert facts["expiration_date"].value is None
    assert "no end date" in facts["expiration_date"].reason


def test_a_contract_that_carries_on_for_further_periods_unless_notified_renews_automatically() -> None:
    term = "The Initial Term ends on 30 September 2029."
    renew = (
        "After the Initial Term this Agreement carries on for successive periods of two years unless a party "
        "notifies the other in writing at least ninety (90) days before the end of the current period that it "
        "does not wish to continue."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2029-09-30", True, 90)


def test_a_contract_that_carries_on_for_a_further_period_unless_notified_renews_without_the_word_renew() -> None:
    term = "The Initial Term ends on 30 September 2029."
    renew = (
        "Then this Agreement carries on for a further period of one year at a time unless either party notifies the "
        "other at least sixty (60) days before the current period ends."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2029-09-30", True, 60)


def test_a_term_beginning_on_and_including_a_date_starts_on_it() -> None:
    text = (
        'THIS LEASE is dated 3 March 2028\n\nPARTIES\n\n(1) ALDER HOLDINGS LIMITED (the "Landlord")\n\n'
        '(2) BIRCH RETAIL LIMITED (the "Tenant")\n\n1. DEFINITIONS\n\n'
        '"Term" means a term of years beginning on and including 25 March 2028 and ending on and including '
        "24 March 2033.\n\n2. The Landlord lets the Premises to the Tenant for the Term.\n"
    )
    definition = (
        '"Term" means a term of years beginning on and including 25 March 2028 and ending on and including '
        "24 March 2033."
    )
    facts, _ = read_facts(text, spans(text, effective_date=definition, expiration_date=definition))
    assert facts["effective_date"].value == "2028-03-25"
    assert facts["expiration_date"].value == "2033-03-24"


def test_a_term_whose_defined_name_stands_before_its_start_verb_starts_this_contract() -> None:
    clause = 'The hire contract term (the "Term") commences on May 1, 2028 and ends on April 30, 2030.'
    text = (
        "EQUIPMENT RENTAL AGREEMENT\n\nOwner: Cedar Rentals LLC\n\nRenter: Dune Farms Inc.\n\n"
        f"Agreement Date: March 2, 2028.\n\n1. TERM. {clause}\n"
    )
    start = text.index(clause)
    facts, _ = read_facts(text, {"effective_date": [(start, start + len(clause), 0.3)]})  # a model unsure of it
    assert facts["effective_date"].value == "2028-05-01"


def test_a_variation_with_effect_from_a_defined_date_takes_effect_on_it() -> None:
    text = (
        "DEED OF VARIATION OF LEASE\n\nDate: 9 January 2029\n\nParties\n\nElm Property Pty Ltd (Landlord)\n\n"
        "Fir Cafe Pty Ltd (Tenant)\n\n1. Definitions\n\nChange Date means 1 February 2029.\n\n2. Variation\n\n"
        "2.1 With effect on and from the Change Date, the Lease is varied so that the rent is $52,000 a year.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2029-01-09"
    assert facts["effective_date"].value == "2029-02-01"


def test_the_defined_end_date_is_the_date_next_to_its_name_not_the_terms_first_day() -> None:
    grant = (
        "1.1 The Owner lets the land for a term beginning on 1 October 2027 and ending on 30 September 2030 "
        '(the "End Date").'
    )
    ends = "1.2 The tenancy is granted for a term of three years and shall end on the End Date without any notice."
    text = f"{PREAMBLE} {grant} {ends}"
    ranked = spans(text, expiration_date=ends)["expiration_date"] + [(text.index(grant), text.index(ends) - 1, 0.4)]
    facts, _ = read_facts(text, {**spans(text, effective_date=grant), "expiration_date": ranked})
    assert facts["expiration_date"].value == "2030-09-30"


def test_an_extension_unless_a_party_objects_renews_by_itself() -> None:
    term = "(1) The term of use begins on 1 May 2028 and ends on 30 April 2038."
    extension = (
        "(2) The term of use is extended by three years in each case unless either party objects to the extension "
        "in writing at least six months before the end of the current term."
    )
    text = f"{PREAMBLE} {term} {extension}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=extension))
    assert facts["expiration_date"].value == "2038-04-30"
    assert t.auto_renewal is True
    assert notice_deadline(t.expiry, t.notice_days, t.notice_period) == date(2037, 10, 30)


def test_an_execution_line_ending_with_its_signing_day_dates_the_agreement() -> None:
    body = "3.1 The Institute must keep the samples frozen.\n" * 30
    text = (
        "SAMPLE STORAGE AGREEMENT\n\nParties\n\nWestgate Institute of Medical Research (Institute)\n\n"
        f"Corran Diagnostics Pty Ltd (Client)\n\n{body}\n"
        "Signed for Westgate Institute of Medical Research by its Director of Operations, acting under delegation, "
        "on 3 March 2026:\n/s/ Priya Nair\n\n"
        "Executed by Corran Diagnostics Pty Ltd under section 127 of the Corporations Act 2001 (Cth) on 11 March 2026:\n"
        "/s/ Lena Fox, Director\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-03-11"


def test_a_start_on_the_date_the_agreement_bears_is_its_date() -> None:
    text = (
        "STAGE HIRE AGREEMENT\n\nDated 14 January 2026\n\nBetween Quayside Stages Pty Ltd and Harbour Choir Inc.\n\n"
        "1 Term\n\n1.1 This agreement starts on the date it is dated and ends on 30 June 2026.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-01-14"


def test_effective_on_the_later_of_two_signatures() -> None:
    text = (
        'This Podcast Sponsorship Agreement is between Harrow Audio LLC ("Host") and Brightfin Foods, Inc. '
        '("Sponsor"). Its effective date is the date of the later signature below.\n\n'
        "1. Fee. Sponsor shall pay Host $4,000.\n\nHARROW AUDIO LLC\nBy: /s/ Kim Lee\nDate: May 2, 2026\n\n"
        "BRIGHTFIN FOODS, INC.\nBy: /s/ Omar Diaz\nDate: May 9, 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-05-09"


def test_the_effective_date_of_this_agreement_is_the_later_signature() -> None:
    text = (
        'This Voice-Over Agreement is between Kestrel Sound Ltd ("Studio") and Pell Games, Inc. ("Client"). The '
        "effective date of this Agreement is the date of the later signature below.\n\nKESTREL SOUND LTD\n"
        "By: /s/ Ana Ruiz\nDate: March 3, 2026\n\nPELL GAMES, INC.\nBy: /s/ Tom Ng\nDate: March 11, 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-03-11"


def test_a_click_through_accepted_on_a_recorded_date_is_dated_and_effective_then() -> None:
    text = (
        "SOFTWARE LICENCE\n\nThis Licence is made between Quillmoor Software Limited and the customer named in the "
        "acceptance log. Version 4 was released on 9 January 2026, for information only.\n\n"
        "1. This Licence takes effect on acceptance and continues until terminated.\n\n"
        "ACCEPTANCE LOG\nCustomer: Brackenfield Dental Practice Limited\nAccepted on: 3 March 2026 at 09:15\n"
    )
    facts, _ = read_facts(
        text, spans(text, agreement_date="Version 4 was released on 9 January 2026, for information only.")
    )
    assert facts["agreement_date"].value == "2026-03-03"
    assert facts["effective_date"].value == "2026-03-03"


def test_an_exchange_that_says_what_date_the_contract_bears_and_when_the_engagement_runs() -> None:
    text = (
        "From: Dana Wolfe <dana@orchardpixel.example>\nDate: March 2, 2026\nSubject: Catalogue shoot\n\n"
        "Hi Sam, here are our terms. 1. The engagement runs from April 6, 2026 through May 29, 2026.\n\n"
        "From: Sam Okafor <sam@bluefinmarine.example>\nDate: March 4, 2026\n\nAgreed. Our contract is dated today, "
        "March 4, 2026.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-03-04"
    assert facts["effective_date"].value == "2026-04-06"


def test_the_end_of_the_period_under_a_previous_order_is_not_this_orders_end() -> None:
    text = (
        f"{PREAMBLE} 1.2 Support Period: July 1, 2026 to June 30, 2027. This Order starts on July 1, 2026. "
        "The support period under the prior renewal order ends on June 30, 2026 and is not affected."
    )
    earlier = (
        "This Order starts on July 1, 2026. The support period under the prior renewal order ends on June 30, 2026"
    )
    period = "1.2 Support Period: July 1, 2026 to June 30, 2027."
    ranked = spans(text, expiration_date=earlier + " and is not affected.")["expiration_date"] + [
        (text.index(period), text.index(period) + len(period), 0.4)
    ]
    facts, _ = read_facts(text, {"expiration_date": ranked})  # the earlier order's end ranked first
    assert facts["expiration_date"].value == "2027-06-30"


def test_an_amendment_that_moves_the_end_of_the_period_the_agreement_ends_with() -> None:
    text = (
        "AMENDMENT No. 2\n\nThis Amendment is made as of May 4, 2026 between Alder Ltd and Birch Inc. under their "
        "Evaluation Agreement dated January 5, 2026.\n\n1. Clause 2 of the Evaluation Agreement is amended so that the "
        "Trial Period ends on September 30, 2026 instead of June 30, 2026.\n\n2. The Evaluation Agreement does not "
        "renew, and it ends on the last day of the Trial Period.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["expiration_date"].value == "2026-09-30"


def test_a_facility_letter_ends_when_its_facility_stops_being_available() -> None:
    text = (
        "HARBOUR TRUST BANK LIMITED\n\n3 May 2027\n\nDear Sirs\n\nWe are pleased to offer Lotus Prints Limited (the "
        '"Borrower") an import loan line of HK$5,000,000 (the "Facility") on the terms of this letter.\n\n'
        '2. The Facility is available until 31 May 2028 (the "Final Availability Date"), subject to review.\n\n'
        "3. Each loan shall be repaid within 90 days.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["expiration_date"].value == "2028-05-31"


def test_a_loan_that_a_security_document_mentions_does_not_end_it() -> None:
    text = (
        "PLEDGE AGREEMENT made 3 May 2027 between Lotus Prints Limited and Harbour Trust Bank Limited.\n\n"
        "1. The pledge secures the loan line the Bank extends to the Pledgor; the facility is available until "
        "31 May 2028. That date does not limit the term of this Agreement.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts.get("expiration_date") is None or facts["expiration_date"].value != "2028-05-31"


def test_a_term_sheet_that_lapses_on_a_date_expires_then() -> None:
    text = (
        "TERM SHEET\n\nDated 1 April 2027\n\nPART B - BINDING PROVISIONS\n\nB1. Each Party shall keep this Term Sheet "
        "confidential.\n\nB4. This Term Sheet shall lapse on 31 October 2027 unless the Parties extend it in writing.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["expiration_date"].value == "2027-10-31"


# holdout 40's forms: a term that "runs on" / "rolls on" / "is prolonged" for a further period unless a party says no


@pytest.mark.parametrize(
    "renew",
    [
        "When the First Period ends, this contract runs on for a further six months at a time, unless either party "
        "serves written notice on the other at least sixty (60) days before the period then current ends.",
        "At the end of the First Period the contract rolls on for a further year with no action by either party, "
        "unless one party has given the other notice of non-continuation at least three (3) months before.",
        "This contract is prolonged for a further period of two (2) years each time, unless either party tells the "
        "other in writing at least ninety (90) days before the current period ends that it does not want that.",
    ],
)
def test_a_term_that_runs_on_rolls_on_or_is_prolonged_unless_stopped_renews_automatically(renew: str) -> None:
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True


def test_a_contract_that_lasts_for_a_defined_period_ends_on_that_periods_last_day() -> None:
    clause = "2.1 This Agreement comes into force on the Go-Live Date and lasts for the First Period."
    text = (
        f'{PREAMBLE}\n\n1.1 "Go-Live Date" means 1 October 2026.\n\n1.2 "First Period" means the period from the '
        f"Go-Live Date to and including 30 September 2028.\n\n{clause}\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=clause))
    assert facts["expiration_date"].value == "2028-09-30"


def test_services_that_begin_later_do_not_move_a_contract_that_takes_effect_on_its_date() -> None:
    text = (
        "GROUNDS MAINTENANCE AGREEMENT\n\nThis Grounds Maintenance Agreement is made on May 4, 2026 between Fernhill "
        "Landscapes LLC and Oakbridge Condominium Association, Inc.\n\n1. Term\n\n1.1 The services start on June 15, "
        "2026 (the First Mowing Date). This Agreement is effective on the date first written above.\n\n"
        "2. Oakbridge shall pay $2,400 a month.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-05-04"
    # without the contract's own words, the services' start is still read as its start
    text = text.replace(" This Agreement is effective on the date first written above.", "")
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-06-15"


def test_a_partys_birth_date_is_not_the_date_of_the_agreement() -> None:
    text = (
        "FELLOWSHIP AGREEMENT\n\nbetween\n\nOstwald Centre for Polymer Science e.V., Leipzig\n\nand\n\n"
        "Dr. Ines Carvalho, born 9 November 1991, residing in Porto, Portugal\n\n"
        "§ 1 The Fellow will work on polymer membranes at the Centre.\n\n"
        "§ 2 The Fellowship begins on 1 September 2027 and ends on 31 August 2028.\n\n"
        + "Further terms follow.\n" * 5
        + "\nLeipzig, 12 May 2027\n\nFor the Centre: ____________\n\nThe Fellow: ____________\n"
    )
    _, by_category = live.score_clauses(text, default_model())
    facts, _ = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2027-05-12"


def test_a_named_period_that_starts_with_the_contract_ends_it() -> None:
    text = (
        "FUNDING AGREEMENT\n\nThis Agreement is dated as of April 2, 2027 between the Harwell Trust and Dunmore "
        "College.\n\n1. The Trust will fund the study.\n\n2. The Funding Period begins on May 1, 2027 and ends on "
        "April 30, 2029. It may be extended only by a written amendment.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2027-05-01"
    assert facts["expiration_date"].value == "2029-04-30"


def test_a_period_that_does_not_start_with_the_contract_does_not_end_it() -> None:
    text = (
        "FUNDING AGREEMENT\n\nThis Agreement is dated as of April 2, 2027 between the Harwell Trust and Dunmore "
        "College.\n\n1. This Agreement commences on May 1, 2027.\n\n2. The Reporting Period begins on May 1, 2027 "
        "and ends on October 31, 2027.\n\n3. The Matching Period begins on June 1, 2027 and ends on December 31, 2027.\n"
    )
    facts, _ = read_facts(text, {})
    assert "expiration_date" not in facts or facts["expiration_date"].value is None


def test_a_contract_that_starts_on_its_last_signature_is_not_started_by_the_rotation_it_arranges() -> None:
    text = (
        "TRAINEE ROTATION AGREEMENT\n\nThis Agreement is made as of the ____ day of __________, 2027 between "
        "Fernhill Hospital and Copperfield Institute.\n\n1. This Agreement takes effect on the date on which it has "
        "been signed by the last of the parties to sign it.\n\n2. The trainee's practice term runs from June 7, 2027 to "
        'September 24, 2027 (the "Rotation"), and this Agreement ends on the last day of the Rotation.\n\n'
        "FERNHILL HOSPITAL\nBy: ____________  Date: ____________\n\n"
        "COPPERFIELD INSTITUTE\nBy: ____________  Date: ____________\n"
    )
    rotation = "2. The trainee's practice term runs from June 7, 2027 to September 24, 2027"
    facts, _ = read_facts(text, spans(text, effective_date=rotation))  # the model may rank the rotation's start
    assert facts["effective_date"].value is None


def test_a_yearly_change_of_the_charges_is_not_the_start_of_the_contract() -> None:
    clause = "The Contractor may raise its Charges once in each year with effect from 1 May, starting on 1 May 2029."
    text = (
        "CLEANING SERVICES AGREEMENT\n\nThis agreement is dated 4 February 2028 between Larch Ltd and Rowan Ltd.\n\n"
        "1. The Services begin on the Start Date.\n\n2. " + clause + "\n\n3. Meaning of words\n\n"
        '"Start Date" means 1 March 2028.'
    )
    facts, _ = read_facts(text, spans(text, agreement_date="4 February 2028", effective_date=clause))
    assert facts["effective_date"].value == "2028-03-01"


# holdout 41 (session 15): the forms its misses showed, in other words


def test_renewal_stated_after_a_long_notice_condition_is_automatic() -> None:
    renew = (
        "Unless a notice of termination reaches the other party no later than one hundred and eighty (180) days "
        "before the last day of the Initial Period or of any renewal period then running, the contract shall be "
        "renewed each time for a further two years."
    )
    text = f"{PREAMBLE} {renew}"
    _, t = read_facts(text, spans(text, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 180


def test_a_date_that_defines_another_term_is_not_the_effective_date() -> None:
    text = (
        "MAINTENANCE AGREEMENT dated as of May 4, 2026 between Corrib Holdings LLC and Tansey Services Inc.\n"
        '"Handover Date" means June 1, 2026.\n'
        '"Review Day" means the first business day of each quarter, beginning July 1, 2026.\n'
        "This Agreement takes effect on the Handover Date."
    )
    facts, _ = read_facts(text, spans(text, effective_date='"Review Day" means the first business day of each quarter'))
    assert facts["effective_date"].value == "2026-06-01"


def test_a_period_field_from_one_date_to_another_starts_the_contract() -> None:
    text = (
        "COVER NOTE\n\nInsured: Brackley Freight Limited\n\n"
        "Period of Insurance: from 1 April 2027 to 31 March 2028, both days inclusive.\n\n"
        "Cover note dated: 20 March 2027.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2027-04-01"


def test_a_contract_with_effect_from_its_own_date_takes_effect_on_it() -> None:
    text = (
        "This Supply Agreement is made as of October 3, 2026 between Pellow Foods Inc. and Garnet Farms LLC. "
        "It supersedes the parties' purchase letter of 2019 with effect from the date of this Agreement."
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-10-03"


def test_a_form_that_starts_on_a_lower_case_field_takes_that_field_as_its_effective_date() -> None:
    fields = "SERVICE DETAILS\n  Customer name: Ivo Petrov\n  Price per lesson: $40.00\n  Agreement date: May 4, 2026\n"
    for start, field in (
        ("This agreement begins on the lessons start date shown above.", "Lessons start date: May 18, 2026"),
        (
            "The initial term of this agreement starts on the date lessons begin and ends on May 17, 2027.",
            "Lessons begin: May 18, 2026",
        ),
    ):
        text = (
            f"PIANO LESSON AGREEMENT\n\n{fields}  {field}\n\n1. Term\n1.1 {start} It ends when either of us ends it."
            "\n\n2. Lessons\n2.1 We will give you one lesson each week.\n2.2 You will pay each invoice within 7 days.\n"
        )
        _, by_category = live.score_clauses(text, default_model())
        facts, _ = read_facts(text, by_category)
        assert facts["effective_date"].value == "2026-05-18", start


def test_a_contract_that_binds_from_its_date_or_is_effective_as_of_the_date_above_starts_on_it() -> None:
    binds = (
        'This Share Sale Agreement (the "Agreement") is dated 4 February 2027 between Alder Ltd and Birch Inc.\n\n'
        "2. Binding effect\n\nThis agreement binds the parties from the date of this agreement.\n"
    )
    facts, _ = read_facts(binds, {})
    assert facts["effective_date"].value == "2027-02-04"
    letter = (
        "Alder Ltd\n\nMarch 9, 2027\n\nBirch Inc.\n\nDear Sirs,\n\nThis letter records how the parties will handle "
        "the equipment that remains at the site. It is effective as of the date written above.\n"
    )
    facts, _ = read_facts(letter, {})
    assert facts["effective_date"].value == "2027-03-09"


def test_a_contract_that_stands_renewed_by_itself_renews_automatically() -> None:
    term = "This Agreement runs from 1 April 2027 until 31 March 2028."
    renew = (
        "At the end of that year and of each later year this Agreement stands renewed by itself for one more year "
        "unless either party tells the other in writing at least sixty (60) days before that year ends that it does "
        "not want it to continue."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2028-03-31", True, 60)


def test_a_document_that_calls_itself_a_contract_states_its_end():
    # no expiration candidate: "This contract ends on" is as plain as "This Agreement ends on"
    text = (
        "VENUE HIRE CONTRACT\n\nVenue: Harbour Rooms Ltd. Hirer: Kettle Theatre Company Ltd.\n\n"
        "1. Hire. The Venue will make the hall available on Saturday evenings.\n"
        "9. Duration. This contract ends on 30 November 2028, except that clause 4 survives until paid.\n\n"
        "Signed 2 May 2028"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 May 2028"))
    assert facts["expiration_date"].value == "2028-11-30"


def test_an_amendment_leaving_extension_past_a_date_to_a_further_amendment_ends_automatic_renewal() -> None:
    recital = (
        "(B) Under clause 5 of the Original Agreement the term renewed automatically for successive periods of one "
        "year unless either party gave notice of non-renewal."
    )
    text = (
        "THIRD AMENDMENT dated 4 May 2026 between Alder Ltd and Birch Ltd.\n\nBACKGROUND\n\n"
        f"{recital}\n\nIT IS AGREED:\n\n1. Clause 5 of the Original Agreement is deleted. The term now ends on "
        "30 June 2030, and the Original Agreement may be extended beyond 30 June 2030 only by a further written "
        "amendment signed by both parties."
    )
    _, term = read_facts(text, spans(text, agreement_date="4 May 2026", renewal_term=recital))
    assert term.auto_renewal is False and term.renewal_by_agreement is True


def test_the_start_named_after_the_signing_in_one_sentence_is_not_a_signature_date() -> None:
    # near the end of a short contract "signed on X and takes effect on Y": X dates it, Y is only its start
    text = (
        "Equipment Loan Agreement\n\nbetween Ravel Pumpen GmbH (Lender) and Ravel Pumps Ltd (Borrower)\n\n"
        "1. The Lender lends the Borrower two test pumps for trials at its plant in Leeds.\n\n"
        "2. The Borrower shall insure the pumps and shall return them in good order and clean.\n\n"
        "3. Term\n\nThis agreement is signed on 11 March 2027 and comes into force on 1 April 2027. It ends on "
        "31 March 2028.\n\nHamburg, 11 March 2027\nRavel Pumpen GmbH\n\nLeeds, 11 March 2027\nRavel Pumps Ltd\n"
    )
    _, by_category = live.score_clauses(text, default_model())
    facts, _ = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2027-03-11"
    assert facts["effective_date"].value == "2027-04-01"


def test_a_start_set_regardless_of_the_signing_date_is_not_a_start_on_signing() -> None:
    # "whatever the date on which it is signed" sets the start apart from the signing: the stated day stands
    text = (
        "CONSULTING SERVICES AGREEMENT\n\nParties: Tamsin Hale Consulting LLC and Brook Orchard Inc.\n\n"
        '1. Start. The Services shall commence on 3 August 2026 (the "Start Date"), whatever the date on which this '
        "Agreement is signed.\n\n2. Term. The term of this Agreement runs from the Start Date to 2 August 2027.\n\n"
        "3. Fees. Brook Orchard Inc. shall pay each invoice within 30 days.\n\n"
        "TAMSIN HALE CONSULTING LLC\nBy: T. Hale\nDate: July 14, 2026\n\n"
        "BROOK ORCHARD INC.\nBy: R. Quint\nDate: July 20, 2026\n"
    )
    _, by_category = live.score_clauses(text, default_model())
    facts, _ = read_facts(text, by_category)
    assert facts["agreement_date"].value == "2026-07-20"
    assert facts["effective_date"].value == "2026-08-03"


def test_seventy_and_eighty_written_only_in_words_are_read_as_numbers() -> None:
    term = "The initial term is two years from the Effective Date."
    renew = (
        "This Agreement renews by itself for further periods of one year each unless a party gives notice of "
        "non-renewal at least seventy days before the end of the then-current term."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term, renewal_term=renew))
    assert facts["expiration_date"].value == "2026-03-01"
    assert t.auto_renewal is True and t.notice_days == 70
    assert notice_deadline(t.expiry, t.notice_days) == date(2025, 12, 21)


def test_a_contract_that_takes_effect_when_both_parties_have_signed_starts_on_the_later_signature() -> None:
    text = (
        "REFERRAL AGREEMENT\n\nThis Referral Agreement is dated 2 May 2027 and is between Tallow Bank plc and Oriel "
        "Finance Ltd.\n\n1. This Agreement takes effect once both parties have signed it and lasts until 31 May 2028."
        "\n\n2. Oriel Finance Ltd shall refer borrowers to Tallow Bank plc.\n\n"
        "TALLOW BANK PLC                      ORIEL FINANCE LTD\nBy: ______________               By: ______________\n"
        "Date: 4 May 2027                     Date: 11 May 2027\n"
    )
    facts, _ = read_facts(text, {})
    assert (facts["agreement_date"].value, facts["effective_date"].value) == ("2027-05-02", "2027-05-11")


def test_an_end_date_named_in_the_term_clause_is_not_read_as_a_lead_and_a_shorter_label() -> None:
    # "ends on the End Date": the label "End Date", not "End" leading to a particular labelled "Date"
    text = (
        "STORAGE AGREEMENT\n\nDate: 5 January 2027\n\nParties: Quayside Stores Pty Ltd and Marlin Traders Pty Ltd\n\n"
        "1. Definitions\n\nStart Date means 1 February 2027.\n\nEnd Date means 31 January 2030.\n\n"
        "2. Term\n\n2.1 This agreement starts on the Start Date and ends on the End Date."
    )
    term = "2.1 This agreement starts on the Start Date and ends on the End Date."
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert (facts["effective_date"].value, facts["expiration_date"].value) == ("2027-02-01", "2030-01-31")


def test_a_deed_that_binds_once_executed_takes_effect_on_its_date() -> None:
    text = (
        "DEED OF RELEASE\n\nDate: 9 August 2027\n\nParties\n\nOwen Carrick of 4 Reef Street, Cairns (Releasor)\n\n"
        "Lagoon Marine Pty Ltd ACN 611 002 334 (Lagoon)\n\n1. Lagoon must pay the Releasor AUD 40,000 on or before "
        "1 October 2027.\n\n2. This deed has no fixed term and binds each party once executed.\n\nExecuted as a deed."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="9 August 2027"))
    assert facts["effective_date"].value == "2027-08-09"


def test_an_amendments_quoted_new_clause_does_not_date_the_amendment() -> None:
    recital = (
        '(B) The parties wish to extend the Supply Agreement with effect from 1 March 2028 (the "Extension Date").'
    )
    quoted = (
        '1. Clause 3.1 of the Supply Agreement is deleted and replaced with: "The term of this Agreement began on '
        '1 March 2025 and ends on 28 February 2030."'
    )
    text = (
        "FIRST AMENDMENT to the Supply Agreement dated 1 March 2025\n\nTHIS AMENDMENT is dated 20 January 2028 "
        "between Kestrel Foods Ltd and Amble Packaging Ltd.\n\nBACKGROUND\n\n(A) The parties are parties to a supply "
        f'agreement dated 1 March 2025 (the "Supply Agreement").\n\n{recital}\n\nIT IS AGREED:\n\n{quoted}\n'
    )
    facts, _ = read_facts(
        text, spans(text, agreement_date="20 January 2028", effective_date=[recital, quoted], expiration_date=quoted)
    )
    assert facts["effective_date"].value == "2028-03-01"


def test_each_line_of_a_testing_clause_schedule_is_a_signature_and_the_last_one_dates_the_agreement() -> None:
    # the Scots form: "subscribed as follows:" then one line per party with its place and day of signing
    text = (
        "SUPPORT SERVICES AGREEMENT\n\namong\n\nBRAEHEAD TRUST LIMITED, Kirkcaldy; ARDNESS CARE LIMITED, Stirling; and "
        "GLENLUCE HOMES LIMITED, Ayr.\n\n1. SERVICES\n\n1.1 Ardness shall provide the support services in Schedule 1."
        "\n\n2. LAW\n\n2.1 This Agreement is governed by the law of Scotland.\n\n"
        "IN WITNESS WHEREOF these presents are subscribed as follows:\n\n"
        "For BRAEHEAD TRUST LIMITED at Kirkcaldy on 3 March 2028 by Ewan Baird, Director\n\n"
        "For ARDNESS CARE LIMITED at Stirling on 10 March 2028 by Jenna Moir, Director\n\n"
        "For GLENLUCE HOMES LIMITED at Ayr on 17 March 2028 by Callum Reid, Secretary\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="3 March 2028"))
    assert facts["agreement_date"].value == "2028-03-17"


def test_a_contract_that_applies_from_a_date_is_not_dated_by_it() -> None:
    # German drafting: the contract "applies from" its start; it is concluded when the last party signs below
    start = "(1) This agreement applies from 1 June 2028, the first day of the joint campaign."
    text = (
        "Agreement on Joint Control\n\nbetween\n\nAster Moden GmbH, Köln\n\nand\n\nBirkwerk Handel GmbH, Essen\n\n"
        f"§ 1 Duration\n\n{start}\n\n(2) It is concluded for an indefinite period.\n\n"
        "§ 2 Final provisions\n\n(1) This agreement is governed by German law.\n\n"
        "Köln, 4 May 2028\nAster Moden GmbH\nLena Vogt, Managing Director\n\n"
        "Essen, 11 May 2028\nBirkwerk Handel GmbH\nPaul Kruse, Managing Director\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date=start, effective_date=start))
    assert facts["agreement_date"].value == "2028-05-11"
    assert facts["effective_date"].value == "2028-06-01"


def test_the_first_day_of_the_period_the_contract_ends_with_is_its_effective_date() -> None:
    period = "2.1 The Pooling Period runs from 1 July 2028 until 30 June 2030."
    text = (
        "DATA POOLING AGREEMENT\n\namong Rowan Housing Limited, Tay Advice CIC and Esk Support Limited.\n\n"
        f"2. POOLING PERIOD\n\n{period}\n\n2.2 In the absence of a written variation this Agreement ends on "
        "30 June 2030.\n\n3. DATA\n\n3.1 Each Party shall share the Pooled Data monthly.\n\n"
        "IN WITNESS WHEREOF these presents are subscribed as follows:\n\n"
        "For ROWAN HOUSING LIMITED at Dundee on 2 June 2028 by Amy Lang, Director\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 June 2028", expiration_date=period))
    assert facts["expiration_date"].value == "2030-06-30"
    assert facts["effective_date"].value == "2028-07-01"


# ordinary clauses that push a later term clause past the opening, where a date is read as the contract's own
_DISTRIBUTION_BODY = "".join(
    f"{n}. DUTY {n}\n\n{n}.1 Pike shall order, store, insure and pay for the Products in batch {n} as the price "
    "list then in force provides, keep records of each sale and let Heron inspect those records on notice.\n\n"
    for n in range(2, 16)
)


def test_a_named_term_that_begins_on_one_day_and_ends_on_the_expiry_starts_the_contract() -> None:
    period = "16.1 The Distribution Term begins on 1 March 2029 and ends on 28 February 2031."
    text = (
        "DISTRIBUTION AGREEMENT\n\nThis Agreement is made as of the 3rd day of January, 2029 between Heron Foods "
        f"Ltd. (Heron) and Pike Wholesale Inc. (Pike).\n\n1. Pike shall buy the Products from Heron.\n\n"
        f"{_DISTRIBUTION_BODY}16. TERM\n\n{period}\n"
    )
    assert text.index(period) > 3000
    facts, _ = read_facts(text, spans(text, agreement_date="3rd day of January, 2029", expiration_date=period))
    assert facts["agreement_date"].value == "2029-01-03"
    assert facts["expiration_date"].value == "2031-02-28"
    assert facts["effective_date"].value == "2029-03-01"


def test_a_warranty_period_that_begins_on_a_day_and_ends_on_the_expiry_does_not_start_the_contract() -> None:
    period = "16.1 The warranty period begins on 1 March 2029 and ends on 28 February 2031."
    text = (
        "SUPPLY AGREEMENT dated 3 January 2029 between Heron Ltd and Pike Inc.\n\n1. TERM\n\n1.1 This Agreement "
        f"ends on 28 February 2031.\n\n{_DISTRIBUTION_BODY}16. WARRANTY\n\n{period}\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="3 January 2029", expiration_date="1.1 This Agreement ends"))
    assert facts["expiration_date"].value == "2031-02-28"
    assert facts["effective_date"].value is None


def test_a_part_of_the_contract_running_to_its_end_does_not_start_it() -> None:
    period = "5.1 The warranty period runs from 1 July 2028 until 30 June 2030."
    text = (
        "SUPPLY AGREEMENT dated 2 June 2028 between Rowan Ltd and Esk Ltd.\n\n2. TERM\n\n2.1 This Agreement ends on "
        f"30 June 2030.\n\n5. WARRANTY\n\n{period}\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 June 2028", expiration_date="2.1 This Agreement ends"))
    assert facts["expiration_date"].value == "2030-06-30"
    assert facts["effective_date"].value is None


def test_a_contract_that_starts_on_its_last_blank_signature_is_not_started_by_its_period() -> None:
    period = "1.2 The visit runs from 4 May 2028 to 28 August 2028 and this Agreement ends on 28 August 2028."
    text = (
        "VISITING RESEARCHER AGREEMENT\n\nThis Agreement is made as of the ____ day of __________, 2028.\n\n"
        "1.1 This Agreement takes effect on the date on which the last of the parties signs it.\n\n"
        f"{period}\n\nSigned: ____________ Date: ____________\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=period))
    assert facts["expiration_date"].value == "2028-08-28"
    assert facts.get("effective_date") is None or facts["effective_date"].value is None


def test_a_period_counted_from_the_time_of_a_delivery_has_no_end_date() -> None:
    term = (
        "The Owners let and the Charterers hire the barge for a period of about four (4) months from the time of her "
        "delivery. This charter shall remain in force until the barge is returned to the Owners."
    )
    text = f"{PREAMBLE} {term}"
    facts, _ = read_facts(text, spans(text, agreement_date="March 1, 2024", expiration_date=term))
    assert facts["expiration_date"].value is None  # not four months from the signing date
    assert "delivery" in facts["expiration_date"].reason


def test_a_restated_definition_of_the_end_date_moves_the_end() -> None:
    recital = "Under the Charter the Term ends on 30 September 2030 (the Original Termination Date)."
    change = (
        'In Clause 1 of the Charter, the definition of "Termination Date" is deleted and replaced with: '
        '""Termination Date" means 30 September 2033."'
    )
    text = (
        "SECOND SUPPLEMENTAL AGREEMENT dated 2 February 2029 between Alder Ltd and Birch Inc.\n\n"
        f"BACKGROUND\n\n(A) {recital}\n\n1. AMENDMENTS\n\n1.1 {change}\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 February 2029", expiration_date=recital))
    assert facts["expiration_date"].value == "2033-09-30"


def test_a_deleted_definition_of_the_end_date_keeps_its_replacement() -> None:
    recital = "Under the Charter the Term ends on 30 September 2030."
    change = (
        'Clause 1 of the Charter is amended by deleting ""Termination Date" means 30 September 2030" and '
        'replacing it with ""Termination Date" means 31 March 2032".'
    )
    text = f"AMENDMENT dated 2 February 2029 between Alder Ltd and Birch Inc.\n\n{recital}\n\n{change}\n"
    facts, _ = read_facts(text, spans(text, agreement_date="2 February 2029", expiration_date=recital))
    assert facts["expiration_date"].value == "2032-03-31"


def test_a_term_extended_by_a_period_unless_a_party_informs_the_other_renews_automatically() -> None:
    term = "The initial period runs from 1 March 2026 until 28 February 2029 (the Initial Period)."
    renew = (
        "At the end of the Initial Period and of each extension, the term is extended by six (6) months, unless a "
        "party informs the other in writing at least sixty (60) days before that end that it does not want it."
    )
    text = f"{PREAMBLE} {term} {renew}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 60


def test_a_variation_that_ends_automatic_continuation_leaves_renewal_to_a_further_variation() -> None:
    recital = (
        "(B) Under the Lease the term ends on 30 April 2028 and would then continue automatically for successive "
        "periods of one year unless either party gave at least six months' notice."
    )
    new_clause = (
        "The term shall not continue or renew automatically. It may be extended only by a further written variation "
        "signed by both parties."
    )
    text = f"{PREAMBLE} {recital} {new_clause}"
    _, t = read_facts(text, spans(text, renewal_term=[recital, new_clause]))
    assert t.auto_renewal is False and t.renewal_by_agreement


def test_a_start_stated_after_the_signing_date_in_one_sentence_is_no_signature() -> None:
    body = " ".join(f"{n}. The Supplier shall keep the equipment in good repair." for n in range(1, 30))
    dates = "30. This Agreement is signed on 4 May 2026 and comes into force on 1 June 2026."
    text = f"HOSTING AGREEMENT between Alder GmbH and Birch GmbH\n\n{body}\n\n{dates}\n\nBerlin, 4 May 2026\n"
    facts, _ = read_facts(text, spans(text, agreement_date="4 May 2026", effective_date="1 June 2026"))
    assert facts["agreement_date"].value == "2026-05-04"
    assert facts["effective_date"].value == "2026-06-01"


def test_a_start_date_definition_does_not_date_a_contract_its_parties_signed() -> None:
    text = (
        "NETWORK SERVICES AGREEMENT\n\nTHIS AGREEMENT is made between Alder Networks Limited and Birch Clearing "
        'Limited.\n\n1. DEFINITIONS\n\n"Effective Date" means 1 September 2026.\n\n'
        "2. The Supplier shall provide the Services from the Effective Date.\n\n"
        "Signed for and on behalf of Alder Networks Limited by Ann Roe, Director, on 3 August 2026.\n\n"
        "Signed for and on behalf of Birch Clearing Limited by Ben Poe, Director, on 11 August 2026.\n"
    )
    definition = '"Effective Date" means 1 September 2026.'
    facts, _ = read_facts(text, spans(text, agreement_date=definition, effective_date=definition))
    assert facts["agreement_date"].value == "2026-08-11"
    assert facts["effective_date"].value == "2026-09-01"


def test_a_letter_greeting_ladies_and_gentlemen_is_dated_by_its_own_date_line() -> None:
    text = (
        "HOLLIS MILL PROPERTIES LLC\n40 River Road, Austin, Texas 78701\n\nNovember 3, 2029\n\n"
        "Juniper Yoga Studio LLC\nUnit 6, 40 River Road\nAustin, Texas 78701\n\n"
        "Re: Consent to signage - Lease dated January 12, 2024, Unit 6\n\nLadies and Gentlemen:\n\n"
        "1. Landlord consents to the sign described below.\n\nSincerely,\n\nHOLLIS MILL PROPERTIES LLC\n"
        "By: Ada Byrne, Manager\n\nAGREED AND ACCEPTED:\n\nJUNIPER YOGA STUDIO LLC\nBy: Mia Torres\nDate: November 10, 2029\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2029-11-03"


def test_a_date_on_a_letters_subject_line_belongs_to_the_paper_it_names() -> None:
    text = (
        "Re: Consent to sub-hire - Hire Agreement dated 4 February 2025, Crane No. 7\n\n"
        "We agree that you may sub-hire the crane to Tenby Civils Limited for the bridge works.\n\n"
        "Carrow Plant Hire Limited\nBy: Owen Price\nDate: 20 August 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-08-20"


def test_a_letter_effective_on_its_own_date_or_when_countersigned() -> None:
    letter = (
        "BRAMLEY COURT LLC\n\nMarch 2, 2030\n\nDear Mr. Hale:\n\n"
        "1. Our waiver is effective on the date of this letter and covers the March rent only.\n"
    )
    facts, _ = read_facts(letter, {})
    assert facts["effective_date"].value == "2030-03-02"
    notice = (
        "NOTICE AND ACKNOWLEDGEMENT\n\n1. The Buyer shall pay each invoice to the account of the Bank.\n\n"
        "2. This letter of acknowledgement takes effect when countersigned by the Buyer.\n\n"
        "Leeds, 3 May 2030\nAlder Foods Limited\n\nAcknowledged and agreed:\nYork, 7 May 2030\nBirch Retail Limited\n"
    )
    facts, _ = read_facts(notice, {})
    assert facts["effective_date"].value == "2030-05-07"


def test_a_cover_page_start_date_over_dated_signatures_is_dated_by_the_last_signature() -> None:
    body = "3.1 The Distributor shall stock the Lamps and keep sales records.\n" * 30
    text = (
        "DISTRIBUTION AGREEMENT\n\nEffective Date: October 3, 2028\n\n"
        "Supplier: Marrow Lane Lighting Co., 14 Quarry Road, Dayton, Ohio\n"
        "Distributor: Pellham Trade Supply LLC, 900 Harbor Street, Toledo, Ohio\n\n"
        "Marrow Lane Lighting Co. and Pellham Trade Supply LLC agree as follows.\n\n"
        f"{body}\n4.1 This Agreement starts on the Effective Date and continues until either party ends it.\n\n"
        "MARROW LANE LIGHTING CO.\nBy: Dana Ruiz, President     Date: September 18, 2028\n\n"
        "PELLHAM TRADE SUPPLY LLC\nBy: Omar Fitch, Manager     Date: September 24, 2028\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="October 3, 2028", effective_date="October 3, 2028"))
    assert facts["effective_date"].value == "2028-10-03"  # the start the cover page states
    assert facts["agreement_date"].value == "2028-09-24"  # concluded when the second party signed
    executed_as_of_it = text.replace(
        "MARROW LANE LIGHTING CO.\nBy:",
        "The parties have executed this Agreement as of the Effective Date.\n\nMARROW LANE LIGHTING CO.\nBy:",
    )
    facts, _ = read_facts(
        executed_as_of_it, spans(executed_as_of_it, agreement_date="October 3, 2028", effective_date="October 3, 2028")
    )
    assert facts["agreement_date"].value == "2028-10-03"  # the contract dates itself by its start


def test_a_contract_that_has_effect_from_a_later_day_is_effective_then() -> None:
    text = (
        "COLLABORATION AGREEMENT\n\nThis Agreement is made on 4 February 2028 between Alder Ltd and Birch Inc.\n\n"
        "1. DURATION\n\n1.1 This Agreement has effect from 1 May 2028, the first day of the Programme, and ends on "
        "30 April 2030.\n\n2. The parties shall cooperate in good faith.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2028-02-04"
    assert facts["effective_date"].value == "2028-05-01"


def test_a_term_that_rolls_over_save_that_a_party_may_prevent_it_by_notice_renews_automatically() -> None:
    term = "The first period runs from 1 April 2027 to 31 March 2028."
    renew = (
        "At the end of the first period and of each later one this Contract rolls over for a further six (6) months, "
        "save that either party may stop a roll-over by written notice served at least forty-five (45) days before "
        "the period ends."
    )
    text = f"{PREAMBLE} {term} {renew}"
    _, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert t.auto_renewal is True and t.notice_days == 45


def test_a_low_ranked_sentence_that_states_an_automatic_renewal_in_full_still_renews() -> None:
    term = "This Agreement starts on 1 July 2026 and runs until 30 June 2027 (the First Contract Year)."
    renew = (
        "It shall continue thereafter from year to year unless a Member gives notice to the others not later than "
        "sixty (60) days before the end of a contract year that it wishes to leave at the end of that year."
    )
    text = f"{PREAMBLE} {term} {renew}"
    scored = spans(text, expiration_date=term)
    start = text.index(renew)
    scored["renewal_term"] = [(start, start + len(renew), 0.03)]  # ranked below the renewal readers' threshold
    facts, t = read_facts(text, scored)
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2027-06-30", True, 60)


def test_a_low_ranked_sentence_that_only_mentions_renewal_decides_nothing() -> None:
    term = "This Agreement starts on 1 July 2026 and runs until 30 June 2027."
    other = "Any renewal of the Insurance Policies shall be notified to the Landlord within ten days."
    text = f"{PREAMBLE} {term} {other}"
    scored = spans(text, expiration_date=term)
    start = text.index(other)
    scored["renewal_term"] = [(start, start + len(other), 0.03)]
    _, t = read_facts(text, scored)
    assert t.auto_renewal is not True


def test_a_low_ranked_one_off_automatic_extension_is_no_renewal() -> None:
    term = "This Agreement starts on 1 July 2026 and runs until 30 June 2027 (the Standstill Period)."
    extension = (
        "If the Buyer calls a meeting before 1 May 2027, the Standstill Period shall automatically be extended until "
        "the date that is thirty (30) days after that meeting."
    )
    text = f"{PREAMBLE} {term} {extension}"
    scored = spans(text, expiration_date=term)
    start = text.index(extension)
    scored["renewal_term"] = [(start, start + len(extension), 0.03)]
    _, t = read_facts(text, scored)
    assert t.auto_renewal is not True


def test_the_second_party_in_one_running_testing_clause_signs_last_and_dates_the_agreement() -> None:
    # one testing clause for both parties, the second one's place and day after ", and for and on behalf of"
    start = (
        "1.1 This Agreement comes into force on the date on which it is signed by the second of the parties to sign it."
    )
    text = (
        "AGREEMENT FOR THE RESTORATION OF A TAPESTRY\n\nbetween\n\nKELVINGROVE CONSERVATION LTD, hereinafter called "
        "the Conservator;\n\nand\n\nDRUMLANRIG TEXTILE TRUST LIMITED, hereinafter called the Owner.\n\n"
        f"1. DURATION\n\n{start}\n\n2. LAW\n\nThis Agreement is governed by the Law of Scotland.\n\n"
        "IN WITNESS WHEREOF these presents are subscribed for and on behalf of KELVINGROVE CONSERVATION LTD at "
        "Paisley on 7 June 2027 by Morag Lindsay, Director, and for and on behalf of DRUMLANRIG TEXTILE TRUST LIMITED "
        "at Dumfries on 15 June 2027 by Iain Carruthers, Trustee.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="7 June 2027", effective_date=start))
    assert facts["agreement_date"].value == "2027-06-15"
    assert facts["effective_date"].value == "2027-06-15"


def test_a_dated_contract_in_force_on_the_second_signature_starts_when_the_later_party_signs() -> None:
    start = "It comes into force on the date on which it is signed by the second of the parties to sign it."
    text = (
        "LOAN OF PAINTINGS\n\nThis Agreement is dated 1 March 2027 and is made between Harbour Gallery Ltd and "
        f"Fenwick Collection Ltd.\n\n1. DURATION\n\n1.1 This Agreement is a loan agreement. {start}\n\n"
        "2. LAW\n\nThis Agreement is governed by the law of England and Wales.\n\n"
        "Signed for Harbour Gallery Ltd by its director\nDate: 4 March 2027\n\n"
        "Signed for Fenwick Collection Ltd by its director\nDate: 9 March 2027\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="1 March 2027", effective_date=start))
    assert facts["agreement_date"].value == "2027-03-01"
    assert facts["effective_date"].value == "2027-03-09"


def test_the_first_day_of_a_week_in_a_programme_is_not_the_start_of_the_contract() -> None:
    programme = "2.2 The programme is: delivery of the panels during the week beginning 6 September 2027."
    text = (
        "MURAL COMMISSION\n\nThis Agreement is made on 2 April 2027 between Orla Quinn and Saltmarsh Hotels Ltd.\n\n"
        f"1. THE WORK\n\n2.1 The Artist shall paint the mural.\n\n{programme}\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 April 2027", effective_date=programme))
    assert facts["effective_date"].value != "2027-09-06"


def test_a_period_that_starts_on_one_day_and_finishes_on_another_ends_on_the_second() -> None:
    period = "1.1 The hire period starts on 3 May 2027 and finishes on 28 June 2027."
    text = (
        "COSTUME HIRE AGREEMENT\n\nDate: 20 April 2027\n\nBetween Velvet Rail Costumiers Ltd and Northgate Opera Ltd.\n\n"
        f"1. HIRE PERIOD\n\n{period}\n\n2. FEES\n\n2.1 The Hirer must pay the hire fee on delivery.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="20 April 2027", expiration_date=period))
    assert facts["expiration_date"].value == "2027-06-28"


def test_a_term_clause_that_dates_the_making_and_keeps_it_in_force_from_then_gives_the_start() -> None:
    body = (
        "SUPPLY AGREEMENT\n\nbetween Larchmont Mills Limited and Penhallow Bakeries Limited.\n\n"
        "1. The Mill shall deliver flour to the Bakery each Monday.\n\n2. The Bakery shall pay each invoice within "
        "thirty days.\n\n"
    )
    kept = body + (
        "3. Term. This Agreement is entered into on 5 March 2029 and shall remain in force until either party ends "
        "it under clause 4.\n"
    )
    facts, _ = read_facts(kept, spans(kept, agreement_date="5 March 2029"))
    assert facts["effective_date"].value == "2029-03-05"
    # dated only: the contract does not say when it takes effect
    dated = body + "3. Term. This Agreement is entered into on 5 March 2029. Either party may end it under clause 4.\n"
    facts, _ = read_facts(dated, spans(dated, agreement_date="5 March 2029"))
    assert facts["effective_date"].value is None


def test_a_letter_dated_at_its_head_is_dated_then_though_signed_later() -> None:
    text = (
        "MARSHWOOD FOODS PLC\nRegistered office: 2 Quay Street, Hull HU1 1AB\n\nMr Rowan Tilley\n4 Elm Close, Beverley\n\n"
        "Dated: 11 January 2027\n\nDear Rowan,\n\nWe confirm your appointment as a non-executive director from "
        "1 February 2027.\n\n1. Fees. The Company shall pay you a fee of £40,000 a year.\n\n"
        "Please confirm your acceptance by signing and returning the enclosed copy.\n\nYours sincerely,\n\n"
        "For and on behalf of Marshwood Foods plc\n\nI accept the terms of my appointment in this letter.\n\n"
        "Signed: Rowan Tilley\nDated: 19 January 2027\n"
    )
    # the model ranks the signature's date for the agreement date: the date the letter bears still wins
    facts, _ = read_facts(text, spans(text, agreement_date="19 January 2027"))
    assert facts["agreement_date"].value == "2027-01-11"


def test_a_deed_that_takes_effect_on_an_event_the_recitals_date() -> None:
    text = (
        "DEED OF COVENANT dated 4 March 2027\n\nRECITALS\n\nA. Under a business sale agreement, the Seller sells the "
        "Bakery to the Buyer, which settles on 2 April 2027 (Settlement).\n\n1. Covenant. The Seller must not open a "
        "bakery within 10 km of the Bakery for 3 years.\n\n2. Term. This deed takes effect on Settlement and ends when "
        "the restraint ends.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-03-04"
    assert facts["effective_date"].value == "2027-04-02"
    # an event the text gives no date leaves the start unstated, not a guess
    undated = text.replace("which settles on 2 April 2027 (Settlement)", "which settles later (Settlement)")
    facts, _ = read_facts(undated, {})
    assert facts["effective_date"].value is None


def test_an_agreement_that_becomes_effective_on_an_event_its_definitions_date() -> None:
    text = (
        "LICENCE TRANSFER AGREEMENT dated as of May 3, 2027 between Alder Ltd and Birch Inc.\n\n1. Definitions\n\n"
        '"Handover Date" means June 14, 2027, the day the site keys are to be handed to Birch Inc.\n\n'
        "2. Duration. This Agreement becomes effective on the Handover Date and ends on December 31, 2027.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-05-03"
    assert facts["effective_date"].value == "2027-06-14"
    # a definition that does not open with a date leaves the start unstated
    undated = text.replace("means June 14, 2027, the day", "means the day")
    facts, _ = read_facts(undated, {})
    assert facts["effective_date"].value is None


def test_a_letter_with_no_fixed_term_of_its_own_does_not_take_the_lease_expiry() -> None:
    text = (
        "Harrow Lane Estates LLC\n\nMarch 4, 2027\n\nDear Tenant:\n\n1. We consent to the sublease of Unit 7 on the "
        "terms of this letter.\n\n2. This letter has no fixed term. The Lease Term still expires on October 31, 2033, "
        "as the Lease states, and nothing here changes that date.\n\nYours faithfully, Harrow Lane Estates LLC"
    )
    lease = "The Lease Term still expires on October 31, 2033, as the Lease states, and nothing here changes that date."
    facts, _ = read_facts(text, spans(text, expiration_date=lease))
    assert facts["expiration_date"].value is None
    assert facts["expiration_date"].text == "This letter has no fixed term."


def test_an_agreement_that_continues_until_terminated_still_has_its_stated_end() -> None:
    term = "The Initial Term ends on 30 June 2029."
    text = f"{PREAMBLE} {term} Thereafter this Agreement continues until terminated by either party."
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-06-30"


# holdout 64's forms: an appointment that "finishes on" its date, a work order that "binds the parties from the later
# of the two signature dates", a definitions run "X means ... and Y means ..." in one sentence


def test_an_appointment_that_finishes_on_a_date_expires_then() -> None:
    text = (
        "SECURITY SERVICES AGREEMENT\n\nTHIS AGREEMENT is made the 2nd day of March 2027 between Harbourgate Ltd and "
        "Watchline Ltd.\n\n1.1 The Contractor's appointment starts on 1 May 2027 and, unless ended earlier under "
        "clause 9, finishes on 30 April 2029.\n\n2.1 The Contractor shall patrol the car park nightly.\n"
    )
    term = "The Contractor's appointment starts on 1 May 2027 and, unless ended earlier under clause 9, finishes on 30 April 2029."
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2029-04-30"


def test_a_work_order_binding_from_the_later_signature_takes_effect_then() -> None:
    body = "2.1 The Contractor shall sweep the loading bays each morning.\n" * 20
    text = (
        "PAINTING WORK ORDER\n\nClient: Kelburn Homes Ltd\nContractor: Brightcoat Decorators Ltd\n\n"
        "1.1 This work order binds the parties from the later of the two signature dates below.\n\n"
        f"{body}\n"
        "Signed for Kelburn Homes Ltd: __________   Date: 3 March 2027\n"
        "Signed for Brightcoat Decorators Ltd: __________   Date: 8 March 2027\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-03-08"
    assert facts["effective_date"].value == "2027-03-08"


def test_a_definitions_run_in_one_sentence_gives_each_term_its_own_value() -> None:
    text = (
        "PEST CONTROL AGREEMENT\n\nAgreement Date: 4 January 2027\n\n1. Interpretation\nIn this agreement, "
        "Operative Date means 1 March 2027 and Base Period means the period from the Operative Date to "
        "28 February 2030.\n\n2. Duration\n2.1 This agreement begins on the Operative Date and runs for the Base "
        "Period.\n\n3. Services\n3.1 The Contractor must inspect the bait stations monthly.\n"
    )
    term = "This agreement begins on the Operative Date and runs for the Base Period."
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2030-02-28"


def test_the_contractual_term_starting_starts_the_contract() -> None:
    # the translated civil-law form: "Vertragslaufzeit" read as "the contractual term"
    text = (
        "Wartungsvertrag between Nordlicht GmbH and Suedhang AG.\n\n"
        + "§ 1 The Contractor shall service the lifts at the Building every month.\n\n" * 45
        + "§ 4 Term\n\n(1) This Agreement is concluded on the "
        "date of the last signature below. The contractual term begins on 1 July 2027 and ends on 30 June 2030.\n\n"
        "Hamburg, 2 June 2027"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="2 June 2027"))
    assert facts["effective_date"].value == "2027-07-01"


def test_a_period_with_its_first_day_named_in_a_bracket_starts_the_contract() -> None:
    text = (
        "ACCESS CONTRACT\n\nThis Contract is made at Leeds on 3 February 2027 between PENNINE TRACK LIMITED "
        '("Owner") and HUMBER HAULAGE LIMITED ("Operator").\n\n1. DEFINITIONS\n\n1.1 In this Contract, Service '
        "Period means the period from and including 14 May 2027 (being the first Timetable Date of that year) to and "
        "including 10 May 2031.\n\n2. TERM\n\n2.1 This Contract shall take effect on the first Timetable Date in May "
        "2027 and shall expire at the end of the Service Period.\n"
    )
    dates = {d["kind"]: d["date"] for d in live.analyze(Document(text=text))["keyDates"]}
    assert dates["expiration_date"] == "2031-05-10"
    assert dates["effective_date"] == "2027-05-14"


def test_a_lease_term_ending_on_a_date_in_the_reference_schedule():
    demise = "1.1 The Owner lets the Unit to the Renter for a term starting on the Start Date and ending on the Vacating Date."
    text = (
        "UNIT LEASE\n\nREFERENCE SCHEDULE\n\nItem 1  Date of this Lease: 3 March 2026\n\n"
        "Item 2  Start Date: 1 May 2026\n\nItem 3  Vacating Date: 30 April 2031\n\n"
        f"{demise}\n1.2 The Renter has no option to renew.\n"
    )
    facts, _ = read_facts(text, spans(text, expiration_date=demise))
    assert facts["expiration_date"].value == "2031-04-30"


def test_a_term_expiring_on_an_ordinal_day_of_a_month():
    term = (
        "2.1 The Term is twenty-five (25) years, beginning on the 1st day of July, 2029 and expiring on the "
        "30th day of June, 2054."
    )
    text = f"LAND LEASE\n\nThis Lease is dated the 4th day of May, 2029.\n\n{term}\n"
    facts, _ = read_facts(text, spans(text, expiration_date=term))
    assert facts["expiration_date"].value == "2054-06-30"


def test_a_letting_clause_from_one_date_until_another_states_the_term():
    letting = (
        "1.1 The Owners let the Shop to the Occupiers from and including 15 May 2028 (the Entry Date) until and "
        "including 14 May 2033 (the End)."
    )
    text = f"SHOP LEASE\n\nbetween Alder Estates Limited and Birch Retail Limited\n\n{letting}\n"
    facts, _ = read_facts(text, spans(text, expiration_date=letting))
    assert facts["expiration_date"].value == "2033-05-14"


def test_terms_of_appointment_that_begin_on_the_date_of_these_terms_take_effect_on_it() -> None:
    text = (
        "TERMS OF APPOINTMENT - INVESTOR PANEL\n\nThese terms are made as of the 9th day of March, 2026 between "
        "Ferncastle Growth Fund II LP and Dr. Imogen Vale.\n\n1. Appointment\n\n1.1 The Fund appoints Dr. Vale to its "
        "investor panel.\n\n1.2 The appointment starts on the date of these terms and runs until either side ends "
        "it by notice.\n\n2. Fees\n\nNo fee is payable.\n"
    )
    dates = {d["kind"]: d["date"] for d in live.analyze(Document(text=text))["keyDates"]}
    assert dates["effective_date"] == "2026-03-09"


def test_a_period_extended_each_time_unless_a_party_declares_otherwise_renews_automatically() -> None:
    term = "This contract enters into force on 1 March 2026 and runs until 28 February 2027 (the Season Period)."
    renew = (
        "The Season Period is extended by a further year each time unless a party declares to the other in text "
        "form no later than sixty (60) days before its expiry that it does not want an extension."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2027-02-28", True, 60)


def test_a_renewal_term_that_begins_automatically_unless_notice_beforehand() -> None:
    term = "The term of this Agreement starts on May 1, 2026 and ends on April 30, 2031."
    renew = (
        "At the end of the term, and of each Renewal Term, a Renewal Term of two (2) years shall automatically begin, "
        "save where a party has given the other notice at least ninety (90) days beforehand that it shall not."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2031-04-30", True, 90)
    assert notice_deadline(t.expiry, t.notice_days) == date(2031, 1, 30)


def test_binding_from_the_execution_date_takes_effect_on_the_date_it_bears() -> None:
    text = (
        'This Supply Agreement is made as of May 4, 2026 (the "Execution Date") between Alder Ltd and Birch Inc.\n\n'
        "1.1 This Agreement is binding on the parties from the Execution Date.\n\n"
        "1.2 Deliveries run for five (5) years from the day the plant first produces.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="May 4, 2026"))
    assert facts["effective_date"].value == "2026-05-04"


def test_a_defined_period_that_starts_later_is_not_when_a_contract_effective_on_its_date_starts() -> None:
    text = (
        "This Capacity Agreement is made on March 2, 2026 between Alder Ltd and Birch Inc.\n\n(a) This Agreement is "
        'effective on the date first written above and remains in effect through March 31, 2036.\n\n(b) The "Capacity '
        'Period" begins on April 1, 2027.\n'
    )
    facts, _ = read_facts(text, spans(text, agreement_date="March 2, 2026", effective_date="April 1, 2027"))
    assert facts["effective_date"].value == "2026-03-02"
    later = text.replace("the date first written above", "April 1, 2027")  # its own start: the later date
    facts, _ = read_facts(later, spans(later, agreement_date="March 2, 2026", effective_date="April 1, 2027"))
    assert facts["effective_date"].value == "2027-04-01"


def test_a_rolling_period_after_a_fixed_first_period_until_a_party_gives_notice_renews_automatically() -> None:
    term = "This Licence begins on 1 May 2026 and runs until 30 April 2027 (the First Period)."
    rolling = (
        "Following the First Period, this Licence continues from month to month until either party ends it by "
        "giving the other not less than twenty-one (21) days' written notice."
    )
    text = f"{PREAMBLE} {term} {rolling}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=rolling))
    assert (t.auto_renewal, t.notice_days) == (True, 21)
    assert facts["expiration_date"].value == "2027-04-30"


def test_month_to_month_until_notice_with_no_fixed_first_period_is_no_renewal() -> None:
    evergreen = (
        "This Licence begins on 1 May 2026 and continues from month to month until either party ends it by giving "
        "the other not less than twenty-one (21) days' written notice."
    )
    text = f"{PREAMBLE} {evergreen}"
    _, t = read_facts(text, spans(text, renewal_term=evergreen))
    assert t.auto_renewal is not True


def test_an_amendment_that_says_a_further_extension_of_the_term_requires_an_amendment() -> None:
    recital = (
        "B. The Agreement is due to end on 30 September 2026 and renews automatically for successive one-year "
        "periods unless either party gives notice."
    )
    agreed = (
        "2. Clause 4.2 of the Agreement is deleted. Any extension of the Term beyond 30 September 2028 shall require "
        "a written amendment signed by both parties."
    )
    text = f"This Third Amendment is dated 2 March 2026. {recital} {agreed}"
    _, t = read_facts(text, spans(text, renewal_term=recital))
    assert t.auto_renewal is False and t.renewal_by_agreement is True


def test_a_term_continued_unless_a_party_tells_a_named_third_party_in_writing_renews_automatically() -> None:
    # a three-party contract: the notice goes to the party in the middle, named by its role, not to "the other"
    term = "The first term of this Agreement ends on 31 October 2029."
    renew = (
        "After that, and after every later period, this Agreement continues for another twelve (12) months unless "
        "the Owner or the User tells the Custodian in writing, no later than thirty (30) days before the period "
        "then running ends, that the Agreement must stop."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2029-10-31", True, 30)


def test_terms_that_name_themselves_take_effect_on_a_date_they_define() -> None:
    # click-through terms call themselves "these Terms"; their start is a defined date set in the opening sentence
    text = (
        'These Hosting Terms (the "Terms") apply between Quillbank Hosting Ltd and Marrowfield Studio LLC. '
        'The customer signed up online on 5 February 2029 (the "Signup Date"), and these Terms take effect on the '
        "Signup Date.\n\n1. The host shall keep the site online."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="5 February 2029"))
    assert facts["effective_date"].value == "2029-02-05"


def test_an_effective_date_field_that_names_a_partys_countersignature_takes_that_date() -> None:
    body = "3.1 The Distributor shall keep the tools in a dry store.\n" * 30
    text = (
        "DISTRIBUTION TERMS\n\nSupplier: Marten Hand Tools Inc.\nDistributor: Quayside Hardware LLC\n"
        "Effective Date: the date on which Supplier countersigns these terms, as shown under its signature.\n\n"
        f"1. Supplier appoints Distributor for the County of Kent.\n\n{body}\n"
        "QUAYSIDE HARDWARE LLC\nBy: Nadia Brooks\nDate: March 2, 2026\n\n"
        "MARTEN HAND TOOLS INC.\nBy: Owen Petrie\nDate: March 9, 2026\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2026-03-09"


def test_a_term_field_stated_as_two_dates_and_a_roll_into_unless_a_party_opts_out() -> None:
    head = (
        "HOSTING ORDER\n\nProvider: Larchfield Hosting Ltd\nClient: Penmore Books Ltd\n"
        "Order Date: June 10, 2026\nService Term: July 1, 2026 to June 30, 2027\nMonthly Fee: $4,000\n\n"
    )
    term = "5.1 These terms apply for the Service Term stated in the order."
    renew = (
        "5.2 When the Service Term ends it will roll into a further Service Term of the same length unless either "
        "party opts out by written notice at least forty-five (45) days before the current Service Term ends."
    )
    text = f"{head}{term} {renew}"
    facts, t = read_facts(text, spans(text, renewal_term=renew))
    assert facts["expiration_date"].value == "2027-06-30"
    assert t.auto_renewal is True and t.notice_days == 45
    assert notice_deadline(t.expiry, t.notice_days) == date(2027, 5, 16)


def test_a_commencement_date_defined_in_a_list_run_on_with_semicolons_starts_the_contract() -> None:
    text = (
        "GROUNDS MAINTENANCE AGREEMENT\n\nTHIS AGREEMENT is made on 4 February 2027\n\nBETWEEN:\n\n"
        "(1) ASHCOMBE ESTATES LIMITED (the Owner); and\n\n(2) VERDANT CARE LIMITED (the Contractor).\n\n"
        "1. DEFINITIONS\nIn this Agreement: Grounds means the lawns and beds shown hatched on the annexed plan; "
        "Commencement Date means 1 April 2027; Contract Period means the period from the Commencement Date to and "
        "including 31 March 2029.\n\n2. The Contractor shall mow the lawns weekly.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-02-04"
    assert facts["effective_date"].value == "2027-04-01"
    # the start field of the agreement an exhibit joins is that agreement's, not the exhibit's
    exhibit = (
        "EXHIBIT C This Exhibit C is entered into as of the 9th day of June 2027 by and between Alder Ltd and Birch "
        'Inc. It forms part of the Master Services Agreement (the "Agreement") between the parties (Effective Date: '
        "January 12, 2027). Birch Inc. shall pay the fees monthly."
    )
    facts, _ = read_facts(exhibit, {})
    assert facts["effective_date"].value is None


def test_an_end_date_restated_by_a_clause_replaced_with_new_words_is_the_end() -> None:
    text = (
        "DEED OF VARIATION\n\nDate: 3 August 2027\n\nParties\n\nHarbourside Desks Pty Ltd (Operator)\n\n"
        "Kestrel Design Pty Ltd (Occupant)\n\nBackground\n\n"
        "A. The parties are parties to a Licence dated 1 May 2025 (Licence). The Licence Period ends on "
        "30 April 2028.\n\nOperative provisions\n\n"
        '1. With effect from 1 September 2027, clause 2.1 of the Licence is replaced with: "The Licence Period '
        'ends on 30 April 2030."\n\n2. The Occupant must pay the new fee monthly.\n'
    )
    expiry_sentence = "The Licence Period ends on 30 April 2028."
    facts, _ = read_facts(text, spans(text, expiration_date=expiry_sentence))
    assert facts["expiration_date"].value == "2030-04-30"


def test_a_restated_agreement_is_dated_by_its_restatement_on_the_cover_line() -> None:
    text = (
        "AMENDED AND RESTATED HAULAGE AGREEMENT\n\n"
        "originally dated 3 September 2019 and amended and restated on 14 March 2028\n\n"
        'BETWEEN\n\n(1) Fenwick Road Freight Limited (the "Haulier"); and\n(2) Carrbridge Mills Limited (the '
        '"Customer").\n\n1. With effect from 1 April 2028 this Agreement replaces the agreement of 2019.\n'
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2028-03-14"


def test_a_notice_exercising_an_option_runs_the_term_to_the_further_term_end() -> None:
    text = (
        "Lantern Bay Fisheries Ltd\n3 Wharf Road, Hobart TAS 7000\n\n9 March 2029\n\n"
        "Harbourside Cold Stores Pty Ltd\n1 Quay Lane, Hobart TAS 7000\n\nDear Sirs\n\n"
        "1. The lease of cold room 6 between Harbourside Cold Stores Pty Ltd (Lessor) and Lantern Bay Fisheries Ltd "
        "(Lessee) has an initial term that ends on 31 May 2029 and gives the Lessee one option to renew.\n\n"
        "2. The Lessee hereby exercises its renewal option. The renewal term commences on 1 June 2029 and ends on "
        "31 May 2032.\n\n3. The rent for the renewal term is $4,000 a month.\n\nYours faithfully\n\nLantern Bay "
        "Fisheries Ltd\n"
    )
    initial = "has an initial term that ends on 31 May 2029"
    facts, _ = read_facts(text, spans(text, expiration_date=initial))
    assert facts["expiration_date"].value == "2032-05-31"


def test_a_quarter_named_by_its_first_day_is_not_the_start() -> None:
    body = "2. The Grower shall deliver the crop to the Packer's shed.\n" * 30
    text = (
        "Orchard Lane Growers LLC\n5 Mill Road, Yakima, Washington 98901\n\nMarch 3, 2028\n\n"
        "Cascade Packers, Inc.\n9 Depot Street, Wenatchee, Washington 98801\n\nDear Ms. Lund:\n\n"
        f"{body}\n3. The minimum delivery remains 400 bins from the quarter beginning April 1, 2028.\n"
    )
    facts, _ = read_facts(text, spans(text, effective_date="the quarter beginning April 1, 2028"))
    assert facts["effective_date"].value != "2028-04-01"


# holdout 86's forms: a term that "carries forward" or "endures ... from year to year" unless notice is given, a
# services start that the same sentence makes the contract's start, a defined start date given in apposition
def test_a_term_that_carries_forward_for_further_periods_unless_told_renews_automatically() -> None:
    term = "The Initial Term ends on 31 October 2030."
    renew = (
        "On the expiry of the Initial Term this Agreement shall carry forward for a further period of six (6) months, "
        "and so on, unless either party has told the other in writing not less than forty-five (45) days before "
        "the expiry that it does not want it to carry forward."
    )
    text = f"{PREAMBLE} {term} {renew}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=renew))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2030-10-31", True, 45)


def test_a_contract_that_endures_from_year_to_year_unless_notice_is_given_renews_automatically() -> None:
    term = (
        "This Agreement shall endure until 31 March 2031 and thereafter from year to year, unless and until either "
        "party gives the other not less than three months' written notice before 31 March in any year."
    )
    text = f"{PREAMBLE} {term}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=term))
    assert (facts["expiration_date"].value, t.auto_renewal) == ("2031-03-31", True)
    # a contract that endures to a date and no further is no renewal
    fixed = "This Agreement shall endure until 31 March 2031, unless it is ended earlier by notice for breach."
    text = f"{PREAMBLE} {fixed}"
    _, t = read_facts(text, spans(text, expiration_date=fixed, renewal_term=fixed))
    assert not t.auto_renewal


def test_a_services_start_the_same_sentence_makes_the_contracts_start_is_its_effective_date() -> None:
    start = (
        '3.1 The Services commence on 5 January 2029 (the "Go-Live Date"), and this Agreement comes into force on '
        "that date."
    )
    text = (
        "HOSTING AGREEMENT\n\nDated: ______________ 2028\n\nbetween Ketterby Data Ltd and Holm Wharf Ltd\n\n"
        f"1. Ketterby Data Ltd shall host the Customer's systems.\n\n{start}\n"
    )
    facts, _ = read_facts(text, spans(text, effective_date=start))
    assert facts["effective_date"].value == "2029-01-05"
    # the services alone starting on a date leave the contract's own start unsaid
    alone = '3.1 The Services commence on 5 January 2029 (the "Go-Live Date").'
    text = text.replace(start, alone + " 3.2 This Agreement takes effect on the date of this Agreement.")
    facts, _ = read_facts(text, spans(text, effective_date=alone))
    assert facts.get("effective_date") is None or facts["effective_date"].value != "2029-01-05"


def test_a_defined_start_date_given_in_apposition_is_the_effective_date() -> None:
    text = (
        'This Payroll Services Agreement (the "Agreement") is made as of 2 February 2029 between Ketterby Data Ltd '
        "and Holm Wharf Ltd.\n\n"
        "2. The term of this Agreement begins on the Transfer Date, which the parties have set as 1 May 2029, and "
        "ends on 30 April 2032.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2029-05-01"


def test_a_period_counted_from_a_defined_date_stated_elsewhere_ends_on_its_anniversary() -> None:
    opening = "This Hosting Agreement is made on May 3, 2026 between Alder Ltd and Birch Inc."
    start = 'Hosting under this agreement begins on June 20, 2026 (the "Go-Live Date").'
    term = "This agreement remains in effect for two (2) years from the Go-Live Date."
    text = f"{opening}\n\n1.1 {start}\n\n1.2 {term}\n"
    facts, _ = read_facts(text, spans(text, agreement_date=opening, effective_date=start, expiration_date=term))
    assert facts["expiration_date"].value == "2028-06-20"


def test_a_deed_that_starts_on_the_date_of_this_deed_takes_effect_on_its_date() -> None:
    text = (
        "PANEL DEED\n\nDate of this Deed: 4 October 2027\n\nParties\n\nGullwing Ports Pty Ltd (Principal)\n\n"
        "Marram Survey Pty Ltd (Consultant)\n\n1. Duration\n\n1.1 This Deed starts on the date of this Deed and "
        "continues until either party ends it under clause 6.\n\n2. The Consultant must carry out each survey ordered.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-10-04"
    assert facts["effective_date"].value == "2027-10-04"


def test_a_deadline_in_a_sentence_that_speaks_of_the_term_is_not_its_length() -> None:
    duty = (
        "The Vendor shall keep its ISO 14001 certificate valid throughout the term, and shall tell the Buyer within "
        "three (3) business days if it lapses."
    )
    term = "The term of this Agreement starts on March 1, 2028 and ends on February 28, 2031."
    text = f"{PREAMBLE} {duty} {term}"
    facts, _ = read_facts(text, spans(text, expiration_date=[duty, term]))
    assert facts["expiration_date"].value == "2031-02-28"


def test_a_modification_field_that_names_the_document_gives_its_effective_date() -> None:
    text = (
        "CHANGE ORDER No. 7\nto Services Contract No. HX-2026-04\n\nChange order date: March 9, 2028\n"
        "Effective date of this Change Order: April 1, 2028\n\nParties:\nKelpie Avionics LLC (the Buyer)\n"
        "Saltbush Test Labs Inc. (the Seller)\n\nThe parties change the Contract as follows.\n"
    )
    scored = spans(text, agreement_date="March 9, 2028", effective_date=["March 9, 2028", "April 1, 2028"])
    facts, _ = read_facts(text, scored)
    assert facts["agreement_date"].value == "2028-03-09"
    assert facts["effective_date"].value == "2028-04-01"


def test_an_end_date_struck_out_and_another_substituted_is_the_new_end() -> None:
    text = (
        "AMENDMENT No. 2 to Contract No. RT-88 between Alder Ltd and Birch Inc.\n\n"
        '1. Clause 4 of the Contract is amended by deleting "The term of the Contract ends on June 30, 2028" and '
        'substituting "The term of the Contract ends on December 31, 2029".\n\n'
        "2. All other terms of the Contract stay in force.\n"
    )
    quoted = "1. Clause 4 of the Contract is amended by deleting"
    facts, _ = read_facts(text, spans(text, expiration_date=quoted))
    assert facts["expiration_date"].value == "2029-12-31"


def test_a_contract_that_then_carries_on_from_year_to_year_until_notice_renews_automatically() -> None:
    term = "The term of this Agreement starts on July 1, 2027 and ends on June 30, 2029."
    rolling = (
        "This Agreement then carries on from year to year, with no further step by either party, until one party, "
        "at least sixty (60) days before the end of the term or of any later year, gives the other written notice "
        "that it is to end."
    )
    text = f"{PREAMBLE} {term} {rolling}"
    facts, t = read_facts(text, spans(text, expiration_date=term, renewal_term=rolling))
    assert (facts["expiration_date"].value, t.auto_renewal, t.notice_days) == ("2029-06-30", True, 60)
    assert notice_deadline(t.expiry, t.notice_days) == date(2029, 5, 1)


def test_a_contract_that_starts_when_both_parties_sign_it_takes_effect_on_signing() -> None:
    # the present tense of the same wording: "starts when both parties sign it"
    text = (
        "LOGO DESIGN AGREEMENT\n\nThis agreement is dated March 9th 2027 and is between Larkspur Studio LLC and "
        "Beacon Bikes Inc.\n\n1. Term\n\nThis agreement starts when both parties sign it and ends when the logo is "
        "delivered.\n\n2. Larkspur Studio LLC will design a logo for Beacon Bikes Inc."
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2027-03-09"


def test_a_scots_contract_subscribed_by_its_last_party_takes_effect_on_that_signature() -> None:
    text = (
        "CARE SERVICES AGREEMENT\n\nbetween\n\nLOCHVIEW CARE LIMITED, a company incorporated under the Companies Acts "
        "(registered number SC301122) (the Provider); and\n\nDUNMORE COUNCIL, a local authority (the Council).\n\n"
        "1. The Provider shall staff the day centre on Saturdays.\n\n"
        "2. This Agreement takes effect on the date on which it has been subscribed by the last of the parties to "
        "subscribe it.\n\n3. This Agreement is governed by the law of Scotland.\n\n"
        "IN WITNESS WHEREOF these presents are subscribed as follows:\n\n"
        "For LOCHVIEW CARE LIMITED, at Perth on 4 March 2027, by Iain Boyd, Director, before this witness: Ruth Kerr\n\n"
        "For DUNMORE COUNCIL, at Dunmore on 9 March 2027, by Elspeth Gray, Chief Executive, before this witness: "
        "Tom Hay\n"
    )
    dates = {d["kind"]: d["date"] for d in live.analyze(Document(text=text))["keyDates"]}
    assert dates["agreement_date"] == "2027-03-09"
    assert dates["effective_date"] == "2027-03-09"


def test_a_schedule_item_giving_a_minimum_hire_period_from_one_date_to_another_dates_the_term() -> None:
    text = (
        "PLANT HIRE AGREEMENT\n\nSCHEDULE\n\nItem 1  Date of this agreement: 2 June 2026\n\n"
        "Item 2  Owner: Wattle Cranes Pty Ltd ACN 111 222 333\n\nItem 3  Hirer: Saltbush Builders Pty Ltd ACN 444 555 666\n\n"
        "Item 4  Minimum Hire Period: 1 July 2026 to 30 June 2027 (both dates inclusive)\n\n"
        "PARTIES\n\nThe Owner named in Item 2 (Owner) and the Hirer named in Item 3 (Hirer).\n\n"
        "1. The Owner hires the crane to the Hirer for the Minimum Hire Period.\n\n"
        "2. At the end of the Minimum Hire Period the hire is extended automatically for successive periods of one "
        "month unless either party gives the other at least 14 days' written notice before the end of the Minimum Hire "
        "Period, or of the month then running, that the hire is not to be extended.\n\n"
        "3. The Hirer must pay the hire charges monthly in advance.\n\n4. This agreement is governed by the law of "
        "Western Australia.\n"
    )
    dates = {d["kind"]: d["date"] for d in live.analyze(Document(text=text))["keyDates"]}
    assert dates["agreement_date"] == "2026-06-02"
    assert dates["effective_date"] == "2026-07-01"
    assert dates["expiration_date"] == "2027-06-30"
    assert dates["notice_deadline"] == "2027-06-16"


def test_the_end_of_employment_a_release_settles_is_no_expiry() -> None:
    opening = 'This Release Agreement (this "Agreement") is between Tamsin Ward and Quillon Robotics, Inc.'
    ends = (
        '1. Ms. Ward\'s employment with Quillon Robotics, Inc. ends on June 30, 2026 (the "Resignation Date"), and '
        "the company will pay her salary through the Resignation Date whether or not she signs this Agreement."
    )
    pays = (
        "2. Provided she signs this Agreement: (a) the company shall pay her $20,000 in a lump sum; and (b) the "
        "company shall reimburse her health insurance premiums through December 31, 2026."
    )
    text = f"{opening}\n\n{ends}\n\n{pays}\n"
    facts, _ = read_facts(text, spans(text, expiration_date=[ends, pays]))
    assert "expiration_date" not in facts or facts["expiration_date"].value is None


def test_the_effective_date_noted_under_the_signatures_is_no_signature() -> None:
    body = "2.1 The Employee shall return all company equipment.\n" * 30
    text = (
        "SEPARATION AGREEMENT\n\nThis Agreement is between Quillon Robotics, Inc. and Tamsin Ward.\n\n"
        f"{body}\n"
        "QUILLON ROBOTICS, INC.\nBy: Aaron Pike\nDate: June 2, 2026\n\n"
        "TAMSIN WARD\nDate: June 9, 2026\n\n"
        "For HR: no revocation was received. Effective Date confirmed as June 17, 2026.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2026-06-09"


def test_a_licence_granted_with_effect_from_signature_takes_effect_on_the_signing_date() -> None:
    text = (
        "SOFTWARE LICENCE AGREEMENT\n\nbetween\n\nHARBOUR CODE (PTY) LTD (the Licensor)\n\nand\n\n"
        "FYNBOS WINES (PTY) LTD (the Licensee)\n\nSigned at Stellenbosch on 14 June 2027.\n\n"
        "1. With effect from the date of signature, the Licensor grants to the Licensee a non-exclusive licence to use "
        "the Cellar software.\n\n2. The Licensee shall pay the fee within 30 days."
    )
    facts, _ = read_facts(text, {})
    assert facts["effective_date"].value == "2027-06-14"


def test_a_contract_concluded_when_all_parties_have_signed_takes_effect_on_the_last_signature() -> None:
    text = (
        "DISTRIBUTION AGREEMENT\n\nThis agreement is concluded on the date on which it has been signed by both "
        "parties, among:\n\nRIVERBEND TOOLS, INC., a Delaware corporation, hereinafter the Supplier; and\n\n"
        "FERRETERÍA LOS ANDES S.A.S., a Colombian company, hereinafter the Distributor.\n\n"
        "1. The Supplier appoints the Distributor to resell its tools in Peru.\n\n"
        "2. This agreement is governed by the laws of the State of Delaware.\n\n"
        "RIVERBEND TOOLS, INC.\nBy: Ann Hale, President\nDate: 2 June 2027\n\n"
        "FERRETERÍA LOS ANDES S.A.S.\nBy: Luis Ortega, Legal Representative\nDate: 8 June 2027\n"
    )
    dates = {d["kind"]: d["date"] for d in live.analyze(Document(text=text))["keyDates"]}
    assert dates["agreement_date"] == "2027-06-08"
    assert dates["effective_date"] == "2027-06-08"


def test_a_placement_that_starts_and_ends_on_stated_days_gives_the_expiry():
    text = (
        "NANNY AGREEMENT\n\nThis agreement is made on 3 May 2027 between Ada Fenn and Rosa Lind.\n\n"
        "1. Your placement begins on 1 June 2027 and ends on 31 May 2028."
    )
    term = "Your placement begins on 1 June 2027 and ends on 31 May 2028."
    facts, _ = read_facts(text, spans(text, agreement_date="3 May 2027", expiration_date=term))
    assert facts["expiration_date"].value == "2028-05-31"


def test_the_first_term_running_between_two_dates_ends_on_the_second_whatever_the_model():
    text = (
        "STABLE LIVERY AGREEMENT\n\nThis agreement is made on March 2, 2027 between Wren Stables Ltd and Tom Hale.\n\n"
        "1. Term\n\nThe first term runs from April 1, 2027 to March 31, 2028. After that it renews for another year "
        "each time unless either of us gives 30 days' notice.\n\n2. Fees\n\nThe fee is $300 a month."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="March 2, 2027"))
    assert facts["expiration_date"].value == "2028-03-31"


def test_a_blank_date_field_at_the_head_leaves_the_agreement_undated():
    text = (
        "GARDEN WORKS CONTRACT\n\nDate: ____________________\n\nBETWEEN Moss & Sons Landscaping Ltd and Pia Carr.\n\n"
        "1. Works\n\nThe works follow the plan prepared by Fern Design dated June 4, 2027."
    )
    facts, _ = read_facts(text, spans(text, agreement_date="June 4, 2027"))
    assert facts["agreement_date"].value is None


def test_individuals_each_subscribing_by_their_own_name_the_last_of_them_dates_the_agreement() -> None:
    # individuals subscribe one after another in a single testing clause: "... as follows: by A at X on D1; and by B ..."
    text = (
        "JOINT VENTURE AGREEMENT\n\namong\n\nCALUM ROBERT BAIN, residing at 4 Links Road, Montrose; MORVEN "
        "ISLA GRANT, residing at 12 Harbour Street, Arbroath; and DONALD PETER MCLEISH, residing at 2 Union Street, "
        "Aberdeen.\n\n1. The parties shall farm the land at Kinnaber "
        "together.\n\n2. This Agreement is governed by the law of Scotland.\n\n"
        "IN WITNESS WHEREOF these presents are subscribed as follows: by Calum Robert Bain at Montrose on 6 June 2028; "
        "by Morven Isla Grant at Arbroath on 6 June 2028; and by Donald Peter McLeish at Aberdeen on 20 June 2028, "
        "each before the witness named.\n"
    )
    facts, _ = read_facts(text, spans(text, agreement_date="6 June 2028"))
    assert facts["agreement_date"].value == "2028-06-20"


def test_signature_lines_that_name_who_signed_and_when_date_an_undated_contract() -> None:
    # English text first, its translation after the signatures: the lines stand mid-document
    english = (
        "SUPPORT AGREEMENT\n\nThis Support Agreement is between Corvane Systems Ltd (Supplier) and Ferrolux S.A. "
        "(Customer).\n\n1. Support. The Supplier shall answer support tickets within one business day.\n\n"
        "2. Fees. The Customer shall pay the annual fee within thirty days of invoice.\n\n"
        "Corvane Systems Ltd - signed by Hana Brill, Director, on 4 May 2027\n"
        "Ferrolux S.A. - firmado por Tomás Ibarra, Gerente General, on 12 May 2027\n\n"
    )
    spanish = (
        "TRADUCCIÓN\n\n1. Soporte. El Proveedor responderá los tickets de soporte dentro de un día hábil.\n\n"
        "2. Honorarios. El Cliente pagará la tarifa anual dentro de los treinta días de la factura.\n\n"
    ) * 3
    facts, _ = read_facts(english + spanish, {})
    assert facts["agreement_date"].value == "2027-05-12"


def test_a_mandate_named_so_in_its_title_ends_on_its_stated_date() -> None:
    text = (
        "VALUATION MANDATE\n\nMade on 2 February 2027 between Oriel Estates SA (the Client) and Paul Brenner "
        "(the Expert).\n\n1. Task. The Expert shall value the Client's three buildings in Lausanne.\n\n"
        "2. Duration. The mandate begins on 1 March 2027 and ends on 28 February 2028 without notice. The written "
        "valuation report due on 30 June 2027 is a milestone only.\n\n3. Fee. The Client shall pay CHF 4,000 a month.\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["expiration_date"].value == "2028-02-28"


def test_signed_by_both_parties_in_the_term_clause_is_no_signature_line() -> None:
    body = "The Recipient shall use the samples for research only. " * 40
    text = (
        f"SAMPLE LOAN AGREEMENT\n\nBetween Lindqvist Labs AB and Harbour Cell Ltd.\n\n1. Use. {body}\n\n"
        "2. Term. This Agreement comes into force once signed by both parties and ends on 31 March 2029.\n\n"
        "Signatures\n\nUppsala, 3 May 2027\nLindqvist Labs AB\n\nLeeds, 11 May 2027\nHarbour Cell Ltd\n"
    )
    facts, _ = read_facts(text, {})
    assert facts["agreement_date"].value == "2027-05-11"
    assert facts["effective_date"].value == "2027-05-11"
