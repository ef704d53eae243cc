"""Obligations on hand-written clauses: attributed to the named party, whole sentences, same-sentence due dates."""

from __future__ import annotations

from pathlib import Path

from contractbox.engine.obligations import (
    _ANY_KIND,
    _MODAL,
    _MUTUAL_TERM,
    EACH_PARTY,
    find_obligations,
    kind_match,
    modal_matches,
    mutual_terms,
    whole_action,
)
from contractbox.engine.parties import Party

ARRAY = Party("Array BioPharma Inc.", "licensor", 0, 20, ("Array", "Licensor"))
ONO = Party("Ono Pharmaceutical Co., Ltd.", "licensee", 30, 58, ("Ono", "Licensee"))


def obligations(text: str, parties: list[Party]):
    return find_obligations(text, [(0, len(text))], parties)


def test_defined_term_resolves_to_the_legal_name() -> None:
    text = (
        "Within ten (10) Business Days after the Effective Date, Ono shall pay to Array a license fee of "
        "Three Billion Five Hundred Million Japanese Yen. The Licensee shall deliver quarterly reports to Array."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.kind) for o in found] == [
        ("Ono Pharmaceutical Co., Ltd.", "payment"),
        ("Ono Pharmaceutical Co., Ltd.", "delivery"),
    ]
    assert found[0].due_text == "Within ten (10) Business Days"


def test_the_capacity_a_party_acts_in_names_it_as_a_subject() -> None:
    text = (
        'This Deed is made between Miriam A. Osei, as Trustee of the Osei Education Trust (the "Trust"), and Kestrel '
        'Tutoring Ltd ("Provider"). The Trustee shall pay each invoice within fourteen (14) days. The Provider shall '
        "keep attendance records."
    )
    trust = Party("Miriam A. Osei", "trust", 27, 41, ("Trust",))
    provider = Party("Kestrel Tutoring Ltd", "provider", 90, 110, ("Provider",))
    assert [(o.party, o.kind) for o in obligations(text, [trust, provider])] == [
        ("Miriam A. Osei", "payment"),
        ("Kestrel Tutoring Ltd", "reporting"),
    ]


def test_role_word_resolves_to_its_party() -> None:
    supplier = Party("Brightfield Components, Inc.", "supplier", 0, 10, ("Supplier",))
    buyer = Party("Atlas Home Appliances Corporation", "buyer", 20, 30, ("Buyer",))
    text = (
        "Buyer shall purchase not less than 10,000 units per year. Supplier shall maintain product liability insurance."
    )
    found = obligations(text, [supplier, buyer])
    assert [(o.party, o.kind) for o in found] == [
        ("Atlas Home Appliances Corporation", "purchase"),
        ("Brightfield Components, Inc.", "insurance"),
    ]


def test_mutual_duty_is_each_named_partys() -> None:
    text = "Each Party shall keep the Confidential Information of the other Party strictly confidential."
    found = obligations(text, [ARRAY, ONO])
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]
    assert {o.kind for o in found} == {"confidentiality"}


def test_partners_without_a_defined_term_share_a_mutual_duty() -> None:
    # German-law cooperation agreements call both parties "partners" without defining the word
    text = "Each partner shall keep the test results of the other partner secret for five years."
    found = obligations(text, [ARRAY, ONO])
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]
    assert {o.kind for o in found} == {"confidentiality"}


def test_a_party_called_the_partner_is_not_every_party() -> None:
    partner = Party("Quillon Retail GmbH", "partner", 0, 10, ("Partner",))
    found = obligations("The Partner shall display the signage in each store.", [ARRAY, partner])
    assert [o.party for o in found] == ["Quillon Retail GmbH"]


def test_mutual_duty_with_unknown_parties_stays_each_party() -> None:
    found = obligations("Each party shall comply with all applicable laws in performing this Agreement.", [])
    assert [o.party for o in found] == [EACH_PARTY]


def test_rights_are_not_obligations() -> None:
    text = (
        "Array shall have the sole right to prosecute the Patents. Ono shall be entitled to terminate this Agreement. "
        "Array will also continue to own all right, title and interest in the Tooling. Ono will retain the right to "
        "develop the Products."
    )
    assert obligations(text, [ARRAY, ONO]) == []


def test_action_is_the_whole_sentence_never_cut_mid_word() -> None:
    long_tail = " ".join(["and shall use commercially reasonable efforts to obtain approvals in each case"] * 12)
    text = f"Ono shall file the Regulatory Filings {long_tail}."
    (found,) = obligations(text, [ARRAY, ONO])
    assert found.action.startswith("shall file the Regulatory Filings")
    body = found.action.removesuffix(" …")
    assert text.find(body) >= 0  # a prefix of the sentence ...
    assert text[text.find(body) + len(body)] == " "  # ... that ends between two words
    short = whole_action("Ono shall pay the fees in each case.", 4, 36)
    assert short == "shall pay the fees in each case"


def test_due_date_only_from_the_same_sentence() -> None:
    text = (
        "The Initial Term ends on December 31, 2026. Ono shall pay the annual fee to Array. "
        "Array shall deliver the Product by March 1, 2025."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.due_date) for o in found] == [
        ("Ono Pharmaceutical Co., Ltd.", None),
        ("Array BioPharma Inc.", "2025-03-01"),
    ]
    first = found[0]
    assert text[first.start : first.end] == "Ono shall pay the annual fee to Array."


def test_abbreviations_do_not_split_a_sentence() -> None:
    text = "Array shall deliver the Product to Ono Pharmaceutical Co. Ltd. at its Osaka facility within 30 days."
    (found,) = obligations(text, [ARRAY, ONO])
    assert found.due_text == "within 30 days"
    assert found.action.endswith("at its Osaka facility within 30 days")


def test_shared_role_names_neither_party() -> None:
    first = Party("Alpha Ltd", "member", 0, 5, ())
    second = Party("Beta Ltd", "member", 10, 15, ())
    assert obligations("The Member shall contribute capital to the venture.", [first, second]) == []


def test_candidates_split_after_an_abbreviation_are_one_sentence() -> None:
    licensee = Party("ORCHID DIGITAL MEDIA PRIVATE LIMITED", "licensee", 0, 5, ("Licensee",))
    text = "The Licensee shall pay to the Licensor a monthly licence fee of Rs. 2,40,000 on or before the 5th day."
    split_at = text.index("2,40,000")
    (found,) = find_obligations(text, [(0, split_at - 1), (split_at, len(text))], [licensee])
    assert found.action == "shall pay to the Licensor a monthly licence fee of Rs. 2,40,000 on or before the 5th day"


def test_defined_term_in_parentheses_between_subject_and_shall() -> None:
    text = 'Each party (the "Receiving Party") shall hold in confidence all information disclosed by the other party.'
    found = obligations(text, [ARRAY, ONO])
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]
    assert found[0].action.startswith("shall hold in confidence")


def test_role_that_either_party_can_hold_is_mutual() -> None:
    text = (
        'Each Party (as "Discloser") may disclose information to the other Party (as "Recipient"). '
        "Recipient shall use Confidential Information only for the Purpose."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]
    assert found[0].action == "shall use Confidential Information only for the Purpose"


def test_a_licence_grant_and_a_guarantee_are_the_grantors_duties() -> None:
    guarantor = Party("Konkan Holdings Limited", "guarantor", 0, 10, ("Guarantor",))
    text = (
        "Licensor hereby grants to Ono a non-exclusive licence under the Licensed Patents. The Guarantor "
        "unconditionally and irrevocably guarantees to Array the due payment by Ono of all amounts payable."
    )
    found = obligations(text, [ARRAY, ONO, guarantor])
    assert [(o.party, o.kind) for o in found] == [
        ("Array BioPharma Inc.", "license"),
        ("Konkan Holdings Limited", "payment"),
    ]


