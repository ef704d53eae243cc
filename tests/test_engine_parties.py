"""Parties read from hand-written preambles: one test per trap named in issue 11."""

from __future__ import annotations

from contractbox.engine.legal_forms import ends_with_legal_form
from contractbox.engine.markup import without_markup
from contractbox.engine.parties import find_parties, named_passages_first
from contractbox.engine.party_names import is_plausible_name, read_name
from contractbox.engine.signatures import signature_names


def names(text: str) -> list[str]:
    return [p.name for p in find_parties(text)]


def test_between_x_and_y_with_addresses_beside_the_names() -> None:
    text = (
        "LICENSE AGREEMENT\n\nThis License Agreement is made as of June 1, 2024 by and between Array BioPharma Inc., "
        "a Delaware corporation having its principal place of business at 3200 Walnut Street, Boulder, CO 80301 "
        '("Array"), and Ono Pharmaceutical Co., Ltd., a Japanese corporation having its principal place of business '
        'at 8-2, Kyutaromachi 1-chome, Chuo-ku, Osaka 541-8564, Japan ("Ono").\n\n1. DEFINITIONS.'
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["Array BioPharma Inc.", "Ono Pharmaceutical Co., Ltd."]
    for p in parties:
        assert text[p.start : p.end] == p.name  # evidence quotes the name exactly
    assert parties[0].aliases == ("Array",)


def test_a_state_acting_by_its_department_is_a_party() -> None:
    text = (
        "GRANT AGREEMENT\n\nThis Agreement is made between the State of Vermont, acting by and through its Agency of "
        'Natural Resources ("State"), and Otter Creek Survey LLC, a Vermont limited liability company ("Grantee").\n\n'
        "1. The Grantee shall survey the wetlands."
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [("State of Vermont", "state"), ("Otter Creek Survey LLC", "grantee")]
    # the same words without a department acting for the state remain a place
    place = (
        "This Agreement is made between Otter Creek Survey LLC, a limited liability company of the State of Vermont "
        '("Grantee"), and Birch Hill Farms, Inc. ("Owner").'
    )
    assert names(place) == ["Otter Creek Survey LLC", "Birch Hill Farms, Inc."]


def test_who_acts_for_a_party_or_makes_it_up_is_no_party_of_its_own() -> None:
    minister = (
        "FUNDING AGREEMENT\n\nBETWEEN:\n\nHis Majesty the King in right of Manitoba, as represented by the Minister of "
        'Fisheries, Parks and Wildlife (the "Province")\n\n- and -\n\nLakeshore Anglers Association, a not-for-profit '
        'corporation (the "Recipient")\n\nBACKGROUND\n\nThe Province funds hatcheries.'
    )
    parties = find_parties(minister)
    assert [p.role for p in parties] == ["province", "recipient"]
    assert not any("Wildlife" in p.name for p in parties)
    partners = (
        'This Lease is made between Moreno Holdings LLC, a Nebraska limited liability company ("Landlord"), and '
        'Two Rivers Growers, a Nebraska general partnership whose partners are Ruth Okafor and Samuel Lindgren ("Tenant").'
    )
    assert [(p.name, p.role) for p in find_parties(partners)] == [
        ("Moreno Holdings LLC", "landlord"),
        ("Two Rivers Growers", "tenant"),
    ]
    venture = (
        'THIS AGREEMENT is made BETWEEN:\n\nALDER FLATS HOLDINGS LTD. (the "Owner")\n\nAND:\n\nNORTH SHORE TRANSIT JOINT '
        "VENTURE, an unincorporated joint venture between Pacific Rail Works Ltd. and Coastline Civil Corporation, "
        'acting by its operator, Pacific Rail Works Ltd.\n(the "Licensee")\n\nWHEREAS the Owner holds the lands.'
    )
    assert [(p.name, p.role) for p in find_parties(venture)] == [
        ("ALDER FLATS HOLDINGS LTD.", "owner"),
        ("NORTH SHORE TRANSIT JOINT VENTURE", "licensee"),
    ]
    # two parties joined by ", and" after a party's agent are still two parties
    agent = (
        "This Agreement is made between Cedar Point Partners, L.P., by its general partner Cedar Point GP LLC, and "
        'Marsh Valley Supply, Inc. ("Buyer").'
    )
    assert names(agent) == ["Cedar Point Partners, L.P.", "Marsh Valley Supply, Inc."]


def test_a_statute_named_in_a_partys_descriptors_is_no_party() -> None:
    text = (
        "This Services Agreement is made between Lakeview Hospital Authority, a public body created under Chapter 44 of "
        'the Georgia Health and Hospital Code, doing business as Lakeview Regional Clinic (the "Authority"), and '
        'Paulo Mendes, an individual ("Physician").'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Lakeview Hospital Authority", "authority"),
        ("Paulo Mendes", "physician"),
    ]


def test_role_comes_from_the_defined_term() -> None:
    text = (
        "This Agreement is dated January 15, 2025 between Cloudmere Software Ltd., a New York corporation having "
        'its principal office at 200 Hudson Avenue, New York, New York 10013 ("Provider"), and Redwater Logistics '
        'Corp., a Texas corporation ("Customer").\n\n1. SERVICE.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Cloudmere Software Ltd.", "provider"),
        ("Redwater Logistics Corp.", "customer"),
    ]


def test_a_legal_form_in_its_own_language_is_no_defined_term() -> None:
    # the bracket glosses the legal form; the party's term is the one after "hereinafter"
    text = (
        "SERVICES AGREEMENT\n\nbetween\n\nAlmweide Klima Stiftung, a foundation (Stiftung) under Swiss law, "
        "Bahnhofplatz 4, 3011 Bern, hereinafter the Foundation,\n\nand\n\nTorvik Data AS, a company registered "
        "in Norway under number 918 442 001, Storgata 12, 0155 Oslo, hereinafter the Contractor.\n\n1. Services"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Almweide Klima Stiftung", "foundation"),
        ("Torvik Data AS", "contractor"),
    ]


def test_numbered_uk_style_parties_without_quotes() -> None:
    text = (
        "THIS AGREEMENT is dated 1 May 2024\n\nPARTIES\n\n"
        "(1) HOLLOWAY FACILITIES SERVICES LIMITED incorporated and registered in England and Wales with company "
        "number 04567890 whose registered office is at 12 Mill Lane, Leeds LS1 4AB (Supplier).\n\n"
        "(2) ACME WIDGETS LIMITED incorporated and registered in England and Wales with company number 01234567 "
        "whose registered office is at 1 High Street, York YO1 7HH (Customer).\n\nBACKGROUND\n\n(A) The Customer..."
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["HOLLOWAY FACILITIES SERVICES LIMITED", "ACME WIDGETS LIMITED"]
    assert [p.role for p in parties] == ["supplier", "customer"]


def test_hereinafter_called_and_an_individual() -> None:
    text = (
        "This Leave and Licence Agreement is made at Mumbai on 18 April 2025\n\nBETWEEN\n\n"
        "MR. RAJESH KUMAR MEHTA, aged about 58 years, residing at Flat 1201, Sea Breeze Apartments, Carter Road, "
        "Bandra (West), Mumbai 400050, hereinafter called the Licensor of the ONE PART\n\nAND\n\n"
        "ORCHID DIGITAL MEDIA PRIVATE LIMITED, a company incorporated under the Companies Act, 2013, having its "
        "registered office at 301, Link Square, Mumbai 400052, hereinafter called the Licensee of the OTHER PART.\n\n"
        "WHEREAS the Licensor owns the premises."
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["RAJESH KUMAR MEHTA", "ORCHID DIGITAL MEDIA PRIVATE LIMITED"]
    assert [p.role for p in parties] == ["licensor", "licensee"]


def test_person_named_as_an_individual() -> None:
    text = (
        "This Consulting Agreement, made this 27th day of March, 2017, is entered into by Immunotolerance, Inc., "
        'a Delaware corporation (the "Company"), and Alan Crane, an individual (the "Consultant").\n\nWHEREAS ...'
    )
    assert names(text) == ["Immunotolerance, Inc.", "Alan Crane"]


def test_three_parties_by_and_among() -> None:
    text = (
        "This Escrow Agreement is entered into by and among Quillstone Software Corporation, a Delaware "
        'corporation ("Depositor"), Bayview Regional Credit Union, a California credit union ("Beneficiary"), and '
        'Ironvault Escrow Services LLC, a Nevada limited liability company ("Escrow Agent").\n\n1. DEPOSIT.'
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == [
        "Quillstone Software Corporation",
        "Bayview Regional Credit Union",
        "Ironvault Escrow Services LLC",
    ]
    assert parties[2].role == "escrow agent"


def test_england_and_wales_inside_a_descriptor_is_not_a_party() -> None:
    text = (
        "This Agreement is made by and between Dialog Semiconductor (UK) Ltd., a corporation organized under the "
        "laws of England and Wales, having its principal office at 100 Longwater Avenue, Reading, United Kingdom "
        '("DIALOG") and Energous Corporation, a Delaware corporation ("ENERGOUS").\n\nWHEREAS DIALOG ...'
    )
    assert names(text) == ["Dialog Semiconductor (UK) Ltd.", "Energous Corporation"]


def test_non_ascii_letters_and_dot_com_names() -> None:
    text = (
        'This Agreement is entered into by and between drkoop.com, inc., a Delaware corporation ("drkoop.com"), '
        'and Eurofarma Laboratórios S.A., a Brazilian corporation ("Eurofarma").\n\n1. SERVICES.'
    )
    assert names(text) == ["drkoop.com, inc.", "Eurofarma Laboratórios S.A."]


def test_a_parent_mentioned_after_the_party_list_is_not_a_party() -> None:
    text = (
        "This agreement is made on 10 January 2018 by and between Bravatek Solutions, Inc., a Colorado corporation "
        '("Bravatek"), and Fazync LLC, a Colorado limited liability company ("Fazync"). Fazync is a wholly owned '
        'subsidiary of Intelligent Highway Solutions, Inc., ("IHSI"), a Nevada corporation.\n\nWhereas, ...'
    )
    assert names(text) == ["Bravatek Solutions, Inc.", "Fazync LLC"]


def test_preamble_without_between_is_found_by_its_defined_terms() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nAduro Biotech, Inc., with a place of business at 740 Heinz Avenue, Berkeley, "
        'CA 94710 ("Aduro") and IREYA B.V having an address at Staalwijkstraat 16, Leiden, the Netherlands '
        '("Consultant") agree to all terms and conditions of this Consulting Agreement ("Agreement").\n\n1. Services.'
    )
    assert names(text) == ["Aduro Biotech, Inc.", "IREYA B.V"]


def test_headings_and_clause_text_are_never_parties() -> None:
    text = (
        "EXCLUSIVE SUPPLY AGREEMENT\n\nExhibit A\n\n1. Products. The Supplier shall supply the Products.\n\n"
        "Notwithstanding anything to the contrary, Compensation. The Company shall pay the fees."
    )
    assert names(text) == []


def test_unsure_gives_fewer_parties_not_wrong_ones() -> None:
    text = "AGREEMENT dated ____ between the party named in Schedule 1 and the Franchisee.\n\n1. GRANT."
    assert names(text) == []


def test_signature_block_names_confirm_the_preamble() -> None:
    text = (
        'This Agreement is made between Harbor Lane Analytics, Inc., a Delaware corporation ("Harbor Lane"), and '
        'Northfield Medical Devices LLC, a Minnesota limited liability company ("Northfield").\n\n1. PURPOSE.\n\n'
        + "Body text. "
        * 200
        + "\n\nIN WITNESS WHEREOF the parties have signed this Agreement.\n\nHARBOR LANE ANALYTICS, INC.\n\n"
        "By: ______________\nName: Dana Lee\n\nNorthfield Medical Devices LLC\n\nBy: ______________\nName: Sam Ortiz\n"
    )
    assert signature_names(text) == ["HARBOR LANE ANALYTICS, INC.", "Northfield Medical Devices LLC"]
    assert [p.confirmed for p in find_parties(text)] == [True, True]


def test_legal_form_list() -> None:
    assert ends_with_legal_form("Ono Pharmaceutical Co., Ltd.")
    assert ends_with_legal_form("Softwerk Bergmann GmbH & Co. KG")
    assert ends_with_legal_form("Grupo Ejemplo S. de R.L. de C.V.")
    assert not ends_with_legal_form("Acme Incorporation Services")
    assert not ends_with_legal_form("Marketing Department")


def test_parties_only_in_flattened_signature_blocks() -> None:
    text = (
        "JOINT FILING AGREEMENT\n\nThe undersigned hereby agree to the joint filing of the Statement on Schedule 13D."
        "\n\nDated: July 6, 2020\n\nHPS INVESTMENT PARTNERS, LLC /s/ John Madden Name: John Madden Title: Authorized "
        "Signatory HPS MEZZANINE PARTNERS II, LLC By: HPS Investment Partners, LLC, its sole member /s/ John Madden "
        "Name: John Madden Title: Authorized Signatory"
    )
    assert names(text) == ["HPS INVESTMENT PARTNERS, LLC", "HPS MEZZANINE PARTNERS II, LLC"]


def test_labelled_parties_with_roles() -> None:
    text = (
        "Road Transportation Agreement   Party A (Shipper): ZTO Express Co., Ltd. Address: Building 1, Huazhi Road, "
        "Shanghai   Party B (Carrier): Tonglu Tongze Logistics Ltd. Address: 12 Floor, Yinchun South Road, Tonglu   "
        "Party A and Party B enter into this Agreement."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("ZTO Express Co., Ltd.", "shipper"),
        ("Tonglu Tongze Logistics Ltd.", "carrier"),
    ]


def test_wide_layout_gap_ends_a_name() -> None:
    text = (
        "OUTSOURCING AGREEMENT\n\nBETWEEN:\n\n   MODUS MEDIA INTERNATIONAL            LANDDROSTLAAN 51     "
        '(HEREINAFTER "MMI")\n\n   AND\n\n   DRAGON SYSTEMS, INC.     320 NEVADA STREET  (HEREINAFTER "DRAGON")\n\n'
    )
    assert names(text) == ["MODUS MEDIA INTERNATIONAL", "DRAGON SYSTEMS, INC."]


def test_address_lines_with_a_period_before_the_defined_term() -> None:
    text = (
        "ODM SUPPLY AGREEMENT\n\nBETWEEN:\n\nORGANIC PREPARATIONS INC.\n\n2 nd Floor, Transpacific Haus\n"
        'Lini Highway, Port Vila. Vanuatu\n"the Manufacturer"\n-- AND --\n\nAGAPE ATP INTERNATIONAL HOLDING LIMITED'
        '\n\nUnit 05, 4F, Energy Plaza\nKowloon, Hong Kong\n"the Customer"\n\nRECITALS\n'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("ORGANIC PREPARATIONS INC.", "manufacturer"),
        ("AGAPE ATP INTERNATIONAL HOLDING LIMITED", "customer"),
    ]


def test_lettered_list_of_three_parties() -> None:
    text = (
        "This Escrow Agreement is made by and among:\n\n(a) Quillstone Software Corporation, a Washington "
        'corporation ("Depositor");\n\n(b) Bayview Regional Credit Union, a Washington state-chartered credit union '
        'whose address is 77 Harbor Drive, Tacoma ("Beneficiary"); and\n\n(c) Ironvault Escrow Services LLC, a '
        'Delaware limited liability company ("Escrow Agent").\n\n1. DEPOSIT.'
    )
    assert names(text) == [
        "Quillstone Software Corporation",
        "Bayview Regional Credit Union",
        "Ironvault Escrow Services LLC",
    ]


def test_mixed_case_signature_names_before_by() -> None:
    text = (
        "JOINT FILING AGREEMENT\n\nThe undersigned agree to file jointly. Dated: 4/8/2020 YA II PN, Ltd. "
        "By:/s/ Troy J. Rillo, Esq. Date: 4/8/2020 Troy J. Rillo, Esq. Chief Compliance Officer Yorkville Advisors "
        "Global, LP By:Yorkville Advisors Global, LLC Its:General Partner By:/s/ Troy J. Rillo\n\n"
        "For and on behalf of Advantage Telecommunications Ltd.         By:\n"
    )
    assert names(text) == ["YA II PN, Ltd.", "Yorkville Advisors Global, LP", "Advantage Telecommunications Ltd."]


def test_words_glued_before_an_all_caps_name_are_dropped() -> None:
    text = (
        '400,000 Shares BLUEROCK RESIDENTIAL GROWTH REIT, INC. (the "Company"), a Maryland corporation, and '
        'Compass Point Research & Trading, LLC, a Delaware limited liability company ("Agent"), agree as follows.'
    )
    assert names(text) == ["BLUEROCK RESIDENTIAL GROWTH REIT, INC.", "Compass Point Research & Trading, LLC"]


def test_gmbh_co_kg_with_country_line_and_unquoted_hereinafter() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nbetween\n\nCREMER OLEO GmbH & Co KG, Glockengiesserwall 3, 20095 Hamburg,\n\nGermany\n\n"
        "— hereinafter referred to as Cremer —\n\nand\n\nUltragenyx Pharmaceutical Inc, 60 Leveroni Court, Novato, "
        "California 94949, United States of America\n\n— hereinafter referred to as Ultragenyx —\n\nPreamble\n"
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["CREMER OLEO GmbH & Co KG", "Ultragenyx Pharmaceutical Inc"]
    assert parties[0].aliases == ("Cremer",)


def test_party_labels_on_their_own_lines() -> None:
    text = (
        "INTERNET CHANNEL COOPERATION AGREEMENT\n\n     Party A:\n\n  Beijing Baidu Netcom Science and Technology Co., "
        "Ltd.\n\n  Address:\n\n  Baidu Building, Haidian District, Beijing\n\n    Party B:\n\n  China Online Housing "
        "(Hong Kong) Co., Ltd.\n\n  Address:\n\n  8/F, Ideal International Plaza, Beijing\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Beijing Baidu Netcom Science and Technology Co., Ltd.", "party a"),
        ("China Online Housing (Hong Kong) Co., Ltd.", "party b"),
    ]


def test_letter_agreement_between_me_and_a_company() -> None:
    text = (
        "August 18, 2025\n\nDear Rosa,\n\nThis letter sets out the arrangement between me, Daniel K. Okafor, doing "
        'business as Okafor Web Studio ("Developer"), and Greenway Landscaping Co. ("Client") for the care of your '
        "website.\n\n1. What I will do."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Daniel K. Okafor", "developer"),
        ("Greenway Landscaping Co.", "client"),
    ]


def test_offer_letter_names_the_individual_before_his_role() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nMarch 3, 2025\n\nDear Priya:\n\nHalvorsen Robotics, Inc., a Delaware corporation "
        '(the "Company"), is pleased to offer this Consulting Agreement (this "Agreement") to retain Priya Natarajan '
        '("Consultant") on the following terms:\n\n1. Services.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Halvorsen Robotics, Inc.", "company"),
        ("Priya Natarajan", "consultant"),
    ]


def test_loan_out_company_and_the_individual_it_contracts_for() -> None:
    text = (
        "This Endorsement Agreement is entered into on May 1, 2025 by and between Northpeak Talent, LLC "
        '("Lender"), for services of Jordan Alvarez ("Endorser"), and Summit Trail Foods, Inc. ("Company").\n\n1.'
    )
    assert names(text) == ["Northpeak Talent, LLC", "Jordan Alvarez", "Summit Trail Foods, Inc."]


def test_party_a_and_party_b_labels_without_legal_form() -> None:
    text = (
        "Cooperation Agreement on the Solar Project in Lishan County Party A: People's Government of Lishan County "
        "Party B: Hengyuan Solar Energy Co., Ltd. Party A welcomes Party B to invest in the project."
    )
    assert names(text) == ["People's Government of Lishan County", "Hengyuan Solar Energy Co., Ltd."]


def test_franchise_form_with_a_blank_franchisee_keeps_the_named_party() -> None:
    text = (
        'This Franchise Agreement ("Agreement") made this _____ day of ________, 20__, by and between Copperleaf '
        "Grill Systems, Inc., an Ohio corporation with its principal place of business at 10 Main Street, Dayton, "
        'Ohio ("we" or "us"), and ______________________________ ("you").\n\n1. GRANT.'
    )
    assert names(text) == ["Copperleaf Grill Systems, Inc."]


def test_a_definition_or_recital_naming_other_agreements_is_not_the_party_list() -> None:
    text = (
        '1. DEFINITIONS\n\n"Capacity" means the difference between the Design Capacity and the Sold Capacity.\n\n'
        "WHEREAS pursuant to an agreement dated May 25, 2012 entered into between Trip shareholders and Azul S.A., "
        "Trip became a subsidiary."
    )
    assert names(text) == []


def test_glued_section_number_and_a_bank_name_in_capitals() -> None:
    text = (
        "Exhibit 10.3 Execution Version MERIDIAN HOLDINGS, INC. ORDERLY MARKETING AGREEMENT\n\nTHIS AGREEMENT sets "
        'forth the terms agreed between Chase Bank USA, N.A. ("Chase") and Lumen Affiliates LLC ("Affiliate").'
    )
    assert names(text) == ["Chase Bank USA, N.A.", "Lumen Affiliates LLC"]


def test_uk_by_heading_numbered_parties_with_an_individual() -> None:
    text = (
        "THIS AGREEMENT is made on 3 March 2025\n\nBY:\n\n(1) ACME LIMITED (company number 01234567) of 1 High Street, "
        'London (the "Seller"); and\n(2) JANE ELIZABETH DOE of 4 Low Road, Bristol (the "Buyer").\n\nIT IS AGREED:'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("ACME LIMITED", "seller"),
        ("JANE ELIZABETH DOE", "buyer"),
    ]


def test_disclosing_and_receiving_party_labels() -> None:
    text = (
        "NON-DISCLOSURE AGREEMENT\n\nEffective Date: June 1, 2025\n\nDisclosing Party: Helix Genomics, Inc., 100 Main "
        "St, Cambridge, MA\nReceiving Party: Pinnacle Ventures LP, 200 State St, Boston, MA\n\n1. Confidential Information."
    )
    assert names(text) == ["Helix Genomics, Inc.", "Pinnacle Ventures LP"]


def test_letter_from_we_to_you() -> None:
    text = (
        'Dear Mr. Patel,\n\nRe: Offer of engagement\n\nWe, Larkspur Design Studio Ltd ("we", "us"), are pleased to '
        'engage you, Arjun Patel ("you"), as a freelance designer on the terms below.\n\n1. Fees.'
    )
    assert names(text) == ["Larkspur Design Studio Ltd", "Arjun Patel"]


def test_nordic_as_form_and_accented_names() -> None:
    text = (
        'This Master Agreement ("Agreement") is entered into by and between Société Générale de Logiciels S.A.S. '
        '("SGL") and Østfold Data AS ("Østfold").'
    )
    assert names(text) == ["Société Générale de Logiciels S.A.S.", "Østfold Data AS"]
    assert names("IF THE SOFTWARE IS SUPPLIED AS PART OF ANOTHER PRODUCT, YOU MAY RETURN IT.") == []


def test_a_company_named_only_in_another_agreement_is_not_a_party() -> None:
    reseller = (
        'This Reseller Agreement is made by and between zentrix.io, Inc. ("Zentrix") and Bluewave Systems Ltd. '
        '("Reseller"), with reference to the Distribution Agreement between Zentrix and Redline Corp. dated '
        "January 1, 2020."
    )
    assert names(reseller) == ["zentrix.io, Inc.", "Bluewave Systems Ltd."]
    guaranty = (
        'This Guaranty is made as of October 6, 2025 by Robert L. Haines, an individual ("Guarantor"), in favor of '
        'Crestview Plaza Partners, L.P., a Texas limited partnership ("Landlord"), with respect to the lease dated '
        'September 30, 2025 between Landlord and Haines Fitness LLC, a Texas limited liability company ("Tenant").'
    )
    assert names(guaranty) == ["Robert L. Haines", "Crestview Plaza Partners, L.P."]


def test_registration_number_in_brackets_is_not_the_defined_term() -> None:
    text = (
        "MINUTE OF AGREEMENT\n\nbetween\n\nGLENCAIRN DISTILLERY LIMITED, incorporated under the Companies Acts "
        "(Registered Number SC412883) and having its registered office at 4 Castle Wynd, Dufftown (hereinafter referred "
        'to as "the Distillery")\n\nand\n\nKELPIE LOGISTICS LIMITED, incorporated under the Companies Acts (Registered '
        'Number SC556120) (hereinafter referred to as "the Haulier")\n\nWHEREAS the Distillery wishes to appoint a haulier;'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("GLENCAIRN DISTILLERY LIMITED", "distillery"),
        ("KELPIE LOGISTICS LIMITED", "haulier"),
    ]


def test_letterhead_name_gives_way_to_the_defined_party_of_the_body() -> None:
    text = (
        "BRIGHTLINE MEDIA GROUP, INC.\n450 Lexington Avenue, New York\n\nMarch 10, 2025\n\nDear Ms. Chen:\n\n"
        "This letter agreement sets out the terms on which Brightline Media Group, Inc., a New York corporation (the "
        '"Company"), engages Mei Chen, an individual residing at 18 Orchard Street, Brooklyn ("Consultant").\n\n1.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Brightline Media Group, Inc.", "company"),
        ("Mei Chen", "consultant"),
    ]


def test_on_the_one_side_and_on_the_other_side_with_hereinafter_terms() -> None:
    text = (
        "TRANSPORTATION CONTRACT\n\nAstana          January 31, 2025\n\nPREAMBLE\n\nJSC Steppe Oil, hereinafter referred "
        'to as the "Company", in the person of General Director Mr. A. Seitkali, acting on the basis of the Charter, on '
        'the one side and JSC Aral Petroleum, hereinafter referred to as the "Principal", in the person of its Director, '
        "on the other side, have entered into this Contract.\n\n1. SUBJECT OF THE CONTRACT\n\n1.1 The Company shall "
        'arrange transportation of crude oil ("Commodity").'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("JSC Steppe Oil", "company"),
        ("JSC Aral Petroleum", "principal"),
    ]


def test_defined_term_after_other_words_in_the_bracket_and_a_name_equal_to_its_own_term() -> None:
    text = (
        "IP RIGHTS AGREEMENT\n\nSynchrotek, a California corporation having a principal place of business at 3550 "
        'General Atomics Court, San Diego, CA 92121 (or one or more Affiliates, the "Investor"), and Rare Earth Minerals '
        'Ltd., a British Columbia corporation (the "Company"), agree as follows:\n\nI. Background'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Synchrotek", "investor"),
        ("Rare Earth Minerals Ltd.", "company"),
    ]
    recital = (
        "WHEREAS HELIOGEN is a biopharmaceutical company with headquarters at One Penn Center, Philadelphia, PA 19103 "
        '("HELIOGEN") and Gulf Medical Supplies Co. LTD is a pharmaceutical company located in Riyadh (" GMS"), each a '
        '"Party", and WHEREAS HELIOGEN owns rights;'
    )
    assert names(recital) == ["HELIOGEN", "Gulf Medical Supplies Co. LTD"]


def test_indian_individual_son_of_aged_about_after_m_s_company() -> None:
    text = (
        "FRANCHISE AGREEMENT\n\nThis Franchise Agreement is made at Pune on this 1st day of July, 2025\n\nBY AND BETWEEN\n\n"
        "M/s. Masala Route Foods Private Limited, a company incorporated under the Companies Act, 2013, hereinafter "
        'referred to as the "Franchisor" (which expression shall include its successors) of the ONE PART;\n\nAND\n\n'
        "Mr. Anil Kulkarni, son of Mr. Suresh Kulkarni, aged about 41 years, residing at 5 Hill Road, Pune, hereinafter "
        'referred to as the "Franchisee" of the OTHER PART.\n\n1. Grant.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Masala Route Foods Private Limited", "franchisor"),
        ("Anil Kulkarni", "franchisee"),
    ]


def test_parties_named_only_in_the_signature_block_take_its_labels_as_roles() -> None:
    text = (
        "This Agreement is made as of May 19, 2025 between the company and the contractor identified in the signature "
        'block below (the "Company" and the "Contractor").\n\n1. Services. The Contractor shall deliver the modules.\n\n'
        + "Body text. "
        * 300
        + "\n\nIN WITNESS WHEREOF, the parties have signed this Agreement.\n\nCOMPANY: NORTHBAY FULFILMENT CORP.\n"
        "By: ______________________\nName: Linda Park\n\nCONTRACTOR: SAFEWAY TRAINING LLC\nBy: ______________________\n"
        "Name: Omar Haddad\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("NORTHBAY FULFILMENT CORP.", "company"),
        ("SAFEWAY TRAINING LLC", "contractor"),
    ]


def test_an_accented_place_in_brackets_is_not_the_defined_term() -> None:
    text = (
        "This Services Agreement is entered into as of March 17, 2025 by and between Les Entreprises Boréal Inc., a "
        'corporation governed by the Business Corporations Act (Québec) ("Boréal"), and Société de Transport Côte-Nord '
        'S.E.N.C., a general partnership ("STCN").\n\n1. Services.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Les Entreprises Boréal Inc.", "boréal"),
        ("Société de Transport Côte-Nord S.E.N.C.", "stcn"),
    ]


def test_role_name_labels_on_a_cover_sheet() -> None:
    text = (
        "DISTRIBUTOR AGREEMENT\n\nA. Distributor Information\n\nDistributor Name: Harbor Wave Media, Inc.\n"
        "Address: 12 Pier Road, Oakland, CA\n\nB. Provider Information\n\nProvider Name: MobileSight Communications Ltd.\n"
        "Address: 4 King Street, Toronto\n\n1. Appointment."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harbor Wave Media, Inc.", "distributor"),
        ("MobileSight Communications Ltd.", "provider"),
    ]


def test_letter_naming_the_writer_by_its_defined_term_and_the_addressee_as_you() -> None:
    text = (
        "KESTREL SURVEYS LIMITED\nRegistered in Scotland, company number SC700001\n\n2 March 2026\n\n"
        "Mr Tomas Reid\n4 Leith Walk\nEdinburgh\n\nDear Mr Reid\n\nThis letter sets out the terms on which you "
        'will survey sites for Kestrel Surveys Limited ("Kestrel"). In this letter you, Tomas Andrew Reid, are called '
        'the "Surveyor". When countersigned, this letter will be the agreement between Kestrel and the Surveyor.\n\n'
        "1. Services"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Kestrel Surveys Limited", "kestrel"),
        ("Tomas Andrew Reid", "surveyor"),
    ]


def test_an_identifier_in_parentheses_is_not_a_role() -> None:
    text = (
        "This Agreement is made on 3 November 2025 between Birkenhof Messtechnik AG, a company incorporated under the "
        'laws of Switzerland (UID CHE-123.456.789), with its registered office in Zug ("Birkenhof"), and Rhonetal '
        'Instruments SA (UID CHE-987.654.321), with its registered office in Sion ("Rhonetal").\n\n1. Definitions'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Birkenhof Messtechnik AG", "birkenhof"),
        ("Rhonetal Instruments SA", "rhonetal"),
    ]


def test_a_purchase_order_names_its_parties_as_called_below() -> None:
    text = (
        "ALDER CABINETRY CO.\n2250 Division Avenue South, Grand Rapids, Michigan 49507\n\n"
        "PURCHASE ORDER No. 44172 AND TERMS AND CONDITIONS OF PURCHASE\n\nPO date: 04/14/2026\n"
        "Ship to: Alder Cabinetry Co., Receiving Dock 3\n\n"
        'This purchase order is issued by Alder Cabinetry Co. (called "buyer" below) to the seller named above, '
        'Birch Hardware Supply LLC (called "seller" below). The terms below form part of it.\n\n1. Delivery.'
    )
    assert sorted((p.name, p.role) for p in find_parties(text)) == [
        ("Alder Cabinetry Co.", "buyer"),
        ("Birch Hardware Supply LLC", "seller"),
    ]


def test_parties_named_in_a_particulars_table() -> None:
    text = (
        "SERVICES AGREEMENT: PARTICULARS\n\n| Particular | Detail |\n|---|---|\n| Date of Agreement | 16/02/2026 |\n"
        "| Contractor | Alder Facilities Ltd, a company registered in Scotland (number SC612345), registered office "
        "14 Wellington Street, Glasgow G2 6HJ |\n"
        "| Client | Birch Hotels Limited, a company registered in Scotland (number SC498765), registered office The Old "
        "Customs House, Oban PA34 4LQ |\n| Start Date | 02/03/2026 |\n\nPART 3: TERMS\n\n1.1 The Contractor shall "
        "provide the Services."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Alder Facilities Ltd", "contractor"),
        ("Birch Hotels Limited", "client"),
    ]


def test_the_definitions_heading_after_the_preamble_is_no_party() -> None:
    text = (
        'This Software License Agreement (the "Agreement") is made as of June 22, 2026 by and between Alder '
        'Geospatial, Inc., a Delaware corporation (hereinafter "Licensor"), and Birch Port Services Corp., a Virginia '
        'corporation (hereinafter "Licensee").\n\n1. DEFINITIONS\n"Software" means Licensor\'s BerthPlan software.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Alder Geospatial, Inc.", "licensor"),
        ("Birch Port Services Corp.", "licensee"),
    ]


def test_a_place_the_list_runs_into_is_no_party() -> None:
    text = (
        "We refer to the Cleaning Services Agreement dated 3 April 2023 between Alder Facilities Management Limited "
        '("Alder") and Birch Dental Group Limited ("Birch") (the "Agreement"), under which Alder cleans Birch\'s six '
        "practices in Glasgow and Paisley."
    )
    assert [p.name for p in find_parties(text)] == ["Alder Facilities Management Limited", "Birch Dental Group Limited"]


def test_scottish_parties_numbered_first_second_and_third() -> None:
    text = (
        "HOSTING AND SUPPORT AGREEMENT\n\namong\n\n(FIRST) ALDER DATA CENTRES LIMITED, incorporated under the Companies "
        "Acts (Registered Number SC401882) and having its Registered Office at 5 Fountainbridge, Edinburgh EH3 9QG "
        "(the Host);\n\n(SECOND) BIRCH DIGITAL LIMITED, incorporated under the Companies Acts (Registered Number "
        "SC287130) and having its Registered Office at 12 Union Terrace, Aberdeen AB10 1NJ (the Integrator); and\n\n"
        "(THIRD) CEDAR HOLIDAY LETS LTD, incorporated under the Companies Acts (Registered Number SC612774) and having "
        "its Registered Office at The Old Station, Aviemore PH22 1PD (the Client).\n\nWHEREAS the Client has engaged "
        "the Integrator."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("ALDER DATA CENTRES LIMITED", "host"),
        ("BIRCH DIGITAL LIMITED", "integrator"),
        ("CEDAR HOLIDAY LETS LTD", "client"),
    ]


def test_parties_passages_that_name_no_party_found_rank_after_those_that_do() -> None:
    text = (
        'This Supply Agreement is made between Hollis Fabrication Inc. (the "Supplier") and Brightwater Foods '
        'LLC ("Buyer"). The goods are described in Schedule A. The Supplier shall deliver monthly.'
    )
    parties = find_parties(text)
    preamble = (0, text.index(" The goods"))
    schedule = (text.index("The goods"), text.index(" The Supplier"))
    duty = (text.index("The Supplier"), len(text))
    out = named_passages_first(text, [(*schedule, 0.9), (*preamble, 0.8), (*duty, 0.6)], parties)
    assert [item[:2] for item in out] == [preamble, duty, schedule]  # "the Supplier" names a party by its term
    assert out[2][2] < 0.05  # still a candidate for a reviewer, never a finding
    assert named_passages_first(text, [(*schedule, 0.9)], []) == [(*schedule, 0.9)]  # no parties found: as scored


def test_and_inside_a_name_in_capitals() -> None:
    text = (
        "GAS TRANSPORTATION AGREEMENT\n\nTHIS AGREEMENT is made and entered into as of the 1st day of November, 2002, "
        'by and between TENNESSEE GAS PIPELINE COMPANY, a Delaware Corporation, hereinafter referred to as "Transporter" '
        'and LOUISVILLE GAS AND ELECTRIC COMPANY, a Kentucky Corporation, hereinafter referred to as "Shipper."'
    )
    assert names(text) == ["TENNESSEE GAS PIPELINE COMPANY", "LOUISVILLE GAS AND ELECTRIC COMPANY"]
    # a lower-case "and" between names in capitals still separates them
    listed = 'This Agreement is made between ACME WIDGETS and BETA INC. ("Buyer") and GAMMA LLC ("Seller").'
    assert names(listed) == ["ACME WIDGETS", "BETA INC.", "GAMMA LLC"]


def test_hereinafter_with_a_comma_gives_the_role() -> None:
    text = (
        "RESELLER AGREEMENT\n\nThis Reseller Agreement is entered into by and between QUILLSTONE SOFTWARE CORPORATION, "
        "a Washington corporation with its principal place of business at 11100 NE 8th Street, Bellevue, Washington "
        "98004 (hereinafter, Vendor), and BAYFRONT TECHNOLOGY PARTNERS, LLC, a Florida limited liability company "
        "(hereinafter, Reseller).\n\nRECITALS"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("QUILLSTONE SOFTWARE CORPORATION", "vendor"),
        ("BAYFRONT TECHNOLOGY PARTNERS, LLC", "reseller"),
    ]


def test_a_degree_after_a_persons_name_and_a_numbered_first_clause() -> None:
    text = (
        'This Consulting Agreement (this "Agreement") is entered into by and between Pellucid\nTherapeutics, Inc., '
        'a Delaware corporation (the "Company"), and Samuel J.\nWhitcombe, Ph.D., an individual residing at 18 Larch '
        'Road, Newton, Massachusetts 02468\n("Consultant").\n\nRECITALS'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Pellucid Therapeutics, Inc.", "company"),
        ("Samuel J. Whitcombe", "consultant"),
    ]
    sow = (
        'This Statement of Work ("SOW") is dated 3 August 2027 between:\n\nFerncastle Digital Pty Ltd (ABN 41 612 907 '
        '335) of Level 12, 1 Market Street, Sydney NSW 2000 ("Supplier"); and\n\nOakhurst Mutual Insurance Limited of '
        '88 Phillip Street, Parramatta NSW 2150 ("Customer").\n\n1. Relationship with the MSA\n\n1.1 This SOW is a '
        "separate contract."
    )
    assert names(sow) == ["Ferncastle Digital Pty Ltd", "Oakhurst Mutual Insurance Limited"]


def test_role_labels_side_by_side_over_the_names_of_an_order_form() -> None:
    text = (
        "PINEWOOD CABINETRY LLC\n48 Mill Lane, Asheville, NC 28801\n\nPURCHASE ORDER No. 7731    Order Date: 03/02/2028"
        "\n\nVENDOR:                          PURCHASER:\nBlue Ridge Hardwoods, Inc.       Pinewood Cabinetry LLC\n"
        "Supplier No. 2291                48 Mill Lane\n\nQty   Item               Unit Price\n200   Maple boards 8ft   "
        "$14.00\n\nTERMS AND CONDITIONS\n1. Vendor shall deliver the goods by the date stated above.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Blue Ridge Hardwoods, Inc.", "vendor"),
        ("Pinewood Cabinetry LLC", "purchaser"),
    ]
    for p in parties:
        assert text[p.start : p.end] == p.name


def test_side_by_side_labels_whose_column_spacing_a_pdf_lost() -> None:
    text = (
        "PURCHASE ORDER No. 7731 Order Date: 03/02/2028\n\nVENDOR: PURCHASER:\n\nBlue Ridge Hardwoods, Inc. Pinewood "
        "Cabinetry LLC\n\nSupplier No. 2291 48 Mill Lane\n\nTERMS AND CONDITIONS\n1. Vendor shall deliver the goods.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Blue Ridge Hardwoods, Inc.", "vendor"),
        ("Pinewood Cabinetry LLC", "purchaser"),
    ]
    unclear = text.replace(
        "Blue Ridge Hardwoods, Inc. Pinewood Cabinetry LLC", "Blue Ridge Hardwoods Pinewood Cabinetry"
    )
    assert find_parties(unclear) == []  # without legal forms nothing says where one name ends


