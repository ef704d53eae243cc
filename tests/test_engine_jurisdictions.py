"""The jurisdiction a contract's law clause chooses, read from the clause or from the whole text."""

from __future__ import annotations

import pytest

from contractbox.engine.jurisdictions import jurisdiction_in, stated_governing_law


def test_a_law_clause_the_model_ranked_low_is_still_read_from_the_text() -> None:
    text = (
        "CLAUSE TWENTY-SIXTH NOTICES\n\n26.1 Notices shall be sent to the addresses above.\n\n"
        "CLAUSE TWENTY-SEVENTH LEGAL REGIME\n\n27.1 The relation established in the Contract hereof is of commercial "
        "nature and therefore is governed by the regulations of Colombian private law. 27.2 Disputes go to Bogota."
    )
    name, start, end = stated_governing_law(text) or ("", 0, 0)
    assert name == "Colombia" and text[start:end].startswith("Colombian")  # the quote is the words that name it


def test_adjective_law_and_arbitration_subject_to_a_law() -> None:
    assert (
        stated_governing_law(
            "11.10 Governing Law. This Agreement is governed by English law and the parties "
            "submit to the English courts."
        )
        or ("",)
    )[0] == "England"
    assert (
        stated_governing_law(
            "Any such arbitration shall (i) be subject to the application of the Italian Law, "
            "(ii) take place in Paris, France."
        )
        or ("",)
    )[0] == "Italy"


def test_no_choice_of_law_gives_nothing() -> None:
    text = (
        "Each party shall comply with applicable laws, rules and regulations, including the rules of the United "
        "States Securities and Exchange Commission. Supplier is organized under the laws of Delaware."
    )
    assert stated_governing_law(text) is None


def test_jurisdiction_in_prefers_the_state_over_the_united_states() -> None:
    clause = "This Agreement is governed by the laws of the United States of America and of the State of Texas."
    assert (jurisdiction_in(clause) or ("",))[0] == "Texas"


def test_read_facts_falls_back_on_the_stated_law_when_the_best_clauses_name_none() -> None:
    from contractbox.engine.facts import read_facts

    notices = "26.1 Notices shall be sent to the addresses above."
    law = "27.1 This Contract is governed by the regulations of Colombian private law."
    text = f"CLAUSE TWENTY-SIXTH NOTICES\n\n{notices}\n\nCLAUSE TWENTY-SEVENTH LEGAL REGIME\n\n{law}"
    start = text.index(notices)  # the model ranked the notices clause as the governing-law clause
    facts, _ = read_facts(text, {"governing_law": [(start, start + len(notices), 0.4)]})
    fact = facts["governing_law"]
    assert fact.value == "Colombia" and text[fact.start : fact.end] == "Colombian private law"


def test_read_facts_gives_no_law_where_no_sentence_chooses_one() -> None:
    from contractbox.engine.facts import read_facts

    text = "Each party shall comply with applicable laws. Supplier is organized under the laws of Delaware."
    comply = "Each party shall comply with applicable laws."
    facts, _ = read_facts(text, {"governing_law": [(0, len(comply), 0.3)]})
    assert "governing_law" not in facts  # "organized under the laws of Delaware" chooses no law


def test_a_country_named_by_its_style_is_that_country_also_one_no_list_holds() -> None:
    assert (jurisdiction_in("This Contract is governed by the laws of the Republic of Latvia.") or ("",))[0] == "Latvia"
    clause = "The laws of the Grand Duchy of Luxembourg govern this Contract."
    assert (jurisdiction_in(clause) or ("",))[0] == "Luxembourg"  # a listed name stays the listed name
    clause = "This Deed is governed by the laws of the Kingdom of Bahrain, and the courts of Manama decide disputes."
    assert (jurisdiction_in(clause) or ("",))[0] == "Bahrain"
    assert jurisdiction_in("This Contract is governed by the laws of the republic of the buyer.") is None


def test_a_terse_place_law_governs_clause_is_a_choice_of_law() -> None:
    text = "7. Miscellaneous. Nevada law governs this contract. Notices go to the addresses above."
    assert (stated_governing_law(text) or ("",))[0] == "Nevada"
    assert (stated_governing_law("Manitoba law applies to this lease.") or ("",))[0] == "Manitoba"


def _law_read(text: str, clause: str, confidence: float) -> str | None:
    """The governing-law fact when the clause model offers `clause` of `text` as its governing-law clause."""
    from contractbox.engine.facts import read_facts

    start = text.index(clause)
    facts, _ = read_facts(text, {"governing_law": [(start, start + len(clause), confidence)]})
    fact = facts.get("governing_law")
    return fact.value if fact else None