def test_a_role_either_party_can_hold_and_a_receiving_party_are_mutual() -> None:
    text = (
        'A Party disclosing information is the "Discloser" and a Party receiving it is the "Recipient". '
        "The Recipient shall return or destroy all Confidential Information on request. "
        "Each party receiving Confidential Information shall hold it in strict confidence."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."] * 2


def test_roles_defined_by_the_party_receiving_or_disclosing_are_mutual() -> None:
    text = (
        'The party providing Samples is the "Provider" and the party receiving them is the "Evaluator". '
        "On request the Evaluator shall send back or destroy every Sample."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]


def test_kind_reads_the_main_verb_and_a_restriction_is_not_a_delivery() -> None:
    text = (
        "Array shall provide the implementation services described in each Statement of Work. "
        "Ono shall not, in Japan, manufacture or sell any products that compete with the Products. "
        "Ono shall not disclose the Confidential Information to any third party."
    )
    assert [o.kind for o in obligations(text, [ARRAY, ONO])] == ["delivery", "other", "confidentiality"]


def test_a_present_assignment_binds_its_party_but_successors_and_assigns_do_not() -> None:
    consultant = Party("Mei Ling Tan", "consultant", 0, 12, ("Consultant",))
    company = Party("Harbourfront Analytics Limited", "company", 20, 50, ("Company",))
    text = (
        "The Consultant hereby assigns to the Company all copyright in the reports created in performing the "
        "Services. This Agreement binds the parties and their respective successors and assigns."
    )
    found = obligations(text, [consultant, company])
    assert [o.party for o in found] == ["Mei Ling Tan"]
    assert "assigns to the Company all copyright" in found[0].action


def test_a_second_predicate_of_the_same_subject_binds_it() -> None:
    developer = Party("Tamarack Code Works Inc.", "developer", 0, 24, ("Developer",))
    client = Party("Aspenridge Ventures, LLC", "client", 30, 54, ("Client",))
    text = (
        "Developer retains its pre-existing libraries listed in the SOW and grants Client a perpetual, "
        "non-exclusive, royalty-free license to use them as part of the Application."
    )
    found = obligations(text, [developer, client])
    assert [(o.party, o.kind) for o in found] == [("Tamarack Code Works Inc.", "license")]
    assert found[0].action.startswith("grants Client a perpetual")


def test_an_assignment_to_a_named_party_binds_the_assignor() -> None:
    designer = Party("Derek Alan Moss", "designer", 0, 15, ("Designer",))
    client = Party("Alder Interiors Limited", "client", 20, 44, ("Client",))
    text = (
        "4.1 The Designer assigns to the Client, with full title guarantee, all copyright in the drawings. "
        "This agreement binds the parties and their successors and assigns to the extent the law allows."
    )
    found = obligations(text, [designer, client])
    assert [o.party for o in found] == ["Derek Alan Moss"]
    assert found[0].action.startswith("assigns to the Client")


def test_we_and_you_are_the_parties_the_contract_says_they_mean() -> None:
    provider = Party("Brightquill Analytics, Inc.", "brightquill", 0, 10, ("Brightquill",))
    customer = Party("Marlow & Finch Accounting Group, LLC", "customer", 20, 40, ("Customer",))
    terms = (
        'In these Terms, "Brightquill", "we", "us" and "our" mean Brightquill Analytics, Inc., and "you" and "your" '
        "mean the Customer named on the Order Form.\n\n"
        "3.1 We will make the Service available to you. 4.1 You will pay the fees within thirty (30) days of the "
        "invoice date. 5.1 Each of us will hold the other's Confidential Information in confidence."
    )
    found = [(o.party, o.kind) for o in obligations(terms, [provider, customer])]
    assert ("Brightquill Analytics, Inc.", "other") in found or ("Brightquill Analytics, Inc.", "delivery") in found
    assert ("Marlow & Finch Accounting Group, LLC", "payment") in found
    assert ("Brightquill Analytics, Inc.", "confidentiality") in found
    assert ("Marlow & Finch Accounting Group, LLC", "confidentiality") in found

    company = Party("Kestrel Harbour Events Ltd", "company", 0, 10, ("Company",))
    producer = Party("Aoife Brennan", "producer", 20, 30, ("Producer",))
    letter = (
        'We are pleased to confirm the terms on which Kestrel Harbour Events Ltd ("the Company", "we" or "us") '
        'engages you, Aoife Brennan (referred to in this letter as "you" or "the Producer"), to produce the festival.'
        "\n\n4.1 We will pay you a fee of £42,000. 6.1 You will give us a written progress report each month."
    )
    found = [(o.party, o.kind) for o in obligations(letter, [company, producer])]
    assert ("Kestrel Harbour Events Ltd", "payment") in found and ("Aoife Brennan", "reporting") in found


def test_we_defined_beside_a_lower_case_quoted_term_far_from_the_name() -> None:
    """'("the Landlord", "we" or "us")' after a registration number and an address: the quoted term in lower-case
    "the" still names the party the pronouns stand for."""
    landlord = Party("Quayside Estates Limited", "landlord", 0, 24, ("Landlord",))
    tenant = Party("Penrose Bakery Ltd", "tenant", 200, 218, ("Tenant",))
    text = (
        "THIS LEASE is made between Quayside Estates Limited, a company registered in England and Wales with number "
        '04417723, whose registered office is at 12 Harbour Row, Bristol BS1 4RN ("the Landlord", "we" or "us"), and '
        'Penrose Bakery Ltd ("the Tenant").\n\n3.1 We will keep the roof and the structure in repair.'
    )
    found = [(o.party, o.action) for o in obligations(text, [landlord, tenant])]
    assert any(party == "Quayside Estates Limited" and "keep the roof" in action for party, action in found)


def test_we_without_a_definition_is_nobody() -> None:
    text = "We will pay the fees. You will deliver the goods."
    assert obligations(text, [ARRAY, ONO]) == []


def test_a_term_every_party_bears_and_a_role_given_in_the_body_resolve_to_the_parties() -> None:
    """'each a "Member"' names all four members (a duty of "Each Member" is each one's); "Kestrel is appointed as
    operator (the "Operator")" makes "The Operator" Kestrel, not the last party before the collective term."""
    text = (
        'JOINT DRILLING AGREEMENT among KESTREL RESOURCES LTD. ("Kestrel"), OSPREY MINING INC. ("Osprey"), HARRIER '
        'METALS CORP. ("Harrier") and MERLIN EXPLORATION LIMITED PARTNERSHIP ("Merlin") (each a "Member" and '
        'together the "Members").\n\nWHEREAS the Members hold adjoining mineral claims in northern Alberta and wish to '
        "drill them as one programme;\n\nNOW THEREFORE the Members agree as follows:\n\n"
        + "4.1 The drilling programme is set out in Schedule A and may be changed by unanimous decision.\n"
        * 12
        + "\n5.1 Kestrel is appointed as operator of the drilling programme (the "
        '"Operator").\n\n5.2 Each Member shall fund its share of each approved budget within ten days of a call.\n\n'
        "5.3 The Operator shall keep the drilling records at its office in Calgary."
    )
    from contractbox.engine.parties import find_parties

    parties = find_parties(text)
    assert [p.aliases for p in parties][-1] == ("Merlin",)
    found = obligations(text, parties)
    funding = [o.party for o in found if o.action.startswith("shall fund")]
    assert funding == [p.name for p in parties] and len(funding) == 4
    assert [o.party for o in found if "drilling records" in o.action] == ["KESTREL RESOURCES LTD."]


def test_a_list_of_duties_after_shall_gives_one_duty_an_item() -> None:
    landlord = Party("Harbourside Estates Pty Ltd", "landlord", 0, 10, ("Landlord",))
    tenant = Party("Kestrel Bakery Pty Ltd", "tenant", 20, 30, ("Tenant",))
    text = (
        "## Tenant's covenants\n\n"
        "The Tenant must:\n\n"
        "- pay the rent monthly in advance on the first day of each month;\n\n"
        "* keep the premises clean and tidy; and\n"
        "(c) insure the plate glass for its full replacement value.\n\n"
        "The Landlord may inspect the premises on reasonable notice.\n\n"
        "- this line is not a duty of the Tenant\n"
    )
    found = obligations(text, [landlord, tenant])
    assert [(o.party, o.kind, o.action) for o in found] == [
        ("Kestrel Bakery Pty Ltd", "payment", "pay the rent monthly in advance on the first day of each month"),
        ("Kestrel Bakery Pty Ltd", "other", "keep the premises clean and tidy"),
        ("Kestrel Bakery Pty Ltd", "insurance", "insure the plate glass for its full replacement value"),
    ]
    assert text[found[0].start : found[0].end].startswith("pay the rent")


def test_a_mutual_list_of_duties_is_each_partys_and_a_colon_inside_a_sentence_is_not_a_list() -> None:
    text = "Each Party shall:\n\n(a) keep the other's Confidential Information secret.\n\nArray shall pay the fee: in cash."
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.kind) for o in found] == [
        ("Array BioPharma Inc.", "confidentiality"),
        ("Ono Pharmaceutical Co., Ltd.", "confidentiality"),
        ("Array BioPharma Inc.", "payment"),
    ]


def test_a_duty_of_two_named_subjects_binds_both() -> None:
    sponsor = Party("Larkspur Therapeutics Inc.", "sponsor", 0, 10, ("Sponsor",))
    site = Party("Westmere Teaching Hospital", "site", 20, 30, ("Site",))
    investigator = Party("Dr Hana Okafor", "investigator", 40, 50, ("Investigator",))
    text = (
        "The Site and the Investigator shall keep the study records for fifteen (15) years. "
        "The Sponsor, the Site and the Investigator shall comply with the approved protocol. "
        "The Sponsor and its contractors shall monitor the study."
    )
    found = obligations(text, [sponsor, site, investigator])
    assert [o.party for o in found] == [
        "Westmere Teaching Hospital",
        "Dr Hana Okafor",
        "Larkspur Therapeutics Inc.",
        "Westmere Teaching Hospital",
        "Dr Hana Okafor",
    ]


def test_we_and_you_defined_beside_the_partys_own_term_far_from_its_name() -> None:
    """The name stands before a registration number and an address, so only the parenthesis says whom "we" means:
    it also gives the party's own defined term ("Quillon")."""
    platform = Party("Quillon Rides Pty Ltd", "quillon", 0, 10, ("Quillon",))
    driver = Party("Maeve Tranter", "driver", 20, 30, ("Driver",))
    text = (
        "These terms are between Quillon Rides Pty Ltd (ACN 600 123 456) of 14 Ferry Road, Geelong, Victoria 3220 "
        '("Quillon", "we" or "us") and you, Maeve Tranter (the "Driver" or "you").\n\n'
        "We will send you each trip request through the app. "
        "You must keep your vehicle registered and roadworthy. "
        "You give us a non-exclusive, royalty-free licence to show your profile photo to riders."
    )
    found = [(o.party, o.kind, o.action[:22]) for o in obligations(text, [platform, driver])]
    assert found == [
        ("Quillon Rides Pty Ltd", "other", "will send you each tri"),
        ("Maeve Tranter", "other", "must keep your vehicle"),
        ("Maeve Tranter", "license", "give us a non-exclusiv"),
    ]


def test_giving_something_other_than_a_licence_or_the_grant_of_a_licence_is_no_duty() -> None:
    platform = Party("Quillon Rides Pty Ltd", "quillon", 0, 10, ("Quillon", "we"))
    text = "Quillon gives drivers a bonus in December. The Licence Schedule gives the fees."
    assert obligations(text, [platform]) == []
    text = "As a condition of Quillon receiving the grant of a licence, Quillon agrees to keep records of each trip."
    assert [o.action for o in obligations(text, [platform])] == ["agrees to keep records of each trip"]


def test_a_lettered_schedule_ends_its_sentence_but_an_initial_does_not() -> None:
    text = (
        "Array shall keep the service levels set out in Schedule B. Array shall test the backup site at least once "
        "in each year. Ono shall pay J. Smith the fee of $500 on June 1, 2027."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.action) for o in found] == [
        ("Array BioPharma Inc.", "shall keep the service levels set out in Schedule B"),
        ("Array BioPharma Inc.", "shall test the backup site at least once in each year"),
        ("Ono Pharmaceutical Co., Ltd.", "shall pay J. Smith the fee of $500 on June 1, 2027"),
    ]
    assert found[2].due_date == "2027-06-01" and found[1].due_date is None


def test_a_pronoun_after_a_condition_on_a_party_is_that_party() -> None:
    employer = Party("Vantor Maschinenbau GmbH", "company", 0, 10, ("Company",))
    employee = Party("Lukas Brenner", "employee", 20, 30, ("Employee",))
    text = (
        "7.2 If the Employee leaves before the end of the course, he shall repay the Company the course fees. "
        "If the Company closes the Zurich office, it shall be relocated to Basel. "
        "Where the Company asks for it, the report shall be signed by the Employee."
    )
    found = obligations(text, [employer, employee])
    assert [(o.party, o.kind, o.action) for o in found] == [
        ("Lukas Brenner", "payment", "shall repay the Company the course fees"),
    ]


def test_a_pronoun_after_a_condition_on_a_role_with_an_indefinite_article_is_that_role() -> None:
    text = (
        'Each Party may share data (as "Sender") with the other Party (as "Holder"). '
        "If a Holder receives a subpoena for the data, it shall inform the Sender in writing without delay. "
        "If an Ono Device breaks, it shall notify Array at once."  # a thing named after a party binds no party
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.action) for o in found] == [
        ("Array BioPharma Inc.", "shall inform the Sender in writing without delay"),
        ("Ono Pharmaceutical Co., Ltd.", "shall inform the Sender in writing without delay"),
    ]


def test_kinds_of_secrets_returns_and_personal_information() -> None:
    employer = Party("Vantor Maschinenbau GmbH", "company", 0, 10, ("Company",))
    employee = Party("Lukas Brenner", "employee", 20, 30, ("Employee",))
    text = (
        "The Employee shall keep secret the Company's production methods. "
        "The Employee shall return all keys and laptops to the Company on leaving. "
        "The Company shall keep the Employee's personal information confidential. "
        "The Company shall inform the Employee of any change to the working hours. "
        "The Employee shall return all Confidential Information of the Company on leaving. "
        "The Employee shall assign to the Company each design, copyright and trade secret in her work."
    )
    assert [o.kind for o in obligations(text, [employer, employee])] == [
        "confidentiality",
        "delivery",
        "confidentiality",
        "notice",
        "confidentiality",
        "other",
    ]


def test_a_long_contract_keeps_more_duties_and_the_secondary_kinds_before_the_rest() -> None:
    def duties(n: int, sentence: str) -> str:
        return "".join(f"{i}. {sentence} " for i in range(n))

    short = duties(50, "Array shall paint the north wall.") + duties(20, "Ono shall comply with the law on paint.")
    kept = obligations(short, [ARRAY, ONO])
    assert len(kept) == 60  # a short contract: 60, the compliance duties before the "other" ones
    assert sum(o.kind == "compliance" for o in kept) == 20

    history = "The parties note the history of the project in full detail here. " * 300  # 3,600 words
    assert len(obligations(short + history, [ARRAY, ONO])) == 70  # past 3,000 words: one for every 50 words