def test_markdown_contract_names_in_bold_as_list_items() -> None:
    text = (
        "# Consulting Agreement\n\n**Draft 2 - internal**\n\n"
        'This Consulting Agreement (the **"Agreement"**) is made on 3 May 2027 between:\n\n'
        "- **Kestrel Analytics GmbH**, a company registered in Munich, with its office at Leopoldstrasse 9, "
        'Munich, Germany (the **"Consultant"**); and\n'
        "- **Harbourline Foods Ltd**, a company registered in England with its office at 4 Quay Road, Hull "
        '(the **"Customer"**).\n\n## 1. Services\n\n1.1 The Consultant shall provide the Services.\n'
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Kestrel Analytics GmbH", "consultant"),
        ("Harbourline Foods Ltd", "customer"),
    ]
    for p in parties:
        assert text[p.start : p.end] == p.name  # offsets still point into the Markdown as written
    plain = "# Notes\n\nUse a *pointer* and 2 ** 3 in code; #hashtag stays."
    assert without_markup("A **Bee** c and **Dee** e") == "A   Bee   c and   Dee   e"
    assert without_markup(plain) == plain  # no bold spans: not taken for Markdown
    assert without_markup("[***] and [***] were redacted, *** twice") == "[***] and [***] were redacted, *** twice"


def test_defined_terms_between_underscores_are_read_as_roles() -> None:
    text = (
        "Printed from the deal room: Orchard_Lease_FINAL_v3.docx\n\nSERVICES AGREEMENT\n\n"
        "This Services Agreement is made on 4 March 2028 by Tallowmere Bakeries Limited, 8 Mill Lane, York, "
        "hereinafter _Client_, and Cobblestone Cleaning Co., LLC, 2 Bridge Street, Leeds, hereinafter "
        "__Provider__.\n\n1. The __Provider__ cleans the _Client_'s kitchens each night.\n\nName: ________\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Tallowmere Bakeries Limited", "client"),
        ("Cobblestone Cleaning Co., LLC", "provider"),
    ]
    blanked = without_markup(text)
    assert len(blanked) == len(text)
    assert "Orchard_Lease_FINAL_v3.docx" in blanked  # underscores inside a word are not emphasis
    assert "Name: ________" in blanked  # nor is a blank to fill in
    assert "hereinafter  Client ," in blanked and "The   Provider   cleans" in blanked