def test_a_place_in_a_clause_that_chooses_no_law_is_no_governing_law() -> None:
    address = "Ferronnerie Dubois SA, Rue du Lac 4, 1260 Nyon, Switzerland, acting through its director"
    territory = "The Reseller may offer the Licensed Tools to end users in Canada: hand tools and bench vices."
    formed = "Hanbit Tools Co., Ltd., a company organized and existing under the laws of the Republic of Korea"
    for clause in (address, territory, formed):
        text = f"PURCHASE TERMS\n\n{clause}.\n\n2. Prices are in euro and include packing."
        assert _law_read(text, clause, 0.1) is None, clause


def test_a_party_formed_under_one_law_and_a_contract_governed_by_another() -> None:
    clause = (
        "Hanbit Tools Co., Ltd., a company incorporated under the laws of the Republic of Korea, sells to Lakeshore "
        "Hardware Inc. This Agreement is governed by the laws of the Province of Ontario"
    )
    assert _law_read(f"{clause}.\n\nNotices go to the addresses above.", clause, 0.2) == "Ontario"


def test_a_forum_alone_is_the_law_only_in_the_governing_law_section_or_a_sure_clause() -> None:
    forum = "Any claim under this Agreement shall be brought before the courts of Lisbon, Portugal"
    plain = f"9. Notices go to the addresses above.\n\n{forum}.\n\n10. Prices include packing."
    assert _law_read(plain, forum, 0.1) is None
    assert _law_read(plain, forum, 0.8) == "Portugal"
    headed = f"9. Notices go to the addresses above.\n\n10. GOVERNING LAW\n\n{forum}.\n\n11. Prices include packing."
    assert _law_read(headed, forum, 0.1) == "Portugal"


def test_a_choice_of_law_broken_by_a_blank_line_is_still_one() -> None:
    text = (
        "12. This Lease shall be interpreted under, and governed by, the\n\nlaws of the State of Oregon.\n\n13. Keys."
    )
    assert _law_read(text, "laws of the State of Oregon.", 0.1) == "Oregon"


def test_translated_wordings_that_choose_a_law_are_read_anywhere_in_the_text() -> None:
    wordings = {
        "Article 14. This contract is subject to Finnish law, without its rules on conflicts.": "Finland",
        "14.1 The present Agreement shall be submitted to the legislation of the Republic of Peru.": "Peru",
        "Clause 9. This Contract is regulated by the laws of Argentina.": "Argentina",
        "9. The Agreement shall be interpreted according to Norwegian law.": "Norway",
        "The laws of Greece are applicable to this Agreement and to any dispute under it.": "Greece",
        "The law applicable to this Contract is the law of Hungary.": "Hungary",
    }
    for sentence, country in wordings.items():
        text = f"8. Notices go to the addresses above.\n\n{sentence}\n\n10. Signatures follow."
        assert (stated_governing_law(text) or ("",))[0] == country, sentence


def test_a_party_formed_under_a_law_is_not_read_as_the_stated_law() -> None:
    text = "The Buyer, a company incorporated under the laws of Malta, is subject to the laws of Malta on excise."
    assert stated_governing_law(text) is None


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("12.4 This contract is subject to Slovenian law.", "Slovenia"),
        ("The Agreement shall be governed by the laws of Estonia.", "Estonia"),
        ("This Deed is governed by Thai law and the courts of Bangkok have jurisdiction.", "Thailand"),
        ("The laws of the Kingdom of Bahrain govern this Agreement.", "Bahrain"),
        ("This Lease shall be construed in accordance with the laws of Jersey.", "Jersey"),
        ("This Agreement is governed by the laws of the State of New Jersey.", "New Jersey"),
        (
            "These terms are governed by the law of the Dubai International Financial Centre.",
            "Dubai International Financial Centre",
        ),
        ("This Agreement is governed by Vietnamese law.", "Vietnam"),
    ],
)
def test_countries_and_their_adjectives_beyond_the_usual_few(clause: str, expected: str) -> None:
    assert (stated_governing_law(clause) or ("",))[0] == expected


def test_the_province_spelt_with_its_accent_is_read_as_written() -> None:
    text = "9. Applicable law. This contract is governed by the laws in force in the Province of Québec."
    name, start, end = stated_governing_law(text) or ("", 0, 0)
    assert name == "Québec" and text[start:end] == "Québec"


@pytest.mark.parametrize(
    "layout",
    [
        "Q. What law governs this contract?\nA. The laws of the State of Oregon. Claims go to the courts in Salem.",
        "Question: Which law applies to these terms? Answer: Oregon law.",
    ],
)
def test_an_answer_to_a_question_about_the_law_names_the_chosen_law(layout: str) -> None:
    text = "Q. Who supplies the chairs?\nA. Cedar Rentals LLC, of Portland, Maine.\n\n" + layout
    name, start, end = stated_governing_law(text) or ("", 0, 0)
    assert name == "Oregon" and text[start:end] == "Oregon"