def test_a_group_the_preamble_defines_binds_each_of_its_members() -> None:
    maya = Party("MAYA OKONJO", "first promoter", 0, 10, ("First Promoter",))
    luis = Party("LUIS FERRAZ", "second promoter", 20, 30, ("Second Promoter",))
    fund = Party("KESTREL GROWTH FUND LP", "investor", 40, 50, ("Investor",))
    company = Party("HALCYON LABS LIMITED", "company", 60, 70, ("Company",))
    text = (
        '(1) MAYA OKONJO (the "First Promoter"); (2) LUIS FERRAZ (the "Second Promoter", and together with the First '
        'Promoter the "Promoters"); (3) KESTREL GROWTH FUND LP (the "Investor"); (4) HALCYON LABS LIMITED (the '
        '"Company").\n\nThe Promoters and the Investor are together the "Members".\n\n'
        "2.1 Each Promoter shall devote his or her full working time to the Company.\n\n"
        "2.2 Each Member shall vote its shares to approve the budget.\n\n"
        "2.3 The Company shall keep proper books of account."
    )
    found = obligations(text, [maya, luis, fund, company])
    assert [(o.party, o.action[:12]) for o in found] == [
        ("MAYA OKONJO", "shall devote"),
        ("LUIS FERRAZ", "shall devote"),
        ("MAYA OKONJO", "shall vote i"),
        ("LUIS FERRAZ", "shall vote i"),
        ("KESTREL GROWTH FUND LP", "shall vote i"),
        ("HALCYON LABS LIMITED", "shall keep p"),
    ]


def test_a_role_defined_for_whichever_party_discloses_or_receives_binds_each_party() -> None:
    alder = Party("Alder Optics Ltd", "alder", 0, 10, ("Alder",))
    birch = Party("Birch Lasers GmbH", "birch", 20, 30, ("Birch",))
    text = (
        '"Information" means data that one Party (the "Provider") gives to the other (the "Holder") for the '
        "Evaluation. The Holder shall tell the Provider at once of any loss of Information. "
        "The Provider shall mark its Information as secret."
    )
    found = obligations(text, [alder, birch])
    assert [(o.party, o.action[:14]) for o in found] == [
        ("Alder Optics Ltd", "shall tell the"),
        ("Birch Lasers GmbH", "shall tell the"),
        ("Alder Optics Ltd", "shall mark its"),
        ("Birch Lasers GmbH", "shall mark its"),
    ]
    text = (
        '"Recipient" means the party receiving Evaluation Data under this Agreement. '
        "The Recipient shall destroy the Evaluation Data when the Evaluation ends."
    )
    assert [o.party for o in obligations(text, [alder, birch])] == ["Alder Optics Ltd", "Birch Lasers GmbH"]


def test_a_grant_after_a_long_first_predicate_of_the_same_subject_binds_that_subject() -> None:
    studio = Party("Quillon Studio LLC", "designer", 0, 10, ("Designer",))
    client = Party("Harrow Bakeries Inc.", "client", 20, 30, ("Client",))
    text = (
        "Designer retains ownership of Designer's stock photographs, brushes, fonts and layout templates and "
        "grants Client a non-exclusive, perpetual licence to use those embedded in the final artwork."
    )
    found = obligations(text, [studio, client])
    assert [(o.party, o.kind) for o in found] == [("Quillon Studio LLC", "license")]
    text = (
        "Designer acknowledges that the Client's bakeries, cafés and delivery vans show the marks in public and "
        "will keep showing them after the Term."
    )
    assert obligations(text, [studio, client]) == []  # the vans keep showing them, not the Designer


def test_a_duty_after_what_the_party_is_belongs_to_that_party() -> None:
    agency = Party("Harbourside Staffing Pty Ltd", "agency", 0, 28, ("Agency",))
    host = Party("Kelpie Logistics Pty Ltd", "host", 40, 64, ("Host",))
    text = (
        "5.1 The Agency is the employer of the Staff and shall pay their wages and leave entitlements. "
        "5.2 The Host is responsible for site safety and shall give each worker a safety induction. "
        "5.3 Equipment supplied by the Host is the Host's property and shall be returned at the end of the hire."
    )
    found = [(o.party, o.action) for o in obligations(text, [agency, host])]
    assert ("Harbourside Staffing Pty Ltd", "shall pay their wages and leave entitlements") in [
        (p, a.rstrip(".")) for p, a in found
    ]
    assert any(p == "Kelpie Logistics Pty Ltd" and a.startswith("shall give each worker") for p, a in found)
    assert not any("returned at the end" in a for _, a in found)


def test_a_lead_in_before_a_lettered_list_gives_each_item_with_its_lead_in() -> None:
    contractor = Party("Fenwick Surveying LLP", "contractor", 0, 10, ("Contractor",))
    client = Party("Orchard Valley Homes Inc.", "client", 20, 30, ("Client",))
    text = (
        "3. WORKS\n\nThe Contractor shall carry out the following surveys at the Site:\n\n"
        "(a) measure the boundary of each plot and mark it with pegs;\n"
        "(b) record the levels of the existing ground.\n\n"
        "4. PRICE\n\nThe Client shall pay the price within thirty (30) days of each invoice."
    )
    found = obligations(text, [contractor, client])
    assert [(o.party, o.action) for o in found] == [
        (
            "Fenwick Surveying LLP",
            "shall carry out the following surveys at the Site: measure the boundary of each plot and mark it with pegs",
        ),
        (
            "Fenwick Surveying LLP",
            "shall carry out the following surveys at the Site: record the levels of the existing ground",
        ),
        ("Orchard Valley Homes Inc.", "shall pay the price within thirty (30) days of each invoice"),
    ]


def test_a_second_shall_after_a_first_predicate_binds_the_same_subject() -> None:
    seller = Party("Redwater Holdings Inc.", "seller", 0, 10, ("Seller",))
    buyer = Party("Lindqvist Foods AB", "buyer", 20, 30, ("Buyer",))
    text = (
        "Seller shall remain liable for, and shall discharge when due, every tax assessed on the business for "
        "periods before Closing."
    )
    found = obligations(text, [seller, buyer])
    assert [(o.party, o.action) for o in found] == [
        (
            "Redwater Holdings Inc.",
            "shall discharge when due, every tax assessed on the business for periods before Closing",
        )
    ]


def test_we_named_in_apposition_is_that_party() -> None:
    maker = Party("Holloway Joinery Ltd", "maker", 0, 10, ("Maker",))
    owner = Party("Priya Raman", "owner", 20, 30, ("Owner",))
    text = (
        'We, Holloway Joinery Ltd (the "Maker"), offer to build the kitchen for Priya Raman (the "Owner") on the '
        "terms below.\n\n1. We shall fit the units within four weeks of the deposit.\n\n"
        "2. The Owner shall pay the deposit on acceptance."
    )
    found = [(o.party, o.action) for o in obligations(text, [maker, owner])]
    assert ("Holloway Joinery Ltd", "shall fit the units within four weeks of the deposit") in found
    assert ("Priya Raman", "shall pay the deposit on acceptance") in found


def test_the_modal_scan_finds_what_the_modal_pattern_finds() -> None:
    texts = [
        "The Supplier SHALL deliver. Goodwill is willing; the Buyer Will not pay. Seller agrees  to ship.",
        "The Licensee is \u2003\n required to report. This required nothing. Licensor hereby assigns to the Client all rights.",
        "You give us a non-exclusive licence. Each party undertakes to and covenants to comply; it guarantees payment.",
        "The Buyer \u0131s required to pay; Seller \u017fhall deliver.",  # dotless i and long s: IGNORECASE matches them
        "\u0130NC. shall pay. Mustang must not grant the grant of a licence.",  # "İ" lower-cases to two characters
    ]
    for text in texts:
        expected = [(m.span(), m.groups()) for m in _MODAL.finditer(text)]
        assert [(m.span(), m.groups()) for m in modal_matches(text)] == expected
        assert expected


def test_the_mutual_term_scan_finds_what_the_mutual_term_pattern_finds() -> None:
    texts = [
        'Each Party (as "Recipient") and either party (the "Discloser"); data party ("Data") is not one.',
        'The other \n  party (the "Recipient"). THE OTHER\tPARTIES ("Others"). a Party receiving it is the "Recipient"',
        'EACH PARTY ("Member") \u017fhall; either Party ("Recipient")',  # long s: read with the pattern as it is
        'by one Party (the "Disclosing Party") to the other (the "Receiving Party"); any party ("Holder")',
        '"Recipient" means the Party receiving it. \u201cOwner\u201d shall mean any party that discloses it.',
    ]
    for text in texts:
        expected = [(m.span(), m.groups()) for m in _MUTUAL_TERM.finditer(text)]
        assert [(m.span(), m.groups()) for m in mutual_terms(text)] == expected
        assert len(expected) >= 2


def test_the_scans_find_what_the_patterns_find_in_every_sample_and_fact_set() -> None:
    root = Path(__file__).resolve().parents[1]
    paths = sorted((root / "sample_contracts").glob("*.txt")) + sorted((root / "factset").rglob("*.txt"))
    found = 0
    for raw in (p.read_text(encoding="utf-8") for p in paths):
        for text in (raw, raw.upper()):
            for pattern, scan in ((_MODAL, modal_matches), (_MUTUAL_TERM, mutual_terms)):
                expected = [(m.span(), m.groups()) for m in pattern.finditer(text)]
                assert [(m.span(), m.groups()) for m in scan(text)] == expected
                found += len(expected)
    assert found > 1000


def test_the_first_kind_is_what_the_kinds_pattern_finds_first() -> None:
    root = Path(__file__).resolve().parents[1]
    text = " ".join(sorted((root / "sample_contracts").glob("*.txt"))[0].read_text(encoding="utf-8").split())
    actions = [text[i : i + 300] for i in range(0, len(text), 37)]
    actions += ["pay the \u0130nvoice", "kelvin \u212aeeps records", "perform the services", "PLACE ORDERS"]
    kinds = set()
    for action in actions + [a.upper() for a in actions]:
        plain = _ANY_KIND.search(action, 0, 240)
        found = kind_match(action)
        assert (found and (found.span(), found.lastgroup)) == (plain and (plain.span(), plain.lastgroup))
        kinds.add(plain and plain.lastgroup)
    assert len(kinds) >= 5


def test_over_the_cap_a_long_list_and_releases_give_way_to_the_duties_that_open_a_sentence() -> None:
    grounds = Party("Larchmont Grounds Care LLC", "contractor", 0, 10, ("Contractor",))
    estate = Party("Ferrow Hall Estate Trust", "owner", 20, 30, ("Owner",))
    releases = (
        "The Owner shall not be obligated to replace the old greenhouse glass. "
        "The Contractor shall have the option to plant a second hedge along the lane.\n\n"
    )
    letters = "abcdefghijklmnopqrs"
    chores = "".join(
        f"({letter}) sweep courtyard number {i} and the steps beside it;\n" for i, letter in enumerate(letters)
    )
    weekly = "The Contractor shall:\n\n" + chores + "(t) pay the skip hire fee for each load of garden waste.\n\n"
    meetings = "".join(
        f"{i}. The parties shall meet on the first Monday of month {i} and the Contractor shall write up the minutes. "
        for i in range(1, 4)
    )
    owner = "".join(f"{i}. The Owner shall water the rose bed number {i} in a dry week. " for i in range(4, 44))
    found = obligations(releases + weekly + meetings + owner, [grounds, estate])

    assert len(found) == 60
    actions = [o.action for o in found]
    assert not any("not be obligated" in a or "have the option" in a for a in actions)  # a release, a right: last
    assert sum("water the rose bed" in a for a in actions) == 40  # every duty that opens a sentence
    assert sum("shall meet on the first Monday" in a for a in actions) == 6  # each party's, three sentences
    assert any("pay the skip hire fee" in a for a in actions)  # a main duty, even as a list's 20th item
    # the Contractor's duty in a clause of its own after the parties': the parties' duty ends before it
    assert sum(a == "shall write up the minutes" for a in actions) == 3
    swept = [a for a in actions if "sweep courtyard" in a]
    assert len(swept) == 10 and swept[-1].endswith("number 9 and the steps beside it")  # then the rest in text order