def test_a_person_described_by_birth_date_and_citizenship() -> None:
    text = (
        "SERVICE AGREEMENT\n\nbetween\n\nHALDEN MARITIME AS, Strandkaien 14, 5013 Bergen, Norway\n"
        '(the "Company")\n\nand\n\nTobias Lindqvist, born 2 March 1979, Swedish citizen, residing at '
        'Kungsgatan 8, 411 19 Gothenburg, Sweden\n(the "Adviser")\n\n1. Services'
    )
    parties = find_parties(text)
    assert [(p.name, p.aliases) for p in parties] == [
        ("HALDEN MARITIME AS", ("Company",)),
        ("Tobias Lindqvist", ("Adviser",)),
    ]


def test_a_name_in_a_field_stops_at_the_line_of_the_next_field() -> None:
    text = (
        "Stayfinder Owner Terms\n\nYour details\nOwner: Priya Raman\nOwner reference: OW-55102\n\n"
        'These terms are between Stayfinder Holdings Pty Ltd ("Stayfinder", "we" or "us") and you, '
        'Priya Raman (the "Owner", "you" or "your").\n\n1. Listings'
    )
    assert sorted(names(text)) == ["Priya Raman", "Stayfinder Holdings Pty Ltd"]
    assert names(text.replace("and you, Priya Raman (", "and the owner named above (")) == [
        "Priya Raman",
        "Stayfinder Holdings Pty Ltd",
    ]


def test_parties_in_a_plain_text_particulars_table() -> None:
    text = (
        "ORCHARD SERVICES AGREEMENT\n\nSCHEDULE 1 - DETAILS\n\n"
        "Item                      Details\n"
        "------------------------  ------------------------------\n"
        "1. Owner                  Tamar Valley Orchards Pty Ltd\n"
        "                          ACN 600 100 200\n"
        "2. Contractor             Northern Spray Services Pty Ltd\n"
        "3. Start Date             1 August 2027\n\n"
        "TERMS\n\n1. The Owner appoints the Contractor."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Tamar Valley Orchards Pty Ltd", "owner"),
        ("Northern Spray Services Pty Ltd", "contractor"),
    ]


def test_a_party_named_only_in_the_order_form_gets_the_name_on_its_line_there() -> None:
    text = (
        "HARBOURVIEW ANALYTICS LTD.\nSTANDARD SUBSCRIPTION TERMS\n\n"
        'These Standard Subscription Terms (the "Terms") apply to each Order Form signed by Harbourview Analytics '
        'Ltd., an Ontario corporation ("Supplier"), and the client named in the Order Form ("Client").\n\n'
        "1. Supplier shall provide the service.\n\nORDER FORM\n\n"
        "Supplier: Harbourview Analytics Ltd., 10 Bay Street, Toronto\n"
        "Client: Fernleaf Dairy Cooperative Inc., 4 Mill Road, Guelph\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harbourview Analytics Ltd.", "supplier"),
        ("Fernleaf Dairy Cooperative Inc.", "client"),
    ]


def test_a_party_addressed_as_you_and_a_role_that_is_not_a_pronoun() -> None:
    text = (
        "DESIGN AGREEMENT\n\nThis agreement is between me, Marta Sousa Reis, an independent designer of Rua Direita 5, "
        'Braga ("I", "me" or the "Designer"), and you, Minho Cerâmica, Lda. (NIPC 500 100 200) of Rua Nova 9, '
        'Braga ("you" or the "Client").\n\nWhat I will do\n\n1. I will deliver the designs.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Marta Sousa Reis", "designer"),
        ("Minho Cerâmica, Lda.", "client"),
    ]


def test_a_limited_partnership_and_a_group_term_that_is_not_the_last_partys_alias() -> None:
    text = (
        'SHAREHOLDERS\' AGREEMENT\n\nPARTIES\n\n(1) MAYA OKONJO, of 4 Elm Road, Leeds (the "First Promoter");\n\n'
        '(2) LUIS FERRAZ, of 9 Dock Street, Hull (the "Second Promoter", and together with the First Promoter the '
        '"Promoters");\n\n(3) KESTREL GROWTH FUND LIMITED PARTNERSHIP, a limited partnership registered in England, '
        'acting by its manager Kestrel Capital LLP (the "Investor").\n\nAGREED TERMS'
    )
    assert [(p.name, p.aliases) for p in find_parties(text)] == [
        ("MAYA OKONJO", ("First Promoter",)),
        ("LUIS FERRAZ", ("Second Promoter",)),
        ("KESTREL GROWTH FUND LIMITED PARTNERSHIP", ("Investor",)),
    ]


def test_a_party_named_in_a_letter_heading_takes_the_role_its_first_paragraph_defines() -> None:
    """The heading names both parties without defined terms; paragraph 1.1 gives each its role. A document word
    defined right after the second name ('(the "Agreement")') is the letter's, not the party's."""
    text = (
        "NORTHGATE FOODS LIMITED\nRegistered office: 4 Mill Lane, Hull HU1 2AB\n\n9 April 2027\n\nDear Sirs\n\n"
        "Cleaning Services Agreement dated 3 June 2024 between Northgate Foods Limited and Brightwash Facilities Ltd "
        '(the "Agreement") - extension\n\n1.1 We refer to the Agreement, under which Brightwash Facilities Ltd (the '
        '"Contractor") cleans the premises of Northgate Foods Limited (the "Client").\n\n'
        "2.1 The Contractor shall clean the loading bays every night."
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Northgate Foods Limited", "client"),
        ("Brightwash Facilities Ltd", "contractor"),
    ]


def test_a_province_ending_an_address_and_the_postcodes_are_no_parties() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nTHIS AGREEMENT made as of the 3rd day of March, 2026.\n\nBETWEEN:\n\n"
        "GANDER BAY FREIGHT LTD., a corporation incorporated under the laws of the Province of Newfoundland and "
        "Labrador, having its office at 14 Airport Boulevard, Gander, Newfoundland and Labrador A1V 2K5\n\n"
        '(the "Carrier")\n\n- and -\n\nFUNDY PAPER MILLS INC., a corporation with its office at 9 Mill Lane, '
        'Bath, England and Wales BA1 1LZ\n\n(the "Customer")\n\nWHEREAS the Customer ships paper;'
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("GANDER BAY FREIGHT LTD.", "carrier"),
        ("FUNDY PAPER MILLS INC.", "customer"),
    ]


def test_hereinafter_without_quotes_or_a_verb_defines_the_role() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is made on 4 May 2026 between:\n\n"
        "KESTREL ROBOTICS PTE. LTD., a company incorporated in Singapore with its registered office at 2 Alpha Way, "
        "hereinafter the Provider; and\n\nHARMATTAN FOODS LIMITED, a company incorporated in Ghana with its "
        "office at 7 Ring Road, Accra, hereinafter referred to as the Client.\n\n1. Services\n\n"
        "1.1 The Provider shall install the robots."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("KESTREL ROBOTICS PTE. LTD.", "provider"),
        ("HARMATTAN FOODS LIMITED", "client"),
    ]


def test_a_registers_short_name_in_brackets_is_not_the_partys_term() -> None:
    text = (
        "THIS SUPPLY AGREEMENT is made on 2 March 2027 between:\n\n(1) Molenbeek Verpakking B.V., registered with the "
        'Dutch Chamber of Commerce (KvK) under number 61234987, of Industrieweg 4, Breda ("Molenbeek"); and\n\n'
        "(2) Saint-Lazare Emballages Inc., Québec enterprise number (NEQ) 1165432109, of 88 rue du Port, Sorel-Tracy "
        '("the Buyer").'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Molenbeek Verpakking B.V.", "molenbeek"),
        ("Saint-Lazare Emballages Inc.", "buyer"),
    ]


def test_a_sole_trader_listed_under_parties_is_a_party() -> None:
    text = (
        "CONSULTANCY FRAMEWORK\n\nParties\n\nHalvorsen Dental AS, org. no. 912 345 678, Storgata 5, 0155 Oslo, Norway "
        '("Client")\n\nIngrid Solveig Berntsen, sole proprietor, Bryggen 3, 5003 Bergen, Norway ("Consultant")\n\n'
        "1. The Consultant shall advise the Client on clinic software."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Halvorsen Dental AS", "client"),
        ("Ingrid Solveig Berntsen", "consultant"),
    ]


def test_parties_listed_after_the_parties_to_this_agreement_are_with_an_individual_of_an_address() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nDate: 2026-05-04\n\nThe parties to this Agreement are:\n\n"
        "HARBOURVIEW CEMENT CORP., a corporation incorporated under the laws of Nova Scotia, with its office at "
        '9 Quarry Road, Halifax (the "Company"); and\n\nTobias Wendell, of {home} (the "Consultant").\n\n'
        "Background\n\nThe Company wishes to engage the Consultant."
    )
    for home in ("22 Birch Lane, Truro, Nova Scotia", "Truro, Nova Scotia"):
        assert [(p.name, p.role) for p in find_parties(text.format(home=home))] == [
            ("HARBOURVIEW CEMENT CORP.", "company"),
            ("Tobias Wendell", "consultant"),
        ]


def test_heading_style_parties_with_registration_numbers_and_a_close_corporation() -> None:
    text = (
        "SALE AGREEMENT\n\nentered into between\n\nMOUNTAIN VIEW ESTATES (PTY) LTD\nRegistration number "
        "2001/000111/07\nherein represented by B. Person\n(the Seller)\n\nand\n\n{second}\nRegistration number "
        "2009/123456/23\nherein represented by A. Person, duly authorised\n(the Purchaser)\n\n1. SALE\n\n"
        "1.1 The Seller sells the farm to the Purchaser."
    )
    for second in ("KAROO BLUE TRADING CC", "KAROO BLUE TRADING"):
        assert [(p.name, p.role) for p in find_parties(text.format(second=second))] == [
            ("MOUNTAIN VIEW ESTATES (PTY) LTD", "seller"),
            (second, "purchaser"),
        ]


def test_south_african_forms_end_a_name_only_in_capitals() -> None:
    assert ends_with_legal_form("KAROO BLUE TRADING CC")
    assert ends_with_legal_form("Ubuntu Literacy Trust NPC")
    assert ends_with_legal_form("Karoo Blue (Pty) Ltd")
    assert ends_with_legal_form("Karoo Blue Proprietary Limited")
    assert not ends_with_legal_form("copies to: cc")
    assert ends_with_legal_form("Shenzhen CC-Bright Ltd.")
    assert not ends_with_legal_form("Shenzhen CC-Bright")


def test_civil_law_legal_forms_end_a_name() -> None:
    text = (
        'MASTER PURCHASE AGREEMENT\n\nHokuriku Seiki Kabushiki Kaisha (hereinafter referred to as "Party A") and '
        'Sanin Kogyo Godo Kaisha (hereinafter referred to as "Party B") hereby enter into this Agreement as follows.\n\n'
        "Article 1 (Purpose)\nParty B shall sell valves to Party A.\n\nMay 9, 2028\n\n"
        "Party A: Hokuriku Seiki Kabushiki Kaisha\n5-3-1 Marunouchi, Chiyoda-ku, Tokyo\n"
        "Representative Director: Ichiro Tanabe (seal)\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Hokuriku Seiki Kabushiki Kaisha", "party a"),
        ("Sanin Kogyo Godo Kaisha", "party b"),
    ]
    for name in (
        "Brabant Logistics SA/NV",
        "Ostrava Tools, spol. s r.o.",
        "Monterrey Aceros, S.A.P.I. de C.V.",
        "Lugano Dati Sagl",
        "Baltic Shipping Sp. k.",
        "Recife Comércio Limitada",
        "Anadolu Tekstil A.Ş.",
        "Ege Gıda Ltd. Şti.",
        "Volga Bearings PJSC",
        "Andes Cobre S.A.C.",
        "Lima Pesca E.I.R.L.",
    ):
        span = read_name(name + ", a company", 0)
        assert span is not None and span.legal_form and span.text(name) == name, name


def test_the_undersigned_heads_the_party_list() -> None:
    first = (
        "TOLL MANUFACTURING CONTRACT\n\n{heading}\n\n1. FONDERIE DE LA LOIRE S.A.R.L., a limited liability company with "
        "registered office at 7 quai Vauban, 44000 Nantes, registered with the RCS of Nantes under number 448 901 223, "
        'represented by Mrs Odile Perrin, its Manager,\n\nhereinafter referred to as "the Manufacturer",\n\n'
        "of the one part,\n\nand\n\n2. VERRERIES DU JURA S.A., a public limited company with registered office at "
        '2 rue Pasteur, 39100 Dole,\n\nhereinafter referred to as "the Customer",\n\nof the other part.\n\n'
        "IT HAS BEEN AGREED AS FOLLOWS:\n\nArticle 1. The Manufacturer shall cast the parts."
    )
    for heading in ("The undersigned:", "BETWEEN THE UNDERSIGNED:"):
        assert [(p.name, p.role) for p in find_parties(first.format(heading=heading))] == [
            ("FONDERIE DE LA LOIRE S.A.R.L.", "manufacturer"),
            ("VERRERIES DU JURA S.A.", "customer"),
        ], heading


def test_people_who_represent_a_party_are_not_parties() -> None:
    text = (
        "SERVICE CONTRACT\n\nconcluded between\n\nHafenlogistik Bremen GmbH, Am Speicher 3, 28217 Bremen, registered "
        "under HRB 99120, represented by its managing directors Mr. Jan Oltmanns and Mrs. Frauke Siebels,\n"
        '(hereinafter "Customer")\n\nand\n\nWeserkran Service GmbH, Deichstrasse 8, 28195 Bremen, '
        'represented by Mr. Lars Hinrichs,\n(hereinafter "Contractor")\n\n1. The Contractor shall inspect the cranes.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Hafenlogistik Bremen GmbH", "customer"),
        ("Weserkran Service GmbH", "contractor"),
    ]
    labelled = (
        "COOPERATION AGREEMENT\n\nParty A: Xiamen Haiyun Packaging Co., Ltd.\nAddress: No. 5 Binhai Road, Xiamen\n"
        "Legal Representative: Lin Jiahui\n\nParty B: Fuzhou Minjiang Printing Co., Ltd.\nAddress: No. 12 Gutian Road, "
        "Fuzhou\nAuthorized Representative: Huang Weiqiang\n\nArticle 1 Party B shall print the cartons."
    )
    assert [(p.name, p.role) for p in find_parties(labelled)] == [
        ("Xiamen Haiyun Packaging Co., Ltd.", "party a"),
        ("Fuzhou Minjiang Printing Co., Ltd.", "party b"),
    ]
    guarantor = (
        "GUARANTEE AGREEMENT between Nordsee Fisch GmbH, represented by its managing director, and Heike Brandt, an "
        'individual residing at Hafenstrasse 2, Cuxhaven (the "Guarantor"), and Kiel Netz AG (the "Lender").'
    )
    assert [p.name for p in find_parties(guarantor)] == ["Nordsee Fisch GmbH", "Heike Brandt", "Kiel Netz AG"]


def test_a_capitals_heading_that_names_the_parties_jointly_adds_no_party() -> None:
    text = (
        "SUPPLY AGREEMENT ENTERED INTO BY AND BETWEEN, ON THE ONE HAND, AGROQUIMICOS DEL NORTE, S.A. DE C.V., "
        'REPRESENTED HEREIN BY MR. JULIAN TREVINO, HEREINAFTER REFERRED TO AS "THE SUPPLIER", AND, ON THE OTHER HAND, '
        'HORTALIZAS DE SINALOA, S. DE R.L. DE C.V., HEREINAFTER REFERRED TO AS "THE BUYER", AND {together} AS "THE '
        'PARTIES", IN ACCORDANCE WITH THE FOLLOWING CLAUSES:\n\nFIRST. The Supplier shall deliver the fertiliser.'
    )
    for together in ("JOINTLY", "COLLECTIVELY", "TOGETHER"):
        assert [(p.name, p.role) for p in find_parties(text.format(together=together))] == [
            ("AGROQUIMICOS DEL NORTE, S.A. DE C.V.", "supplier"),
            ("HORTALIZAS DE SINALOA, S. DE R.L. DE C.V.", "buyer"),
        ], together


def test_a_person_appearing_on_behalf_of_a_company_makes_the_company_the_party() -> None:
    text = (
        "DISTRIBUTION CONTRACT\n\nIn Valencia, on the third of May two thousand twenty-eight.\n\nAPPEARING\n\n"
        "ON THE ONE HAND, Mr. Vicente Ferrer Lloret, of legal age, married, with national identity document number "
        "22.114.908-R, acting in the name and on behalf of the company CITRICOS DEL TURIA, S.L., with registered office "
        "at Avenida del Puerto 40, 46023 Valencia, holder of tax identification number B-46112233, registered in the "
        "Commercial Registry of Valencia, Volume 7781, Folio 12, Sheet V-99120, by virtue of a power of attorney granted "
        "before the Notary of Valencia Mrs. Amparo Soler on 2 February 2026 under number 311 of her protocol, in his "
        'capacity as general manager (hereinafter, "the Supplier").\n\n'
        "AND ON THE OTHER HAND, Mrs. Ingrid Halvorsen, an individual of legal age, acting in representation of "
        "Nordfrukt Import AS, with registered office at Havnegata 3, Oslo, Norway, in her capacity as {capacity} "
        '(hereinafter, "the Distributor").\n\nBoth parties recognise each other\'s capacity and\n\nSTATE\n\n'
        "I. That the Supplier grows oranges."
    )
    for capacity in ("director", "attorney-in-fact by virtue of a power of attorney granted before a notary of Oslo"):
        assert [(p.name, p.role) for p in find_parties(text.format(capacity=capacity))] == [
            ("CITRICOS DEL TURIA, S.L.", "supplier"),
            ("Nordfrukt Import AS", "distributor"),
        ], capacity


def test_a_continental_address_abbreviation_does_not_end_the_party_list() -> None:
    text = (
        "COOPERATION AGREEMENT\n\nconcluded in Gdańsk on 4 April 2028 between:\n\n"
        "Bałtycka Chłodnia Sp. z o.o. with its registered office in Gdańsk, {street} Długie Pobrzeże 12, 80-888 Gdańsk, "
        "entered into the Register of Entrepreneurs of the National Court Register kept by the District Court Gdańsk-Północ "
        "in Gdańsk, VII Commercial Division, under KRS number 0000123456, NIP 5831234567, REGON 220123456, with a share "
        "capital of PLN 50,000.00, represented by:\n"
        "- Mr Piotr Lis - President of the Management Board,\n"
        'hereinafter referred to as "Chłodnia",\n\nand\n\n'
        "Sorrento Frutta S.r.l. with its registered office in Sorrento, {second} Marina Grande 4, "
        'represented by Mrs Anna Esposito - Director,\nhereinafter referred to as "Sorrento",\n\n'
        "§ 1 Subject\n\n1. Chłodnia shall store the fruit."
    )
    for street, second in (("ul.", "Vle."), ("al.", "Int."), ("pl.", "Col.")):
        assert [(p.name, p.role) for p in find_parties(text.format(street=street, second=second))] == [
            ("Bałtycka Chłodnia Sp. z o.o.", "chłodnia"),
            ("Sorrento Frutta S.r.l.", "sorrento"),
        ], street


def test_capitals_role_labels_name_the_parties_and_their_roles() -> None:
    text = (
        "PRIVATE INSTRUMENT OF LEASE OF MACHINERY\n\nBy this private instrument, the parties below:\n\n"
        "LESSOR: MAQUINAS DO VALE LTDA., a limited liability company with head office at Rua das Flores 100, "
        "Joinville/SC, enrolled in the CNPJ under No. 11.222.333/0001-44, herein represented by its Managing Partner, "
        "Mr. Paulo Henrique Braga, hereinafter simply referred to as LESSOR;\n\n"
        "LESSEE: CONSTRUTORA LITORAL NORTE S.A., a corporation with head office at Avenida Beira Mar 55, "
        "Florianópolis/SC, enrolled in the CNPJ under No. 55.666.777/0001-88, herein represented by its Officers, "
        "hereinafter simply referred to as LESSEE;\n\n"
        "have agreed to the following clauses:\n\nCLAUSE ONE - The LESSEE shall pay the rent."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("MAQUINAS DO VALE LTDA.", "lessor"),
        ("CONSTRUTORA LITORAL NORTE S.A.", "lessee"),
    ]


def test_translated_definition_verbs_give_the_defined_term() -> None:
    text = (
        "LICENCE AGREEMENT\n\nLUMIERE OPTIQUE S.A.S., with registered office at 5 rue des Lilas, 75011 Paris, France "
        '(hereinafter {verb} "the Licensor"), and PORTO LENTES, LDA, with registered office at Rua do Almada 12, Porto, '
        'Portugal (hereinafter {verb} "the Licensee"), have agreed as follows:\n\n1. The Licensor grants a licence.'
    )
    for verb in ("designated as", "denominated", "named", "termed"):
        assert [(p.name, p.role) for p in find_parties(text.format(verb=verb))] == [
            ("LUMIERE OPTIQUE S.A.S.", "licensor"),
            ("PORTO LENTES, LDA", "licensee"),
        ], verb