GROWER = Party("Hollowmere Orchards Ltd", "grower", 0, 10, ("Grower",))
PACKER = Party("Saltmarsh Fruit Packing plc", "packer", 20, 30, ("Packer",))


def test_a_release_is_no_duty_but_a_restriction_is() -> None:
    text = (
        "The Grower shall not be obligated to deliver more than 500 crates in any one week. "
        "Neither party shall be required to renew this Agreement when it ends. "
        "The Packer will not have any obligation to accept bruised or split fruit. "
        "The Packer shall not, however, be responsible for frost damage after collection. "
        "The Grower shall not deliver fruit sprayed with a pesticide banned in the United Kingdom."
    )
    found = obligations(text, [GROWER, PACKER])
    assert [(o.party, o.action) for o in found] == [
        ("Hollowmere Orchards Ltd", "shall not deliver fruit sprayed with a pesticide banned in the United Kingdom")
    ]


def test_a_right_is_no_duty_unless_the_same_words_also_impose_one() -> None:
    text = (
        "The Packer shall have the option to buy any surplus crop at the market price. "
        "The Grower shall have sole control of the harvest schedule. "
        "The Packer will have full discretion over the grading of the fruit. "
        "The Grower shall have the authority and the responsibility to hire seasonal pickers. "
        "The Packer shall have sole control over, and responsibility for, the cold store. "
        "The Grower shall have no right to sell the contracted crop to anyone else. "
        "The Packer shall have the option to choose the haulier and shall pay the haulage."
    )
    found = obligations(text, [GROWER, PACKER])
    assert [o.action for o in found] == [
        "shall have the authority and the responsibility to hire seasonal pickers",
        "shall have sole control over, and responsibility for, the cold store",
        "shall have no right to sell the contracted crop to anyone else",  # a right denied: a restriction
        "shall pay the haulage",  # the duty after the right, the Packer's
    ]
    assert found[-1].party == "Saltmarsh Fruit Packing plc"


def test_owning_is_no_duty_but_assigning_is() -> None:
    text = (
        "The Packer shall exclusively own all packaging designs made under this Agreement. "
        "The parties shall jointly own any new apple variety they breed together. "
        "The Grower shall hold all right, title and interest in its orchard records. "
        "The Grower hereby assigns to the Packer all copyright in the packaging designs. "
        "The Grower shall assign to the Packer any further rights in the designs on request. "
        "The Packer shall supply own-brand labels for the crates."
    )
    found = obligations(text, [GROWER, PACKER])
    assert [(o.party, o.action[:25]) for o in found] == [
        ("Hollowmere Orchards Ltd", "assigns to the Packer all"),
        ("Hollowmere Orchards Ltd", "shall assign to the Packe"),
        ("Saltmarsh Fruit Packing plc", "shall supply own-brand la"),  # "supply" is no adverb before "own"
    ]


def test_a_modal_inside_a_parenthesis_is_no_duty_of_the_sentence() -> None:
    text = (
        "The Grower shall deliver the crates to the Packer's shed (or such other place as the Packer shall name "
        "in writing) within two days of picking. "
        "(If the Packer rejects a crate, the Packer shall pay the cost of its return to the orchard.) "
        "The Grower may store crates in the Packer's yard (provided that the Grower shall clear them within a week) "
        "during the harvest. "
        "The Grower shall pack the fruit in crates (which the Packer agrees to lend free of charge) before collection. "
        "The Grower shall sort the fruit by size (but only if the Packer agrees to pay for the sorting) before packing."
    )
    found = obligations(text, [GROWER, PACKER])
    assert [(o.party, o.action[:30]) for o in found] == [
        ("Hollowmere Orchards Ltd", "shall deliver the crates to th"),
        ("Saltmarsh Fruit Packing plc", "shall pay the cost of its retu"),  # a whole sentence in brackets still binds
        ("Hollowmere Orchards Ltd", "shall clear them within a week"),  # so does a proviso
        ("Hollowmere Orchards Ltd", "shall pack the fruit in crates"),
        ("Saltmarsh Fruit Packing plc", "agrees to lend free of charge)"),  # and an assent
        ("Hollowmere Orchards Ltd", "shall sort the fruit by size ("),  # the condition binds nobody
    ]


def test_the_amendment_a_document_makes_is_no_duty() -> None:
    text = (
        "The parties agree to make the following changes to the Supply Agreement dated 3 March 2024. "
        "The parties further agree to amend clause 7 of the Supply Agreement as follows. "
        "The parties agree to meet every quarter to review the crate price."
    )
    found = obligations(text, [GROWER, PACKER])
    assert {o.action for o in found} == {"agree to meet every quarter to review the crate price"}


def test_a_list_right_under_shall_with_no_blank_line_gives_one_duty_an_item() -> None:
    carrier = Party("Transportes Serra Azul Ltda.", "carrier", 0, 10, ("CARRIER",))
    shipper = Party("Cooperativa Cafeeira do Sul", "shipper", 20, 30, ("SHIPPER",))
    for marker in ("a)", "(a)", "-", "1."):
        items = [f"{marker.replace('a', letter).replace('1', str(n))} " for n, letter in enumerate("abc", 1)]
        text = (
            "2.1. The CARRIER shall:\n"
            f"{items[0]}collect the coffee sacks at the cooperative's warehouse;\n"
            f"{items[1]}insure the cargo for its invoice value;\n"
            f"{items[2]}deliver to the SHIPPER a monthly report of the trips made.\n\n"
            "2.2. The SHIPPER shall pay the freight within fifteen days."
        )
        found = obligations(text, [carrier, shipper])
        assert [(o.party, o.kind, o.action) for o in found] == [
            ("Transportes Serra Azul Ltda.", "other", "collect the coffee sacks at the cooperative's warehouse"),
            ("Transportes Serra Azul Ltda.", "insurance", "insure the cargo for its invoice value"),
            ("Transportes Serra Azul Ltda.", "delivery", "deliver to the SHIPPER a monthly report of the trips made"),
            ("Cooperativa Cafeeira do Sul", "payment", "shall pay the freight within fifteen days"),
        ], marker


def test_two_assignors_who_hereby_assign_each_assign() -> None:
    lab = Party("Qingdao Haiyang Materials Co., Ltd.", "party a", 0, 10, ("Party A",))
    mill = Party("Weifang Textile Machinery Co., Ltd.", "party b", 20, 30, ("Party B",))
    coater = Party("Yantai Coating Technology Co., Ltd.", "party c", 40, 50, ("Party C",))
    text = (
        "3.2 Party B and Party C hereby assign to Party A all patent rights in the new fibre coating. "
        "3.3 Party B irrevocably assigns to Party A the copyright in the test reports. "
        "3.4 The successors and assigns of each Party are bound by this Article."
    )
    found = obligations(text, [lab, mill, coater])
    assert [(o.party, o.action) for o in found] == [
        ("Weifang Textile Machinery Co., Ltd.", "assign to Party A all patent rights in the new fibre coating"),
        ("Yantai Coating Technology Co., Ltd.", "assign to Party A all patent rights in the new fibre coating"),
        ("Weifang Textile Machinery Co., Ltd.", "assigns to Party A the copyright in the test reports"),
    ]


def test_translated_duty_verbs_bind_the_party_unless_the_duty_is_denied() -> None:
    lessor = Party("Alquileres Andinos S.A.", "lessor", 0, 10, ("Lessor",))
    lessee = Party("Minera Cordillera Ltda.", "lessee", 20, 30, ("Lessee",))
    text = (
        "5.1 The Lessee is obliged to pay the rent by the fifth day of each month. "
        "5.2 The Lessor binds itself to deliver the drilling rig to the mine site. "
        "5.3 The Lessee commits to insure the drilling rig against all risks. "
        "5.4 The Lessor is bound to repair any defect within forty-eight hours. "
        "5.5 Neither party is obliged to extend the lease. "
        "5.6 The Lessor is not obliged to supply fuel. "
        "5.7 If the Lessor is obliged to pay a toll to the mine's owner, the Lessee shall reimburse it."
    )
    found = obligations(text, [lessor, lessee])
    assert [(o.party, o.kind) for o in found] == [
        ("Minera Cordillera Ltda.", "payment"),
        ("Alquileres Andinos S.A.", "delivery"),
        ("Minera Cordillera Ltda.", "insurance"),
        ("Alquileres Andinos S.A.", "other"),
        ("Minera Cordillera Ltda.", "payment"),
    ]


def test_a_duty_of_whichever_party_is_in_breach_or_affected_is_each_partys() -> None:
    text = (
        "9.1 For each late delivery the Party in breach shall pay the other Party a penalty of EUR 500. "
        "9.2 The affected party shall notify the other party of the force majeure event within three days. "
        "9.3 The defaulting Party shall bear the costs of collection."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.kind) for o in found] == [
        ("Array BioPharma Inc.", "payment"),
        ("Ono Pharmaceutical Co., Ltd.", "payment"),
        ("Array BioPharma Inc.", "notice"),
        ("Ono Pharmaceutical Co., Ltd.", "notice"),
        ("Array BioPharma Inc.", "other"),
        ("Ono Pharmaceutical Co., Ltd.", "other"),
    ]


def test_a_period_granted_or_a_state_reached_is_not_a_duty() -> None:
    text = (
        "The defaulting Party shall have thirty (30) days to cure the breach. "
        "Ono will have an additional 90 days to complete the study. "
        "The affected party shall be excused from performance while the event lasts. "
        "Array shall be subject to a cure period of ten days. "
        "Array shall have received the samples before the audit. "
        "Ono shall pay the milestone within ten days."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.kind) for o in found] == [("Ono Pharmaceutical Co., Ltd.", "payment")]


def test_a_guarantee_then_a_duty_of_the_same_guarantor_binds_the_guarantor() -> None:
    surety = Party("Mara Quinn", "surety", 0, 10, ("Surety",))
    lender = Party("Harbour Bank plc", "lender", 20, 36, ("Lender",))
    text = (
        "Mara Quinn (Surety) and Harbour Bank plc (Lender) agree as follows. Surety fully, unconditionally and "
        "irrevocably guarantees to Lender the due repayment of every advance made to the Borrower under the Facility "
        "Letter, and shall pay to Lender within five days of a written demand any sum the Borrower has not paid."
    )
    found = [(o.party, o.action) for o in obligations(text, [surety, lender])]
    assert (
        "Mara Quinn",
        "shall pay to Lender within five days of a written demand any sum the Borrower has not paid",
    ) in found


def test_neither_one_party_nor_the_other_restricts_both() -> None:
    text = (
        "Neither the Grower nor the Packer shall disclose the contract price to a supermarket buyer. "
        "Neither Grower nor Packer will load fruit onto a lorry that is not refrigerated. "
        "Neither party shall publish photographs of the orchard without consent. "
        "Neither party shall be liable for hail damage and the Packer shall be responsible for cold storage. "
        "Neither the Grower nor any of its seasonal pickers shall smoke in the packhouse."
    )
    found = obligations(text, [GROWER, PACKER])
    both = ["Hollowmere Orchards Ltd", "Saltmarsh Fruit Packing plc"]
    assert [(o.party, o.action, o.kind) for o in found] == [
        *((p, "shall not disclose the contract price to a supermarket buyer", "confidentiality") for p in both),
        *((p, "will not load fruit onto a lorry that is not refrigerated", "other") for p in both),
        *((p, "shall not publish photographs of the orchard without consent", "other") for p in both),
        # the release is the parties'; the Packer's own duty after it is not denied
        ("Saltmarsh Fruit Packing plc", "shall be responsible for cold storage", "other"),
        ("Hollowmere Orchards Ltd", "shall not smoke in the packhouse", "other"),  # the Grower's, and its pickers'
    ]


def test_a_denied_right_is_a_restriction_in_either_wording() -> None:
    text = (
        "The Grower shall not have the right to sell the contracted crop to anyone else. "
        "The Packer shall have no right to grant licences of the Hollowmere brand. "
        "The Packer will not have any authority to bind the Grower. "
        "Neither the Grower nor the Packer shall have the right to assign this Agreement. "
        "No partnership is created between the Grower and the Packer, and neither party shall have authority to "
        "bind the other. "
        "This is the whole agreement, and neither of the parties shall be bound by any promise not written in it. "
        "The Packer shall have the right to transfer its rights and obligations to an Affiliate."
    )
    found = obligations(text, [GROWER, PACKER])
    assert [(o.party, o.action) for o in found] == [
        ("Hollowmere Orchards Ltd", "shall not have the right to sell the contracted crop to anyone else"),
        ("Saltmarsh Fruit Packing plc", "shall have no right to grant licences of the Hollowmere brand"),
        ("Saltmarsh Fruit Packing plc", "will not have any authority to bind the Grower"),
        ("Hollowmere Orchards Ltd", "shall not have the right to assign this Agreement"),
        ("Saltmarsh Fruit Packing plc", "shall not have the right to assign this Agreement"),
        ("Hollowmere Orchards Ltd", "shall not have authority to bind the other"),
        ("Saltmarsh Fruit Packing plc", "shall not have authority to bind the other"),
    ]
    assert {o.kind for o in found} == {"other"}  # restrictions, whichever way the right is denied


def test_a_shouted_denial_reads_in_capitals_and_a_shouted_release_is_none() -> None:
    text = (
        "NEITHER THE GROWER NOR THE PACKER WILL GRANT A LICENCE OF THE ORCHARD BRAND TO A THIRD PARTY. "
        "NEITHER PARTY WILL, UNDER ANY CIRCUMSTANCES, BE LIABLE FOR LOST PROFITS."
    )
    found = obligations(text, [GROWER, PACKER])
    assert [(o.party, o.action, o.kind) for o in found] == [
        (party, "WILL NOT GRANT A LICENCE OF THE ORCHARD BRAND TO A THIRD PARTY", "other")
        for party in ("Hollowmere Orchards Ltd", "Saltmarsh Fruit Packing plc")
    ]


def test_a_subject_in_markdown_bold_is_read_as_plain_text() -> None:
    kiln = Party("Ashby Kiln Works Ltd", "supplier", 0, 20, ("Supplier",))
    potter = Party("Wren Pottery Ltd", "buyer", 30, 46, ("Buyer",))
    text = (
        "## 4. Supply\n\n4.1 **The Supplier** must fire each batch within five (5) days of its order.\n\n"
        "4.2 The **Buyer** must collect the fired batches from the yard of the **Supplier**.\n"
    )
    found = obligations(text, [kiln, potter])
    assert [(o.party, o.action) for o in found] == [
        ("Ashby Kiln Works Ltd", "must fire each batch within five (5) days of its order"),
        ("Wren Pottery Ltd", "must collect the fired batches from the yard of the Supplier"),
    ]


def test_a_subject_between_underscores_is_read_as_plain_text() -> None:
    kiln = Party("Ashby Kiln Works Ltd", "supplier", 0, 20, ("Supplier",))
    potter = Party("Wren Pottery Ltd", "buyer", 30, 46, ("Buyer",))
    text = (
        "4.1 _Supplier_ shall fire each batch within five (5) days of its order.\n\n"
        "4.2 The __Buyer__ shall settle each statement within twenty (20) days.\n"
    )
    found = obligations(text, [kiln, potter])
    assert [(o.party, o.action) for o in found] == [
        ("Ashby Kiln Works Ltd", "shall fire each batch within five (5) days of its order"),
        ("Wren Pottery Ltd", "shall settle each statement within twenty (20) days"),
    ]


def test_each_other_party_is_every_party_of_a_three_party_contract() -> None:
    alder = Party("Alder Robotics Ltd", "alder", 0, 18, ("Alder",))
    birch = Party("Birch Capital LLP", "birch", 20, 37, ("Birch",))
    cedar = Party("Cedar Labs Inc.", "cedar", 40, 55, ("Cedar",))
    text = "7. When a Party withdraws, each other Party shall delete the withdrawing Party's samples within ten days.\n"
    found = obligations(text, [alder, birch, cedar])
    assert [o.party for o in found] == ["Alder Robotics Ltd", "Birch Capital LLP", "Cedar Labs Inc."]
    assert all(o.action.startswith("shall delete the withdrawing Party's samples") for o in found)


def test_a_warranty_of_a_thing_then_a_duty_binds_the_warrantor() -> None:
    run_in = (
        "7. Warranty. Array warrants that each batch will meet the agreed release specification for twelve (12) "
        "months after delivery, and shall replace any batch that fails it at no cost."
    )
    own_line = (
        "8. WARRANTY\nThe Licensor warrants that the Compound will be free of known impurities for six (6) months "
        "after shipment and shall refund the price of any shipment that is not."
    )
    found = obligations(run_in + "\n\n" + own_line, [ARRAY, ONO])
    assert [(o.party, o.action[:20]) for o in found] == [
        ("Array BioPharma Inc.", "shall replace any ba"),
        ("Array BioPharma Inc.", "shall refund the pri"),
    ]


def test_a_warranty_about_another_party_does_not_make_the_warrantor_owe_the_next_duty() -> None:
    # who "shall keep them in force" is unclear (Ono holds the consents): no duty of Array's
    text = "Array warrants that Ono will hold every consent, licence and permit it needs and shall keep them in force."
    assert [o.party for o in obligations(text, [ARRAY, ONO])] == ["Ono Pharmaceutical Co., Ltd."]  # "will hold"


def test_keeping_a_holdback_or_records_is_a_duty_keeping_ownership_is_not() -> None:
    owner = Party("Kestrel Homes Ltd.", "owner", 0, 18, ("Owner",))
    builder = Party("Arbour Build Ltd.", "contractor", 20, 37, ("Contractor",))
    text = (
        "The Owner shall retain the statutory holdback of ten per cent from each progress payment. "
        "The Contractor shall retain complete records of the Work for six years after completion. "
        "The Contractor shall retain ownership of its shop drawings."
    )
    found = [(o.party, o.action) for o in obligations(text, [owner, builder])]
    assert [party for party, _ in found] == ["Kestrel Homes Ltd.", "Arbour Build Ltd."]
    assert "holdback" in found[0][1] and "records" in found[1][1]


def test_a_collective_term_given_without_quotes_binds_every_party() -> None:
    first = Party("Glenbrae Council", "council", 0, 16, ("Council",))
    second = Party("Kelvinhaugh College", "college", 20, 39, ("College",))
    text = (
        "Glenbrae Council (the Council) and Kelvinhaugh College (the College), each a Member.\n\n"
        "5.1 Each Member shall pay its own travel costs for the steering group meetings."
    )
    found = obligations(text, [first, second])
    assert sorted(o.party for o in found if "travel costs" in o.action) == ["Glenbrae Council", "Kelvinhaugh College"]


BAKER = Party("Kettleby Bakehouse Ltd", "supplier", 0, 22, ("Baker",))
CAFE = Party("Marlow Street Coffee LLP", "customer", 30, 54, ("Cafe",))


def test_neither_a_party_nor_anyone_else_restricts_the_party() -> None:
    text = (
        "Neither the Baker nor any third party shall enter the kitchen of the Cafe after closing. "
        "Neither the Cafe nor any courier engaged by it will carry loaves in an open crate. "
        "Neither party nor any of its staff shall post photographs of the recipes online. "
        "Neither this Agreement nor any order under it shall be assigned without consent."
    )
    found = obligations(text, [BAKER, CAFE])
    both = ["Kettleby Bakehouse Ltd", "Marlow Street Coffee LLP"]
    assert [(o.party, o.action, o.kind) for o in found] == [
        ("Kettleby Bakehouse Ltd", "shall not enter the kitchen of the Cafe after closing", "other"),
        ("Marlow Street Coffee LLP", "will not carry loaves in an open crate", "other"),
        *((p, "shall not post photographs of the recipes online", "other") for p in both),
    ]


def test_neither_a_party_nor_another_party_after_any_binds_both() -> None:
    text = "Neither the Baker nor any Cafe shall sell day-old bread as fresh."
    found = obligations(text, [BAKER, CAFE])
    assert [(o.party, o.action) for o in found] == [
        ("Kettleby Bakehouse Ltd", "shall not sell day-old bread as fresh"),
        ("Marlow Street Coffee LLP", "shall not sell day-old bread as fresh"),
    ]


def test_each_item_under_a_denying_lead_in_reads_as_shall_not_the_item() -> None:
    text = (
        "Neither party shall:\n"
        "(a) poach the other's bakers;\n"
        "(b) disclose the sourdough starter recipe; and\n"
        "(c) deliver goods bearing the other's logo.\n\n"
        "The Cafe shall not:\n"
        "- resell the pastries to another cafe;\n"
        "- freeze the croissants.\n\n"
        "The Baker shall:\n"
        "- bake before dawn.\n"
    )
    found = obligations(text, [BAKER, CAFE])
    both = ["Kettleby Bakehouse Ltd", "Marlow Street Coffee LLP"]
    assert [(o.party, o.action, o.kind) for o in found] == [
        *((p, "shall not poach the other's bakers", "other") for p in both),
        *((p, "shall not disclose the sourdough starter recipe", "confidentiality") for p in both),
        *((p, "shall not deliver goods bearing the other's logo", "other") for p in both),  # a restriction
        ("Marlow Street Coffee LLP", "shall not resell the pastries to another cafe", "other"),
        ("Marlow Street Coffee LLP", "shall not freeze the croissants", "other"),
        ("Kettleby Bakehouse Ltd", "bake before dawn", "other"),
    ]
    # the evidence is the item itself
    assert text[found[0].start : found[0].end] == "poach the other's bakers;"
    assert text[found[-2].start : found[-2].end] == "freeze the croissants."