def test_continental_quotation_marks_and_a_colon_after_hereinafter_define_the_term() -> None:
    text = (
        "SALE CONTRACT\n\nBerghof Maschinen GmbH, Talstrasse 4, 79098 Freiburg, Germany (hereinafter{colon} {o}Seller{c}), "
        "and Vignoble Lemoine SARL, 12 rue du Moulin, 68000 Colmar, France (hereinafter{colon} {o}Buyer{c}), agree as "
        "follows:\n\n1. The Seller shall deliver two presses."
    )
    for o, c in (("„", "“"), ("« ", " »"), ("«", "»")):
        for colon in (":", ""):
            assert [(p.name, p.role) for p in find_parties(text.format(o=o, c=c, colon=colon))] == [
                ("Berghof Maschinen GmbH", "seller"),
                ("Vignoble Lemoine SARL", "buyer"),
            ], (o, colon)


def test_an_individual_appearing_in_his_own_name_beside_a_represented_company() -> None:
    text = (
        "PURCHASE CONTRACT\n\nIn Seville, on 4 May 2028.\n\nAPPEARING\n\nOF THE ONE PART, Mr. Rafael Ortega Luna, "
        "{descriptor}, married, with address at Calle Feria 20, 41003 Seville, acting in his own name and right "
        '(hereinafter, "the Seller").\n\nAND OF THE OTHER PART, Mrs. Lucía Prieto Gil, of legal age, acting in the '
        "name and on behalf of the company VIVEROS DEL GUADALQUIVIR, S.L., with registered office at Carretera de "
        'Córdoba km 4, Seville (hereinafter, "the Buyer").\n\nSTATE\n\nI. That the Seller owns the olive grove.'
    )
    for descriptor in (
        "of legal age",
        "of full age",
        "domiciled in Seville",
        "holder of national identity card 28990112T",
    ):
        assert [(p.name, p.role) for p in find_parties(text.format(descriptor=descriptor))] == [
            ("Rafael Ortega Luna", "seller"),
            ("VIVEROS DEL GUADALQUIVIR, S.L.", "buyer"),
        ], descriptor


def test_a_party_list_that_names_the_person_first_gives_the_company_he_appears_for() -> None:
    text = (
        "SUPPLY CONTRACT\n\nThis contract is made between Mr. Juan Pérez Soto, of legal age, acting in the name and on "
        'behalf of ACEROS DEL EBRO, S.L., with registered office in Zaragoza (hereinafter "the Supplier"), and {second} '
        '(hereinafter "the Customer").\n\n1. The Supplier shall deliver steel.'
    )
    for second in (
        "Mrs. Karin Vogt, in her capacity as managing director of Vogt Stahlhandel GmbH, Essen",
        "Vogt Stahlhandel GmbH, Essen, represented by Mrs. Karin Vogt",
    ):
        assert [(p.name, p.role) for p in find_parties(text.format(second=second))] == [
            ("ACEROS DEL EBRO, S.L.", "supplier"),
            ("Vogt Stahlhandel GmbH", "customer"),
        ], second


def test_a_name_does_not_run_on_into_the_address_line_under_it() -> None:
    text = (
        'FRAMEWORK AGREEMENT\n\nSetouchi Kogyo (hereinafter referred to as "Party A") and Naniwa Hatsujo '
        '(hereinafter referred to as "Party B") hereby agree as follows.\n\nArticle 1 Party B shall supply springs.\n\n'
        "April 2, 2028\n\nParty A: Setouchi Kogyo\n2-14-6 Honmachi, Okayama\n\nParty B: Naniwa Hatsujo\n"
        "5 Dojima, Kita-ku, Osaka\n"
    )
    span = read_name(text, text.index("Setouchi Kogyo\n2-14-6"))
    assert span is not None and span.text(text) == "Setouchi Kogyo"
    span = read_name(text, text.index("Naniwa Hatsujo\n5 Dojima"))
    assert span is not None and span.text(text) == "Naniwa Hatsujo"


def test_a_company_defined_in_the_recitals_of_a_guaranty_is_not_a_party() -> None:
    text = (
        "GUARANTEE\n\nTHIS GUARANTEE is given by ANNA LEE, an individual residing at 4 Elm Street, Albany, New York "
        '("Guarantor"), in favour of NORTHGATE PROPERTIES LLC, a Delaware limited liability company ("Landlord").\n\n'
        'RECITALS\n\nA. Landlord and Lee Bakery Inc. ("Tenant") have signed a lease of the shop at 9 Main Street.\n\n'
        "1. Guarantor guarantees every payment Tenant owes under the lease."
    )
    assert names(text) == ["ANNA LEE", "NORTHGATE PROPERTIES LLC"]


def test_an_ampersand_before_a_numbered_street_name_keeps_the_name_whole() -> None:
    text = (
        'This Lease is made between PARK & 5TH HOLDINGS LLC, a Delaware limited liability company ("Landlord"), and '
        'Rosa Vance, an individual residing at 20 Pine Road ("Tenant").'
    )
    assert names(text) == ["PARK & 5TH HOLDINGS LLC", "Rosa Vance"]


def test_a_bold_defined_term_in_brackets_without_quotes_is_read_through_its_markers() -> None:
    text = (
        "# Hire Agreement\n\nDate: 2 June 2028\n\n## Parties\n\n"
        "1. **Marrowgate Plant Hire Pty Ltd** ACN 301 552 118 of 7 Quarry Lane, Geelong VIC 3220 (**Owner**)\n\n"
        "2. **Tallis Earthworks Pty Ltd** ACN 402 663 229 of 19 Depot Road, Ballarat VIC 3350 (**Hirer**)\n\n"
        "## 1. Hire\n\n1.1 The Owner must deliver the excavator to the site by 9 June 2028.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role, p.aliases) for p in parties] == [
        ("Marrowgate Plant Hire Pty Ltd", "owner", ("Owner",)),
        ("Tallis Earthworks Pty Ltd", "hirer", ("Hirer",)),
    ]
    for p in parties:
        assert text[p.start : p.end] == p.name


def test_a_parties_label_with_the_names_on_the_same_line() -> None:
    text = (
        "EQUIPMENT LEASE\n\nDated May 9, 2028.\n\n"
        "Parties: Brindle Crane Rentals, Inc., an Ohio corporation, 20 Canal Street, Toledo, Ohio 43604 (Lessor); "
        "and Parrish Steel Fabricators LLC, a Michigan limited liability company, 5 Mill Road, Flint, Michigan "
        "48502 (Lessee).\n\n1. Lease.\n1.1 Lessor shall deliver the crane by May 20, 2028.\n\n"
        "Signed:\n\nBRINDLE CRANE RENTALS, INC.\nBy: Ada Kerr, President\n\n"
        "PARRISH STEEL FABRICATORS LLC\nBy: Tom Ruiz, Manager\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Brindle Crane Rentals, Inc.", "lessor"),
        ("Parrish Steel Fabricators LLC", "lessee"),
    ]


def test_particulars_rows_that_open_with_an_item_number_or_a_code() -> None:
    items = (
        "PLANT HIRE DEED\n\nSCHEDULE OF PARTICULARS\n\n"
        "Item 1   Owner        Wirraway Earthmoving Pty Ltd ACN 611 222 333 of 5 Depot Road, Ballarat VIC 3350\n"
        "Item 2   Hirer        Goldfields Civil Pty Ltd ACN 644 555 666 of 18 Mine Street, Bendigo VIC 3550\n"
        "Item 3   Start        3 March 2027\n\n"
        "The Owner hires the plant to the Hirer on the terms below.\n"
    )
    assert [(p.name, p.role) for p in find_parties(items)] == [
        ("Wirraway Earthmoving Pty Ltd", "owner"),
        ("Goldfields Civil Pty Ltd", "hirer"),
    ]
    coded = (
        "DATA HOSTING AGREEMENT\n\nPART A - WHO IS BOUND\n"
        "  A1  Provider      Lough Derg Hosting Limited (registered number 700111), of Nenagh, Co. Tipperary\n"
        "  A2  Customer      Shannonside Veterinary Group Limited, of Limerick\n"
        "  A3  Start         2 May 2027\n\n"
        "This Agreement is made between the Provider and the Customer named in A1 and A2.\n"
    )
    assert [(p.name, p.role) for p in find_parties(coded)] == [
        ("Lough Derg Hosting Limited", "provider"),
        ("Shannonside Veterinary Group Limited", "customer"),
    ]


def test_item_rows_with_one_space_between_number_label_and_value_as_a_pdf_gives_them() -> None:
    text = (
        "SHOP LEASE\n\nREFERENCE SCHEDULE\n\n"
        "Item 1 Landlord: Wattle Grove Centre Pty Ltd ACN 600 111 222 of 3 Mall Road, Dubbo NSW 2830\n"
        "Item 2 Tenant: Ironbark Optometry Pty Ltd ACN 600 333 444 of 9 Church Street, Dubbo NSW 2830\n"
        "Item 3 Start: 1 June 2027\n\n"
        "1. The Landlord leases the Premises to the Tenant.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Wattle Grove Centre Pty Ltd", "landlord"),
        ("Ironbark Optometry Pty Ltd", "tenant"),
    ]


def test_a_pipe_table_whose_first_cell_holds_the_row_number() -> None:
    text = (
        "SHARED SERVICES AGREEMENT\n\n| No. | Particular | Details |\n|---|---|---|\n"
        "| 1 | Landlord | Godavari Realty Private Limited, CIN U70100TG2015PTC100200 |\n"
        "| 2 | Occupier | Krishna Biologics Private Limited, CIN U24230TG2018PTC300400 |\n"
        "| 3 | Start | 1st May, 2027 |\n\nThe Landlord shall provide the shared services to the Occupier.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Godavari Realty Private Limited", "landlord"),
        ("Krishna Biologics Private Limited", "occupier"),
    ]


def test_a_summary_whose_labels_run_to_the_names_by_dot_leaders() -> None:
    text = (
        "WORK ORDER No. 7\n\nSUMMARY\n"
        "  Customer ...................... Tidewater Regional Health System, 9 Harbor Drive, Norfolk, VA 23510\n"
        "  Vendor ........................ Quillfeather Software LLC, 41 Main Street, Richmond, VA 23219\n"
        "  Start Date .................... May 3, 2027\n\n"
        "1. Vendor shall configure the scheduling module.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Tidewater Regional Health System", "customer"),
        ("Quillfeather Software LLC", "vendor"),
    ]


def test_a_renter_labelled_on_a_cover_page_is_a_party() -> None:
    text = (
        "TOOL RENTAL AGREEMENT - COVER PAGE\n\n"
        "Owner:      Pecos Valley Tool Rental, LLC\n"
        "            12 Industrial Loop, Odessa, Texas 79761\n"
        "Renter:     Mesquite Fence Co.\n"
        "            800 Ranch Road, Midland, Texas 79701\n\n"
        "1. Renter shall return the tools clean.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Pecos Valley Tool Rental, LLC", "owner"),
        ("Mesquite Fence Co.", "renter"),
    ]


def test_a_document_defined_beside_a_title_is_not_a_party() -> None:
    text = (
        "NORTHWIND METRICS\nPURCHASE ORDER No. SA-5521\n\n"
        'This purchase order is issued under the Northwind Standard Conditions printed overleaf (the "Standard '
        'Conditions").\n\n'
        "| Field | Detail |\n|---|---|\n"
        "| Supplier | Northwind Metrics, Inc., 1 Pier Road, Tacoma |\n"
        "| Buyer | Cascade Orchard Growers, LLC, 77 Valley Road, Wenatchee |\n"
    )
    assert names(text) == ["Northwind Metrics, Inc.", "Cascade Orchard Growers, LLC"]


def test_a_subscriber_or_an_assignee_labelled_in_the_particulars_is_a_party() -> None:
    text = (
        "DEED OF ASSIGNMENT\n\nPARTICULARS\n\n"
        "  1.  Assignor      Tollymore Music Limited, 3 Bridge Street, Newry\n"
        "  2.  Assignee      Slieve Songs Limited, 8 Hill Street, Armagh\n\n"
        "The Assignor assigns the copyright in the Works to the Assignee.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Tollymore Music Limited", "assignor"),
        ("Slieve Songs Limited", "assignee"),
    ]


def test_a_standard_forms_role_labels_over_each_partys_details_give_the_roles() -> None:
    text = (
        "STANDARD FORM OF AGREEMENT BETWEEN CLIENT AND ENGINEER\n\n"
        "AGREEMENT made as of the ____ day of ________ in the year 2029\n\n"
        "BETWEEN the Client:\n(Name, legal status, address)\n"
        "Quarry Bend Hotels LLC, a Vermont limited liability company\n14 Mill Street, Burlington, VT 05401\n\n"
        "and the Engineer:\n(Name, legal status, address)\n"
        "Tallow Ridge Engineering PC, a Vermont professional corporation\n9 Elm Row, Montpelier, VT 05602\n\n"
        "for the following Project: a four-story hotel.\n\nThe Client and the Engineer agree as follows.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Quarry Bend Hotels LLC", "client"),
        ("Tallow Ridge Engineering PC", "engineer"),
    ]


def test_a_defined_term_given_after_a_comma_without_hereinafter_or_quotes() -> None:
    text = (
        "IRRIGATION SERVICES DEED\n\nDate of this Deed: 3 March 2029\n\nParties\n\n"
        "Marlow Creek Irrigation Pty Ltd ACN 123 456 789 of 4 Weir Street, Mildura, Victoria 3500, called the "
        "Customer in this Deed.\n\n"
        "Brassey Pump Services Pty Ltd ACN 987 654 321 of 2 Depot Road, Shepparton, Victoria 3630, called the "
        "Contractor in this Deed.\n\nBackground\n\nA. The Customer needs its pumps serviced.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Marlow Creek Irrigation Pty Ltd", "customer"),
        ("Brassey Pump Services Pty Ltd", "contractor"),
    ]


def test_public_bodies_introduced_by_what_they_are_and_a_province_code_that_is_no_defined_term() -> None:
    text = (
        "This Book Supply Agreement is made on 2 May 2028 by Tamsin Valley Regional Library Board, a public library "
        'board established under the Libraries Act, 12 Mill Road, Tamsin (the "Board"), and Folio Wholesale Books '
        'Inc., a Delaware corporation ("Folio").\n\n1. Supply.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Tamsin Valley Regional Library Board", "board"),
        ("Folio Wholesale Books Inc.", "folio"),
    ]
    italian = (
        "CONCESSION CONTRACT\n\nBETWEEN\n\nthe TOWN OF RIVA SERENA, with its seat at Via Roma 3, 38066 Riva Serena (TN), "
        "hereinafter referred to as the Town,\n\nAND\n\nLAGO SERVIZI S.R.L., with its registered office at Via Garda 9, "
        "38066 Riva Serena, hereinafter referred to as the Operator.\n\nPREMISES\n\n(a) By resolution of the Town "
        "Council the Town decided to award the concession.\n\nArticle 1 - Subject"
    )
    assert [(p.name, p.role) for p in find_parties(italian)] == [
        ("TOWN OF RIVA SERENA", "town"),
        ("LAGO SERVIZI S.R.L.", "operator"),
    ]


def test_a_defined_term_after_a_colon_following_referred_to_as() -> None:
    text = (
        "SERVICES AGREEMENT\n\nTHE UNDERSIGNED:\n\n1. Kroonduin Analytics B.V., having its registered office in Leiden, "
        "duly represented by its director, Mr. P.H. (Pieter) de Graaf, hereinafter referred to as: the Provider;\n\nand\n\n"
        "2. Zeewolde Transport B.V., having its registered office in Almere, duly represented by Mrs. L. (Lotte) Bakker, "
        "hereinafter referred to as: the Customer;\n\nHAVE AGREED AS FOLLOWS:\n\n1. Services\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Kroonduin Analytics B.V.", "provider"),
        ("Zeewolde Transport B.V.", "customer"),
    ]
    assert parties[0].aliases == ("Provider",)  # the director's given name in brackets is no defined term


def test_a_sentence_after_the_preamble_calls_each_party_by_its_role() -> None:
    text = (
        "PURCHASE AGREEMENT\n\nThis Purchase Agreement is dated as of May 2, 2026 and is made between Harrow Ridge "
        "Plastics, Inc., an Ohio corporation with offices at 10 Mill Road, Akron, Ohio, as vendor, and Brightwater "
        "Pump Company, a Delaware corporation with offices at 4 Lake Street, Erie, Pennsylvania, as purchaser. In this "
        "Agreement Harrow Ridge Plastics, Inc. is called Vendor and Brightwater Pump Company is called Purchaser.\n\n"
        "1. Sale\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harrow Ridge Plastics, Inc.", "vendor"),
        ("Brightwater Pump Company", "purchaser"),
    ]


def test_numbered_basic_information_lines_name_the_parties_and_skip_one_said_not_to_be_a_party() -> None:
    text = (
        "WAREHOUSE LEASE\n\nARTICLE 1. BASIC INFORMATION\n\n1.1 Date: March 3, 2026.\n\n"
        "1.2 Landlord: Copper Basin Logistics Partners, L.P., a Texas limited partnership.\n\n"
        "1.3 Tenant: Redrock Parcel Services, Inc., a Nevada corporation.\n\n"
        "1.4 Guarantor: Redrock Holdings, Inc., a Nevada corporation. Guarantor is not a party to this Lease.\n\n"
        "1.5 Premises: Unit 4, 900 Desert Way, Tucson, Arizona.\n\n"
        "ARTICLE 2. PARTIES\n\n2.1 This Lease is made on the Date by and between Landlord and Tenant.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Copper Basin Logistics Partners, L.P.", "landlord"),
        ("Redrock Parcel Services, Inc.", "tenant"),
    ]


def test_the_capacity_after_a_partys_descriptors_is_its_role() -> None:
    text = (
        "EQUIPMENT SALE AGREEMENT\n\nThis Equipment Sale Agreement is dated as of May 2, 2026 and is made between "
        "Harrow Ridge Plastics, Inc., an Ohio corporation with offices at 10 Mill Road, Akron, Ohio 44308, as vendor, "
        "and Brightwater Pump Company, a Delaware corporation with offices at 4 Lake Street, Erie, Pennsylvania "
        "16501, as purchaser.\n\n1. Sale\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harrow Ridge Plastics, Inc.", "vendor"),
        ("Brightwater Pump Company", "purchaser"),
    ]


def test_letter_parties_named_in_signature_blocks_take_bare_roles_from_the_first_clause() -> None:
    text = (
        "KESTREL MERCHANT BANK LIMITED\n12 Quay Street, Bristol BS1 4DJ\n\n2 June 2026\n\nDear Sirs\n\nTERM LOAN LETTER\n\n"
        "1. Kestrel Merchant Bank Limited (registered number 01234567) (the Lender) agrees to make available to Ashcombe "
        "Joinery Ltd (registered number 07654321), having its registered office at 3 Mill Lane, Frome BA11 1AA (the "
        "Borrower), a term loan of GBP 250,000 (the Loan).\n\n2. The Borrower shall repay the Loan in eight instalments."
        "\n\nYours faithfully\n\nFor and on behalf of Kestrel Merchant Bank Limited\nSigned: ____________\n"
        "Name: Owen Price, Director\n\nWe agree to the above.\n\nFor and on behalf of Ashcombe Joinery Ltd\n"
        "Signed: ____________\nName: Lucy Marsh, Director\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Kestrel Merchant Bank Limited", "lender"),
        ("Ashcombe Joinery Ltd", "borrower"),
    ]


def test_a_bare_role_after_a_pronoun_term_belongs_to_the_other_party() -> None:
    from contractbox.engine.parties import Party, _bare_role_after_descriptors

    opening = (
        'This agreement is between Fernleigh Studios LLC, a Delaware limited liability company ("we" or "us"); and '
        'the person named on the cover page ("you" or the "Licensee").'
    )
    studio = Party("Fernleigh Studios LLC", "party", 26, 47)
    assert _bare_role_after_descriptors(opening, studio, [studio]) == ()
    named = "Fernleigh Studios LLC (registered number 5512) (the Licensor) grants the licence below."
    assert _bare_role_after_descriptors(named, studio, [studio]) == ("Licensor",)


def test_one_line_per_party_list_without_and_between_entries() -> None:
    text = (
        "SERVICES ORDER\n\nParties\n"
        "Harrowgate Analytics Pty Ltd ACN 123 456 789 of 5 Smith Lane, Perth WA 6000 (Provider)\n"
        "Bellwether Mining Pty Ltd ACN 987 654 321 of 77 Hay Street, Perth WA 6000 (Client)\n\n"
        "1. Services\nThe Provider must perform the services.\n"
    )
    numbered = text.replace("Harrowgate", "1. Harrowgate").replace("Bellwether", "2. Bellwether")
    for contract in (text, numbered):
        found = {(p.name, p.role) for p in find_parties(contract)}
        assert found == {("Harrowgate Analytics Pty Ltd", "provider"), ("Bellwether Mining Pty Ltd", "client")}