def test_a_clause_with_a_subject_of_its_own_after_a_restriction_is_a_duty_of_its_own() -> None:
    text = (
        "Neither party shall change the delivery window without notice, and the parties shall meet monthly to "
        "review it. "
        "Neither party shall have the right to subcontract the baking, but each party shall name a contact for "
        "orders. "
        "The Baker shall label every loaf it bakes, and the Cafe shall display the labels. "
        "The Baker shall sell to the Cafe, and the Cafe shall buy from the Baker, two hundred loaves a week. "
        "The Baker shall service its vans, and shall pay their parking fines."
    )
    found = obligations(text, [BAKER, CAFE])
    both = ["Kettleby Bakehouse Ltd", "Marlow Street Coffee LLP"]
    assert [(o.party, o.action) for o in found] == [
        *((p, "shall not change the delivery window without notice") for p in both),
        *((p, "shall meet monthly to review it") for p in both),
        *((p, "shall not have the right to subcontract the baking") for p in both),
        *((p, "shall name a contact for orders") for p in both),
        ("Kettleby Bakehouse Ltd", "shall label every loaf it bakes"),
        ("Marlow Street Coffee LLP", "shall display the labels"),
        # the loaves are the object of both clauses: the first is not cut off before them
        (
            "Kettleby Bakehouse Ltd",
            "shall sell to the Cafe, and the Cafe shall buy from the Baker, two hundred loaves a week",
        ),
        ("Marlow Street Coffee LLP", "shall buy from the Baker, two hundred loaves a week"),
        # the same subject's second verb is one duty with its first, listed once
        ("Kettleby Bakehouse Ltd", "shall service its vans, and shall pay their parking fines"),
    ]
    # "Guarantees" with a capital is the defined term, not the Baker's guarantee
    guarantees = obligations(
        "The Baker shall keep all Baker Guarantees, and the Cafe shall return the crates, in good order.", [BAKER, CAFE]
    )
    assert [o.action for o in guarantees] == [
        "shall keep all Baker Guarantees",
        "shall return the crates, in good order",
    ]
    # "Kitchen" is no subject the contract defines: the clause before is not cut after "and Kitchen"
    kitchen = obligations(
        "The Baker shall inspect the ovens each week and Kitchen and Cafe shall record the temperatures.", [BAKER, CAFE]
    )
    assert kitchen[0].action.endswith("shall record the temperatures")
    # a clause in brackets is part of the one it stands in
    bracket = obligations("The Baker shall repaint the sign (and the Cafe shall pay for the paint).", [BAKER, CAFE])
    assert bracket[0].action == "shall repaint the sign (and the Cafe shall pay for the paint)"


def test_keeping_records_or_samples_is_a_duty_but_keeping_a_right_is_not() -> None:
    text = (
        "Ono shall retain copies of every batch record for five years after release. Array shall retain retained "
        "samples of each lot until the lot expires. Ono will retain all rights in its own know-how."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.action[:25]) for o in found] == [
        ("Ono Pharmaceutical Co., Ltd.", "shall retain copies of ev"),
        ("Array BioPharma Inc.", "shall retain retained sam"),
    ]


def test_list_items_opening_with_a_modal_bind_the_party_the_lead_in_promises_for() -> None:
    pledgor = Party("Harbourline Freight Ltd.", "pledgor", 0, 24, ("Pledgor",))
    lender = Party("Crestmoor Finance Inc.", "lender", 30, 52, ("Lender",))
    text = (
        "Harbourline Freight Ltd. and Crestmoor Finance Inc.\n\n"
        "4. While any Secured Debt is unpaid, the Pledgor covenants with the Lender that it:\n\n"
        "(a) shall keep the Vessels insured for their full replacement value;\n\n"
        "(b) shall deliver to the Lender each quarter a schedule of its receivables; and\n\n"
        "(c) shall pay every port due on the Vessels when it falls due.\n\n"
        "5. The Lender shall release the pledge once the Secured Debt is repaid."
    )
    found = [(o.party, o.action) for o in obligations(text, [pledgor, lender])]
    assert ("Harbourline Freight Ltd.", "shall keep the Vessels insured for their full replacement value") in found
    assert ("Harbourline Freight Ltd.", "shall pay every port due on the Vessels when it falls due") in found
    assert any(
        party == "Harbourline Freight Ltd." and "schedule of its receivables" in action for party, action in found
    )
    assert ("Crestmoor Finance Inc.", "shall release the pledge once the Secured Debt is repaid") in found


def test_a_registration_number_abbreviation_does_not_end_the_sentence() -> None:
    seller = Party("Oakhurst Tools Inc.", "seller", 0, 19, ("Seller",))
    buyer = Party("Pinegate Hardware LLC", "buyer", 25, 46, ("Buyer",))
    text = (
        "Oakhurst Tools Inc. and Pinegate Hardware LLC agree as follows. Seller hereby assigns to Buyer the mark "
        "GRIPWELL (U.S. Reg. No. 5,551,212) and shall record the assignment with the trademark office within thirty days."
    )
    found = obligations(text, [seller, buyer])
    assert any(o.party == "Oakhurst Tools Inc." and "record the assignment" in o.action for o in found)


def test_infinitive_items_under_a_covenant_lead_in_are_its_subjects_duties() -> None:
    tenant = Party("Brackenfold Studios Limited", "tenant", 0, 27, ("Tenant",))
    landlord = Party("Orchardleigh Estates plc", "landlord", 32, 56, ("Landlord",))
    text = (
        "Brackenfold Studios Limited and Orchardleigh Estates plc\n\n"
        "6. Tenant's covenants\n"
        "The Tenant covenants with the Landlord:\n"
        "6.1 to keep the shopfront clean and the windows glazed;\n"
        "6.2 not to display any sign on the outside of the Unit\n"
        "    without the Landlord's written approval;\n"
        "6.3 that the Landlord's agents may inspect the Unit on reasonable notice; and\n"
        "6.4 to insure the plate glass against breakage for its full value.\n\n"
        "7. Landlord's covenants\n"
        "The Landlord agrees with the Tenant as follows:\n"
        "(a) to repair the roof and the structure of the Building.\n"
    )
    found = [(o.party, o.action) for o in obligations(text, [tenant, landlord])]
    lead = "covenants with the Landlord: "
    assert ("Brackenfold Studios Limited", lead + "to keep the shopfront clean and the windows glazed") in found
    assert (
        "Brackenfold Studios Limited",
        lead + "not to display any sign on the outside of the Unit without the Landlord's written approval",
    ) in found
    assert (
        "Brackenfold Studios Limited",
        lead + "to insure the plate glass against breakage for its full value",
    ) in found
    assert not any("may inspect" in action for _, action in found)  # a right of the other side, no duty
    assert (
        "Orchardleigh Estates plc",
        "agrees with the Tenant as follows: to repair the roof and the structure of the Building",
    ) in found


def test_a_covenant_lead_in_ending_in_that_or_an_item_to_the_best_of_is_no_infinitive_list() -> None:
    maker = Party("Quillon Robotics Inc.", "maker", 0, 21, ("Maker",))
    buyer = Party("Sandreef Foods LLC", "buyer", 26, 44, ("Buyer",))
    text = (
        "Quillon Robotics Inc. and Sandreef Foods LLC\n\n"
        "9. The Maker covenants to the Buyer, as of the Closing, that:\n"
        "(a) to the best of its knowledge, no patent is infringed by the Robots; and\n"
        "(b) to its knowledge, no claim is pending.\n\n"
        "10. The Buyer undertakes to the Maker:\n"
        "(a) to the extent it can, to return the crates.\n"
    )
    found = [o.action for o in obligations(text, [maker, buyer])]
    assert not any("best of its knowledge" in action or "to the extent" in action for action in found)


def test_a_covenant_item_that_says_when_before_its_infinitive_is_a_duty() -> None:
    tenant = Party("Wrenfield Bakery Limited", "tenant", 0, 24, ("Tenant",))
    landlord = Party("Ashcombe Holdings plc", "landlord", 29, 50, ("Landlord",))
    text = (
        "Wrenfield Bakery Limited and Ashcombe Holdings plc\n\n"
        "5. The Tenant covenants with the Landlord as follows:\n"
        "5.1 to pay the rent on the usual quarter days;\n"
        "5.2 on the expiry of the Term to return every key to the Landlord's agent.\n"
    )
    found = [(o.party, o.action) for o in obligations(text, [tenant, landlord])]
    assert any(party == "Wrenfield Bakery Limited" and "return every key" in action for party, action in found)


def test_it_after_a_semicolon_is_the_party_the_sentence_opens_with() -> None:
    owner = Party("Larchmont Barns GmbH", "owner", 0, 20, ("Owner",))
    user = Party("Fenwick Solar AG", "user", 25, 41, ("User",))
    text = (
        "Larchmont Barns GmbH and Fenwick Solar AG\n\n"
        "§ 6 Assignment\n\n"
        "The User may assign this contract to a lender; it shall send the Owner a copy of the assignment within "
        "ten days.\n\n"
        "§ 7 Reports\n\n"
        "The Owner may copy the yield report; it shall be marked confidential.\n"
    )
    found = [(o.party, o.action) for o in obligations(text, [owner, user])]
    assert any(party == "Fenwick Solar AG" and "send the Owner a copy" in action for party, action in found)
    assert not any("marked confidential" in action for _, action in found)


def test_a_contracted_will_in_an_email_is_a_duty_of_the_party_it_names() -> None:
    studio = Party("Orchard Pixel Studios LLC", "orchard", 0, 25, ("Orchard", "we"))
    client = Party("Bluefin Marine Corp.", "bluefin", 30, 50, ("Bluefin", "you"))
    text = "Hi Sam, we'll shoot the catalogue in April. You'll pay the fee of $4,000 within ten days of delivery."
    found = obligations(text, [studio, client])
    assert [(o.party, o.action) for o in found] == [
        ("Orchard Pixel Studios LLC", "will shoot the catalogue in April"),
        ("Bluefin Marine Corp.", "will pay the fee of $4,000 within ten days of delivery"),
    ]


def test_a_duty_after_a_right_of_the_same_subject_is_that_subjects() -> None:
    buyer = Party("Kaveri Foods Private Limited", "buyer", 0, 28, ("Buyer",))
    seller = Party("Godavari Mills Limited", "seller", 30, 52, ("Seller",))
    text = (
        "The Buyer may withhold tax from each payment as the tax laws require and shall issue the withholding "
        "certificate to the Seller within thirty days."
    )
    found = obligations(text, [buyer, seller])
    assert [o.party for o in found] == ["Kaveri Foods Private Limited"]
    assert "issue the withholding certificate" in found[0].action


def test_a_warranty_that_a_thing_shall_conform_then_a_duty_to_repair_binds_the_warrantor() -> None:
    maker = Party("Nilgiri Devices Limited", "maker", 0, 23, ("Maker",))
    owner = Party("Palk Shipping Limited", "owner", 30, 51, ("Owner",))
    text = (
        "The Maker warrants that every unit shall conform to the agreed drawings for six months from delivery and "
        "shall repair any defect reported in that time at its own cost."
    )
    found = obligations(text, [maker, owner])
    assert [o.party for o in found] == ["Nilgiri Devices Limited"]
    assert "repair any defect" in found[0].action


def test_a_donors_pledge_is_the_donors_duty() -> None:
    donor = Party("Rosalind Achebe-Marsh", "donor", 0, 21, ("Donor",))
    trust = Party("Millbrook Arts Trust", "trust", 30, 50, ("Trust",))
    text = "The Donor pledges to give the Trust Two Hundred Thousand Dollars ($200,000) by December 1, 2027."
    found = obligations(text, [donor, trust])
    assert [(o.party, o.action) for o in found] == [
        (
            "Rosalind Achebe-Marsh",
            "pledges to give the Trust Two Hundred Thousand Dollars ($200,000) by December 1, 2027",
        )
    ]