def test_the_register_courts_own_name_in_brackets_is_not_the_defined_term() -> None:
    text = (
        "Service Agreement\n\nbetween\n\nOstwind Logistik GmbH, Hafenstraße 4, 20457 Hamburg, registered in the "
        "commercial register of the District Court (Amtsgericht) of Hamburg under HRB 55123,\n"
        "- hereinafter referred to as Customer -\n\nand\n\nNordlicht IT GmbH, Ring 9, 10115 Berlin,\n"
        "- hereinafter referred to as Provider -\n\n§ 1 Subject\nThe Provider shall operate the systems.\n"
    )
    first = find_parties(text)[0]
    assert (first.name, first.aliases, first.role) == ("Ostwind Logistik GmbH", ("Customer",), "customer")


def test_a_caption_over_a_signature_block_is_not_part_of_the_name() -> None:
    text = (
        "SPONSORSHIP LETTER\n\nThe sponsor pays the fee below.\n\n" + "Terms follow.\n" * 40 + "\n"
        "IN WITNESS WHEREOF the parties sign below.\n\n"
        "    ACCEPTED FOR HALBERD CYCLING, INC.           By: /s/ Dana Whitlow     Date: May 2, 2026\n\n"
        "    Approved for Corvane Lighting Ltd.           By: /s/ Priya Lal        Date: May 2, 2026\n"
    )
    assert signature_names(text) == ["HALBERD CYCLING, INC.", "Corvane Lighting Ltd."]


def test_an_occupation_before_a_persons_name_is_not_the_name() -> None:
    text = (
        "This Agreement is made on 4 March 2026 between session drummer, LUCA MORETTI, (hereinafter called the "
        '"Artist") and the publisher, Thornfield Music Limited (the "Label").\n\nRECITALS\n'
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [("LUCA MORETTI", "artist"), ("Thornfield Music Limited", "label")]


def test_a_person_with_an_occupation_then_an_address_on_her_own_line_is_a_party() -> None:
    text = (
        "ORCHARD LEASE\n\nDate: 3 May 2027\n\nParties\n\n"
        "Tarrow Fruit Growers Limited (company number 4417) of 9 Bridge Street, Nelson (Landlord)\n\n"
        "Aroha Mere Tipene, orchardist, of 22 Lake Road, Motueka (Tenant)\n\n"
        "Background\n\nA. The Landlord owns the orchard.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Tarrow Fruit Growers Limited", "landlord"),
        ("Aroha Mere Tipene", "tenant"),
    ]


def test_an_occupation_between_a_persons_name_and_address_keeps_the_person_a_party() -> None:
    text = (
        "CONSULTANCY AGREEMENT\n\nParties\n\n"
        "Harbour Line Clinics Limited (company number 4417720), 9 Quay Road, Dunedin 9016 (Clinic)\n\n"
        "Anika Brennan, consultant radiologist, of 31 Rimu Lane, Mosgiel 9024 (Consultant)\n\n"
        "Background\n\nThe Clinic wishes to engage the Consultant.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Harbour Line Clinics Limited", "clinic"),
        ("Anika Brennan", "consultant"),
    ]


def test_words_joining_two_people_are_no_occupation() -> None:
    text = (
        'This Loan Agreement (this "Agreement") is dated May 2, 2027, and is between PETER AND ANNA KOWALSKI, '
        'husband and wife, residing at 12 Elm Road, Erie, Pennsylvania 16501 (together, the "Lenders"), and '
        'Sam Ortiz, an individual residing at 4 Oak Street, Erie, Pennsylvania 16502 (the "Borrower").\n\n1. Loan.\n'
    )
    assert [p.role for p in find_parties(text)] == ["lenders", "borrower"]


def test_an_occupation_then_a_street_address_keeps_the_person_a_party() -> None:
    text = (
        "SHEARING CONTRACT\n\nParties\n\n"
        "Ridgeback Station Limited (company number 3390417), 220 Gorge Road, Alexandra 9320 (Owner)\n\n"
        "Wiremu Tane Kerr, shearing contractor, 7 Totara Place, Roxburgh 9500 (Contractor)\n\n"
        "Background\n\nThe Owner wishes to engage the Contractor.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Ridgeback Station Limited", "owner"),
        ("Wiremu Tane Kerr", "contractor"),
    ]


def test_a_numbered_parties_clause_lists_each_party_in_its_own_sub_clause() -> None:
    text = (
        "MURAL COMMISSION\n\nSigned at Durban on 3 June 2026.\n\n1. THE PARTIES\n\n"
        "1.1 Thandeka Zulu, an adult individual and muralist practising from 9 Point Road, Durban (the Artist).\n\n"
        "1.2 Umgeni Civic Trust NPC, registration number 2011/004411/08, of 2 Field Lane, Durban (the Client).\n\n"
        "2. THE WORK\n\n2.1 The Artist shall paint the north wall of the Client's hall.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Thandeka Zulu", "artist"),
        ("Umgeni Civic Trust NPC", "client"),
    ]


def test_two_people_in_sub_clauses_numbered_with_a_closing_dot() -> None:
    text = (
        "LOCATION RELEASE\n\n1. PARTIES\n\n1.1. Naledi Mokoena, an adult individual of 3 Vine Road, Soweto "
        "(the Owner).\n\n1.2. Johan Botha, of 8 Kloof Street, Cape Town (the Producer).\n\n2. LOCATION\n\n"
        "2.1. The Owner allows the Producer to film in the house.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Naledi Mokoena", "owner"),
        ("Johan Botha", "producer"),
    ]


def test_a_licensee_named_only_in_an_acceptance_record_gets_the_name_on_its_line() -> None:
    text = (
        'This Licence is made between Quillmoor Software Limited, registered number 401122 ("Quillmoor"), and the '
        'business identified as the customer in the Install Log ("you" or the "Customer").\n\n'
        "1. You shall pay the fee.\n\n"
        "INSTALL LOG\nCustomer: Brackenfield Dental Practice Limited, 12 Mill Lane, Leeds\nAccepted on: 3 March 2026\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Quillmoor Software Limited", "quillmoor"),
        ("Brackenfield Dental Practice Limited", "customer"),
    ]


def test_an_individual_named_below_in_a_form_block_is_a_party() -> None:
    text = (
        "VOLUNTEER DATA AGREEMENT\n\nThis Agreement is between Harrowdale Trust Inc., a Vermont nonprofit "
        'corporation (the "Trust"), and the person named below (the "Volunteer"):\n\n'
        "Full name: Ingrid Solvang\nPostal address: 4 Birch Row, Bergen\n\n1. The Volunteer shall keep records.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Harrowdale Trust Inc.", "trust"),
        ("Ingrid Solvang", "volunteer"),
    ]
    assert parties[0].aliases == ("Trust",)  # the Volunteer's term is not the Trust's


def test_an_exchange_of_emails_binds_the_companies_its_senders_sign_for() -> None:
    text = (
        "From: Dana Wolfe <dana@orchardpixel.example>\nTo: Sam Okafor <sam@bluefinmarine.example>\n"
        "Date: March 2, 2026\nSubject: Photo shoot\n\nHi Sam,\n\nWe will shoot the catalogue in April and you will "
        "pay $4,000 on delivery. Reply to agree.\n\nDana Wolfe\nProducer, Orchard Pixel Studios LLC\n\n"
        "From: Sam Okafor <sam@bluefinmarine.example>\nTo: Dana Wolfe <dana@orchardpixel.example>\n"
        "Date: March 3, 2026\nSubject: RE: Photo shoot\n\nAgreed.\n\nSam Okafor\nMarketing Lead, Bluefin Marine Corp.\n"
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["Orchard Pixel Studios LLC", "Bluefin Marine Corp."]
    assert "we" in parties[0].aliases and "you" in parties[1].aliases  # the first sender writes "we"


def test_a_role_after_hereafter_is_the_partys_defined_term() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nBETWEEN:\n\nMAPLECREST FOODS INC., a corporation incorporated under the laws of Manitoba\n"
        "(hereafter, the Vendor)\n\nAND:\n\nHUDSON BAYWAY STORES LTD., a corporation incorporated under the laws of "
        "Ontario\n(hereafter, the Purchaser)\n\nRECITALS\n\nThe Vendor grows produce."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("MAPLECREST FOODS INC.", "vendor"),
        ("HUDSON BAYWAY STORES LTD.", "purchaser"),
    ]


def test_a_labelled_row_keeps_the_short_name_it_gives_its_party() -> None:
    text = (
        'RENEWAL ORDER\n\nProvider: Glassridge Networks Corp., a Nevada corporation ("Glassridge")\n'
        'Customer: Pell County Library District, 10 Main Street, Pell ("Customer")\n\n'
        "1. Glassridge shall host the catalogue.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Glassridge Networks Corp.", "glassridge"),
        ("Pell County Library District", "customer"),
    ]
    assert parties[0].aliases == ("Provider", "Glassridge")


def test_a_quoted_term_after_the_rows_entry_ends_belongs_to_someone_else() -> None:
    text = (
        "Supply Contract   Party A: Huaxin Pumps Co., Ltd. Legal Representative: Wang Lei   Huaxin Pumps Co., Ltd. is "
        'owned by Eastbay Holdings Corporation (the "Group"), a listed company.   Party B: Qinghe Water Works Co., Ltd. '
        "Legal Representative: Zhao Min   Party A and Party B agree as follows."
    )
    first = find_parties(text)[0]
    assert (first.name, first.role, first.aliases) == ("Huaxin Pumps Co., Ltd.", "party a", ("Party A",))


def test_a_role_label_in_the_next_column_is_not_part_of_a_signature_name() -> None:
    text = (
        "SERVICE ORDER\n\nThe provider supports the product.\n\n" + "Terms follow.\n" * 40 + "\n"
        "IN WITNESS WHEREOF, the parties have signed this Order:\n\n"
        "CUSTOMER                                  BRAMBLEWICK DATA SYSTEMS, INC.\n\n"
        "By: ____________________                  By: ____________________\n"
    )
    assert signature_names(text) == ["BRAMBLEWICK DATA SYSTEMS, INC."]


def test_a_party_left_blank_keeps_its_defined_term_to_itself() -> None:
    text = (
        'This Hosting Agreement ("Agreement") is entered into as of the ____ day of ________ 2027 by and between '
        'Corrigan Cloud Services, Inc., a Delaware corporation ("Corrigan"), with offices at 12 Pier Road, Oakland, '
        'California, and ______________________, a ____________ corporation ("Customer"), with offices at '
        "____________________.\n\n1. Services.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [("Corrigan Cloud Services, Inc.", "corrigan")]


def test_a_name_wrapped_over_a_wide_gap_stays_whole() -> None:
    text = (
        "SUPPLY ORDER\n\nThe supplier ships the grain.\n\n" + "Terms follow.\n" * 40 + "\n"
        "IN WITNESS WHEREOF, the parties have signed this Order:\n\n"
        "                    KESTREL NORTHERN GRAIN                    TRADING LTD.\n\n"
        "By: ____________________\n"
    )
    assert signature_names(text)[0] == "KESTREL NORTHERN GRAIN TRADING LTD."


def test_an_and_inside_the_title_of_the_body_that_issued_a_licence_joins_no_party() -> None:
    text = (
        "SERVICES AGREEMENT\n\nBETWEEN\n\nKESTREL TILES A/S, a company registered in Denmark, of 4 Kajgade, "
        'Odense ("Supplier"); and\n\nSAND DUNE FITOUT L.L.C., holding trade licence number 55120 issued by the '
        "Department of Planning and Development, Abu Dhabi, of Plot 9, Mussafah, Abu Dhabi "
        '("Customer").\n\nRECITALS\n\nA. The Supplier makes tiles.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("KESTREL TILES A/S", "supplier"),
        ("SAND DUNE FITOUT L.L.C.", "customer"),
    ]


def test_a_preamble_entered_into_by_a_lettered_list_reads_that_list_only() -> None:
    text = (
        "HEADS OF AGREEMENT\n\nDated 2 June 2027\n\nThese heads of agreement are entered into by:\n\n"
        '(a) Rimba Timber Sdn. Bhd., a company incorporated in Malaysia, of Ipoh ("Rimba");\n\n'
        '(b) Kaito Works Co., Ltd., a company incorporated in Japan, of Osaka ("Kaito"),\n\n'
        '(each a "Party").\n\nPART A\n\nA1. Mill Company. A new private company limited by shares (the "Mill Company") will run the mill.\n\n'
        "A2. Board. Three directors."
    )
    assert names(text) == ["Rimba Timber Sdn. Bhd.", "Kaito Works Co., Ltd."]


def test_a_role_given_in_brackets_in_this_documents_own_words_is_the_defined_term() -> None:
    text = (
        "CONTRACT FOR WINDOW CLEANING\n\nBETWEEN\n\nBRAEFIELD HOUSING LIMITED, incorporated in Scotland (company number "
        "SC700111), having its registered office at 4 Nethergate, Dundee (in this Contract called the Landlord); and\n\n"
        "GLEN ORCHY FACILITIES LLP, registered in Scotland (number SO300222), of 8 Tay Street, Perth (in this Contract "
        "referred to as the Service Provider).\n\n1. The Service Provider shall clean the windows monthly."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("BRAEFIELD HOUSING LIMITED", "landlord"),
        ("GLEN ORCHY FACILITIES LLP", "service provider"),
    ]


def test_an_institution_in_capitals_keeps_the_and_inside_its_name() -> None:
    text = (
        "SERVICES AGREEMENT\n\nBETWEEN:\n\nRIVERBEND INSTITUTE OF SCIENCE AND TECHNOLOGY, a public institute "
        'established by statute, of 5 College Road, Kingston (the "Institute")\n\n- and -\n\nPINEWOOD GROUNDS '
        'CARE INC., a corporation of Ontario (the "Contractor")\n\n1. The Contractor shall mow the lawns.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("RIVERBEND INSTITUTE OF SCIENCE AND TECHNOLOGY", "institute"),
        ("PINEWOOD GROUNDS CARE INC.", "contractor"),
    ]
    # two people in capitals joined by "AND" stay two names
    assert read_name("MARTIN HOLT AND RUTH HOLT, both of 4 Mill Lane", 0).text(
        "MARTIN HOLT AND RUTH HOLT, both of 4 Mill Lane"
    ) == ("MARTIN HOLT")


def test_a_term_given_in_brackets_that_name_the_document_is_the_partys_role() -> None:
    text = (
        "DEED OF LEASE\n\nbetween\n\nCALDERBANK ESTATES LIMITED, a company incorporated in Scotland with company "
        "number SC204411 and having its registered office at 4 Kirk Wynd, Perth PH1 5LT (in this Deed called the "
        "Landlord)\n\nand\n\nMORAG STEWART BAKERY LIMITED, a company incorporated in Scotland with company number "
        "SC550982 and having its registered office at 17 High Street, Crieff PH7 3HU (in this Deed called the "
        "Tenant)\n\n1. The Landlord lets the shop to the Tenant.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("CALDERBANK ESTATES LIMITED", "landlord"),
        ("MORAG STEWART BAKERY LIMITED", "tenant"),
    ]


def test_a_bare_term_closing_a_labelled_entry_is_the_partys_own_term() -> None:
    text = (
        "DATA SUBSCRIPTION\n\nSubscription date: 2 March 2027\n\n"
        "Supplier: Tussock Analytics Limited (NZBN 9429041122334), 5 Wharf Lane, Nelson 7010, New Zealand (Vendor)\n\n"
        "Customer: Harbourside Polytechnic, 80 Marine Parade, Napier 4110, New Zealand (Customer)\n\n"
        "1. The Vendor shall provide the data feed.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Tussock Analytics Limited", "vendor"),
        ("Harbourside Polytechnic", "customer"),
    ]
    assert "Vendor" in parties[0].aliases


def test_a_term_defined_in_a_numbered_clause_names_no_party_of_the_paragraph_before() -> None:
    text = (
        "BARGE SALE MEMORANDUM\n\n"
        'Rivermark Towing LLC, of 4 Levee Road, Memphis (hereinafter called the "Sellers"), have agreed to sell, and\n\n'
        'Cotton Bend Logistics Inc., of 90 Front Street, Natchez (hereinafter called the "Buyers"), have agreed to '
        "buy the barge described below.\n\n"
        'Definitions. "Stakeholder" means Delta Escrow Partners Ltd, Memphis.\n\n'
        '1. Price. The price is USD 800,000 (the "Price"), payable at delivery.\n\n'
        "2. Delivery. The Sellers shall deliver the barge at Memphis."
    )
    names = [p.name for p in find_parties(text)]
    assert names == ["Rivermark Towing LLC", "Cotton Bend Logistics Inc."]


def test_a_we_you_box_names_the_parties_through_the_form_fields() -> None:
    text = (
        "DOG WALKING SERVICE TERMS\n\n"
        "WHO IS WHO\n"
        '  "we", "us" and "our" mean Muddy Paws Walkers Limited (company number 11223344), 2 Park Row, Leeds\n'
        "  you / your: the owner named in the booking form\n"
        '  "the Insurer" ....... Harrowgate Mutual Assurance, Policy No. 5512\n\n'
        "BOOKING FORM\n"
        "  Owner name: Felicity Anne Barker\n"
        "  Owner address: 9 Elm Grove, Leeds\n"
        "  Dog: Pepper, a spaniel\n\n"
        "1. We will walk your dog for one hour on each booked weekday.\n"
        "2. You must pay our invoice within 14 days.\n"
    )
    found = [(p.name, p.role) for p in find_parties(text)]
    assert found == [
        ("Muddy Paws Walkers Limited", "we"),
        ("Felicity Anne Barker", "you"),
        ("Harrowgate Mutual Assurance", "insurer"),
    ]


def test_a_we_you_box_reads_names_listed_under_a_field_and_a_heading() -> None:
    text = (
        "BOAT HIRE AGREEMENT\n\n"
        "  We / us / our -- Solent Day Boats Ltd, 4 Quay Street, Lymington\n"
        "  You / your -- each Skipper named below\n\n"
        "Skipper name(s):\n"
        "  Oscar Pennington\n"
        "  Ruth Pennington\n"
        "Crew member\n"
        "  Name: Tobias Grant\n\n"
        "1. You must return the boat by 6 p.m.\n"
    )
    found = [(p.name, p.role) for p in find_parties(text)]
    assert found == [
        ("Solent Day Boats Ltd", "we"),
        ("Oscar Pennington", "skipper"),
        ("Ruth Pennington", "skipper"),
    ]


def test_a_deed_by_one_party_in_favour_of_another_names_both() -> None:
    text = (
        "DEED OF NON-COMPETITION\n\nby\n\n"
        "ELSPETH ANNE MORROW, residing at 9 Larch Grove, Perth PH2 8QT (the Seller)\n\n"
        "in favour of\n\n"
        "CAIRNWELL LEISURE LIMITED, a company incorporated in Scotland (registered number SC700123) and having its "
        "registered office at 5 High Street, Perth (the Buyer)\n\n"
        "WHEREAS:\n\n(A) The Seller has sold her cafe to the Buyer.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("ELSPETH ANNE MORROW", "seller"),
        ("CAIRNWELL LEISURE LIMITED", "buyer"),
    ]


def test_a_sentence_that_names_the_parties_together_is_not_a_party() -> None:
    # "Company" reads as a legal form, so "Both the Company" looked like a name
    text = (
        "LOAN NOTE INSTRUMENT\n\nTHIS AGREEMENT is made on 3 March 2027\n\nBETWEEN\n\n"
        '(1) HOLLYBANK PROPERTIES LIMITED, a company incorporated in England (the "Company"); and\n\n'
        '(2) ORRIN CAPITAL PARTNERS LLP, a limited liability partnership (the "Holder").\n\n'
        'Both the Company and the Holder are a "Party", and they sign below.\n\n'
        "1. ISSUE\n\n1.1 The Company shall issue the Notes.\n"
    )
    names = [p.name for p in find_parties(text)]
    assert names == ["HOLLYBANK PROPERTIES LIMITED", "ORRIN CAPITAL PARTNERS LLP"]


def test_a_label_its_entry_gives_back_as_the_defined_term_is_a_role() -> None:
    text = (
        "FACILITIES BOOKING AGREEMENT\n\n"
        "Venue: Harrowgate Conference Centre LLC, an Ohio limited liability company, 18 Lake Road, Akron, Ohio "
        "44301 (referred to below as Venue)\n\n"
        "Society: Buckeye Society of Beekeepers, Inc., an Ohio nonprofit corporation, 9 Hive Lane, Columbus, Ohio "
        "43004 (referred to below as Society)\n\n"
        "Programme: Spring Honey Forum\n\n1. Rooms. Venue will hold fifty rooms for Society.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Harrowgate Conference Centre LLC", "venue"),
        ("Buckeye Society of Beekeepers, Inc.", "society"),
    ]


def test_a_row_that_gives_its_label_back_is_read_once_with_its_descriptor() -> None:
    text = (
        "RECAP OF FIXTURE\n\n"
        'LESSORS: NORTHWIND BARGE LINES CO. LTD., A MALTA COMPANY, 4 HARBOUR STREET, VALLETTA ("LESSORS")\n\n'
        'HIRERS: PELICAN GRAIN EXPORTS LLC, A KANSAS LIMITED LIABILITY COMPANY, 9 MILL ROAD, WICHITA ("HIRERS")\n\n'
        "1/ BARGE: TWO HOPPER BARGES.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("NORTHWIND BARGE LINES CO. LTD.", "lessors"),
        ("PELICAN GRAIN EXPORTS LLC", "hirers"),
    ]


def test_a_comma_after_a_defined_term_without_quotes_starts_the_next_party() -> None:
    # "(the Parent)," closes its party as '("Parent"),' does: the next name is a party of its own
    text = (
        "MARKETING COST AGREEMENT\n\nThis agreement is made on 4 April 2028 among OSPREY TIMBER, INC., an Oregon "
        "corporation with its office at 12 Dock Street, Astoria, Oregon 97103 (the Parent), OSPREY TIMBER SALES, "
        "LLC, an Oregon limited liability company at the same address (Sales), and OSPREY MILLWORK, INC., a "
        "Washington corporation of 400 Ridge Road, Tacoma, Washington 98402 (Millwork).\n\n"
        "1. Costs. Sales shall share the marketing costs.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("OSPREY TIMBER, INC.", "parent"),
        ("OSPREY TIMBER SALES, LLC", "sales"),
        ("OSPREY MILLWORK, INC.", "millwork"),
    ]


def test_a_group_company_named_after_the_closed_list_is_not_a_party() -> None:
    # after the last entry's defined term and a full stop, a sentence naming a sister company below a blank line
    said_plainly = (
        "TOLLING AGREEMENT\n\nThis Agreement is made on 9 September 2028\n\nbetween\n\n"
        'Merrick Chemie GmbH, Rheinallee 8, 40221 Düsseldorf, Germany (the "Owner"),\n\nand\n\n'
        'Merrick Chemicals Ltd, 22 Quay Road, Runcorn WA7 1AA, United Kingdom (the "Toller").\n\n'
        "Merrick Chemicals Iberia S.L., the group's Spanish distributor, receives the finished goods.\n\n"
        "1. Tolling\n\n1.1 The Toller shall process the raw materials.\n"
    )
    assert names(said_plainly) == ["Merrick Chemie GmbH", "Merrick Chemicals Ltd"]
    # an entry in the middle of the list that says it is not a party is left out too
    denied = (
        "SHARED SERVICES AGREEMENT\n\nThis Agreement is entered into between Pallas Freight Inc., a Nevada "
        'corporation ("Pallas"); Pallas Freight Canada Ltd., an Alberta corporation, which is not a party to this '
        'Agreement; and Pallas Logistics LLC, a Nevada limited liability company ("Logistics").\n\n'
        "1. Services. Pallas shall provide the services.\n"
    )
    assert names(denied) == ["Pallas Freight Inc.", "Pallas Logistics LLC"]


def test_parties_without_a_term_of_their_own_take_the_term_the_list_gives_them_together() -> None:
    text = (
        "GUARANTEE FACILITY AGREEMENT\n\nTHE UNDERSIGNED:\n\n"
        "1. Ostrava Steel Holding a.s., a company incorporated in the Czech Republic, having its seat in Ostrava "
        "(the Coordinator);\n\n"
        "2. Ostrava Steel Polska Sp. z o.o., a company incorporated in Poland, having its seat in Katowice; and\n\n"
        "3. Ostrava Steel Slovakia s.r.o., a company incorporated in Slovakia, having its seat in Košice,\n\n"
        "the companies listed under 2 and 3 each a Member,\n\nAGREE AS FOLLOWS:\n\n"
        "1. Each Member shall pay its share of the fees.\n"
    )
    assert [p.role for p in find_parties(text)] == ["coordinator", "member", "member"]


def test_a_signature_name_wrapped_onto_a_second_line_is_one_name_not_also_its_tail() -> None:
    text = (
        "This Supply Agreement is made between Ostrava Ceramics Inc. and Kestrel Bulk Minerals Trading Ltd.\n\n"
        "IN WITNESS WHEREOF the parties have signed this Agreement.\n\n"
        "OSTRAVA CERAMICS INC.                     KESTREL BULK MINERALS\n"
        "                                          TRADING LTD.\n"
        "By: ____________________                  By: ____________________\n"
        "Name: Lida Novak                          Name: Tomas Egede\n"
    )
    assert signature_names(text) == ["OSTRAVA CERAMICS INC.", "KESTREL BULK MINERALS TRADING LTD."]


def test_the_regulator_that_numbers_a_partys_licence_is_no_party() -> None:
    # "and <body> Registration No." inside a party's descriptors labels a number; it starts no new party
    text = (
        "This Agency Agreement is made at Pune on 3 June 2027 BETWEEN Kaveri Mutual Assurance Limited, a company "
        "having CIN U66000KA2011PLC058812 and PFRDA Registration No. 318, with its registered office at MG Road, "
        'Bengaluru, hereinafter referred to as the "Principal" of the FIRST PART; AND Tungabhadra Brokers Private '
        "Limited, a company having CIN U67190KA2015PTC081212 and SEBI Licence Number 2219, with its office at "
        'Hubli, hereinafter referred to as the "Agent" of the SECOND PART.\n\nWHEREAS the Principal sells annuities.'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Kaveri Mutual Assurance Limited", "principal"),
        ("Tungabhadra Brokers Private Limited", "agent"),
    ]


def test_a_role_referred_to_below_after_a_comma_is_the_partys_term() -> None:
    text = (
        "This Finder Agreement is between Copperleaf Mortgage Advisers, LLC, an Oregon limited liability company, "
        "located at 40 Pine Street, Bend, Oregon 97701, referred to below as the Firm, and Tobias Ferreira-Lund, an "
        "individual residing at 9 Elm Court, Salem, Oregon 97301, referred to below as the Finder.\n\n1. Purpose."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Copperleaf Mortgage Advisers, LLC", "firm"),
        ("Tobias Ferreira-Lund", "finder"),
    ]


def test_a_letter_gives_each_party_its_term_and_pronouns_without_quotes() -> None:
    text = (
        "BRAMLEY ORCHARD LLP\nChartered Surveyors\n\nWestfield Dairies Limited\nHill Farm, Devizes SN10 4QQ\n\n"
        "6 October 2027\n\nDear Mr Pike\n\n1. Our appointment\n\n1.1 We are glad to be asked by Westfield Dairies "
        "Limited (the Client, you) to instruct Bramley Orchard LLP (the Surveyor, we or us) on the rent review of "
        "your creamery. This letter is the contract between the Surveyor and the Client.\n\n"
        "2.1 The Client shall give us access to the creamery.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Westfield Dairies Limited", "client"),
        ("Bramley Orchard LLP", "surveyor"),
    ]


def test_a_term_for_a_thing_after_a_company_and_lower_case_words_names_no_party() -> None:
    text = (
        'Dear Ms Lowe and Mr Adeyemi:\n\nYou have asked Fenwick Rowe LLP (the "Firm") to act for both Corran '
        'Mills Inc. ("Corran") and Delph Yarns Ltd. ("Delph") in buying the spinning plant of Garside Textiles Corp. '
        'in liquidation (the "Purchase"). This letter sets out our terms.\n\n1. Fees. Each Client shall pay half.\n'
    )
    assert names(text) == ["Fenwick Rowe LLP", "Corran Mills Inc.", "Delph Yarns Ltd."]


def test_referred_to_below_as_after_a_comma_gives_the_role() -> None:
    text = (
        "TERMS OF APPOINTMENT\n\nAgreed on 2 February 2028\n\nbetween\n\nMarcus Hale, an arbitrator practising from "
        "3 Gray's Yard, London WC1R 5JA, referred to below as the Arbitrator,\n\nand\n\nPennine Quarry Products "
        "Limited, a company registered in England with number 04411822, referred to below as the Claimant.\n\n"
        "1. The Claimant shall pay the deposit.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Marcus Hale", "arbitrator"),
        ("Pennine Quarry Products Limited", "claimant"),
    ]


def test_a_preamble_dated_then_naming_its_parties_after_by_reads_them() -> None:
    # no "between": the date, then "by" and the two names with their bare defined terms
    text = (
        "HOSTING TERMS\n\n"
        "These Hosting Terms are entered into as of March 3, 2028 by Brindlecombe Systems, Inc., a Nevada "
        "corporation with offices at 40 Elm Street, Reno, Nevada 89501 (Host), and Quillfeather Dental Group, PLLC, "
        "a Utah professional limited liability company with offices at 7 Canyon Road, Provo, Utah 84601 (Client).\n\n"
        "1. Hosting\n\n1.1 Host shall keep the Client Data in a data centre in the United States.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Brindlecombe Systems, Inc.", "host"),
        ("Quillfeather Dental Group, PLLC", "client"),
    ]


def test_a_payment_made_by_a_party_is_no_party_list() -> None:
    text = (
        "This Supply Agreement is made as of June 1, 2027 between Orrin Mills LLC, a Kansas limited liability company "
        '("Seller"), and Pellston Foods, Inc., a Kansas corporation ("Buyer").\n\n'
        "4. Payments made on the due date by Buyer are final.\n"
    )
    assert [p.name for p in find_parties(text)] == ["Orrin Mills LLC", "Pellston Foods, Inc."]


def test_a_co_operative_name_is_read_past_its_co() -> None:
    text = "MOORFOOT GROWERS CO-OPERATIVE LIMITED, a registered society with registered number SP1234RS"
    span = read_name(text, 0)
    assert span is not None and text[span.start : span.end] == "MOORFOOT GROWERS CO-OPERATIVE LIMITED"
    assert ends_with_legal_form("Lammermuir Bakers Co.")


def test_a_plural_role_label_names_its_party_without_a_defined_term() -> None:
    text = (
        "TECHNICAL SERVICES AGREEMENT\n\n"
        "Date: 4 June 2029\n\n"
        "Charterers: Kestrel Bay Logistics Ltd, a company registered in Malta under number C 88123, of 7 Quay Road, "
        "Marsaxlokk.\n\n"
        "Managers: Corran Fleet Services Limited, a company registered in Scotland (SC 612044), of 3 Dock Street, "
        "Leith.\n\n"
        "Vessel: m.v. PIPER DAWN, IMO 9123450.\n\n"
        "1. The Managers shall keep the Vessel in class.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Kestrel Bay Logistics Ltd", "charterers"),
        ("Corran Fleet Services Limited", "managers"),
    ]


def test_a_quoted_ship_name_in_the_descriptor_is_not_the_partys_term() -> None:
    text = (
        "VOYAGE CHARTER PARTY\n\nLondon, 9 October 2029\n\n"
        "IT IS THIS DAY AGREED between Fairhaven Bulk Carriers Ltd, a Bermuda company, Owners of the bulk carrier "
        '"MORAY LARK" (IMO 9345678) (hereinafter called Owners), and Tamsin Grain Trading LLC, a Texas limited '
        "liability company (hereinafter called Charterers), as follows:\n\n1. Owners shall tender the vessel.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Fairhaven Bulk Carriers Ltd", "owners"),
        ("Tamsin Grain Trading LLC", "charterers"),
    ]


def test_a_register_whose_title_holds_an_and_is_no_party() -> None:
    # "Trade and Companies Register (R.C.S. ...) under number": the words after "and" name the register a number is
    # kept in, not a second party
    text = (
        "STORAGE CAPACITY AGREEMENT\n\nBETWEEN\n\n"
        "Valmont Systems S.A., a public limited company registered with the Brussels Trade and Companies Register "
        "(R.P.M. Brussels) under number 0412.345.678, with its registered office at 4 Rue Haute, Brussels "
        '(the "Vendor"),\n\nAND\n\n'
        "Kessel Freight B.V., a private limited company registered with the Chamber of Commerce under number "
        '55512345, with its registered office at Kade 4, Utrecht (the "Purchaser").\n\n1. Capacity\n'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Valmont Systems S.A.", "vendor"),
        ("Kessel Freight B.V.", "purchaser"),
    ]


def test_parties_numbered_in_words_in_brackets() -> None:
    # the Scots style of numbering the parties: "(ONE) ... ; and (TWO) ..."
    text = (
        "MINUTE OF AGREEMENT\n\nbetween\n\n"
        "(ONE) HALDANE ROOFING LIMITED, incorporated under the Companies Acts (registered number SC123456) and having "
        "its registered office at 8 Mill Lane, Perth PH1 5AA (the Contractor); and\n\n"
        "(TWO) BRAEMOUNT ESTATES LIMITED, incorporated under the Companies Acts (registered number SC654321) and "
        "having its registered office at 2 Tay Street, Dundee DD1 4AB (the Employer).\n\n"
        "WHEREAS\n\n(A) The Employer owns the building.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("HALDANE ROOFING LIMITED", "contractor"),
        ("BRAEMOUNT ESTATES LIMITED", "employer"),
    ]


def test_a_letter_naming_its_parties_as_lender_and_borrower_in_bare_brackets() -> None:
    text = (
        "QUILLON TRUST COMPANY\n14 King Street West, Toronto, Ontario\n\nMarch 4, 2031\n\n"
        "Dear Ms. Okoro:\n\nWe refer to the loan agreement dated May 1, 2029 between Quillon Trust Company, as lender "
        "(the Lender), Harrowgate Foods Inc., as borrower (the Borrower), and Harrowgate Group Ltd., as guarantor "
        "(the Guarantor).\n\n1. Consent. The Lender consents to the sale of the Mississauga plant.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Quillon Trust Company", "lender"),
        ("Harrowgate Foods Inc.", "borrower"),
        ("Harrowgate Group Ltd.", "guarantor"),
    ]


def test_a_notice_from_two_parties_to_a_third_under_from_and_to_labels() -> None:
    text = (
        "NOTICE OF TRANSFER\n\nFrom:\nSilberwald Pumpen GmbH, Ringstraße 3, 80331 Munich - hereinafter the Seller -\n\n"
        "and\n\nNordbank Forderungsmanagement AG, Domplatz 9, 20095 Hamburg - hereinafter the Purchaser -\n\n"
        "To:\nKranich Anlagenbau GmbH, Seeweg 12, 24103 Kiel - hereinafter the Customer -\n\n"
        "1. The Seller has sold its claims against the Customer to the Purchaser.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Silberwald Pumpen GmbH", "seller"),
        ("Nordbank Forderungsmanagement AG", "purchaser"),
        ("Kranich Anlagenbau GmbH", "customer"),
    ]


def test_a_deed_poll_made_by_one_party_in_favour_of_holders() -> None:
    text = (
        "DEED POLL\n\nOption Deed Poll\n\nMade on 2 March 2030\n\n"
        "By: Brindabella Minerals Pty Ltd ACN 123 456 789 of 10 Queen Street, Brisbane QLD 4000 (Company)\n\n"
        "In favour of: every person registered from time to time as the holder of an Option (each an Optionholder).\n\n"
        "1. The Company must issue a share on the exercise of each Option.\n\n"
        "By: Alan Pike, Director\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [("Brindabella Minerals Pty Ltd", "company")]


def test_a_signature_by_line_is_no_deed_poll_entry() -> None:
    text = (
        'LETTER AGREEMENT\n\nThis letter is made between Tern Hollow LLC ("Tern") and Osprey Cove Inc. '
        '("Osprey").\n\n1. Tern shall pay Osprey $500.\n\nTERN HOLLOW LLC\nBy: Jane Marsh\nTitle: Manager\n\n'
        "OSPREY COVE INC.\nBy: Raj Patel\nTitle: President\n"
    )
    assert names(text) == ["Tern Hollow LLC", "Osprey Cove Inc."]


def test_a_company_the_letter_says_is_not_a_party_to_it_is_left_out() -> None:
    text = (
        "To: Kingsbridge Leasing Limited\n\nDear Sirs\n\n1. You have agreed to hire vehicles to our subsidiary, "
        'Fenwick Haulage Limited (the "Hirer"). We, Fenwick Group PLC (the "Parent"), give you this letter; you are '
        'Kingsbridge Leasing Limited ("Kingsbridge"). The Hirer is not a party to this letter.\n\n'
        "2. The Parent shall keep Kingsbridge informed of any sale of the Hirer.\n"
    )
    found = names(text)
    assert "Fenwick Haulage Limited" not in found
    assert "Fenwick Group PLC" in found and "Kingsbridge Leasing Limited" in found


def test_letterhead_capitals_take_the_bare_role_the_body_gives_the_name() -> None:
    text = (
        "MOSSGIEL YARDS, L.P.\n900 Elm Street, Dallas, Texas 75201\n\nJune 1, 2029\n\n"
        "Harbor Pet Clinic, PLLC\n12 Oak Lane, Dallas, Texas 75204\n\nLadies and Gentlemen:\n\n"
        "Mossgiel Yards, L.P., a Texas limited partnership (Landlord), leases Unit 3 to Harbor Pet Clinic, PLLC, "
        "a Texas professional limited liability company (Tenant). Landlord and Tenant agree as follows.\n\n"
        "1. Landlord consents to the sign.\n\nMOSSGIEL YARDS, L.P.\nBy: Ann Lee\n\nACCEPTED:\n\n"
        "HARBOR PET CLINIC, PLLC\nBy: Tom Reyes\n"
    )
    roles = {p.name.lower(): p.role for p in find_parties(text)}
    assert roles["mossgiel yards, l.p."] == "landlord"
    assert roles["harbor pet clinic, pllc"] == "tenant"


def test_an_addressee_the_body_gives_a_term_is_a_party_an_attention_person_is_not() -> None:
    text = (
        "ALDERWICK CAPITAL LLC\n200 Main Street, Boston, Massachusetts\n\nApril 2, 2030\n\n"
        "Selwyn Robotics, Inc.\n8 Pier Road, Portland, Maine\n\nTomas Lindqvist\nc/o Selwyn Robotics, Inc.\n\n"
        "Dear Mr. Lindqvist:\n\nThis letter sets out the terms on which Alderwick Capital LLC (Investor) proposes to "
        "buy shares of Selwyn Robotics, Inc. (Company) from Tomas Lindqvist (Founder).\n\n"
        "1. The Founder shall not sell shares to any other person.\n\nVery truly yours,\n\nALDERWICK CAPITAL LLC\n"
        "By: Nora Feld, Managing Member\n\nAgreed and accepted:\n\nSELWYN ROBOTICS, INC.\nBy: Tomas Lindqvist, President\n"
    )
    found = [(p.name.lower(), p.role) for p in find_parties(text)]
    assert ("tomas lindqvist", "founder") in found
    letter_to_an_officer = text.replace("Tomas Lindqvist (Founder)", "its stockholders")
    assert "Tomas Lindqvist" not in names(letter_to_an_officer)


def test_an_addressee_replaces_its_short_name_read_as_a_party() -> None:
    text = (
        "AFFILIATE LETTER\n\nCorran Dental Supply, Inc.\n12 Bay Road, Tampa, Florida\n\nGentlemen:\n\n"
        'The undersigned is a shareholder of Alder Medical, Inc. ("AMI"), and will become a shareholder of Corran '
        'Dental Supply, Inc. ("CDS"), under the Agreement and Plan of Merger dated as of May 1, 2030 (the "Agreement"), '
        'by and among CDS, CDS Merger Corp. ("Merger Corp.") and AMI. The undersigned and CDS agree as follows.\n\n'
        "1. The undersigned shall not sell any shares before the closing.\n"
    )
    found = names(text)
    assert "Corran Dental Supply, Inc." in found and "CDS" not in found


def test_a_party_a_label_row_names_takes_the_term_the_opening_sentence_defines() -> None:
    text = (
        "RESELLER AGREEMENT\n\nDate: 2 March 2029\n\n"
        "Vendor: Quillmore Devices Ltd, 8 Tanner Row, Leeds LS1 4DX\n\n"
        "Reseller: Ashgrove Computing LLP, Unit 3, Canal Wharf, Hull HU1 2AA\n\n"
        'Quillmore Devices Ltd ("Quillmore") and Ashgrove Computing LLP ("Reseller") agree as follows.\n\n'
        "1. Quillmore appoints the Reseller to resell the Devices in Yorkshire.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Quillmore Devices Ltd", "quillmore"),
        ("Ashgrove Computing LLP", "reseller"),
    ]