def test_keeping_a_responsibility_is_a_duty_keeping_a_right_is_not() -> None:
    clinic = Party("Eastgate Clinic, Inc.", "clinic", 0, 21, ("Clinic",))
    text = (
        "The Clinic shall retain sole responsibility for the care of its patients. "
        "The Clinic shall retain all rights in its records."
    )
    found = [o.action for o in obligations(text, [clinic])]
    assert found == ["shall retain sole responsibility for the care of its patients"]


def test_a_duty_after_a_warranty_of_a_present_state_is_the_warrantors() -> None:
    trader = Party("Marram Candles Ltd", "trader", 20, 30, ("Trader",))
    landlord = Party("Quayside Arcade Holdings Ltd", "landlord", 0, 10, ("Landlord",))
    text = (
        "The Trader warrants that every candle it sells is made from natural wax, and must supply the Landlord with "
        "its safety data sheets on request."
    )
    found = [(o.party, o.action) for o in obligations(text, [landlord, trader])]
    assert any(p == "Marram Candles Ltd" and a.startswith("must supply the Landlord") for p, a in found)


def test_party_engaged_to_do_the_work_owes_it() -> None:
    studio = Party("Larkspur Studio LLC", "client", 0, 19, ("Studio",))
    writer = Party("Tomas Reyes", "contractor", 30, 41, ("Writer",))
    text = "The Studio hereby engages the Writer to draft the shooting script for the pilot episode."
    found = obligations(text, [studio, writer])
    assert [(ob.party, ob.action) for ob in found] == [
        ("Tomas Reyes", "draft the shooting script for the pilot episode")
    ]
    # "to the extent" is no task, and a stranger engaged is no party's duty
    assert not obligations("The Studio engages the Writer to the extent the budget allows.", [studio, writer])
    assert not obligations("The Studio engages a local crew to build the set.", [studio, writer])


def test_a_guarantee_after_adverbs_set_off_by_commas_binds_the_guarantor() -> None:
    surety = Party("Wexcombe Group plc", "surety", 0, 18, ("Surety",))
    text = (
        "2. Undertaking. The Surety hereby fully, unconditionally and irrevocably guarantees to Ono the prompt "
        "performance by Array of each delivery obligation under the Supply Contract."
    )
    found = obligations(text, [ARRAY, ONO, surety])
    assert [(o.party, o.action[:22]) for o in found] == [("Wexcombe Group plc", "guarantees to Ono the ")]
    # a duty that continues the guarantee after ", and" is a second duty of the guarantor, not part of the first
    text = text.removesuffix(".") + ", and shall indemnify Ono against any loss from late delivery."
    found = obligations(text, [ARRAY, ONO, surety])
    assert [(o.party, o.action.split()[0], o.action.split()[-1]) for o in found] == [
        ("Wexcombe Group plc", "guarantees", "Contract"),
        ("Wexcombe Group plc", "shall", "delivery"),
    ]


def test_a_duty_after_being_bound_by_a_professional_rule_is_the_subjects() -> None:
    auditors = Party("Veldt Audit Partnerschaft mbB", "auditors", 0, 10, ("Auditors",))
    client = Party("Rhein Pumpen GmbH", "client", 20, 30, ("Client",))
    text = (
        "The Auditors are bound by the professional code of the Chamber and shall keep secret everything they learn "
        "about the Client's business."
    )
    found = [(o.party, o.action) for o in obligations(text, [auditors, client])]
    assert found == [
        ("Veldt Audit Partnerschaft mbB", "shall keep secret everything they learn about the Client's business")
    ]


def test_each_followed_by_the_noun_every_role_shares_binds_every_party() -> None:
    instructing = Party("Moss Vale Legal Pty Ltd", "instructing firm", 0, 10, ("Instructing Firm",))
    agent = Party("Carrick Sloane", "agent firm", 20, 30, ("Agent Firm",))
    text = "Each firm must keep its files for seven years after the matter ends."
    assert sorted(o.party for o in obligations(text, [instructing, agent])) == [
        "Carrick Sloane",
        "Moss Vale Legal Pty Ltd",
    ]


def test_a_duty_after_provided_he_binds_the_party_the_sentence_opens_with() -> None:
    firm = Party("Okoro & Lamb", "firm", 0, 10, ("Firm",))
    adviser = Party("Samuel Tiwari", "adviser", 20, 30, ("Adviser",))
    text = (
        "The Adviser may sit on other boards during the term, provided he shall tell the Firm of any board whose "
        "company is in dispute with a client of the Firm."
    )
    found = [(o.party, o.action) for o in obligations(text, [firm, adviser])]
    assert (
        "Samuel Tiwari",
        "shall tell the Firm of any board whose company is in dispute with a client of the Firm",
    ) in found


def test_you_beside_a_defined_term_without_quotes_is_that_party() -> None:
    surveyor = Party("Bramley Orchard LLP", "surveyor", 0, 10, ("Surveyor",))
    client = Party("Westfield Dairies Limited", "client", 20, 30, ("Client",))
    text = (
        "We are glad to act for Westfield Dairies Limited (the Client, you) as Bramley Orchard LLP (the Surveyor, "
        "we, us). If the appointment ends early, you shall pay our fees for the work done to that day."
    )
    found = [(o.party, o.action) for o in obligations(text, [surveyor, client])]
    assert ("Westfield Dairies Limited", "shall pay our fees for the work done to that day") in found


def test_a_group_of_parties_defined_without_quotes_binds_each_member() -> None:
    lead = Party("Tindholm Resources AS", "operator", 0, 10, ("Operator",))
    fjord = Party("Fjordvik Energi AS", "fjordvik", 20, 30, ("Fjordvik",))
    skog = Party("Skogli Petro ASA", "skogli", 40, 50, ("Skogli",))
    text = (
        "(1) Tindholm Resources AS (the Operator); (2) Fjordvik Energi AS (Fjordvik); and (3) Skogli Petro ASA "
        "(Skogli). Fjordvik and Skogli are together the Partners.\n\n"
        "4.1 Each Partner shall advance its share of the approved budget within ten days of a funding request.\n\n"
        "4.2 The Operator shall report monthly on spending."
    )
    found = obligations(text, [lead, fjord, skog])
    assert [(o.party, o.action[:16]) for o in found] == [
        ("Fjordvik Energi AS", "shall advance it"),
        ("Skogli Petro ASA", "shall advance it"),
        ("Tindholm Resources AS", "shall report mon"),
    ]


def test_retaining_an_adviser_or_a_minimum_holding_is_a_duty_retaining_rights_is_not() -> None:
    text = (
        "Ono shall retain, at its own expense, an independent accounting firm approved by Array to review the "
        "royalty statements. Array shall retain, directly or through its subsidiaries, not less than 51% of the "
        "voting shares of its distributor. Ono shall retain the right to appoint an auditor of its choice."
    )
    found = [(o.party, o.action[:40]) for o in obligations(text, [ARRAY, ONO])]
    assert ("Ono Pharmaceutical Co., Ltd.", "shall retain, at its own expense, an ind") in found
    assert ("Array BioPharma Inc.", "shall retain, directly or through its su") in found
    assert not any("retain the right" in action for _, action in found)


def test_a_term_every_party_of_a_list_is_given_before_and_together_binds_each() -> None:
    lead = Party("Ardnave Surveys Limited", "lead partner", 0, 23, ("Lead Partner",))
    second = Party("Corrie Drilling Ltd", "party", 40, 59, ())
    third = Party("Machrie Geotechnics LLP", "party", 70, 93, ())
    text = (
        "(1) Ardnave Surveys Limited (the Lead Partner); (2) Corrie Drilling Ltd; and (3) Machrie Geotechnics LLP, "
        "each of the above a Partner and together the Venture.\n\n"
        "4.2 Each Partner shall maintain public liability insurance of at least £2,000,000."
    )
    found = obligations(text, [lead, second, third])
    insured = sorted(o.party for o in found if "public liability insurance" in o.action)
    assert insured == ["Ardnave Surveys Limited", "Corrie Drilling Ltd", "Machrie Geotechnics LLP"]


def test_a_term_given_a_list_beside_a_party_of_another_role_binds_not_that_party() -> None:
    owner = Party("Kilbride Estates Ltd", "owner", 0, 20, ("Owner",))
    first = Party("Dunmore Tenancy Co Ltd", "party", 40, 62, ())
    second = Party("Stirling Lets LLP", "party", 70, 87, ())
    text = (
        "Kilbride Estates Ltd (the Owner) and the agents listed below, each a Agent and together the Agents: "
        "Dunmore Tenancy Co Ltd and Stirling Lets LLP.\n\n"
        "3.1 Each Agent shall account for the rents it collects every month."
    )
    found = obligations(text, [owner, first, second])
    assert "Kilbride Estates Ltd" not in {o.party for o in found if "account for the rents" in o.action}


def test_a_role_a_named_party_acts_in_without_a_defined_term_names_its_duties() -> None:
    bank = Party("Tollbridge Bank plc", "party", 0, 19, ())
    other = Party("Wrenfield Credit Ltd", "party", 30, 50, ())
    text = (
        "Tollbridge Bank plc and Wrenfield Credit Ltd lend together. Tollbridge Bank plc also acts as Paying Agent "
        "for the lenders.\n\n6.1 The Paying Agent shall pass each repayment on to the lenders within two days."
    )
    found = obligations(text, [bank, other])
    assert [o.party for o in found if "pass each repayment" in o.action] == ["Tollbridge Bank plc"]


def test_a_role_several_listed_parties_share_binds_each_of_them() -> None:
    first = Party("Caldmore Housing Trust", "tenant", 0, 22, ("Tenant",))
    second = Party("Pelsall Youth Club CIO", "tenant", 30, 52, ("Tenant",))
    landlord = Party("Walsall Estates Ltd", "landlord", 60, 79, ("Landlord",))
    text = (
        "Tenants: Caldmore Housing Trust and Pelsall Youth Club CIO. Landlord: Walsall Estates Ltd.\n\n"
        "4.1 Each Tenant shall pay its share of the service charge within 14 days of demand."
    )
    found = obligations(text, [first, second, landlord])
    payers = sorted(o.party for o in found if "service charge" in o.action)
    assert payers == ["Caldmore Housing Trust", "Pelsall Youth Club CIO"]


def test_parties_each_given_a_term_and_together_a_plural_one_form_a_group() -> None:
    head = Party("Harrowgate Systems, Inc.", "head", 0, 24, ("Head",))
    first = Party("Quarry Labs, L.L.C.", "party", 30, 49, ())
    second = Party("Fenwick Data Corp.", "party", 55, 73, ())
    text = (
        "Harrowgate Systems, Inc. (Head); Quarry Labs, L.L.C.; and Fenwick Data Corp. Quarry Labs, L.L.C. and "
        "Fenwick Data Corp. are each a Squad Member and together the Squad Members.\n\n"
        "2.1 Each Squad Member shall send its cost estimate to Head by the tenth day of each month."
    )
    found = obligations(text, [head, first, second])
    senders = sorted(o.party for o in found if "cost estimate" in o.action)
    assert senders == ["Fenwick Data Corp.", "Quarry Labs, L.L.C."]


def test_parties_each_given_a_singular_term_form_a_group() -> None:
    ones = [
        Party("Orwell Marine Ltd", "orwell", 0, 17, ("Orwell",)),
        Party("Deben Boatyard LLP", "deben", 20, 38, ("Deben",)),
        Party("Alde Sailmakers Ltd", "alde", 40, 59, ("Alde",)),
    ]
    text = (
        "Orwell Marine Ltd (Orwell), Deben Boatyard LLP (Deben) and Alde Sailmakers Ltd (Alde). Orwell, Deben and "
        "Alde are each a Releasing Party.\n\n5.2 Each Releasing Party shall withdraw its claim within seven days."
    )
    found = obligations(text, ones)
    assert sorted(o.party for o in found if "withdraw its claim" in o.action) == sorted(p.name for p in ones)


def test_a_role_each_party_takes_as_the_other_in_brackets_is_mutual() -> None:
    text = (
        'Each Party (as "Giver") may show samples to the other (as "Taker"). '
        "The Taker shall keep every sample locked away."
    )
    found = obligations(text, [ARRAY, ONO])
    keepers = [o.party for o in found if "locked away" in o.action]
    assert keepers == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]


def test_keeping_a_single_copy_of_a_document_for_a_stated_time_is_a_duty() -> None:
    agent = Party("Tolland Freight Ltd.", "agent", 0, 20, ("Agent",))
    text = (
        "The Agent shall retain a signed copy of each delivery note for two years after the delivery. "
        "The Agent will retain one copy of the route maps. "  # a right to keep it, no time: no duty
        "The Agent shall retain all rights in its tracking software."
    )
    found = [o.action for o in obligations(text, [agent])]
    assert len(found) == 1 and "signed copy of each delivery note" in found[0]


def test_parties_counted_by_kind_after_the_list_form_groups_with_duties() -> None:
    first = Party("Marram Institute of Technology", "party", 0, 30, ())
    second = Party("Saltire College of Art", "party", 40, 62, ())
    third = Party("Dunlin Optics Ltd", "party", 70, 87, ())
    fourth = Party("Petrel Photonics Inc.", "party", 90, 111, ())
    text = (
        "AMONG:\n\nMarram Institute of Technology, a chartered institute, 1 Quay Road, Leith;\n\n"
        "Saltire College of Art, a college, 9 Mound Place, Edinburgh;\n\n"
        "Dunlin Optics Ltd, a company registered in Scotland, 4 Harbour Street, Fife; and\n\n"
        "Petrel Photonics Inc., a Delaware corporation, 20 Main Street, Boston.\n\n"
        "The two institutions are the Research Members; the two companies are the Sponsor Members; all four are "
        "the Members.\n\n"
        "3.1 Each Sponsor Member shall fund two doctoral studentships a year.\n\n"
        "3.2 Each Research Member shall host the studentships in its laboratories.\n\n"
        "3.3 Each Member shall keep the programme's results confidential for three years."
    )
    found = obligations(text, [first, second, third, fourth])

    def bound(words: str) -> list[str]:
        return sorted(o.party for o in found if words in o.action)

    assert bound("fund two doctoral") == ["Dunlin Optics Ltd", "Petrel Photonics Inc."]
    assert bound("host the studentships") == ["Marram Institute of Technology", "Saltire College of Art"]
    assert len(bound("results confidential")) == 4


def test_a_count_that_does_not_match_the_parties_forms_no_group() -> None:
    first = Party("Marram Institute of Technology", "party", 0, 30, ())
    second = Party("Dunlin Optics Ltd", "party", 40, 57, ())
    text = (
        "AMONG:\n\nMarram Institute of Technology, a chartered institute, Leith; and\n\n"
        "Dunlin Optics Ltd, a company registered in Scotland, Fife.\n\n"
        "The three institutions are the Research Members.\n\n"
        "3.2 Each Research Member shall host the studentships in its laboratories."
    )
    found = obligations(text, [first, second])
    assert "Marram Institute of Technology" not in {o.party for o in found if "host the studentships" in o.action}


def test_a_role_a_named_party_takes_as_it_is_given_a_duty_names_its_later_duties() -> None:
    first = Party("Corrie Polytechnic", "party", 0, 18, ())
    second = Party("Birk Sensors Ltd", "party", 30, 46, ())
    text = (
        "Corrie Polytechnic and Birk Sensors Ltd agree as follows.\n\n2.1 Corrie Polytechnic, as Grant Holder, shall "
        "receive the grant into a ring-fenced account.\n\n2.2 The Grant Holder shall send the funder a yearly "
        "statement of spending."
    )
    found = obligations(text, [first, second])
    assert [o.party for o in found if "yearly statement" in o.action] == ["Corrie Polytechnic"]


def test_it_opening_a_sentence_after_a_party_sentence_is_that_party() -> None:
    lead = Party("Haverl Pumpen GmbH", "partner", 0, 18, ("Partner",))
    other = Party("Orsk Ventil AS", "partner", 30, 44, ("Partner",))
    text = (
        "Haverl Pumpen GmbH and Orsk Ventil AS agree as follows.\n\n"
        "(3) Haverl Pumpen GmbH acts as coordinator. It shall circulate the test plan to every partner each month.\n\n"
        "(4) The prototype belongs to both partners. It shall be stored at the Bergen site."
    )
    found = obligations(text, [lead, other])
    assert [o.party for o in found if "circulate the test plan" in o.action] == ["Haverl Pumpen GmbH"]
    assert not [o for o in found if "stored at" in o.action]


def test_keeping_a_counted_number_of_samples_is_a_duty() -> None:
    lab = Party("Northgate Testing Ltd.", "laboratory", 0, 22, ("Lab",))
    grower = Party("Fallowfield Farms LLP", "grower", 30, 51, ("Grower",))
    text = (
        "The Lab shall retain three (3) samples of every consignment for one year after testing. "
        "The Grower shall retain all rights in its seed varieties."
    )
    found = [(o.party, o.action) for o in obligations(text, [lab, grower])]
    assert [party for party, _ in found] == ["Northgate Testing Ltd."]
    assert "three (3) samples" in found[0][1]


def test_a_duty_joined_by_and_to_the_right_the_sentence_opens_with_binds_the_holder_of_the_right() -> None:
    text = (
        "4.1 The Licensee may suspend deliveries during a declared emergency, and shall give Array a written account "
        "of each suspension.\n\n4.2 Array may audit the records, and shall be reimbursed its reasonable costs.\n"
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, "written account" in o.action) for o in found] == [("Ono Pharmaceutical Co., Ltd.", True)]


def test_a_role_in_brackets_without_quotes_that_either_party_can_hold_is_each_partys() -> None:
    text = (
        "Information passed by a Party (the Owner) to the other Party (the Receiver) stays the Owner's. "
        "The Receiver shall return every copy of the Owner's information within five days after a request."
    )
    found = [o for o in obligations(text, [ARRAY, ONO]) if "return every copy" in o.action]
    assert [o.party for o in found] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]


def test_a_term_given_the_meaning_of_another_section_is_no_duty() -> None:
    text = (
        "1.4 Receiving Party shall have the meaning given to it in Section 9.2. "
        "9.2 Information passed by one Party (Disclosing Party) to the other Party (Receiving Party) is confidential. "
        "The Receiving Party shall keep it in a locked cabinet."
    )
    actions = [o.action for o in obligations(text, [ARRAY, ONO])]
    assert not [a for a in actions if "meaning" in a]
    assert len([a for a in actions if "locked cabinet" in a]) == 2


def test_staying_liable_for_payment_is_a_duty_but_staying_in_office_is_not() -> None:
    text = (
        "Ono shall remain primarily liable for the payment of all licence fees after the sublicence is granted. "
        "Array shall remain the owner of the Licensed Patents."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, "remain primarily liable for the payment" in o.action) for o in found] == [
        ("Ono Pharmaceutical Co., Ltd.", True)
    ]


def test_a_group_term_ending_in_ies_binds_each_member_by_its_singular() -> None:
    seller = Party("Tamarack Feeds, Inc.", "seller", 0, 10, ("Seller",))
    founder = Party("Nora Beth Quill", "founder", 20, 30, ("Founder",))
    buyer = Party("Oxbow Agri Holdings LLC", "buyer", 40, 50, ("Buyer",))
    text = (
        'Tamarack Feeds, Inc. (the "Seller"), Nora Beth Quill (the "Founder") and Oxbow Agri Holdings LLC (the '
        '"Buyer"). The Seller and the Founder are together the "Selling Parties".\n\n'
        "4.1 Each Selling Party shall return to Buyer all price lists it holds within five (5) days after closing."
    )
    found = obligations(text, [seller, founder, buyer])
    assert [(o.party, o.action[:14]) for o in found] == [
        ("Tamarack Feeds, Inc.", "shall return t"),
        ("Nora Beth Quill", "shall return t"),
    ]


def test_a_clock_time_with_its_time_zone_does_not_end_the_sentence() -> None:
    text = (
        "The Licensor shall staff the help desk from 8:00 a.m. to 5:30 p.m. Pacific Time on weekdays and shall "
        "answer every urgent ticket within two hours."
    )
    found = obligations(text, [ARRAY, ONO])
    assert len(found) >= 1
    assert "answer every urgent ticket within two hours" in " ".join(o.action for o in found)


def test_a_party_confirming_that_it_shall_act_takes_the_duty() -> None:
    text = "The Licensee confirms that it shall keep the stock insured for its full replacement value."
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.kind) for o in found] == [("Ono Pharmaceutical Co., Ltd.", "insurance")]


def test_keeping_records_named_by_a_list_of_their_kinds_is_a_duty() -> None:
    text = (
        "Array shall retain calibration, batch and shipping records for every lot for seven (7) years. "
        "Ono shall retain its rights, title and interest in the formulation."
    )
    found = obligations(text, [ARRAY, ONO])
    assert [(o.party, o.action[:40]) for o in found] == [
        ("Array BioPharma Inc.", "shall retain calibration, batch and ship"),
    ]


def test_each_receiving_party_in_a_three_party_contract_binds_every_party() -> None:
    third = Party("Quoll Sensors Pty Ltd", "quoll", 60, 81, ("Quoll",))
    text = (
        "Array shall send the drawings to Ono and Quoll through the portal. On termination, each receiving Party "
        "shall delete all drawings within fourteen (14) days and confirm the deletion."
    )
    found = obligations(text, [ARRAY, ONO, third])
    deleting = [o.party for o in found if "delete all drawings" in o.action]
    assert set(deleting) == {"Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd.", "Quoll Sensors Pty Ltd"}


def test_a_plural_term_two_people_share_binds_both_of_them() -> None:
    builder = Party("Stonecroft Builders Ltd", "builder", 0, 20, ("Builder",))
    first = Party("Ines Marlow", "buyers", 30, 41, ("Buyers",))
    second = Party("Teodor Marlow", "buyers", 46, 59, ("Buyers",))
    text = "The Buyers shall pay each stage payment within ten days after receiving the Builder's invoice."
    found = obligations(text, [builder, first, second])
    assert sorted(o.party for o in found) == ["Ines Marlow", "Teodor Marlow"]


def test_the_duty_after_the_object_clause_of_a_lease_is_the_lessors() -> None:
    text = (
        "The Lessor lets to the Tenant the two electric forklifts and chargers listed in the Annex (the Machines) "
        "and shall deliver the Machines to the Tenant's depot by 3 May 2027."
    )
    lessor = Party("Harrow Plant Hire Ltd", "lessor", 0, 21, ("Lessor",))
    tenant = Party("Quayside Foods Ltd", "tenant", 30, 48, ("Tenant",))
    found = obligations(text, [lessor, tenant])
    assert [(o.party, o.kind) for o in found] == [("Harrow Plant Hire Ltd", "delivery")]