def test_parties_under_a_plural_label_one_a_line_or_joined_by_semicolons() -> None:
    one_a_line = (
        "POOLED PROCUREMENT AGREEMENT\n\nThis Agreement is made on 3 May 2028 between the companies listed below.\n\n"
        "Buyer:\n  Larchmont Foods Ltd (company no. 0441288), 2 Wharf Row, Leith\n\n"
        "Suppliers:\n  Pennick Grain Traders Limited (company no. 0981277), Unit 4, Mill Yard, Perth\n"
        "  SA Moulins du Vexin, 12 rue Basse, 27140 Gisors, France\n"
        "  Orrin Packaging GmbH (HRB 7731), Hafenweg 3, Bremen\n\n"
        "1. SUPPLY\n\n1.1 Each Supplier shall deliver the goods ordered by the Buyer.\n"
    )
    parties = find_parties(one_a_line)
    assert [p.name for p in parties] == [
        "Larchmont Foods Ltd",
        "Pennick Grain Traders Limited",
        "SA Moulins du Vexin",
        "Orrin Packaging GmbH",
    ]
    assert [p.role for p in parties[1:]] == ["supplier"] * 3
    on_one_line = (
        "DATA ESCROW AGREEMENT\n\nThis Agreement is among the following parties:\n\n"
        "Depositor: Quillfeather Systems Inc., an Oregon corporation, 9 Alder Way, Portland, Oregon 97201\n\n"
        "Escrow Agent: Strongbox Custody LLC, a Nevada limited liability company, 1 Vault Street, Reno, Nevada 89501\n\n"
        "Licensees: Harbor Point Savings Bank, a federal savings bank, 20 Quay Road, Astoria, Oregon 97103; and "
        "Tillamook Dairy Cooperative Corporation, an Oregon cooperative, 4 Creamery Lane, Tillamook, Oregon 97141\n\n"
        "1. DEPOSIT\n\n1.1 The Depositor shall deposit the source code with the Escrow Agent.\n"
    )
    parties = find_parties(on_one_line)
    assert [p.name for p in parties][2:] == ["Harbor Point Savings Bank", "Tillamook Dairy Cooperative Corporation"]
    assert {p.role for p in parties[2:]} == {"licensee"}


def test_parties_in_a_table_whose_column_is_headed_by_their_role() -> None:
    text = (
        "JOINT RESEARCH AGREEMENT\n\nThis Agreement is made on 9 June 2028 by the institutions in the table below "
        "(each a Partner).\n\n"
        "| No. | Partner | Address |\n|---|---|---|\n"
        "| 1 | Hochschule Emsland | Lingener Str. 4, Meppen |\n"
        "| 2 | Kaldvik Marine Analyse AS | Bryggen 7, Bergen |\n"
        "| 3 | Instituto Ribeira do Sado | Av. do Rio 2, Setúbal |\n\n"
        "1. The Partners shall cooperate on the Project.\n"
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["Hochschule Emsland", "Kaldvik Marine Analyse AS", "Instituto Ribeira do Sado"]
    assert {p.role for p in parties} == {"partner"}


def test_and_inside_a_name_that_opens_a_numbered_entry() -> None:
    text = (
        "CONSORTIUM AGREEMENT\n\nBETWEEN\n\n"
        "1. Marlow Dental Group Limited, a company incorporated in England, having its office at 2 High St, "
        "Marlow, hereinafter the Lead Member;\n\n"
        "2. Thame Oral and Facial Clinic Limited, company number 0827731, having its office at 5 Market Sq, Thame; and\n\n"
        "3. Henley Orthodontic Partners LLP, having its office at 8 Bell St, Henley,\n\n"
        "(each a Member).\n\nWHEREAS the Members wish to buy supplies together.\n"
    )
    names = [p.name for p in find_parties(text)]
    assert "Thame Oral and Facial Clinic Limited" in names
    assert (
        read_name("between John Fairley and Wexcombe Tooling Limited", 8).text(  # type: ignore[union-attr]
            "between John Fairley and Wexcombe Tooling Limited"
        )
        == "John Fairley"
    )


def test_a_name_alone_on_its_line_before_its_street_address_is_the_next_party() -> None:
    text = (
        "LOAN AGREEMENT\n\nBETWEEN\n\n"
        "(1) Wexford Grain Holdings, Inc., a Delaware corporation, 5 Mill Road, Dover, Delaware (the Borrower); and\n\n"
        "(2) the banks listed below:\n\n"
        "   Tamarack Savings Bank, N.A., 12 Elm Street, Albany, New York 12207;\n"
        "   Greyfield Agricultural Credit Association, 88 Silo Road, Fargo, North Dakota 58102.\n\n"
        "1. THE LOAN\n\n1.1 The banks make a loan available to the Borrower.\n"
    )
    names = [p.name for p in find_parties(text)]
    assert "Greyfield Agricultural Credit Association" in names


def test_a_preamble_announcing_the_following_parties_reads_the_numbered_list_below() -> None:
    text = (
        "STORAGE AGREEMENT\n\nThis Agreement is made at Leeds on 3 March 2027 between the following two parties:\n\n"
        "1. Harewood Grain Traders Limited, a company registered in England under number 0551234, of 4 Mill Lane, "
        "Leeds (the Owner); and\n\n"
        "2. Aire Valley Stores Limited, a company registered in England under number 0667788, of 9 Canal Road, "
        "Bradford (the Keeper).\n\n1. STORAGE\n1.1 The Keeper shall store the grain.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harewood Grain Traders Limited", "owner"),
        ("Aire Valley Stores Limited", "keeper"),
    ]


def test_a_numbered_heading_over_a_sub_clause_naming_a_defined_company_is_no_party() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is made on 2 May 2027 by and among:\n\n"
        'Fenmoor Instruments Inc., a Delaware corporation, 12 Quay Street, Dover, Delaware 19901 (hereinafter "Company"); and\n\n'
        'Tana River Traders Limited, a company registered in Kenya, Moi Avenue, Nairobi (hereinafter "Buyer").\n\n'
        "1. SUPPLY\n1.1 Company shall supply the meters listed in Schedule 1.\n"
    )
    assert [p.name for p in find_parties(text)] == ["Fenmoor Instruments Inc.", "Tana River Traders Limited"]


def test_a_short_name_in_brackets_with_an_ampersand_is_the_party_s_role() -> None:
    text = (
        "DISTRIBUTION AGREEMENT\n\nDated March 2, 2027\n\n"
        "Between Quillon Ceramics Inc., a Vermont corporation, 4 Kiln Road, Bennington, Vermont 05201 (Quillon), and "
        "Hatch & Rowe LLC, an Oregon limited liability company, 90 Alder Street, Portland, Oregon 97204 (Hatch & Rowe).\n\n"
        "1. SUPPLY\n1.1 Quillon shall supply the tableware. Hatch & Rowe shall sell it in its shops.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Quillon Ceramics Inc.", "quillon"),
        ("Hatch & Rowe LLC", "hatch & rowe"),
    ]


def test_a_letter_from_a_company_to_the_person_it_greets() -> None:
    letter = (
        "ORCHARDLINE ROBOTICS LLC\n88 Canal Street\nLowell, Massachusetts 01852\n\nApril 2, 2026\n\n"
        "Teodora Vance-Okoro\n5 Beech Hill Road\nConcord, Massachusetts 01742\n\nDear Teodora:\n\n"
        'Orchardline Robotics LLC (the "Employer") offers you the post of Head of Quality. Here "you" and the '
        '"Manager" mean Teodora Vance-Okoro.\n\n1. Salary. The Employer shall pay you $180,000 a year.\n'
    )
    parties = find_parties(letter)
    assert [(p.name, p.role) for p in parties] == [
        ("Orchardline Robotics LLC", "employer"),
        ("Teodora Vance-Okoro", "manager"),
    ]


def test_a_letter_to_a_titled_person_whose_term_follows_you() -> None:
    letter = (
        "BRACKENFORD HOLDINGS PLC\nRegistered office: 9 Mill Yard, Leeds LS1 4DY\n\nProf Alasdair Whyte\n"
        "Flat 3, 12 Grange Road, York YO10 5DD\n\nDated: 5 May 2026\n\nDear Alasdair,\n\n"
        "I am pleased to confirm your appointment as chair of Brackenford Holdings plc (the Company). This letter "
        "sets out the terms on which you (the Chair) are appointed.\n"
    )
    parties = find_parties(letter)
    assert [(p.name, p.role) for p in parties] == [("Brackenford Holdings plc", "company"), ("Alasdair Whyte", "chair")]


def test_a_letter_to_a_companys_officer_names_no_individual_party() -> None:
    letter = (
        "ORCHARDLINE ROBOTICS LLC\n88 Canal Street\nLowell, Massachusetts 01852\n\nApril 2, 2026\n\n"
        "Teodora Vance\nChief Executive Officer\nMillbrook Tooling Inc.\n5 Beech Hill Road\n\nDear Teodora:\n\n"
        'Orchardline Robotics LLC (the "Buyer") confirms its order.\n'
    )
    assert all(p.name != "Teodora Vance" for p in find_parties(letter))


def test_a_person_listed_in_a_block_of_its_own_under_a_term_without_quotes() -> None:
    contract = (
        "SERVICES AGREEMENT\n\nbetween\n\nKranich Studiotechnik GmbH\nRheinallee 4, 40545 Düsseldorf\n"
        "– hereinafter referred to as Client –\n\nand\n\nLukas Großmann\nBirkenweg 7, 80331 München\n"
        "tax number 12/345/67890\n– hereinafter referred to as Contractor –\n\n§ 1 Services\n\n"
        "(1) The Contractor shall provide lighting design services.\n"
    )
    parties = find_parties(contract)
    assert [(p.name, p.role) for p in parties] == [
        ("Kranich Studiotechnik GmbH", "client"),
        ("Lukas Großmann", "contractor"),
    ]
    # a heading block after a defined entry, with a term of its own, is no party
    headed = contract.replace("\n\nand\n\nLukas", "\n\nSCOPE\nThe work (the Works) is set out below.\n\nand\n\nLukas")
    assert "SCOPE" not in [p.name for p in find_parties(headed)]


def test_the_last_named_parties_take_the_term_the_list_gives_them() -> None:
    text = (
        "CHARTER POOL AGREEMENT made on 3 May 2027 BETWEEN:\n\n"
        "Fulmar Chartering Limited, a company incorporated in Scotland, of 2 Dock Street, Aberdeen, as operator of the "
        "pool (hereinafter called the Operator);\n\n"
        "Gannet Shipping AS, a company incorporated in Norway, of Kaiveien 3, Oslo; and\n\n"
        "Skua Bulk Carriers Limited, a company incorporated in Malta, of 9 Marina Street, Valletta,\n\n"
        "the two last named being hereinafter called the Members, and each a Member.\n\n1. The Operator shall ..."
    )
    roles = [(p.name, p.role) for p in find_parties(text)]
    assert roles == [
        ("Fulmar Chartering Limited", "operator"),
        ("Gannet Shipping AS", "member"),
        ("Skua Bulk Carriers Limited", "member"),
    ]


def test_parties_listed_below_an_entry_that_names_their_kind_take_its_term() -> None:
    text = (
        "TERM LOAN AGREEMENT\n\nDated April 2, 2027\n\nBETWEEN\n\n(1) Kittiwake Foods Inc., a Maine corporation "
        "with its office at 1 Fore Street, Portland, Maine 04101, as borrower (the Borrower); and\n\n"
        "(2) the banks listed below (each a Lender and together the Lenders):\n\n"
        "   Puffin Savings Bank, N.A., 10 Harbor Road, Portland, Maine 04101;\n"
        "   Tern Commercial Credit LLC, 5 Elm Street, Boston, Massachusetts 02108.\n\n"
        "1. THE LOAN\n\n1.1 The Lenders make available to the Borrower a loan of $5,000,000."
    )
    roles = [(p.name, p.role) for p in find_parties(text)]
    assert roles == [
        ("Kittiwake Foods Inc.", "borrower"),
        ("Puffin Savings Bank, N.A.", "lender"),
        ("Tern Commercial Credit LLC", "lender"),
    ]


def test_a_body_named_with_a_building_word_and_called_an_entity_is_a_party() -> None:
    # "Tower", "Plaza" name the body here, not its street address: the descriptor after the name says it is an entity
    text = (
        "GARDEN CARE AGREEMENT\n\nThis Agreement is made as of April 2, 2027 between Riverside Plaza Owners "
        'Association, a Minnesota nonprofit corporation, 18 Oak Street, Duluth, Minnesota 55802 (the "Owners"), and '
        'Greta Lindqvist, an individual doing business as Fernbrook Gardens, 9 Pine Road, Duluth (the "Gardener").\n\n'
        "1. The Gardener shall mow the lawns weekly.\n\n"
        "2. The agreement between the Owners and Hedgerow Landscapes, Inc. dated May 1, 2024 ends on April 30, 2027.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Riverside Plaza Owners Association", "owners"),
        ("Greta Lindqvist", "gardener"),
    ]


def test_a_quoted_farm_name_opening_an_individuals_address_is_not_her_role() -> None:
    text = (
        "LIVESTOCK AGISTMENT AGREEMENT\n\nDate: 9 September 2026\n\nParties\n\n"
        'Thomas Edward Riordan of "Koonoona Downs", 45 Station Road, Hay NSW 2711 (Grazier)\n\n'
        "Riverine Pastoral Co Pty Ltd ACN 604 118 332 of 7 Lachlan Street, Hay NSW 2711 (Agister)\n\n"
        "Background\n\nA. The Grazier owns cattle.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Thomas Edward Riordan", "grazier"),
        ("Riverine Pastoral Co Pty Ltd", "agister"),
    ]


def test_a_canadian_numbered_company_in_a_label_row_is_a_party() -> None:
    text = (
        "INDUSTRIAL LEASE\n\n"
        "Landlord: 1093325 Alberta Ltd., an Alberta corporation, 88 Macleod Trail, Calgary, Alberta\n\n"
        "Tenant: Foothill Joinery Corp., a federal corporation, 12 Ogden Road, Calgary, Alberta\n\n"
        "1. The Landlord leases the premises at 406 Ogden Road to the Tenant.\n"
    )
    found = [(p.name, p.role) for p in find_parties(text)]
    assert found == [("1093325 Alberta Ltd.", "landlord"), ("Foothill Joinery Corp.", "tenant")]


def test_a_house_number_before_a_street_is_no_numbered_company() -> None:
    assert is_plausible_name("1093325 Alberta Ltd.", True)
    assert not is_plausible_name("88 Macleod Trail Ltd.", True)


def test_an_occupant_label_row_names_the_licensee() -> None:
    text = (
        "DESK LICENCE\n\n"
        "Operator: Quayside Workspace Ltd., a company registered in Scotland, 3 Dock Street, Leith\n\n"
        "Occupant: Tobias Wren-Halloway, an individual trading as Wren Design, 7 Salt Lane, Leith\n\n"
        "1. The Operator permits the Occupant to use one desk.\n"
    )
    found = [(p.name, p.role) for p in find_parties(text)]
    assert found == [("Quayside Workspace Ltd.", "operator"), ("Tobias Wren-Halloway", "occupant")]


def test_a_label_line_whose_label_the_contract_then_uses_as_the_term_names_a_party() -> None:
    text = (
        "CONSULTING ENGAGEMENT LETTER\n\nDated: March 3, 2026\n\n"
        "Advisory House: Larkspur Strategy Partners LLC, a Colorado limited liability company, 80 Pine Street, Denver\n\n"
        "Client: Tallowmere Robotics Corp., a Nevada corporation, 12 Foundry Lane, Reno\n\n"
        "1. Services. The Advisory House shall deliver a market study, and the Client shall pay its invoices monthly."
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["Larkspur Strategy Partners LLC", "Tallowmere Robotics Corp."]
    assert parties[0].aliases == ("Advisory House",)


def test_a_regulator_with_and_in_its_name_inside_descriptors_is_no_party() -> None:
    text = (
        "ADVISORY AGREEMENT\n\nThis Agreement is made on April 2, 2026 between Hollin Bay Pension Trust, a Vermont "
        "trust (hereinafter called the Trust), and Marrowgate Asset Advisors, LLC, a Delaware limited liability "
        "company licensed by the Food and Drug Administration and supervised by the Securities and "
        "Exchange Commission, of 4 Dock Road, Burlington (hereinafter called the Adviser).\n\n1. Appointment."
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == ["Hollin Bay Pension Trust", "Marrowgate Asset Advisors, LLC"]
    assert parties[1].aliases == ("Adviser",)


def test_a_municipal_corporation_whose_name_opens_with_its_legal_form() -> None:
    text = (
        "ROAD SALT SUPPLY AGREEMENT\n\nBETWEEN:\n\nTHE CORPORATION OF THE CITY OF GLENHAVEN, a municipal "
        "corporation, 9 King Street, Glenhaven, Ontario\n(hereinafter the City)\n\n- and -\n\n"
        "BRINEWORKS SUPPLY INC., 12 Quarry Lane, Glenhaven, Ontario\n(hereinafter the Supplier)\n\n"
        "NOW THEREFORE the parties agree as follows:"
    )
    assert names(text) == ["THE CORPORATION OF THE CITY OF GLENHAVEN", "BRINEWORKS SUPPLY INC."]
    assert read_name("The Corporation of the Township of Ashby, a municipality", 0).legal_form
    assert read_name("The Corporation of the Township of Ashby, a", 0) == read_name(
        "The Corporation of the Township of Ashby", 0
    )
    assert [read_name(t, 0).text(t) for t in ("Acme Corporation of Texas", "Heron Corporation")] == [
        "Acme Corporation",
        "Heron Corporation",
    ]


def test_an_introduction_heading_closes_the_list_of_parties() -> None:
    text = (
        "TIMBER HAULAGE AGREEMENT\n\nTHIS AGREEMENT is dated 3 June 2028 and is made between:\n\n"
        'NORTHBANK FORESTRY LIMITED, company number 04418823, of 2 Mill Lane, Hexham (the "Grower"); and\n\n'
        'TYNE VALLEY LOGISTICS LTD, company number 08812290, of 9 Quay Road, Blyth (the "Haulier").\n\n'
        "INTRODUCTION\n\n(A) The Grower fells conifer stands in Northumberland.\n\n"
        "(B) The Haulier carries round timber to sawmills.\n\n1. HAULAGE\n\n1.1 The Haulier shall collect the timber."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("NORTHBANK FORESTRY LIMITED", "grower"),
        ("TYNE VALLEY LOGISTICS LTD", "haulier"),
    ]


def test_the_state_of_a_statute_in_brackets_is_no_defined_term() -> None:
    text = (
        "WOOL BROKING AGREEMENT\n\nDate: 4 August 2028\n\nParties\n\n"
        "1. Riverina Wool Selling Authority, a statutory authority constituted under the Wool Marketing Act 1994 "
        "(NSW), of 12 Fitzmaurice Street, Wagga Wagga NSW 2650 (Authority)\n\n"
        "2. Merrigal Pastoral Pty Ltd (ACN 101 202 303) of 8 Hay Road, Deniliquin NSW 2710 (Grower)\n\n"
        "Background\n\nA. The Grower runs merino sheep."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Riverina Wool Selling Authority", "authority"),
        ("Merrigal Pastoral Pty Ltd", "grower"),
    ]


def test_a_list_announced_by_its_count_and_terms_given_in_plain_english() -> None:
    text = (
        "LOAN AGREEMENT\n\nThis agreement is made between two companies:\n\n"
        "Harrowby Lending LLC, a Nevada limited liability company, 40 Canyon Road, Reno, Nevada 89501 "
        "(we call it Lender); and\n\n"
        "Tolland Bakeries, Inc., an Oregon corporation, 9 Elm Street, Salem, Oregon 97301 (we call it Borrower).\n\n"
        "1. The loan\n\nLender will lend Borrower $250,000."
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("Harrowby Lending LLC", "lender"),
        ("Tolland Bakeries, Inc.", "borrower"),
    ]


def test_an_institution_named_of_the_place_without_a_legal_form_is_read_whole() -> None:
    text = (
        "RESEARCH PLACEMENT AGREEMENT\n\nDate: 2 March 2027\n\nParties\n\n"
        "Conservatorium of the Southern Highlands (ABN 48 301 772 905), a body corporate established under the "
        "Conservatorium Act 1991 (NSW), of 9 Hill Road, Bowral NSW 2576 (Conservatorium)\n\n"
        "Wollondilly Sound Studios Pty Ltd (ACN 602 118 447) of 4 Mill Lane, Picton NSW 2571 (Studio)\n\n"
        "Agreed terms\n\n1. The Studio must host two students each term.\n"
    )
    found = [(p.name, p.role) for p in find_parties(text)]
    assert found == [
        ("Conservatorium of the Southern Highlands", "conservatorium"),
        ("Wollondilly Sound Studios Pty Ltd", "studio"),
    ]
    # a second connector goes on only to a capitalised word: "of the" before a lower-case word ends the name
    span = read_name("Bank of the west coast region", 0)
    assert span is not None and span.end == len("Bank")
    # nor through "for the" (a purpose), nor to a defined term ("of the Company": the other party)
    for words in ("Goods for the Company as its agent", "Goods of the Company as its agent"):
        span = read_name(words, 0)
        assert span is not None and words[: span.end] == "Goods"


def test_an_australian_business_number_after_a_name_without_a_legal_form_is_not_part_of_it() -> None:
    span = read_name("Riverina Water Authority ABN 12 345 678 901 of 4 Main Street", 0)
    assert span is not None
    assert "Riverina Water Authority ABN 12 345 678 901 of 4 Main Street"[: span.end] == "Riverina Water Authority"


def test_a_professional_degree_after_an_individuals_name_ends_the_name() -> None:
    text = (
        "This Services Agreement is dated March 2, 2026 and is made by and among Harrow Dental Group, LLC, a "
        'Utah limited liability company ("Group"); Cedar Ridge Clinic, P.C., a Utah professional corporation (the '
        '"Clinic"); and Marcus Lee Whitford, D.M.D., an individual residing in Salt Lake County, Utah ("Dentist").'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harrow Dental Group, LLC", "group"),
        ("Cedar Ridge Clinic, P.C.", "clinic"),
        ("Marcus Lee Whitford", "dentist"),
    ]


def test_a_label_carrying_a_lower_case_note_still_names_its_party() -> None:
    text = (
        "VARIATION NO. 2\n\nVariation Date: 3 March 2028\n\nParties:\n"
        "Owner: Marlow Quay Holdings Limited, 8 Dock Road, Bristol BS1 6AA\n"
        "Builder: Severn Joinery Ltd, 22 Mill Street, Gloucester GL1 2AB\n"
        "Guarantor (for clause 7 only): Avonmere Group plc, 1 Temple Way, Bristol BS2 0BY\n\n"
        "1. The Builder shall complete the extra works by 30 June 2028.\n"
    )
    parties = find_parties(text)
    assert [p.name for p in parties] == [
        "Marlow Quay Holdings Limited",
        "Severn Joinery Ltd",
        "Avonmere Group plc",
    ]
    assert parties[2].role == "guarantor"


def test_a_letter_names_its_parties_in_the_heading_and_defines_them_in_the_body() -> None:
    text = (
        "Tamar Orchard Supplies Pty Ltd\nACN 123 456 789\n4 Reef Road, Cairns QLD 4870\n\n2 February 2028\n\n"
        "The Board\nMossman Packing Co Pty Ltd\nACN 987 654 321\n19 Front Street, Mossman QLD 4873\n\n"
        "Dear Board members\n\nRENEWAL OF SUPPLY TERM\n\n"
        "1. We refer to the supply agreement of 5 May 2025 under which Mossman Packing Co Pty Ltd (Buyer) buys "
        "fruit from Tamar Orchard Supplies Pty Ltd (Seller).\n\n2. The Seller renews the term to 30 April 2030.\n\n"
        "Yours sincerely\n\nAnna Ruiz\nDirector\n"
    )
    parties = find_parties(text)
    assert sorted((p.name, p.role) for p in parties) == [
        ("Mossman Packing Co Pty Ltd", "buyer"),
        ("Tamar Orchard Supplies Pty Ltd", "seller"),
    ]


def test_a_letter_term_given_after_the_pronouns_names_the_role() -> None:
    text = (
        "Harlow Seed Merchants, Inc.\n12 Grain Street\nAmes, Iowa 50010\n\nMarch 2, 2028\n\n"
        "Prairie Row Nurseries, LLC\n40 Elm Road\nNevada, Iowa 50201\n\nDear Ms. Ostrander:\n\n"
        "This letter concerns the Seed Supply Agreement dated May 1, 2026 between Harlow Seed Merchants, Inc. "
        "(we or Seller) and Prairie Row Nurseries, LLC (you or Grower) (the Seed Agreement).\n\n"
        "1. Grower shall plant the trial rows by April 30, 2028.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Harlow Seed Merchants, Inc.", "seller"),
        ("Prairie Row Nurseries, LLC", "grower"),
    ]


def test_a_term_given_after_a_comma_in_plain_words_names_the_role() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nBETWEEN\n\nHollin Creek Orchards Pty Ltd ACN 111 222 333 of 5 Ridge Road, Stanthorpe "
        "QLD 4380, which this agreement calls the Grower.\n\nAND\n\nWestmarket Fresh Foods Pty Ltd ACN 444 555 666 "
        "of 80 Market Street, Rocklea QLD 4106, in this document called the Buyer.\n\n"
        "1. The Grower must deliver the apples to the Buyer's depot.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Hollin Creek Orchards Pty Ltd", "grower"),
        ("Westmarket Fresh Foods Pty Ltd", "buyer"),
    ]


def test_a_german_name_joined_by_a_lower_case_preposition_is_read_whole() -> None:
    text = (
        "SERVICE AGREEMENT\n\nbetween\n\nZahnklinik am Elbufer GmbH, Hafenstraße 3, 20459 Hamburg,\n"
        '– hereinafter the "Customer" –\n\nand\n\nKaltwerk Dentaltechnik GmbH, Ringweg 9, 28195 Bremen,\n'
        '– hereinafter the "Contractor" –\n\n§ 1 The Contractor shall service the chairs.\n'
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Zahnklinik am Elbufer GmbH", "customer"),
        ("Kaltwerk Dentaltechnik GmbH", "contractor"),
    ]


def test_a_business_name_typed_in_lower_case_is_read_up_to_its_legal_form() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis agreement is dated 3 May 2027 and is between willow & fern bakehouse, llc, an Oregon "
        'limited liability company ("Baker"), and Tidewater Cafe Inc., an Oregon corporation ("Cafe").\n\n1. Supply'
    )
    assert names(text) == ["willow & fern bakehouse, llc", "Tidewater Cafe Inc."]
    assert read_name("the bakery will deliver bread daily.", 0) is None  # lower-case prose without a form is no name


def test_entries_joined_by_a_dashed_and_line_need_no_between() -> None:
    text = (
        "HIRE AGREEMENT\n\nMade the 2nd of March, 2027.\n\nBRACKEN HILL SCAFFOLD INC., an Ontario corporation, "
        "12 Quarry Road, Sudbury, Ontario, called the Owner below,\n\n- and -\n\nOkafor Roofing Ltd., an Ontario "
        "corporation, 8 Elm Street, Sudbury, Ontario, called the Hirer below.\n\n1. Equipment"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("BRACKEN HILL SCAFFOLD INC.", "owner"),
        ("Okafor Roofing Ltd.", "hirer"),
    ]


def test_a_term_in_plain_words_closing_the_entry_gives_the_role() -> None:
    text = (
        "Parties\n\nMarlow Glass Pty Ltd ACN 111 222 333 of 4 Shore Road, Geelong VIC 3220 (glazier)\n\n"
        "Oakridge Dental Pty Ltd ACN 444 555 666 of 9 Bay Street, Geelong VIC 3220 (the Practice or the Client)\n\n"
        "Trent Lowe trading as Lowe Signs of 2 Pier Lane, Geelong VIC 3220 "
        "(we call him the signwriter or the Signwriter in this agreement)\n\n1. Work"
    )
    assert [p.role for p in find_parties(text)] == ["glazier", "practice", "signwriter"]


def test_scots_parties_numbered_in_words_end_before_considering_that() -> None:
    text = (
        "MINUTE OF AGREEMENT\n\namong\n\n"
        "ONE  CLYDEBANK TENANTS' CO-OPERATIVE LIMITED, a registered society (registered number 1934R(S)) having its "
        "registered office at 3 Dock Street, Clydebank G81 1AA (the Society);\n\n"
        "TWO  KELVINSIDE JOINERY LIMITED, incorporated under the Companies Acts (registered number SC204411) and having "
        "its registered office at 19 Byres Road, Glasgow G11 5RD (the Contractor); and\n\n"
        "THREE  ANNA MARGARET ROSS, residing at 8 Crow Road, Glasgow G11 7RT (the Cautioner).\n\n"
        "CONSIDERING THAT\n\n(A) The Society engaged the Contractor to refit its common stairs.\n\n"
        "NOW THEREFORE the parties agree as follows:\n\n1. The Contractor shall pay the Society £20,000.\n"
    )
    parties = find_parties(text)
    assert [(p.name, p.role) for p in parties] == [
        ("CLYDEBANK TENANTS' CO-OPERATIVE LIMITED", "society"),  # "1934R(S)": the register's suffix, no term
        ("KELVINSIDE JOINERY LIMITED", "contractor"),
        ("ANNA MARGARET ROSS", "cautioner"),
    ]


def test_a_term_given_by_herein_alone_in_the_bracket_is_the_role() -> None:
    text = (
        "THIS CHARTER is dated as of May 3, 2026, and is made among:\n\n"
        "Heronsgate Aviation LLC, an Ohio limited liability company, 12 Runway Road, Dayton, Ohio 45377 "
        "(herein, OWNER);\n\n"
        "Larkspur Air Freight Inc., a Nevada corporation, 400 Cargo Way, Reno, Nevada 89502 (herein, CHARTERER).\n\n"
        "1. CHARTER. OWNER charters the aircraft to CHARTERER."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("Heronsgate Aviation LLC", "owner"),
        ("Larkspur Air Freight Inc.", "charterer"),
    ]


def test_a_list_announced_as_the_following_parties_entering_into_it_is_read() -> None:
    text = (
        "SUPPLY CONTRACT\n\nIn Quito, on 12 May 2027, the following parties enter into this Supply Contract:\n\n"
        "PAPELERA DEL PACÍFICO S.A., a corporation incorporated in Ecuador, domiciled at Avenida Amazonas 410, Quito, "
        'hereinafter the "Buyer"; and\n\n'
        "TINTAS ANDINAS CÍA. LTDA., a limited company incorporated in Ecuador, domiciled at Calle Larga 88, Cuenca, "
        'hereinafter the "Seller".\n\n'
        "FIRST. OBJECT. The Seller shall deliver printing inks to the Buyer's plant."
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("PAPELERA DEL PACÍFICO S.A.", "buyer"),
        ("TINTAS ANDINAS CÍA. LTDA.", "seller"),
    ]


def test_the_acronym_of_a_register_named_in_full_is_no_defined_term() -> None:
    text = (
        "SERVICES AGREEMENT\n\nbetween\n\n"
        "1. LAGOA AZUL LOGÍSTICA LTDA., a limited liability company enrolled with the Federal Register of Taxpayers "
        '(CNPJ) under No. 11.222.333/0001-44, with head office in Recife ("Lagoa");\n\n'
        '2. SERRA VERDE TRANSPORTES S.A., a corporation with head office in Natal ("Serra").\n\n'
        "1. Lagoa shall carry Serra's freight."
    )
    assert [p.role for p in find_parties(text)] == ["lagoa", "serra"]


def test_a_private_contract_counting_its_people_opens_the_list() -> None:
    text = (
        "ALLOTMENT SHARING AGREEMENT\n\nThis agreement is made on 3 May 2027 among three people:\n\n"
        'Gwendolyn Pryce ("Gwen"), of 4 Quarry Lane, Bangor LL57 2AB (the Plot Holder);\n\n'
        "Osian Rhys Parry, of 19 Dean Street, Bangor LL57 1UR (the First Helper); and\n\n"
        "Nerys Watkin, of 2 Glanrafon, Bangor LL57 1LH (the Second Helper).\n\n1. The plot\n\nThe Plot Holder shares."
    )
    assert names(text) == ["Gwendolyn Pryce", "Osian Rhys Parry", "Nerys Watkin"]


def test_an_opening_sentence_ending_in_by_colon_lists_the_parties() -> None:
    text = (
        "GARDEN HIRE\n\nThis agreement is signed on April 9, 2027 by:\n\n"
        "Thornapple Gardens LLC, of 15 Orchard Road, Stowe, Vermont 05672 (the Garden); and\n\n"
        "Lorna Beatrice Quill, of 8 Elm Street, Montpelier, Vermont 05602 (the Hirer).\n\n1. Hire\n\nThe Garden lets."
    )
    assert names(text) == ["Thornapple Gardens LLC", "Lorna Beatrice Quill"]


def test_an_unquoted_term_before_quoted_pronouns_is_the_role() -> None:
    text = (
        "ROOM LETTING AGREEMENT\n\nThis agreement is made on 1 June 2027 between:\n\n"
        'Agatha Merriweather, of 3 Finch Close, Leeds LS6 2QT (the Householder, and "I" or "me" below); and\n\n'
        'Tobias Kerr, of 40 Kirkstall Road, Leeds LS4 2AA (the Lodger, "you").\n\n1. The room\n\nThe Lodger pays.'
    )
    parties = find_parties(text)
    assert [p.aliases[0] for p in parties] == ["Householder", "Lodger"]


def test_two_people_sharing_one_entry_are_each_a_party() -> None:
    text = (
        "KITCHEN FITTING CONTRACT\n\nBETWEEN\n\nHamish Lorimer Ltd, of 7 Forth Street, Leith EH6 4AB (the Fitter)\n\n"
        'AND\n\nIsla Brodie and Callum Fraser, both of 22 Links Place, Leith EH6 7EZ (together the Customers, and "you" below)\n\n'
        "1. The work\n\nThe Fitter fits the kitchen."
    )
    assert names(text) == ["Hamish Lorimer Ltd", "Isla Brodie", "Callum Fraser"]


def test_a_clause_about_the_person_after_the_term_names_no_party() -> None:
    text = (
        "PET MINDING AGREEMENT\n\nBetween\n\nHollyhock Kennels Ltd., 9 Mill Road, Truro TR1 2AB (the Kennel),\n\nand\n\n"
        'Petra Vance, 31 Lemon Street, Truro TR1 2LS (the Owner, "you"), who owns two cats, Pepper (a tabby) '
        "and Mango (a ginger tom).\n\n1. Stays\n\nThe Kennel keeps the cats."
    )
    assert names(text) == ["Hollyhock Kennels Ltd.", "Petra Vance"]


def test_a_person_currently_residing_at_the_property_is_a_party() -> None:
    text = (
        "TENANCY RENEWAL\n\nThis renewal is made on 2 July 2027 between:\n\n"
        'Rupert Vale ("Rue"), of 5 Kings Road, Reading RG1 3AA (the Landlord);\n\n'
        "Amara Osei, currently residing in the Flat; and\n\nJoel Brandt, also currently residing in the Flat\n\n"
        "1. Rent\n\nThe Tenants pay rent."
    )
    assert names(text) == ["Rupert Vale", "Amara Osei", "Joel Brandt"]


def test_household_role_labels_give_their_parties() -> None:
    text = (
        "SWIMMING LESSON AGREEMENT\n\nDate: 4 March 2027\n\n"
        "Instructor: Marguerite Oyelaran, 11 Pool Lane, Dunedin 9016. In this agreement she is the Instructor.\n\n"
        "Guardian: Wiremu Tane Hohaia, 6 Hill Street, Dunedin 9010. In this agreement he is the Guardian.\n\n"
        "1. Lessons\n\nThe Instructor shall give lessons."
    )
    assert names(text) == ["Marguerite Oyelaran", "Wiremu Tane Hohaia"]


def test_a_pair_listed_one_by_one_share_the_term_given_them_together() -> None:
    text = (
        "BOAT HIRE\n\nThis agreement is made on 5 May 2027 between:\n\n"
        "Harbourlight Charters LLC, of 2 Quay Street, Mystic, Connecticut 06355 (the Charterer); and\n\n"
        'Felix Ambrose Lund ("Fee") and Saskia Mae Orr ("Sas"), both of 9 Water Street, Mystic, Connecticut 06355 '
        '(together the Hirers, "you").\n\n1. The hire\n\nThe Hirers shall pay the fee.'
    )
    parties = find_parties(text)
    assert [p.name for p in parties][1:] == ["Felix Ambrose Lund", "Saskia Mae Orr"]
    assert "Hirers" in parties[1].aliases and "Hirers" in parties[2].aliases


def test_quoted_pronouns_before_an_unquoted_term_give_the_role() -> None:
    text = (
        "PET SITTING ARRANGEMENT\n\nBetween:\n\n"
        'Odile Brandvold ("Odi"), of 12 Cove Road, Mendocino, California 95460 ("I", "me", or the Owner); and\n\n'
        'Rafael Quintero, of 44 Pine Street, Fort Bragg, California 95437 ("you" or the Minder).\n\n1. Dates\n\nThe Minder stays.'
    )
    parties = find_parties(text)
    assert "Owner" in parties[0].aliases and "Minder" in parties[1].aliases


def test_a_term_numbered_to_tell_two_parties_of_one_kind_apart_keeps_its_number() -> None:
    text = (
        "LOAN AGREEMENT\n\nThis Agreement is executed at Pune on this 3rd day of March, 2028 BY AND AMONG\n\n"
        "MR. ROHAN MEHTA, residing at 7 Law College Road, Pune 411004, hereinafter referred to as Lender 1 of the "
        "FIRST PART;\n\n"
        "MS. ANJALI KAPOOR, residing at 22 Carter Road, Mumbai 400050, hereinafter referred to as Lender 2 of the "
        "SECOND PART; and\n\n"
        "TARANGA FOODS PRIVATE LIMITED, a company incorporated under the Companies Act, 2013, having its registered "
        "office at 9 FC Road, Pune 411005, hereinafter referred to as the Borrower of the THIRD PART.\n\n"
        "1. The Lenders shall advance INR 50,00,000 to the Borrower.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("ROHAN MEHTA", "lender 1"),
        ("ANJALI KAPOOR", "lender 2"),
        ("TARANGA FOODS PRIVATE LIMITED", "borrower"),
    ]


def test_each_a_member_after_the_last_entry_is_every_partys_role_and_a_term_after_it_is_no_partys() -> None:
    text = (
        "PARTNERSHIP AGREEMENT\n\namong\n\n"
        "HAMISH JOHN DOIG, chartered surveyor, residing at 5 Bank Street, Dundee DD1 1RL; and\n\n"
        "FIONA CLAIRE WATT, chartered surveyor, residing at 30 Perth Road, Dundee DD1 4LN,\n\n"
        "(each a Partner and together the Partners), who practise together under the name of Doig Watt Surveyors "
        "(the Practice).\n\n1. The Partners shall share the profits of the Practice equally.\n"
    )
    assert [(p.name, p.role) for p in find_parties(text)] == [
        ("HAMISH JOHN DOIG", "partner"),
        ("FIONA CLAIRE WATT", "partner"),
    ]


def test_a_bilingual_between_line_gives_its_translation_after_a_slash() -> None:
    text = (
        "SERVICE AGREEMENT / CONTRAT DE SERVICES\n\n"
        "Signed on 3 March 2027 between / Signé le 3 mars 2027 entre\n\n"
        "Orbelle Logistique SA, Quai du Rhône 9, 1205 Genève (the Provider)\n"
        "Orbelle Logistique SA, Quai du Rhône 9, 1205 Genève (le Prestataire)\n\n"
        "and / et\n\n"
        "Tamsin Hale, residing at 4 Orchard Row, Bath (the Client)\n"
        "Tamsin Hale, domiciliée 4 Orchard Row, Bath (la Cliente)\n\n"
        "Article 1. The Provider shall carry the Client's goods.\n"
    )
    assert [(p.name, p.aliases) for p in find_parties(text)] == [
        ("Orbelle Logistique SA", ("Provider",)),
        ("Tamsin Hale", ("Client",)),
    ]


def test_a_bilingual_between_line_with_only_the_translated_word() -> None:
    text = (
        "Lease\nMietvertrag\n\nbetween / zwischen\n\n"
        "Brunnhof Immobilien GmbH, Seestraße 2, 8002 Zürich,\n– hereinafter Landlord –\n– nachfolgend Vermieter –\n\n"
        "and / und\n\n"
        "Caldera Print Ltd, 7 Quay Street, Bristol,\n– hereinafter Tenant –\n– nachfolgend Mieter –\n\n"
        "§ 1 The Landlord lets the premises to the Tenant.\n"
    )
    assert [(p.name, p.aliases) for p in find_parties(text)] == [
        ("Brunnhof Immobilien GmbH", ("Landlord",)),
        ("Caldera Print Ltd", ("Tenant",)),
    ]


def test_a_language_tagged_parties_paragraph_names_the_parties() -> None:
    text = (
        "SUPPLY AGREEMENT\nLIEFERVERTRAG\n\n"
        "EN: Parties. Rotbach Mühlen GmbH, Talweg 5, 4020 Linz, Austria (hereinafter: Seller), and Fenwick Bakeries "
        "Ltd, 12 Mill Street, York (hereinafter: Buyer).\n"
        "DE: Vertragsparteien. Rotbach Mühlen GmbH, Talweg 5, 4020 Linz, Österreich (im Folgenden: Verkäufer), und "
        "Fenwick Bakeries Ltd, 12 Mill Street, York (im Folgenden: Käufer).\n\n"
        "EN: 1. The Seller shall deliver flour to the Buyer each week.\n"
    )
    assert [(p.name, p.aliases) for p in find_parties(text)] == [
        ("Rotbach Mühlen GmbH", ("Seller",)),
        ("Fenwick Bakeries Ltd", ("Buyer",)),
    ]


def test_the_translated_announcing_sentence_is_no_party() -> None:
    text = (
        "JOINT DEVELOPMENT AGREEMENT\n\n"
        "This Agreement is made on 2 June 2027 among the following three parties:\n"
        "Deze Overeenkomst wordt gesloten op 2 juni 2027 tussen de volgende drie partijen:\n\n"
        "1. Dijkstra Optiek B.V., Havenkade 4, Utrecht (Dijkstra);\n"
        "1. Dijkstra Optiek B.V., Havenkade 4, Utrecht (Dijkstra);\n\n"
        "2. Morel Lasers SAS, 8 rue Haute, Lyon (Morel); and\n"
        "2. Morel Lasers SAS, 8 rue Haute, Lyon (Morel); en\n\n"
        "3. Quillon Devices Inc., 50 Main Street, Austin, Texas (Quillon).\n"
        "3. Quillon Devices Inc., 50 Main Street, Austin, Texas (Quillon).\n\n"
        "1. Purpose. The parties will build a scanner together.\n"
    )
    assert [p.name for p in find_parties(text)] == ["Dijkstra Optiek B.V.", "Morel Lasers SAS", "Quillon Devices Inc."]
