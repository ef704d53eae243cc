"""Polarity, risks and their explanations: each trap of issue 11 as a short snippet we wrote.

Unit tests read one clause at a time (polarity rules, explanation details, playbook rules); the
contract tests run the whole live engine on short contracts and check which risks it raises.
"""

from __future__ import annotations

import pytest

from contractbox.documents import Document
from contractbox.engine import live, playbook, polarity, risk_text

NON_EXCLUSIVE = (
    "Licensor hereby grants to Licensee a non-exclusive, non-transferable licence to use the Software "
    "in the Territory during the Term."
)
EXCLUSIVE = "Licensor hereby appoints Distributor as its exclusive distributor of the Products in France."
FREE_TO_COMPETE = (
    "Nothing in this Agreement restricts either party from competing with the other or from developing, "
    "marketing or selling products that compete with the Products."
)
NON_COMPETE = (
    "During the Term and for two (2) years thereafter, Consultant shall not engage in any business that "
    "competes with the Company in the United States."
)
NO_SOLICIT_ONLY = (
    "During the term and for twelve (12) months after it ends, the Consultant shall not solicit for "
    "employment any employee of the Company."
)
COC_NEGATED = (
    "A change of control of either party does not give the other party any right to terminate this "
    "Agreement, and no consent of the other party is required in connection with any change of control."
)
COC = "Licensor may terminate this Agreement on thirty (30) days' notice if Licensee undergoes a change of control."
NO_MFN = (
    "The prices in Exhibit 1 are fixed for the term of this Agreement. Seller makes no most-favoured pricing "
    "commitment, and nothing in this Agreement requires Seller to offer Buyer the lowest price it charges others."
)
MFN = (
    "Supplier shall ensure that the prices charged to Customer are no less favourable than the prices it charges "
    "any other customer for similar volumes."
)
PLAIN_CAP = (
    "Each party's aggregate liability under this Agreement shall not exceed the fees paid in the twelve (12) "
    "months before the claim."
)
CAP_WITH_CARVE_OUT = (
    "Except for breach of Section 7 (Confidentiality) and a party's indemnification obligations, each "
    "party's aggregate liability under this Agreement shall not exceed the fees paid in the twelve (12) "
    "months before the claim."
)
UNLIMITED = (
    "Nothing in this Agreement limits or excludes either party's liability for death or personal injury caused "
    "by its negligence or for fraud."
)
BREACH_WITH_CURE = (
    "Either party may terminate this Agreement on written notice if the other party materially breaches "
    "it and fails to cure the breach within thirty (30) days after notice."
)
CONVENIENCE = "Customer may terminate this Agreement for convenience on ninety (90) days' written notice to Supplier."
NO_CONVENIENCE = "Neither party may terminate this Agreement for convenience."
RENEW_BY_AGREEMENT = "The parties may extend the term by written agreement signed by both of them."
AUTO_RENEW = (
    "This Agreement shall automatically renew for successive one (1) year terms unless either party gives "
    "notice of non-renewal at least thirty (30) days before the end of the then-current term."
)


@pytest.mark.parametrize(
    ("category", "span"),
    [
        ("exclusivity", NON_EXCLUSIVE),
        ("non_compete", FREE_TO_COMPETE),
        ("non_compete", NO_SOLICIT_ONLY),
        (
            "non_compete",
            "During the engagement and for six (6) months after it ends, the Consultant shall not solicit any "
            "employee of the Company.",
        ),
        (
            "non_compete",
            "During the term and for twelve (12) months thereafter, neither Party shall solicit for employment or "
            "employ any employee of the other Party who was engaged in the performance of the Services.",
        ),
        (
            "non_compete",
            "During the term and for six (6) months thereafter, Client shall not solicit for employment or hire any "
            "employee of Developer who performed work on the Application.",
        ),
        ("change_of_control", COC_NEGATED),
        ("most_favored_nation", NO_MFN),
        ("uncapped_liability", PLAIN_CAP),
        ("termination_for_convenience", BREACH_WITH_CURE),
        ("termination_for_convenience", COC),
        (
            "termination_for_convenience",
            "Ordinary termination (ordentliche Kündigung) during the fixed term is excluded. After the fixed term, "
            "this Agreement is extended by twelve (12) months unless either party gives notice of termination.",
        ),
        (
            "exclusivity",
            "Exclusive Rights 2.1 The appointment under clause 1 is non-exclusive. The Supplier reserves the right to "
            "appoint other distributors in the Territory.",
        ),
        (
            "exclusivity",
            "3.1 This agreement does not oblige the Customer to place any Order, and the Consultant is not appointed as "
            "an exclusive supplier.",
        ),
        (
            "exclusivity",
            "This Lease grants Tenant no exclusive use rights in the Park, and Landlord may lease other buildings to any "
            "person.",
        ),
        (
            "exclusivity",
            "Buyer may purchase sand from other suppliers. Nothing in this Agreement makes Supplier Buyer's "
            "exclusive supplier.",
        ),
        (
            "change_of_control",
            "Neither of us may assign the Agreement without the other's consent, except to a successor in a merger or "
            "sale of substantially all assets. A change of control of either of us does not give the other any right "
            "to terminate the Agreement.",
        ),
        (
            "change_of_control",
            "6.2 A merger of Tenant or any other change in the control of Tenant is not an assignment, and a change of "
            "control of either party gives the other party no right to terminate this Lease.",
        ),
        (
            "non_compete",
            "7.2 Consultant may provide consulting services to other companies, including companies that compete with "
            "the Company. Nothing in this Agreement restricts Consultant from working for any person after the term.",
        ),
        (
            "non_compete",
            "2.2 Distributor may sell coffee of other roasters, including products that compete with the Products, and "
            "nothing in this Agreement restricts Distributor from doing so.",
        ),
        (
            "change_of_control",
            "7.3 A change of control of any party shall not of itself entitle any other party to terminate this "
            "Agreement.",
        ),
        (  # a duty only to report the change is no consequence once the clause says it gives no right to terminate
            "change_of_control",
            "9.4 The Supplier shall inform the Buyer in writing within ten days of any change of control of the "
            "Supplier. Such a change of control does not entitle the Buyer to terminate this Agreement.",
        ),
        (
            "termination_for_convenience",
            "Either party may terminate this Agreement upon written notice if the other party materially breaches this "
            "Agreement and does not cure the breach within thirty (30) days. This Agreement may not be terminated for "
            "convenience.",
        ),
        (
            "governing_law",
            "12. Entire Agreement. This agreement is the whole agreement between the parties and may only be changed "
            "by a written amendment signed by both parties.",
        ),
        ("termination_for_convenience", NO_CONVENIENCE),
        ("renewal_term", RENEW_BY_AGREEMENT),
        ("uncapped_liability", "Provider shall repair the Equipment, including unlimited emergency repair calls."),
        (
            "termination_for_convenience",
            "7.1 Either party may terminate this agreement by written notice if the other party breaches a material "
            "term. 7.2 There is no right to terminate this agreement for convenience.",
        ),
        ("termination_for_convenience", "Neither Landlord nor Tenant may terminate this Lease for convenience."),
        (
            "termination_for_convenience",
            "The right of either party to terminate this Agreement for good cause (aus wichtigem Grund) without "
            "notice remains unaffected.",
        ),
        (
            "termination_for_convenience",
            "It is extended by twelve months at a time unless either party gives notice of termination at least "
            "forty-five (45) days before the end of the then current term.",
        ),
        (
            "termination_for_convenience",
            "If the Equipment has not been delivered within sixty (60) days after the Delivery Date, Buyer may "
            "terminate this Agreement by written notice.",
        ),
        (
            "non_compete",
            "Trade Marks\nThe Supplier grants the Distributor a non-exclusive licence to use the Supplier's trade "
            "marks in the Territory solely to market the Products.",
        ),
        (
            "most_favored_nation",
            "5.2 Rates. The Carrier makes no commitment that its rates will be the same as or lower than the rates it "
            "quotes to other shippers.",
        ),
        (
            "most_favored_nation",
            "Licensor does not warrant that the royalty charged to Licensee is the lowest royalty it charges.",
        ),
        (  # holdout 57: a site owner's promise to keep the site's use clear, not a restraint on competing
            "non_compete",
            "Owner's Covenants. The Owner shall not erect or allow any mast on the Land that interferes with the "
            "Operator's radio links.",
        ),
    ],
)
def test_a_clause_that_says_the_opposite_negates_its_category(category: str, span: str) -> None:
    assert polarity.negates(category, span)


def test_a_duty_not_to_use_or_disclose_information_is_confidentiality() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_confidentiality" not in ids("The Processor shall not use or disclose member records except as allowed.")
    assert "no_confidentiality" not in ids("The Agent must not copy or divulge the price lists to anyone.")
    assert "no_confidentiality" in ids("The Processor shall use the member records only to run the payroll.")


def test_something_governed_by_a_charter_is_no_choice_of_law() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_governing_law" in ids("The members form a club governed by its own rules of membership.")
    assert "no_governing_law" not in ids("This Agreement is governed by and construed under the law of Alberta.")
    assert "no_governing_law" not in ids("This Agreement shall be governed by, and read under, Scots law.")


@pytest.mark.parametrize(
    ("category", "span"),
    [
        ("exclusivity", EXCLUSIVE),
        ("non_compete", NON_COMPETE),
        ("change_of_control", COC),
        ("most_favored_nation", MFN),
        ("uncapped_liability", CAP_WITH_CARVE_OUT),
        ("uncapped_liability", UNLIMITED),
        ("termination_for_convenience", CONVENIENCE),
        (
            "termination_for_convenience",
            "(2) Either party may terminate this Agreement by giving three months' notice to the end of a calendar "
            "quarter.\n(3) The right to terminate without notice for good cause remains unaffected.",
        ),
        (
            "non_compete",
            "Licensor grants Licensee a licence to the Software. Licensee shall not develop or market any competing "
            "product during the Term.",
        ),
        ("renewal_term", AUTO_RENEW),
        (  # a refusal of one promise beside a real price match
            "most_favored_nation",
            "The Supplier does not warrant that the Goods are fit for any purpose. The Supplier shall grant the Buyer "
            "prices no less favourable than those it grants any other buyer of the Goods.",
        ),
    ],
)
def test_a_clause_that_asserts_its_category_keeps_it(category: str, span: str) -> None:
    assert not polarity.negates(category, span)


def test_apply_demotes_negated_candidates_below_a_finding_and_keeps_them_as_candidates() -> None:
    text = f"{NON_EXCLUSIVE} {EXCLUSIVE}"
    first, second = (0, len(NON_EXCLUSIVE)), (len(NON_EXCLUSIVE) + 1, len(text))
    scored = {"exclusivity": [(*first, 0.9), (*second, 0.6)], "audit_rights": [(*first, 0.7)]}
    out = polarity.apply(text, scored)
    assert out.by_category["exclusivity"][0] == (*second, 0.6)  # the real exclusivity clause is now the best
    demoted = out.by_category["exclusivity"][1]
    assert demoted[:2] == first and demoted[2] < 0.5  # still a candidate, never a finding
    assert out.negated == {"exclusivity": [first]}
    assert out.by_category["audit_rights"] == scored["audit_rights"]  # no rule: untouched


_CONTROL_DEFINED = (
    '(d) "Control Event" means the acquisition by any person of more than half of the voting shares of a Member.'
)


def test_a_term_defined_and_never_used_is_no_finding_of_its_category() -> None:
    text = f"{_CONTROL_DEFINED}\n\nEach Member shall keep the minutes of its meetings."
    definition = (0, len(_CONTROL_DEFINED))
    out = polarity.apply(text, {"change_of_control": [(*definition, 0.8)]})
    assert out.by_category["change_of_control"][0][2] < 0.5
    assert out.negated == {"change_of_control": [definition]}


def test_a_defined_term_the_contract_uses_keeps_its_definition_a_finding() -> None:
    text = (
        f"{_CONTROL_DEFINED}\n\n"
        "The other Members may require a Member to leave the consortium within sixty days after its Control Event."
    )
    definition = (0, len(_CONTROL_DEFINED))
    out = polarity.apply(text, {"change_of_control": [(*definition, 0.8)]})
    assert out.by_category["change_of_control"][0] == (*definition, 0.8)


def test_apply_promotes_an_express_carve_out_the_model_missed() -> None:
    text = f"{PLAIN_CAP} {UNLIMITED}"
    cap, unlimited = (0, len(PLAIN_CAP)), (len(PLAIN_CAP) + 1, len(text))
    out = polarity.apply(
        text, {"cap_on_liability": [(*cap, 0.9), (*unlimited, 0.3)], "uncapped_liability": [(*cap, 0.2)]}
    )
    best = out.by_category["uncapped_liability"][0]
    assert best[:2] == unlimited and best[2] >= 0.5


def test_apply_promotes_a_termination_right_on_a_change_in_control_the_model_missed() -> None:
    text = (
        "5.1 The Client may terminate this Agreement at any time by giving ninety (90) days' notice. "
        "5.3 The Client may terminate this Agreement forthwith if the Service Provider undergoes a change in "
        "control, its shares being acquired by a competitor of the Client."
    )
    convenience = (0, text.index(" 5.3"))
    control = (text.index("5.3"), len(text))
    out = polarity.apply(text, {"change_of_control": [(*convenience, 0.13), (*control, 0.18)]})
    best = out.by_category["change_of_control"][0]
    assert best[:2] == control and best[2] >= 0.5
    denied = "A change in control of either party shall not give the other party any right to terminate."
    out = polarity.apply(denied, {"change_of_control": [(0, len(denied), 0.3)]})
    assert out.by_category["change_of_control"][0][2] < 0.5


@pytest.mark.parametrize(
    ("category", "span"),
    [
        (
            "most_favored_nation",
            "4.2 Most Favored Pricing. If Manufacturer sells the Products to any other reseller at a price lower than "
            "the price then charged to Reseller, Manufacturer shall promptly reduce Reseller's price to that lower price.",
        ),
        (
            "no_solicit_of_employees",
            "During this Agreement and for six (6) months after it ends, the Customer shall not solicit or employ any "
            "engineer of the Provider who performed the Services.",
        ),
        (
            "no_solicit_of_employees",
            "7.4 Reseller shall not solicit or hire any employee of Manufacturer during the term.",
        ),
        (
            "liquidated_damages",
            "2.3 The Lessee may end the hire early by paying an early termination sum equal to 50% of the remaining hire "
            "charges. The parties agree that this sum is a genuine pre-estimate of the Lessor's loss.",
        ),
        (  # a seller's covenant in a sale of a business
            "non_compete",
            "9.1 For two (2) years after Closing the Vendor shall not carry on or be concerned in any business in "
            "Ireland that competes with the business of the Target.",
        ),
        (  # a landlord's exclusive-use promise to a retail tenant
            "exclusivity",
            "14.1 While Tenant operates a bakery in the Premises, Landlord shall not let any other unit in the Centre to "
            "a tenant whose main business is the sale of bread or pastries.",
        ),
        (  # the no-cause words set off by commas between the modal and the verb
            "termination_for_convenience",
            "9. Notwithstanding clause 8, the Lender may at any time, without stating any reason, cancel the Loan by "
            "notice to the Customer.",
        ),
        (  # control itself as the subject, the new controller described by a "not"
            "change_of_control",
            "12.4 If control of the Distributor passes to a person who does not control it today, the Supplier may "
            "terminate this Agreement by notice.",
        ),
        (  # a mutual no-shop while a letter of intent runs
            "exclusivity",
            "C2. Until this Letter of Intent ends, no party shall, alone or with others, solicit or negotiate any offer "
            "with any third party for the sale of the Mill.",
        ),
        (  # the pre-estimate called fair rather than genuine
            "liquidated_damages",
            "6.2 If fewer than 500 tonnes are loaded in a month, the Charterer shall pay the idle-berth charge, which both "
            "parties accept is a fair pre-estimate of the Owner's standing costs.",
        ),
        (  # holdout 41: better terms to any customer of a kind, then "the same lower" terms to this party
            "most_favored_nation",
            "5. If, while this Agreement is in force, Vendor charges any hospital of similar size a support fee lower "
            "than the fee in Schedule B, Vendor shall give Customer the same lower fee from that date.",
        ),
        (  # holdout 41: a seller's promise to carry no other product of the kind the contract is about
            "exclusivity",
            "3.1 During the Term, the Dealer shall not stock, display or sell any other make of electric cargo bike in "
            "its showrooms.",
        ),
        (  # holdout 41: under an article's heading; the "not" of a relative clause describes the new controller
            "change_of_control",
            "Article 9 - Early Termination 9.1 The Owner may terminate this Charter by notice if the Operator loses its "
            "licence or comes under the control of a company that did not control it on the date of this Charter.",
        ),
        (  # holdout 52: the damages to be made good capped at a stated amount, the translated civil-law form
            "cap_on_liability",
            "Article 11 (Compensation) A party that breaches this Contract shall compensate the other for the ordinary "
            "loss and damages it suffers, up to the total of the charges paid in the preceding six months.",
        ),
        (  # holdout 52: copyright passing from the maker to the client by the contract itself
            "ip_ownership_assignment",
            "Article 8 (Rights in the Work) The copyright in the drawings (including adaptation rights) shall transfer "
            "from the Designer to the Owner on acceptance, and the Designer shall not assert moral rights.",
        ),
        (  # holdout 57: a buyer's promise to buy from no one else, the kind of supplier named in two words
            "exclusivity",
            "2.1 The Mill shall take from Seller all the gas it burns at the Site and shall not buy gas for the Site "
            "from any other wholesale gas supplier.",
        ),
        (  # holdout 66: a seller's ceiling said of the sale itself, "no higher than the lowest prices at which it sells"
            "most_favored_nation",
            "6.1 Mill shall sell the Flour to Baker at prices no higher than the lowest prices at which Mill sells flour "
            "of the same grade to any other bakery in the county.",
        ),
        (  # holdout 66: the other party engaged "and no one else"
            "exclusivity",
            "5.2 The Owner shall use the Carrier, and no other haulier, for every shipment of timber from the Yard.",
        ),
        (  # holdout 73: the right on notice, then a sentence of its own saying no reason is needed
            "termination_for_convenience",
            "7.1 Owner or Contractor can end this agreement by giving the other sixty days' written notice. "
            "No reason needs to be given.",
        ),
        (  # holdout 73: the civil-law form, "without being obliged to give reasons" after a long notice clause
            "termination_for_convenience",
            "Each Party may terminate this Agreement by registered letter, with due observance of a notice period "
            "of three months expiring at the end of a calendar month, without being obliged to give reasons.",
        ),
        (  # holdout 73: a cap with its measure set off by commas before the sum
            "cap_on_liability",
            "The liability of the Lessor to the Lessee under this Lease is limited, for each lease year, to the rent "
            "paid in that year.",
        ),
        (  # holdout 73: the cap said to be "inapplicable" and the exposure "without any ceiling"
            "uncapped_liability",
            "11.2 The caps in clause 11.1 are inapplicable to losses caused by fraud, and for those losses each "
            "party's exposure is without any ceiling.",
        ),
        (  # holdout 83: the buy-only-from promise, then a promise not to use anyone else
            "exclusivity",
            "During the term the Hotel shall obtain its laundry services exclusively from the Launderer and shall "
            "not engage any other laundry to provide them.",
        ),
        (  # holdout 83: a radius clause laid on a party and its people with "neither ... nor ... shall"
            "non_compete",
            "During the Term, neither the Practice nor any of its dentists shall provide orthodontic services at any "
            "other clinic located within fifteen (15) kilometres of the Hospital.",
        ),
        (  # holdout 84: a sole-source duty, a ban on buying elsewhere after it in the same sentence
            "exclusivity",
            "While this contract runs, the Bank shall source all of its card-printing services exclusively from the "
            "Printer and shall not print cards in-house or order them from any other bureau.",
        ),
        (  # holdout 84: a lock-out from other venues for the listed thing
            "exclusivity",
            "For six months after launch, the Developer shall not release or offer the Game on any other app store.",
        ),
    ],
)
def test_apply_promotes_express_wording_the_model_ranked_low(category: str, span: str) -> None:
    out = polarity.apply(span, {category: [(0, len(span), 0.2)]})
    assert out.by_category[category][0] == (0, len(span), polarity.PROMOTED)


@pytest.mark.parametrize(
    ("category", "span"),
    [
        ("most_favored_nation", "Supplier is not required to reduce its prices to that lower price offered to others."),
        (
            "no_solicit_of_employees",
            "Nothing prevents the Customer from hiring any engineer who answers an advertisement.",
        ),
        ("liquidated_damages", "The parties do not agree that any sum is a genuine pre-estimate of loss."),
        # "employee" is the object, not the verb: these restrict something else
        ("no_solicit_of_employees", "Merchant shall not transfer any employee in anticipation of the Sale."),
        ("no_solicit_of_employees", "The technical expert shall not be an employee or consultant of either party."),
        # a want of authority, not a no-shop
        ("exclusivity", "Neither party shall negotiate with any third party on behalf of the other party."),
        # a "neither ... shall" that leaves them free, and an exclusivity denied before the words
        (
            "non_compete",
            "Neither the Practice nor its dentists shall be restricted from providing services at any clinic within "
            "fifteen (15) kilometres of the Hospital.",
        ),
        ("exclusivity", "The Hotel is not required to obtain its laundry services exclusively from the Launderer."),
        # holdout 52: a sum for delay capped, or insurance cover, is no cap on liability; copyright that stays put
        (
            "cap_on_liability",
            "For each week of delay the Builder shall compensate the Owner with liquidated damages of 1% of the price, "
            "up to a maximum of 10%.",
        ),
        (
            "cap_on_liability",
            "The Contractor shall keep public liability insurance up to an amount of AUD 20 million per claim.",
        ),
        (
            "ip_ownership_assignment",
            "No copyright in the Designer's standard details shall transfer from the Designer to the Owner.",
        ),
        # a right or a consent the sentence says there is none of
        (
            "change_of_control",
            "7.4 A sale of the shares of the Operator, or a change in the persons who control it, gives the Owner no "
            "cancellation right and requires no consent.",
        ),
        (
            "most_favored_nation",
            "The Distributor has no entitlement to be offered any lower price the Maker grants to another distributor.",
        ),
        # a sole-source duty the sentence denies before it; a venue ban about something other than the listed thing
        (
            "exclusivity",
            "The Bank is not bound to source its card-printing services exclusively from the Printer.",
        ),
        ("exclusivity", "The Developer shall not publish any review of the Game on any other website."),
    ],
)
def test_negated_wording_is_not_promoted(category: str, span: str) -> None:
    out = polarity.apply(span, {category: [(0, len(span), 0.2)]})
    assert out.by_category[category][0][2] < 0.5


def test_explanations_quote_the_contracts_own_details() -> None:
    uncapped, _ = risk_text.explain({"id": "uncapped_liability"}, CAP_WITH_CARVE_OUT, None)
    assert "breach of Section 7 (Confidentiality) and a party's indemnification obligations" in uncapped
    assert "the fees paid in the twelve (12) months before the claim" in uncapped
    convenience, _ = risk_text.explain({"id": "termination_for_convenience"}, CONVENIENCE, None)
    assert convenience.startswith("Customer may") and "ninety (90) days' notice" in convenience
    restriction, _ = risk_text.explain({"id": "non_compete"}, NON_COMPETE, None)
    assert "in the United States" in restriction and "two (2) years" in restriction
    renewal, _ = risk_text.explain({"id": "auto_renewal_short_notice"}, AUTO_RENEW, 30)
    assert "30 days before the end of the term" in renewal
    missing, recommendation = risk_text.explain({"id": "no_limitation_of_liability"}, "", None)
    assert missing.startswith("Not found in this contract: looked for a clause capping")
    assert recommendation


def test_holder_names_who_may_terminate() -> None:
    assert risk_text.holder(CONVENIENCE) == "Customer"
    assert (
        risk_text.holder("Either party may terminate this Agreement at any time on 60 days' notice.") == "Either party"
    )
    assert risk_text.holder("This Agreement may be terminated on notice.") is None
    assert risk_text.holder("The Employer may end the employment at any time without cause.") == "The Employer"


def test_playbook_counts_findings_only_and_absences_quote_nothing() -> None:
    best = {"exclusivity": (0, 10, 0.49), "governing_law": (20, 40, 0.9)}
    fired = {f.rule["id"]: f for f in playbook.evaluate(best, None)}
    assert "exclusivity" not in fired  # a candidate is not a finding
    assert fired["no_limitation_of_liability"].evidence == () and fired["no_limitation_of_liability"].is_absence
    assert "no_governing_law" not in fired


def test_an_absence_rule_does_not_fire_when_the_text_talks_about_it() -> None:
    text = "6. CONFIDENTIALITY. Neither party may disclose the terms of this agreement."
    assert "no_confidentiality" in {f.rule["id"] for f in playbook.evaluate({}, None)}
    assert "no_confidentiality" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_term_facts_decide_renewal_when_given() -> None:
    renewal = {"renewal_term": (0, 50, 0.9)}

    def ids(fired: list[playbook.Fired]) -> set[str]:
        return {f.rule["id"] for f in fired}

    assert "auto_renewal" in ids(playbook.evaluate(renewal, None))
    assert not {"auto_renewal", "auto_renewal_short_notice"} & ids(playbook.evaluate(renewal, None, auto_renewal=False))
    fired = {f.rule["id"]: f for f in playbook.evaluate({}, 30, auto_renewal=True)}
    assert "auto_renewal_short_notice" in fired and not fired["auto_renewal_short_notice"].is_absence


NEGATED_CONTRACT = f"""DISTRIBUTION AGREEMENT

This Distribution Agreement is made on 1 March 2024 between Alder Components Ltd. ("Supplier") and Birch Retail Inc. ("Distributor").

1. Appointment. {NON_EXCLUSIVE.replace("Licensor", "Supplier").replace("Licensee", "Distributor")}

2. Competition. {FREE_TO_COMPETE}

3. Prices. {NO_MFN.replace("Seller", "Supplier").replace("Buyer", "Distributor")}

4. Liability. {PLAIN_CAP}

5. Termination. {BREACH_WITH_CURE}

6. Change of Control. {COC_NEGATED}

7. Confidentiality. Each party shall keep the other party's confidential information secret.

8. Governing Law. This Agreement is governed by the laws of England and Wales.
"""


@pytest.fixture(scope="module")
def negated_result() -> dict:
    return live.analyze(Document.from_text(NEGATED_CONTRACT, title="negated"))


def test_a_contract_of_negations_raises_none_of_the_risks_it_excludes(negated_result: dict) -> None:
    raised = {r["id"].removeprefix("rk_") for r in negated_result["risks"]}
    excluded = {
        "exclusivity",
        "non_compete",
        "most_favored_nation",
        "uncapped_liability",
        "termination_for_convenience",
        "change_of_control",
        "no_limitation_of_liability",
        "no_termination_for_cause",
        "no_governing_law",
        "no_confidentiality",
    }
    assert not raised & excluded
    findings = {c["category"] for c in negated_result["clauses"] if c["confidence"] >= 0.5}
    assert not findings & {
        "exclusivity",
        "non_compete",
        "most_favored_nation",
        "uncapped_liability",
        "termination_for_convenience",
    }
    assert {d["riskId"] for d in negated_result["riskScore"]["drivers"]} <= {r["id"] for r in negated_result["risks"]}


def test_missing_clause_risks_have_no_evidence_and_say_what_was_looked_for() -> None:
    text = """SERVICES AGREEMENT

This Services Agreement is made on 1 May 2024 between Cedar Labs LLC ("Provider") and Dune Foods Inc. ("Client").

1. Services. Provider shall provide the services described in Schedule 1.

2. Fees. Client shall pay Provider USD 5,000 per month within thirty (30) days after each invoice.
"""
    result = live.analyze(Document.from_text(text, title="missing"))
    risks = {r["id"].removeprefix("rk_"): r for r in result["risks"]}
    for rule in ("no_limitation_of_liability", "no_governing_law", "no_confidentiality"):
        assert risks[rule]["evidenceIds"] == []
        assert risks[rule]["explanation"].startswith("Not found in this contract: looked for")
    assert len({r["explanation"] for r in risks.values()}) == len(risks)


def test_automatic_renewal_from_the_term_facts_quotes_their_sentence() -> None:
    fired = {f.rule["id"]: f for f in playbook.evaluate({}, 90, auto_renewal=True, renewal_span=(10, 60))}
    assert fired["auto_renewal"].evidence == ((10, 60),)


def test_a_confidentiality_promise_is_not_a_non_compete() -> None:
    span = (
        "Consultant shall not disclose any confidential information of the Company to any third party during "
        "the term or for three (3) years thereafter."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates("non_compete", NON_COMPETE)


@pytest.mark.parametrize(
    "text",
    [
        (
            "The Landlord shall be entitled, if the Tenant fails to remedy a breach within seven days of notice, to cancel "
            "this lease forthwith."
        ),
        "Either party may cancel this Agreement if the other commits a material breach and does not cure it.",
        "In the event of non-payment, Lessor may terminate this Agreement and remove the Equipment.",
    ],
)
def test_cancellation_for_breach_or_non_payment_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_until_terminated_on_notice_by_either_party_is_convenience() -> None:
    text = (
        "This Agreement shall commence on 1 December 2025 and shall continue until terminated by either party "
        "giving not less than three months' written notice to the other."
    )
    rule = polarity.RULES["termination_for_convenience"]
    assert rule.asserts(text)
    assert not rule.asserts(
        "This Agreement continues until terminated by either party giving notice if the other party is in breach."
    )
    promoted = polarity.apply(text, {"termination_for_convenience": [(0, len(text), 0.3)]})
    assert promoted.by_category["termination_for_convenience"][0][2] >= 0.5


@pytest.mark.parametrize("number", ["3.2 ", "Secondment 3.2 ", "12. "])
def test_until_terminated_on_notice_after_a_clause_number_is_convenience(number: str) -> None:
    rule = polarity.RULES["termination_for_convenience"]
    clause = (
        "The secondment runs, once the trial month is over, until terminated by either party on two months' notice."
    )
    assert rule.asserts(number + clause)
    assert not rule.asserts(number + "The lease runs until terminated by either party on notice after a breach.")


@pytest.mark.parametrize(
    "text",
    [
        # "ends" instead of "terminated", the two parties named instead of "either party"
        "This memorandum stays in effect until either the Lender or the Borrower ends it by notice in writing.",
        "The engagement lasts until either party ends it by giving the other sixty days' written notice.",
        # the right read from the second sentence of the span
        "Fees are payable monthly. 2.3 The service runs until either side terminates this arrangement on notice.",
        # the no-cause words in plainer forms
        "The Distributor may end any order, or this Agreement, on ten days' written notice without stating a reason.",
        "The Member may end its place in the pool on one month's written notice, for whatever reason.",
    ],
)
def test_ending_on_notice_in_plain_words_is_convenience(text: str) -> None:
    promoted = polarity.apply(text, {"termination_for_convenience": [(0, len(text), 0.3)]})
    assert promoted.by_category["termination_for_convenience"][0][2] >= 0.5


@pytest.mark.parametrize(
    "text",
    [
        "The licence lasts until either party ends it by notice if the other has failed to pay.",
        "Fees are payable monthly. The service runs until either side terminates it on notice for breach.",
        "Neither party may end this arrangement for whatever reason while an order is open.",
    ],
)
def test_ending_on_notice_for_a_cause_is_not_convenience(text: str) -> None:
    promoted = polarity.apply(text, {"termination_for_convenience": [(0, len(text), 0.3)]})
    assert promoted.by_category["termination_for_convenience"][0][2] < 0.5


def test_no_poaching_of_people_the_other_party_engages_is_employee_non_solicit() -> None:
    rule = polarity.RULES["no_solicit_of_employees"]
    assert rule.asserts(
        "For one year after this Agreement ends, the Publisher shall not solicit any illustrator engaged by the "
        "Studio on the Publisher's titles to work for the Publisher directly."
    )
    assert not rule.asserts("The Publisher shall not solicit any customer of the Studio for its own titles.")


def test_lowering_the_fee_to_the_same_level_as_others_is_mfn() -> None:
    rule = polarity.RULES["most_favored_nation"]
    assert rule.asserts(
        "Should the Supplier sell the same part to another buyer at a lower price, the Supplier shall reduce the "
        "Buyer's price to the same level for later orders."
    )
    assert not rule.asserts("The Supplier shall not reduce the Buyer's price to the same level as the list.")


def test_restriction_explanation_names_every_place_and_the_term() -> None:
    clause = (
        "The Licensor grants the Licensee the exclusive right to manufacture and sell the lamps in Germany, "
        "Austria and Switzerland for the term of this Agreement."
    )
    assert risk_text.territory(clause) == "Germany, Austria and Switzerland"
    assert risk_text.duration(clause) == "the term of the agreement"
    assert (
        risk_text.territory("its exclusive distributor of the Products in Malaysia, and shall not appoint")
        == "Malaysia"
    )


@pytest.mark.parametrize(
    "span",
    [
        (
            "For a period of three years from the date of this agreement, the Licensor shall not license the Recipes to "
            "any other person in the United Kingdom."
        ),
        "Each party shall carry on the Business in the United Kingdom exclusively through the JV Company.",
    ],
)
def test_a_promise_not_to_license_anyone_else_is_exclusivity(span: str) -> None:
    assert polarity.RULES["exclusivity"].asserts(span)
    promoted = polarity.apply(span, {"exclusivity": [], "non_compete": [(0, len(span), 0.8)]})
    assert promoted.by_category["exclusivity"][0][2] >= 0.5


def test_an_exclusive_appointment_is_stated_and_a_heading_does_not_undo_a_negation() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "Article 1 (Appointment) Sakura appoints Distributor as an exclusive distributor of the Products."
    )
    assert not rule.asserts("Sakura appoints Distributor as a non-exclusive distributor of the Products.")
    assert not rule.asserts("Nothing in this Agreement grants the Contractor any exclusive right.")
    assert not rule.asserts("The parties cooperate. Neither party grants the other any exclusive licence.")
    assert polarity.negates(
        "exclusivity",
        "Exclusivity. STCN is free to engage other contractors, and nothing in this Agreement grants "
        "Boreal any exclusive right.",
    )


def test_a_limit_that_does_not_apply_to_indemnities_is_an_uncapped_carve_out() -> None:
    span = (
        "Each party's aggregate liability shall not exceed the fees paid in the twelve (12) months before the "
        "claim, except that this limit does not apply to a party's indemnification obligations."
    )
    assert polarity.RULES["uncapped_liability"].asserts(span)


def test_a_requirements_contract_is_exclusivity_unless_it_is_denied() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts("Buyer shall purchase all of its requirements of cartons for its plant from Seller.")
    assert rule.asserts("The Distributor shall obtain the Products solely from the Company during the Term.")
    denied = (
        "Nothing in this Agreement obliges the Buyer to purchase the Products exclusively from the Supplier, "
        "and the Buyer is free to purchase similar products from any other supplier."
    )
    assert not rule.asserts(denied)
    assert polarity.negates("exclusivity", denied)


def test_ending_the_agreement_for_a_serious_breach_is_termination_for_cause() -> None:
    text = "Either party may end this agreement immediately if the other commits a serious breach of it."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_contractual_penalty_named_in_the_original_language_is_liquidated_damages() -> None:
    span = (
        "(2) If the Contractor fails to meet the delivery deadline for reasons for which it is responsible, it shall "
        "pay a contractual penalty (Vertragsstrafe) of 0.2% of the net contract price for each working day of delay."
    )
    assert polarity.RULES["liquidated_damages"].asserts(span)


def test_a_confidential_banner_is_not_a_confidentiality_clause() -> None:
    text = """CONFIDENTIAL - EXECUTION VERSION

SERVICES AGREEMENT

This Services Agreement is made on 1 May 2024 between Cedar Labs LLC ("Provider") and Dune Foods Inc. ("Client").

1. Services. Provider shall provide the services described in Schedule 1.

2. Fees. Client shall pay Provider USD 5,000 per month within thirty (30) days after each invoice.
"""
    raised = {r["id"].removeprefix("rk_") for r in live.analyze(Document.from_text(text, title="banner"))["risks"]}
    assert "no_confidentiality" in raised
    promised = text + "\n3. Confidentiality. Each party shall keep the other's Confidential Information confidential.\n"
    raised = {r["id"].removeprefix("rk_") for r in live.analyze(Document.from_text(promised, title="kept"))["risks"]}
    assert "no_confidentiality" not in raised


def test_a_governing_law_clause_names_its_law() -> None:
    span = "This Agreement is governed by the laws of the State of Texas."
    assert not polarity.negates("governing_law", span)


def test_a_grant_of_no_exclusive_right_asserts_no_exclusivity() -> None:
    span = (
        "Tenant shall use the Premises only for a coffee roastery and for no other purpose. This Lease grants Tenant "
        "no exclusive right to operate a café in the building."
    )
    assert not polarity.RULES["exclusivity"].asserts(span)
    assert polarity.RULES["exclusivity"].asserts("This Lease grants Tenant the exclusive right to operate a café.")


def test_no_sole_or_exclusive_right_and_a_no_exclusivity_heading_deny_exclusivity() -> None:
    span = (
        "NO EXCLUSIVITY\nThe Hauler may carry freight for any other shipper, and the Shipper may engage any other "
        "hauler. This contract gives no sole or exclusive rights\nto either of them."
    )
    assert polarity.negates("exclusivity", span)
    assert not polarity.RULES["exclusivity"].asserts(span)
    assert polarity.RULES["exclusivity"].asserts(
        "This contract grants the Hauler the sole and exclusive right to carry."
    )


def test_a_party_that_keeps_all_its_rights_assigns_none() -> None:
    span = (
        "8.1 The Developer retains all rights, title and interest in and to the Platform. The Client retains all rights "
        "in its own data and systems."
    )
    assert polarity.negates("ip_ownership_assignment", span)
    assigned = "8.2 The Developer hereby assigns to the Client all rights, title and interest in the Deliverables."
    assert not polarity.negates("ip_ownership_assignment", assigned)


def test_a_promise_not_to_solicit_or_employ_people_employed_by_the_other_is_non_solicitation() -> None:
    span = (
        "14.2 For 18 months after this agreement ends, the Licensee must not solicit or employ any person who was "
        "employed by the Licensor during the last year of the term."
    )
    assert polarity.RULES["no_solicit_of_employees"].asserts(span)
    free = "Nothing in this agreement means the Licensee must not employ any person who was employed by the Licensor."
    assert not polarity.RULES["no_solicit_of_employees"].asserts(free)


def test_a_change_of_control_that_lets_the_others_exclude_a_member_is_change_of_control() -> None:
    span = (
        "9.4 If a Member undergoes a change of control, it shall tell the other Members within ten days, and the "
        "other Members may by majority decision exclude it from the joint venture."
    )
    assert polarity.RULES["change_of_control"].asserts(span)
    negated = "A change of control of a Member does not give the other Members any right to exclude it."
    assert not polarity.RULES["change_of_control"].asserts(negated)


def test_pursuing_a_project_only_through_the_joint_venture_is_exclusivity() -> None:
    span = "6.1 Each Member shall pursue the Tender exclusively through the joint venture and shall make no other bid."
    assert polarity.RULES["exclusivity"].asserts(span)


def test_excluding_a_defaulting_member_is_termination_for_cause() -> None:
    text = (
        "If a Member fails to pay a cash call and does not remedy the failure within ten days after notice, or becomes "
        "insolvent, the other Members may exclude it from the joint venture by written notice."
    )
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "The fees exclude GST. A Member that is insolvent must tell the others at once."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


def test_rescission_for_a_breach_named_first_is_termination_for_cause() -> None:
    # The cause-first half of the rule reads the playbook's one list of ending words, rescission among them.
    text = "Should the Distributor breach clause 4, the Principal may seek rescission of this Agreement."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_playbook_pattern_writes_out_its_named_pieces_and_refuses_unknown_ones() -> None:
    pieces = {"ending": "(?:terminat|cancel)"}
    assert (
        playbook.expand_pieces(r"\b{ending}\w*[^.]{0,250}breach", pieces)
        == r"\b(?:terminat|cancel)\w*[^.]{0,250}breach"
    )
    with pytest.raises(ValueError, match="missing_piece"):
        playbook.expand_pieces("{missing_piece} for cause", pieces)
    assert "{" + "ends_the_contract}" not in str(playbook.load_playbook())


def test_a_cap_incorporated_from_the_main_agreement_is_a_limitation_of_liability() -> None:
    def absent_cap(text: str) -> bool:
        return "no_limitation_of_liability" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    by_reference = (
        "7. The exclusions and limitations of liability set out in section 14 of the Framework Agreement apply "
        "to every claim under this Schedule, and the overall cap there covers both documents together."
    )
    assert not absent_cap(by_reference)
    assert absent_cap("7. No limitation of liability applies to a claim under this Schedule.")
    assert absent_cap("7. The Framework Agreement governs payment. This Schedule sets out the services.")


def test_a_promise_not_to_solicit_or_engage_staff_is_no_non_compete() -> None:
    span = (
        "8.2 For twelve (12) months after this Agreement ends, the Customer shall not solicit or engage any "
        "developer or employee of the Supplier who worked on the Services."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates("non_compete", "8.2 The Customer shall not engage in any business that competes.")


def test_a_ban_on_hiring_people_who_worked_for_the_other_party_is_no_non_compete() -> None:
    span = (
        "9.1 While this contract runs and for a year after, the Owner must not solicit, engage or employ, whether "
        "itself or through another business, any individual who was employed by the Gardener on the Site."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates("non_compete", "9.1 The Owner must not employ anyone to run a business that competes.")


def test_a_party_that_may_independently_build_competing_products_is_free_to_compete() -> None:
    span = (
        "11. Own Work. Either party may separately develop, sell or buy goods that compete with the other's goods, "
        "as long as it keeps the other's secrets."
    )
    assert polarity.negates("non_compete", span)


def test_a_table_of_contents_entry_is_never_a_finding() -> None:
    contents = (
        "9. Exclusivity .................................. 7\n10. Change of Control ............................ 8"
    )
    for category in ("exclusivity", "change_of_control"):
        assert polarity.negates(category, contents)
    body = (
        "10.1 Licensor may terminate this Agreement if Licensee undergoes a change of control ....... as set out below."
    )
    assert not polarity.negates("change_of_control", body)


def _promoted(category: str, span: str) -> bool:
    return polarity.apply(span, {category: [(0, len(span), 0.2)]}).by_category[category][0][2] >= 0.5


def test_termination_on_notice_for_good_cause_is_not_convenience() -> None:
    for span in (
        "12.1 Either party may end this Agreement at once by written notice for good cause.",
        "Each party may terminate the contract with immediate effect on notice for just cause.",
    ):
        assert polarity.negates("termination_for_convenience", span)
    for span in (
        "Either party may terminate this Agreement on sixty (60) days' written notice.",
        # "Good Reason" is an employee's defined right to resign, not a cause that governs the notice right
        "Without prejudice to your right to resign for Good Reason, you or the Company may terminate your "
        "employment by giving three months' notice.",
    ):
        assert not polarity.negates("termination_for_convenience", span)


def test_one_partys_convenience_right_survives_the_others_denial() -> None:
    span = (
        "The Buyer may terminate this Agreement for convenience on sixty (60) days' written notice. "
        "The Seller may not terminate this Agreement for convenience."
    )
    assert not polarity.negates("termination_for_convenience", span)
    assert polarity.negates(
        "termination_for_convenience", "The Seller may not terminate this Agreement for convenience."
    )


@pytest.mark.parametrize(
    "span",
    [
        "After the trial period, either party may end the engagement by giving two months' written notice, "
        "without stating reasons.",
        "The Agent may cancel this contract at any time for any reason on thirty (30) days' notice to the Principal.",
    ],
)
def test_an_express_right_to_terminate_without_cause_is_promoted(span: str) -> None:
    assert _promoted("termination_for_convenience", span)


@pytest.mark.parametrize(
    "span",
    [
        "Neither party may terminate this Agreement without giving reasons.",
        "Upon termination of this Agreement for any reason, the Distributor shall return all samples.",
        "Either party may terminate this Agreement if the other party ceases for any reason to hold its licence.",
        # a right the party must put into another contract, not a right under this one
        "Each reseller agreement shall stipulate that the Vendor may terminate it at any time without cause.",
    ],
)
def test_no_right_to_terminate_without_cause_is_not_promoted(span: str) -> None:
    assert not _promoted("termination_for_convenience", span)


@pytest.mark.parametrize(
    "span",
    [
        "Clause 9.1 shall not apply to the Supplier's indemnity for infringement claims, which is not limited in "
        "amount.",
        "14.3 The cap in clause 14.2 does not apply in cases of wilful misconduct.",
        "For damage caused by fraud the Lessor's liability is unlimited\u00b3.",  # a footnote marker glued to it
        # the carve-out's liability stated as having no cap, in words of its own
        "10.2 Fees paid in a year bound the Agent's liability, except for data losses, for which its liability is "
        "without limit.",
        "10.3 The cap in 10.1 does not cover Special Claims. Each party's liability for Special Claims has no "
        "financial ceiling.",
    ],
)
def test_a_carve_out_from_the_cap_is_uncapped_liability(span: str) -> None:
    assert _promoted("uncapped_liability", span)


def test_a_section_that_does_not_apply_to_something_other_than_liability_is_no_carve_out() -> None:
    assert not _promoted("uncapped_liability", "Section 4.2 does not apply to orders placed before the Start Date.")


def test_ending_the_agreement_when_the_other_breaks_its_terms_is_termination_for_cause() -> None:
    text = "We may close your account and end this agreement straight away if you break these terms."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    assert not polarity.negates("termination_for_cause", text)


def test_what_one_party_makes_belonging_to_the_other_is_an_ip_assignment() -> None:
    assert _promoted(
        "ip_ownership_assignment", "All designs that the Contractor creates under this Agreement vest in the Client."
    )
    assert _promoted(
        "ip_ownership_assignment", "Inventions made by the Researcher during the Project shall belong to the Sponsor."
    )
    for kept in (
        "Improvements made by the Licensee shall belong to the Licensee.",
        "Inventions made solely by employees of the Sponsor during the Project shall belong solely to the Sponsor.",
        "Inventions that the Employee makes outside working hours do not belong to the Company.",
    ):
        assert not _promoted("ip_ownership_assignment", kept)


def test_uncapped_explanation_keeps_clause_numbers_and_drops_footnote_markers() -> None:
    explain = risk_text.explain
    pointer = "Except as provided in Section 21.4, each party's total liability shall not exceed the fees paid."
    assert explain({"id": "uncapped_liability"}, pointer, None)[0].startswith(
        "Liability is left outside the cap for what Section 21.4 provides."
    )
    listed = "Except for payments due under clauses 3.1 and 6.2, the Agent's liability is limited to the fee."
    assert "payments due under clauses 3.1 and 6.2." in explain({"id": "uncapped_liability"}, listed, None)[0]
    footnoted = "The cap in clause 9.1 does not apply in cases of fraud, for which liability is unlimited\u2074."
    what = explain({"id": "uncapped_liability"}, footnoted, None)[0]
    assert what == "Liability is left outside the cap for: fraud, for which liability is unlimited."


@pytest.mark.parametrize(
    "span",
    [
        # a no-shop in a letter of intent
        "While talks continue the Vendor shall not invite, discuss or accept any bid from any party other than the "
        "Purchaser for the sale of the Hotel.",
        # a landowner's promise during an option
        "Until the Option lapses the Owner shall not sell or offer the Farm to anyone else.",
        # a venue's category exclusivity for a sponsor
        "During the season the Stadium shall not grant pouring rights for soft drinks to any other supplier.",
    ],
)
def test_a_promise_to_deal_only_with_the_other_party_is_exclusivity_not_a_non_compete(span: str) -> None:
    assert polarity.negates("non_compete", span)
    assert _promoted("exclusivity", span)


@pytest.mark.parametrize(
    "span",
    [
        "3.2 Throughout the Season the Museum shall not grant naming or advertising rights in the Gallery to any other "
        "company in the banking sector.",
        "The Publisher shall not license the translation rights to any other firm while this Agreement is in force.",
    ],
)
def test_a_promise_not_to_grant_rights_to_any_other_company_is_exclusivity_not_a_non_compete(span: str) -> None:
    assert polarity.negates("non_compete", span)
    assert _promoted("exclusivity", span)


def test_a_promise_not_to_work_for_another_company_that_competes_stays_a_non_compete() -> None:
    span = "The Consultant shall not offer services to any other company that competes with the Client in Ohio."
    assert not polarity.negates("non_compete", span)


def test_a_promise_to_deal_only_with_the_other_party_that_restrains_competing_stays_a_non_compete() -> None:
    span = (
        "The Dealer shall not sell any product that competes with the Products to any person other than the "
        "Manufacturer's approved customers."
    )
    assert not polarity.negates("non_compete", span)
    similar = (
        "After termination the defaulting party shall not enter into an agreement with any other party to provide "
        "courier services similar to those provided under this Agreement."
    )
    assert not polarity.negates("non_compete", similar)
    assert not _promoted(
        "exclusivity", "The Recipient shall not disclose the Information to any person other than its advisers."
    )


@pytest.mark.parametrize(
    ("category", "span"),
    [
        (
            "non_compete",
            "For a year after he leaves, neither Partner shall, in Scotland, be engaged in any practice that offers "
            "audit services in competition with the Firm.",
        ),
        (
            "no_solicit_of_employees",
            "For six months after the sale neither Vendor shall solicit or entice away any employee of the Target.",
        ),
        (
            "liquidated_damages",
            "If the Buyer fails to complete, the Seller may keep the deposit as liquidated damages.",
        ),
        (
            "change_of_control",
            "The Licensor may terminate this Agreement on notice if a rival of the Licensor acquires control of the "
            "Licensee.",
        ),
        (
            "change_of_control",
            "It is an event of default if any person acquires more than forty percent (40%) of the shares of the "
            "Borrower without the Lender's prior written consent.",
        ),
        (
            "termination_for_convenience",
            "11.2 Either party may terminate this Agreement by giving the other three months' written notice.",
        ),
        (
            "termination_for_convenience",
            "The Client may end the Retainer early at any time by written notice to the Consultant.",
        ),
    ],
)
def test_express_wording_of_holdout_15s_kinds_is_promoted(category: str, span: str) -> None:
    assert _promoted(category, span)


@pytest.mark.parametrize(
    ("category", "span"),
    [
        (
            "non_compete",
            "Neither party shall be restricted from being engaged in any business in competition with the other.",
        ),
        (
            "termination_for_convenience",
            "Either party may terminate this Agreement by notice if the other party becomes insolvent.",
        ),
        (
            "termination_for_convenience",
            "Either party may terminate this Agreement by written notice given before the expiry of the Initial Term.",
        ),
        (
            "termination_for_convenience",
            "The Client may end the Retainer at any time by written notice if the Consultant breaches clause 4.",
        ),
        (
            "change_of_control",
            "The Investor shall not acquire more than ten percent (10%) of the shares of the Company without consent.",
        ),
    ],
)
def test_wording_with_a_cause_or_a_negation_is_not_promoted(category: str, span: str) -> None:
    assert not _promoted(category, span)


def test_ending_the_agreement_if_the_other_seriously_breaks_it_is_termination_for_cause() -> None:
    text = "Either of us may end this agreement at once by written notice if the other materially breaks it."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    assert not polarity.negates("termination_for_cause", text)


def test_a_right_on_notice_for_a_named_cause_is_not_promoted_to_convenience() -> None:
    span = (
        "Termination for convenience is excluded. Either party may terminate this Agreement for just cause by notice."
    )
    assert not _promoted("termination_for_convenience", span)


def test_a_long_clause_is_quoted_from_the_item_the_risk_is_about() -> None:
    """The change of control is item (e) of a long list of defaults: the quote starts at that item, not at (a)."""
    clause = (
        "12.1 DEFAULT. Each of the following is a default by the Borrower: (a) it fails to pay any amount within five "
        "business days of its due date; (b) any statement it makes proves untrue in a material respect; (c) it "
        "ceases to carry on its business; (d) a receiver is appointed over any of its assets; (e) any person "
        "acquires more than forty percent (40%) of its issued shares without the Lender's consent."
    )
    explanation, _ = risk_text.explain({"id": "change_of_control"}, clause, None)
    assert "(e) any person acquires more than forty percent" in explanation
    assert "(a) it fails to pay" not in explanation
    short, _ = risk_text.explain({"id": "change_of_control"}, "A change of control of either party ends this.", None)
    assert "“A change of control of either party ends this.”" in short


def test_convenience_on_a_notice_the_law_sets_says_where_it_is_set() -> None:
    clause = (
        "9.2 Either party may end this agreement without giving reasons, on the notice period prescribed by Section "
        "4.7 of the Agency Act 2019:"
    )
    explanation, _ = risk_text.explain({"id": "termination_for_convenience"}, clause, None)
    assert explanation == (
        "Either party may end the contract without cause on the notice required by Section 4.7 of the Agency Act 2019."
    )


def test_a_renewal_recommendation_names_the_notice_deadline_the_engine_computed() -> None:
    _, with_date = risk_text.explain({"id": "auto_renewal_short_notice"}, AUTO_RENEW, 30, "2027-05-02")
    assert "Diarise the notice deadline (2027-05-02) now" in with_date
    _, without = risk_text.explain({"id": "auto_renewal"}, AUTO_RENEW, None)
    assert without == "Diarise the renewal date and the notice deadline."


def test_a_terse_place_law_governs_clause_is_no_missing_governing_law() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_governing_law" not in ids("9. General. Utah law governs this contract and any dispute under it.")
    assert "no_governing_law" not in ids("Manitoba law applies to this lease.")
    assert "no_governing_law" in ids("Each party must decide for itself which law governs its own employees.")


@pytest.mark.parametrize(
    "span",
    [
        "3.2 Throughout the Term the Retailer shall use the Courier exclusively for parcel deliveries in Wales.",
        "The Hospital shall engage only the Contractor for the sterilisation of surgical instruments.",
        "Operator shall buy its aviation fuel only from Fuelco at the Airport during the Term.",
        "The Grower shall not engage any other packing company for its apples during the season.",
    ],
)
def test_a_duty_to_use_or_buy_only_from_the_other_party_is_exclusivity(span: str) -> None:
    assert polarity.RULES["exclusivity"].asserts(span)
    promoted = polarity.apply(span, {"exclusivity": [(0, len(span), 0.2)]})
    assert promoted.by_category["exclusivity"][0][2] >= 0.5


@pytest.mark.parametrize(
    "span",
    [
        "The Retailer is not required to use the Courier exclusively and may use other couriers.",
        "The Hospital is under no obligation to engage the Contractor exclusively for any work.",
        "Nothing in this Agreement requires Operator to buy its fuel only from Fuelco.",
        "The Grower shall not be obliged to use the Packer and shall not engage any other packing company "
        "without first asking the Packer for a quote.",
        "The Contractor shall not engage any other company to perform the Works without the Owner's consent.",
        "Licensee shall use the Software solely for its internal business purposes.",
    ],
)
def test_a_denied_or_qualified_duty_to_use_one_party_is_not_exclusivity(span: str) -> None:
    assert not polarity.RULES["exclusivity"].asserts(span)


def test_a_promise_to_offer_a_lower_price_given_to_others_is_most_favoured_nation() -> None:
    rule = polarity.RULES["most_favored_nation"]
    assert rule.asserts(
        "Should Mill sell Flour of the same grade to another bakery at a lower price, Mill shall offer that lower "
        "price to Baker for all later orders."
    )
    assert rule.asserts("Licensor shall extend to Licensee any more favourable royalty it grants to another licensee.")
    assert not rule.asserts(
        "Mill has no obligation to offer Baker any lower price that it charges another bakery for Flour."
    )
    assert not rule.asserts(
        "Mill may sell Flour to another bakery at a lower price and need not offer that lower price."
    )


@pytest.mark.parametrize(
    "span",
    [
        "9.1 The Vendor shall charge the Hospital service fees no less favourable than the fees the Vendor charges to "
        "any other hospital client for similar volumes.",
        "Should the Publisher grant a better royalty rate to another author of the series, the Publisher shall "
        "extend the same rate to the Author from that day.",
    ],
)
def test_matching_what_the_promisor_gives_others_is_most_favoured_nation(span: str) -> None:
    assert polarity.RULES["most_favored_nation"].asserts(span)


@pytest.mark.parametrize(
    "span",
    [
        "Each dealing with an Affiliate shall be on terms no less favorable than those obtainable from an "
        "unaffiliated third party.",
        "The Vendor is not required to charge fees no less favourable than the fees it charges to any other client.",
    ],
)
def test_an_arms_length_test_or_a_denied_match_is_not_most_favoured_nation(span: str) -> None:
    assert not polarity.RULES["most_favored_nation"].asserts(span)


def test_a_party_taken_over_by_a_competitor_or_another_person_is_change_of_control() -> None:
    rule = polarity.RULES["change_of_control"]
    taken_over = (
        "12.4 The Supplier may terminate this contract by written notice if the Distributor comes under the "
        "control of, or is acquired by, any manufacturer of rival goods."
    )
    assert rule.asserts(taken_over)
    relative_not = (
        "12.5 The Owner may terminate this lease on 90 days' notice if any company that is not an affiliate of the "
        "Operator on the signing date acquires control of the Operator."
    )
    assert rule.asserts(relative_not)
    denied = "12.6 The Supplier may not terminate this contract if the Distributor is acquired by another company."
    assert not rule.asserts(denied)


def test_a_change_of_control_that_is_no_ground_for_termination_is_negated() -> None:
    span = (
        "15.3 A change in the ownership of the Distributor is not a ground for termination of this contract, and the "
        "Supplier has no right to end it for that reason."
    )
    assert polarity.negates("change_of_control", span)
    asserted = "15.3 A change in the ownership of the Distributor is a ground for termination of this contract."
    assert not polarity.negates("change_of_control", asserted)


def test_ending_the_hire_for_the_other_sides_default_is_termination_for_cause() -> None:
    text = (
        "If the Customer fails to pay the rent within 10 days of the due date or commits any other default, the "
        "Lessor may end the hire at once by notice and take back the crane."
    )
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "The Customer may end the hire on the last day of any month. Default interest is 2% a month."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


def test_other_wordings_of_a_takeover_right_and_of_its_denial() -> None:
    rule = polarity.RULES["change_of_control"]
    assert rule.asserts("The Owner may end this contract by notice if the Carrier is taken over by a rival carrier.")
    assert rule.asserts("Either side may end the engagement if the other undergoes a change of ownership.")
    for denied in (
        "No party may terminate this contract by reason of a change in the control of the other.",
        "No change of ownership of the Carrier entitles the Owner to terminate this contract.",
    ):
        assert polarity.negates("change_of_control", denied)
    assert not polarity.negates(
        "change_of_control", "No party may terminate this contract except on a change in the control of the other."
    )


def test_a_genuine_pre_estimate_that_is_not_a_penalty_is_liquidated_damages() -> None:
    rule = polarity.RULES["liquidated_damages"]
    assert rule.asserts(
        polarity.readable("The parties agree that the late fee is a genuine pre-estimate of loss and not a penalty.")
    )
    assert not rule.asserts(
        polarity.readable("The parties agree that the late fee is not a genuine pre-estimate of loss.")
    )
    assert rule.asserts(
        polarity.readable("Each party accepts the storage charge as a reasonable pre-estimate of cost.")
    )
    assert not rule.asserts(
        polarity.readable("Neither party treats the storage charge as a fair pre-estimate of cost.")
    )


@pytest.mark.parametrize(
    "span",
    [
        "9.3 The Licensor may end this Agreement forthwith if a rival brewery acquires, directly or indirectly, more "
        "than forty percent (40%) of the voting rights in the Licensee.",
        "9.4 The Supplier may terminate the contract without notice if any third party acquires more than half of the "
        "shares in the Buyer.",
    ],
)
def test_a_stake_acquired_directly_or_indirectly_or_by_half_is_a_change_of_control(span: str) -> None:
    out = polarity.apply(span, {"change_of_control": [(0, len(span), 0.02)]})
    assert out.by_category["change_of_control"][0][2] >= 0.5


@pytest.mark.parametrize(
    "span",
    [
        "4.2 Throughout the agency the Agent shall not represent, directly or indirectly, lines of any manufacturer in "
        "competition with the Company.",
        "6.1 The Dealer shall not distribute or sell any goods which compete with the Tractors in the Territory.",
    ],
)
def test_a_promise_not_to_handle_competing_goods_is_a_non_compete(span: str) -> None:
    out = polarity.apply(span, {"non_compete": [(0, len(span), 0.05)]})
    assert out.by_category["non_compete"][0][2] >= 0.5


def test_a_right_to_handle_competing_goods_is_not_promoted_to_a_non_compete() -> None:
    span = "6.1 Nothing prevents the Dealer from selling goods which compete with the Tractors."
    out = polarity.apply(span, {"non_compete": [(0, len(span), 0.05)]})
    assert out.by_category["non_compete"][0][2] < 0.5


def test_a_promise_not_to_sell_the_goods_to_any_other_customer_is_exclusivity_not_a_non_compete() -> None:
    span = "3.1 While this contract lasts the Manufacturer shall not sell the Valves to any other customer in Norway."
    out = polarity.apply(span, {"exclusivity": [(0, len(span), 0.1)], "non_compete": [(0, len(span), 0.7)]})
    assert out.by_category["exclusivity"][0][2] >= 0.5
    assert out.by_category["non_compete"][0][2] < 0.5
    competing = "3.2 The Consultant shall not sell competing services to any other client of the Company in Norway."
    assert not polarity.negates("non_compete", competing)


def test_a_contract_that_does_not_grant_an_exclusive_right_is_not_exclusivity() -> None:
    span = (
        "The framework contract sets no volumes and does not grant the Maker any exclusive right to deliver the Parts."
    )
    assert polarity.negates("exclusivity", span)
    promise = "The Licensor shall not grant any other brewer an exclusive licence of the Mark in Belgium."
    assert not polarity.negates("exclusivity", promise)


def test_a_fine_or_penalty_one_party_pays_the_other_is_liquidated_damages() -> None:
    fine = (
        "8.1 A party that fails to perform any obligation shall pay the other a non-compensatory fine equal to twenty "
        "percent (20%) of the monthly fee, without prejudice to damages."
    )
    penalty = "8.2 For each day of delay the Contractor shall pay the Employer a penalty of 0.3% of the Contract Price."
    for span in (fine, penalty):
        assert polarity.RULES["liquidated_damages"].asserts(span)
    authorities = "8.3 The Contractor shall pay any fines imposed by the authorities for its own breaches of law."
    assert not polarity.RULES["liquidated_damages"].asserts(authorities)


def test_ending_the_contract_on_notice_at_the_end_of_a_calendar_month_is_convenience() -> None:
    span = "2. Either Party may terminate this Agreement with two months' notice effective at the end of a calendar quarter."
    out = polarity.apply(span, {"termination_for_convenience": [(0, len(span), 0.1)]})
    assert out.by_category["termination_for_convenience"][0][2] >= 0.5
    renewal = (
        "2. Either Party may terminate this Agreement by notice given at least two months before the end of the term."
    )
    out = polarity.apply(renewal, {"termination_for_convenience": [(0, len(renewal), 0.1)]})
    assert out.by_category["termination_for_convenience"][0][2] < 0.5


def test_no_governing_law_never_contradicts_the_governing_law_read_from_the_text() -> None:
    fired = playbook.evaluate({}, None, text="The parties sign below.", established=frozenset({"governing_law"}))
    assert "no_governing_law" not in {f.rule["id"] for f in fired}
    assert "no_governing_law" in {f.rule["id"] for f in playbook.evaluate({}, None, text="The parties sign below.")}


def test_a_contract_subject_to_a_named_law_has_no_governing_law_risk() -> None:
    text = (
        "CLEANING SERVICES CONTRACT\n\nbetween Bodensee Reinigung GmbH (the Contractor) and Vorarlberg Kliniken AG "
        "(the Client).\n\n1. The Contractor shall clean the wards daily. The Client shall pay EUR 9,000 a month.\n\n"
        "2. Either party may terminate the contract for good cause if the other breaches it and fails to remedy the "
        "breach within 14 days.\n\n3. Each party shall keep the terms of this contract confidential.\n\n"
        "4. This contract is subject to Austrian law, excluding its conflict-of-law rules.\n"
    )
    result = live.analyze(Document(text=text, title="cleaning"))
    assert result["summary"]["governingLaw"]["jurisdiction"] == "Austria"
    assert "rk_no_governing_law" not in {r["id"] for r in result["risks"]}


def test_a_price_the_other_party_is_not_entitled_to_is_no_exclusive_dealing() -> None:
    span = (
        "The rates are fixed for two years, and the Client shall not be entitled to any lower rate that the Provider "
        "offers to any other customer."
    )
    out = polarity.apply(span, {"exclusivity": [(0, len(span), 0.1)]})
    assert out.by_category["exclusivity"][0][2] < 0.5


def test_the_missing_law_risk_agrees_with_the_law_fact() -> None:
    chosen = (
        "SUPPLY CONTRACT between Alpen Tools AG, Hauptstrasse 4, Chur, Switzerland, and Drava Trade d.o.o., Ljubljana, "
        "Slovenia.\n\n1. The Supplier shall deliver the tools ordered within 20 days.\n\n"
        "2. This contract is subject to Slovenian law. Disputes go to the court in Ljubljana.\n"
    )
    result = live.analyze(Document(text=chosen, title="supply"))
    assert result["summary"]["governingLaw"]["jurisdiction"] == "Slovenia"
    assert "rk_no_governing_law" not in {r["id"] for r in result["risks"]}
    addresses_only = chosen.replace("This contract is subject to Slovenian law. ", "")
    result = live.analyze(Document(text=addresses_only, title="supply"))
    assert result["summary"]["governingLaw"] is None
    assert "rk_no_governing_law" in {r["id"] for r in result["risks"]}


def test_a_party_formed_under_a_law_is_no_choice_of_law_so_the_law_is_missing() -> None:
    formed = (
        "SPONSORSHIP AGREEMENT between Riverbend Rowing Club, a nonprofit corporation organized under the laws of "
        "Oregon, and Cascade Paddles LLC, a company registered under the laws of Washington. The Sponsor shall pay "
        "USD 4,000 a season."
    )
    rules = {f.rule["id"] for f in playbook.evaluate({}, None, text=formed)}
    assert "no_governing_law" in rules
    chosen = formed + " This agreement shall be construed and enforced under the laws of the State of Oregon."
    assert "no_governing_law" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=chosen)}


@pytest.mark.parametrize(
    "text",
    [
        "The Owner may dismiss the Gardener and end this agreement at once for gross misconduct.",
        "The Studio may end this agreement by email if a monthly fee is more than ten days overdue.",
        "If a completion notice is not complied with, the party that served it may cancel this contract.",
    ],
)
def test_ending_for_misconduct_an_overdue_fee_or_an_ignored_notice_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "Fees overdue bear interest. The Gardener shall avoid misconduct on the premises."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


@pytest.mark.parametrize(
    "span",
    [
        "Nothing in this contract restricts the Designer from working for other studios. Neither party has an exclusive "
        "relationship with the other.",
        "The Reseller does not have any exclusive right to sell the Products in the Territory.",
    ],
)
def test_saying_no_party_has_an_exclusive_relationship_negates_exclusivity(span: str) -> None:
    assert polarity.negates("exclusivity", span)
    assert not polarity.negates(
        "exclusivity", "The Reseller has an exclusive right to sell the Products in the Territory."
    )


def test_not_being_subject_to_any_non_compete_negates_it() -> None:
    span = (
        "The Adviser shall not be subject to any non-compete and may advise other firms in the same industry after the "
        "engagement ends."
    )
    assert polarity.negates("non_compete", span)
    bound = (
        "The Adviser shall not engage in any business that competes with the Firm for one year after the engagement."
    )
    assert not polarity.negates("non_compete", bound)


def test_a_promise_not_to_solicit_customers_is_non_solicitation_not_exclusivity() -> None:
    span = (
        "7.1 The Vendor shall not open a cleaning firm in the county. 7.2 For eighteen months after Completion the Vendor "
        "shall not solicit any client named in the schedule to buy cleaning services from anyone other than the Purchaser."
    )
    candidates = {"exclusivity": [(0, len(span), 0.2)], "no_solicit_of_customers": [(0, len(span), 0.1)]}
    out = polarity.apply(span, candidates)
    assert out.by_category["exclusivity"][0][2] < 0.5
    assert out.by_category["no_solicit_of_customers"][0] == (0, len(span), polarity.PROMOTED)
    no_shop = (
        "Until Completion the Vendor shall not solicit any offer for the shares from any person other than the Buyer."
    )
    assert polarity.RULES["exclusivity"].asserts(no_shop)
    assert not polarity.RULES["no_solicit_of_customers"].asserts(no_shop)
    territorial = "The Agent shall not actively solicit customers outside its region, but may accept their orders."
    assert not polarity.RULES["no_solicit_of_customers"].asserts(territorial)


def test_a_promoters_promise_not_to_endorse_another_brand_is_exclusivity() -> None:
    span = "While the campaign runs, the Ambassador shall not promote or endorse any other running shoe brand online."
    out = polarity.apply(span, {"non_compete": [(0, len(span), 0.1)]})
    assert out.by_category["exclusivity"][0] == (0, len(span), polarity.PROMOTED)
    free = "Nothing in this agreement means the Ambassador shall not promote any other brand."
    assert not polarity.RULES["exclusivity"].asserts(free)


@pytest.mark.parametrize(
    "span",
    [
        "The Buyer may bring this Supply Contract to an end at its discretion by giving one month's written notice.",
        "The Client may terminate this engagement at any time, whether or not the Consultant is in default, by giving "
        "14 days' written notice.",
        "The Principal may end the Subcontract without having to show any default by the Subcontractor, on 21 days' "
        "notice.",
    ],
)
def test_ending_at_a_partys_discretion_or_whatever_the_other_did_is_convenience(span: str) -> None:
    assert polarity.RULES["termination_for_convenience"].asserts(span)
    assert not polarity.negates("termination_for_convenience", span)
    for on_a_condition in (
        "The Buyer may bring this Supply Contract to an end if the Seller is in breach, by giving notice.",
        "In the event the Rider should retire from racing, the Sponsor may terminate this Agreement at its discretion.",
        "The Sponsor may terminate this Agreement, as it decides in its sole discretion, in the event that the Rider "
        "is charged with a crime.",
    ):
        assert not polarity.RULES["termination_for_convenience"].asserts(on_a_condition)


def test_delay_damages_at_a_rate_per_day_or_week_are_liquidated_damages() -> None:
    rule = polarity.RULES["liquidated_damages"]
    assert rule.asserts(
        "If the Works are late, the Builder shall pay delay damages of GBP 2,000 for each week of delay."
    )
    assert rule.asserts("The Contractor shall pay delay damages to the Owner of USD 900 per day until Taking-Over.")
    assert not rule.asserts("The Builder shall pay any delay damages that a court awards to the Owner.")


def test_a_right_to_terminate_in_the_sentence_after_a_takeover_is_change_of_control() -> None:
    rule = polarity.RULES["change_of_control"]
    span = (
        "The Supplier shall tell the Customer within 10 days after any person acquires control of the Supplier. The "
        "Customer may, within 30 days after that notice, terminate this Agreement by written notice."
    )
    assert rule.asserts(span)
    refused = span.replace("Customer may, within", "Customer may not, within")
    assert not rule.asserts(refused)


def test_a_customers_promise_to_engage_no_other_provider_is_not_a_non_compete() -> None:
    span = (
        "The Customer appoints the Contractor as the sole cleaner of the Premises. During the Term the Customer shall "
        "not engage any other contractor to clean the Premises."
    )
    assert polarity.negates("non_compete", span)
    rival = "During the Term the Contractor shall not engage any other contractor to compete with the Customer."
    assert not polarity.negates("non_compete", rival)


def test_ending_the_contract_when_the_other_fails_to_perform_is_termination_for_cause() -> None:
    text = "If either party fails materially to perform this Agreement, the other party may terminate it on 7 days' notice."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_change_of_control_after_which_the_agreement_simply_continues_is_no_finding() -> None:
    span = (
        "11.4 If the Publisher undergoes a change of control, this Agreement continues in full force; the Member "
        "acquires no right to terminate by reason of it."
    )
    out = polarity.apply(span, {"change_of_control": [(0, len(span), 0.7)]})
    assert out.by_category["change_of_control"][0][2] < 0.5


@pytest.mark.parametrize(
    ("category", "span"),
    [
        (
            "most_favored_nation",
            "If the Vendor offers any other school district a lower licence fee for a similar number of seats, the "
            "Vendor shall offer the same fee to the District.",
        ),
        (
            "exclusivity",
            "The Museum shall not accept sponsorship for the Exhibition from any airline, rail operator or other "
            "passenger carrier other than the Sponsor.",
        ),
    ],
)
def test_express_wording_read_from_another_category_s_candidates(category: str, span: str) -> None:
    source = "price_restrictions" if category == "most_favored_nation" else "non_compete"
    out = polarity.apply(span, {category: [], source: [(0, len(span), 0.05)]})
    assert out.by_category[category] and out.by_category[category][0][2] >= 0.5


def test_neither_party_granting_the_other_an_exclusive_right_is_no_exclusivity() -> None:
    span = (
        "The Purchaser may source the Parts from anyone. Neither party grants the other any exclusive right "
        "under this Agreement."
    )
    assert polarity.negates("exclusivity", span)
    assert not polarity.negates("exclusivity", EXCLUSIVE)


def test_a_change_of_control_that_gives_no_right_reads_through_a_company_form_with_dots() -> None:
    span = (
        "12.4 A change in the control of either party, including a sale of the Customer's shares by Noordkade "
        "Beheer B.V., does not give the other party any right to terminate this Agreement."
    )
    assert polarity.negates("change_of_control", span)


def test_a_promise_not_to_employ_or_engage_the_contractors_staff_is_no_non_compete() -> None:
    span = (
        "9.1 The Customer shall not, during this Contract and for six months after it ends, hire or engage, any "
        "individual who was employed by the Contractor in providing the Services."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates("non_compete", NON_COMPETE)


def test_a_duty_to_offer_a_lower_price_given_to_another_reseller_far_into_the_sentence_is_mfn() -> None:
    span = (
        "If at any time the Manufacturer sells any Unit to any other reseller in the Territory at a net price "
        "lower than the net price then payable by the Reseller for the same Unit in comparable volumes and on "
        "comparable payment terms, the Manufacturer shall promptly notify the Reseller and shall offer the "
        "Reseller the same lower price for all orders placed while that price applies."
    )
    assert polarity.RULES["most_favored_nation"].asserts(polarity.readable(span))


@pytest.mark.parametrize(
    ("category", "span"),
    [
        (  # a promise not to appoint anyone else is exclusivity, not a restraint on the appointee competing
            "non_compete",
            "While this Agreement lasts the Supplier shall not appoint another reseller for the Goods in Quebec.",
        ),
        (  # a party left free to give others better terms
            "most_favored_nation",
            "Preferred Pricing. Vendor may offer other dealers discounts or prices lower than those in this Agreement, "
            "and Dealer is not entitled to claim them.",
        ),
    ],
)
def test_wordings_that_are_not_their_category(category: str, span: str) -> None:
    assert polarity.negates(category, span)


def test_a_ceiling_at_the_lowest_price_charged_to_others_is_most_favoured() -> None:
    span = (
        "Vendor shall not charge Buyer hourly fees greater than the lowest fees it charges any other public-sector "
        "client for similar work."
    )
    assert polarity.RULES["most_favored_nation"].asserts(span)
    assert not polarity.RULES["most_favored_nation"].asserts("Vendor shall not charge Buyer any fee for support.")


def test_a_ban_on_appointing_others_gives_way_to_the_real_restraint_on_competing() -> None:
    ban = "The Supplier shall not appoint any other reseller in the Region while this Agreement lasts."
    restraint = "The Reseller shall not market or sell any garden furniture that competes with the Supplier's range."
    text = f"{ban} {restraint}"
    second = len(ban) + 1
    scored = {"non_compete": [(0, len(ban), 0.6), (second, len(text), 0.2)]}
    ranked = polarity.apply(text, scored).by_category["non_compete"]
    assert ranked[0][:2] == (second, len(text)) and ranked[0][2] >= 0.5


def test_control_gained_then_a_right_to_cancel_or_buy_out_is_change_of_control() -> None:
    rule = polarity.RULES["change_of_control"]
    cancel = (
        "7.3 If any person obtains control of the Customer, the Customer shall tell the Lender at once, and the Lender "
        "may, on not less than five days' notice, cancel the Commitment and demand repayment."
    )
    assert rule.asserts(cancel)
    buy_out = (
        "9.4 If a Member undergoes a change of control, the remaining Member may, within sixty days after it learns of "
        "it, require that Member to transfer its whole holding at market value."
    )
    assert rule.asserts(buy_out)
    ground = (
        "11.2 Either side may end this Agreement for serious cause with immediate effect. Serious cause exists for "
        "the Owner where the User does not pay for two months or where a rival of the Owner acquires control of the User."
    )
    assert rule.asserts(ground)
    no_ground = "11.2 Serious cause does not exist where a rival of the Owner acquires control of the User."
    assert not rule.asserts(no_ground)
    denied = "7.3 If any person obtains control of the Customer, the Lender may not cancel the Commitment."
    assert not rule.asserts(denied)


def test_a_change_of_ownership_that_by_itself_accelerates_nothing_is_negated() -> None:
    span = (
        "Change in Ownership. A merger of the Issuer or any change in the control of the Issuer shall not, by "
        "itself, accelerate the Bonds or give any holder a right to early repayment."
    )
    assert polarity.negates("change_of_control", span)


def test_a_revenue_share_no_less_favourable_than_other_partners_is_most_favoured() -> None:
    span = (
        "4.2 The Reseller covenants that the commission it pays the Agent on each sale shall be no less favourable "
        "than the commission it pays to any other agent selling in the region."
    )
    out = polarity.apply(span, {"most_favored_nation": [(0, len(span), 0.1)]})
    assert out.by_category["most_favored_nation"][0] == (0, len(span), polarity.PROMOTED)


def test_no_named_party_shall_solicit_employees_is_a_non_solicitation() -> None:
    span = "8.2 For a year after the sale no Vendor shall solicit or lure away any employee of the Target."
    out = polarity.apply(span, {"no_solicit_of_employees": [(0, len(span), 0.05)]})
    assert out.by_category["no_solicit_of_employees"][0] == (0, len(span), polarity.PROMOTED)


def test_a_covenant_for_a_period_and_a_territory_is_a_non_compete() -> None:
    span = (
        "7. The Vendor shall therefore not, for three years after Completion, produce or market garden furniture in "
        "Ireland or Northern Ireland."
    )
    out = polarity.apply(span, {"non_compete": [(0, len(span), 0.05)]})
    assert out.by_category["non_compete"][0] == (0, len(span), polarity.PROMOTED)
    free = "7. Nothing prevents the Vendor, for three years after Completion, from selling furniture in Ireland."
    out = polarity.apply(free, {"non_compete": [(0, len(free), 0.05)]})
    assert out.by_category["non_compete"][0][2] < 0.5


def test_a_promise_not_to_dispose_of_rights_in_the_work_to_others_is_no_non_compete() -> None:
    span = (
        "Reservation. While the Option runs the Composer shall not sell, license or pledge any stage right in the "
        "Score to any other producer, and shall not negotiate with anyone for it."
    )
    assert polarity.negates("non_compete", span)
    compete = "The Composer shall not write or sell any score that competes with the Score during the Term."
    assert not polarity.negates("non_compete", compete)


def test_a_contract_that_says_it_is_not_confidential_has_no_confidentiality() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_confidentiality" in ids(
        "9. Publicity. The terms of this deed are not confidential; either side may publish them."
    )
    assert "no_confidentiality" not in ids(
        "9. The terms of this deed are confidential and neither side may publish them."
    )


def test_summary_dismissal_and_re_entry_are_termination_for_cause() -> None:
    employment = (
        "8.3 The Employer may dismiss the Employee summarily and without pay in lieu if the Employee is guilty of "
        "serious misconduct or commits a repeated breach of this contract."
    )
    lease = (
        "9. Forfeiture. The Landlord may re-enter the Property, whereupon the tenancy ends, if the Tenant breaches "
        "a covenant and has not remedied the breach within 28 days after written notice."
    )
    for text in (employment, lease):
        assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    dispute = "The tribunal may dismiss a claim brought in breach of this clause."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=dispute)}


def test_no_duty_to_deal_exclusively_negates_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    span = (
        "3.1 The Distributor may carry competing brands and is not obliged to buy the Goods exclusively from the "
        "Manufacturer."
    )
    assert rule.negates(span)
    assert not rule.negates("3.1 The Distributor shall buy the Goods exclusively from the Manufacturer.")


def test_a_requirements_contract_stated_as_a_percentage_or_as_no_other_source_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "The Retailer shall buy from Vendor one hundred percent (100%) of its requirements for bottles."
    )
    assert rule.asserts(
        "The Operator shall not purchase the filters, or filters of the same size and rating, from any other source."
    )
    assert not rule.asserts("The Retailer is not required to buy any part of its requirements for bottles from Vendor.")


def test_a_franchisor_that_will_neither_operate_nor_license_others_in_an_area_grants_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "During the Term, the Licensor will not itself run, or license any other person to run, a bakery under the "
        "Marks in the Territory."
    )


def test_a_party_that_may_stock_and_sell_rival_goods_is_free_to_compete() -> None:
    span = "The Stockist may carry, display and sell pumps of other makers, including makers that compete with Brand."
    assert polarity.negates("non_compete", span)
    assert not polarity.negates("non_compete", "The Stockist may not carry or sell pumps of makers that compete.")


def test_a_change_in_who_owns_a_party_that_needs_no_consent_is_no_change_of_control_risk() -> None:
    for span in (
        "7.4 A change in the shareholders of the Carrier, or its merger with another company, requires no consent "
        "of the Shipper and entitles neither party to terminate.",
        "7.5 A transfer of units in the Buyer, or a change in the persons who control the Buyer, requires no consent "
        "and gives the Seller no right to terminate this contract.",
    ):
        assert polarity.negates("change_of_control", span)
    assert not polarity.negates(
        "change_of_control",
        "7.6 A change in the shareholders of the Carrier requires the prior consent of the Shipper.",
    )


def test_a_promise_to_store_nowhere_else_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "4.1 The Grower shall store at the Terminal, and shall not store at any other grain terminal in the region, "
        "all the barley it sells for export."
    )
    assert not rule.asserts("4.2 The Grower shall not store fuel or chemicals in the grain sheds.")


def test_a_partys_right_restated_by_an_amendment_to_withdraw_for_any_reason_is_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    kept = (
        "5. Exit. The Clinic's right under Section 12.3 of the Network Agreement to withdraw from the Network for any "
        "reason on ninety (90) days' written notice continues to apply."
    )
    removed = (
        "5. Exit. The Clinic's right under Section 12.3 of the Network Agreement to withdraw from the Network for any "
        "reason on ninety (90) days' written notice is deleted."
    )
    assert rule.asserts(polarity.readable(kept))
    assert not rule.asserts(polarity.readable(removed))


def test_none_of_the_parties_may_terminate_for_convenience_denies_the_right() -> None:
    span = "6.4 None of the parties may end this Agreement early, and none of the parties may terminate it for convenience."
    rule = polarity.RULES["termination_for_convenience"]
    assert polarity.negates("termination_for_convenience", span)
    assert not rule.asserts(span)
    assert rule.asserts("6.4 The Sponsor may terminate this Agreement for convenience on sixty days' notice.")


def test_a_performer_who_may_record_for_no_one_else_is_exclusive() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts("4.1 For two years the Singer shall not record for any person other than the Company.")
    assert rule.asserts("During the Term the Model must not render modelling services for anyone else.")
    assert rule.asserts("The Host shall not, during the Season, present for any other broadcaster.")
    assert not rule.asserts("The Singer may record for any person other than the Company after the Term.")


def test_a_grant_that_sells_and_assigns_rights_is_an_ip_assignment() -> None:
    rule = polarity.RULES["ip_ownership_assignment"]
    assert rule.asserts(
        "On payment the Author hereby sells, grants and assigns to the Studio all television rights in the Novel."
    )
    assert not rule.asserts("The Author hereby grants the Studio a licence to read the Novel aloud on the radio.")


def test_neither_party_shall_actively_solicit_for_employment_is_a_no_solicit() -> None:
    rule = polarity.RULES["no_solicit_of_employees"]
    assert rule.asserts(
        "Neither party shall, for a year after the tour ends, actively solicit for employment any member of the other "
        "party's road crew."
    )
    assert rule.asserts("Neither Club shall directly or indirectly recruit any coaching staff of the other Club.")


def test_a_radius_clause_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "The Band shall not play, or announce a show, at any club within eighty (80) miles of Leeds in May 2026."
    )
    assert rule.asserts("The Tenant shall not open another salon within five kilometres of the Premises.")
    assert not rule.asserts("The Caterer shall deliver the meals to any venue within forty miles of the office.")
    assert not rule.asserts("The Promoter shall not provide parking within two miles of the stadium.")


def test_an_except_in_a_warranty_sentence_beside_a_plain_cap_leaves_nothing_uncapped() -> None:
    span = (
        "Except for the promises in clause 3, the Plug-in is supplied as it stands. The total liability of the "
        "Publisher under these terms shall not exceed fifty pounds (GBP 50)."
    )
    assert polarity.negates("uncapped_liability", span)
    carved = "The total liability of the Publisher shall not exceed GBP 50, except for liability for fraud."
    assert not polarity.negates("uncapped_liability", carved)
    headed = "LIMITS OF LIABILITY. EXCEPT FOR A BREACH OF SECTION 7, NEITHER PARTY IS RESPONSIBLE FOR INDIRECT HARM."
    assert not polarity.negates("uncapped_liability", headed)  # the heading names the sentence's topic


def test_a_ban_on_hiring_the_other_partys_employees_is_no_restraint_on_competing() -> None:
    span = (
        "For one (1) year after completion, neither Party shall recruit or engage, whether directly or through an "
        "agency, any employee of the other Party who worked on the Project."
    )
    assert polarity.negates("non_compete", span)


def test_extending_that_lower_price_to_the_buyer_is_most_favoured_pricing() -> None:
    span = "If the Vendor gives a lower rate to another retailer, it shall pass that rate on to the Retailer."
    out = polarity.apply(span, {"most_favored_nation": [(0, len(span), 0.2)]})
    assert out.by_category["most_favored_nation"][0] == (0, len(span), polarity.PROMOTED)


def test_a_clause_that_denies_any_duty_of_confidentiality_is_no_confidentiality() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_confidentiality" in ids("4. No Confidentiality\n\nSubmissions will be published.")
    assert "no_confidentiality" in ids("Neither party owes the other any duty of confidentiality in the drafts.")
    assert "no_confidentiality" not in ids("Each party shall keep the drafts confidential.")


def test_ending_a_defined_engagement_on_the_others_breach_is_termination_for_cause() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_termination_for_cause" not in ids(
        "Either party may end the Trial at once by notice if the other party materially breaches these terms."
    )
    assert "no_termination_for_cause" in ids("The Trial runs for six weeks and then ends.")


# holdout 40's forms: a cap taken away in other words than "does not apply" or "unlimited"
@pytest.mark.parametrize(
    "span",
    [
        "12.2 Clause 12.1 has no application to a party's liability under the data protection clause or for wilful "
        "default.",
        "12.2 The cap in clause 12.1 is lifted for losses caused by the Operator's breach of the safety rules.",
        "12.2 For losses caused by fraud or wilful default, no financial limit of any kind applies.",
        "12.2 There is no dollar limit on the liability of either party for the claims listed in this clause 12.2.",
    ],
)
def test_apply_promotes_a_cap_taken_away_in_other_words(span: str) -> None:
    out = polarity.apply(span, {"uncapped_liability": [(0, len(span), 0.2)]})
    assert out.by_category["uncapped_liability"][0] == (0, len(span), polarity.PROMOTED)


# holdout 40's forms: exclusivity given as a sole right, a sole broker, "no other provider", all work placed with one
@pytest.mark.parametrize(
    "span",
    [
        "3.1 The Trust appoints the Firm as its exclusive facilities contractor for all of the Trust's sites.",
        "3.1 The Council grants the Operator the sole right to run the market stalls in the town square.",
        "3.1 While this Agreement lasts the Hotel shall engage no other laundry provider for its bed linen.",
        "3.1 The Hotel shall place all linen cleaning work for its three sites with the Laundry.",
        "3.1 The Landowner shall not permit any other parking operator to sell tickets on the Land.",
        "3.1 The Shipper shall not instruct any other broker to charter vessels for its cargoes.",
    ],
)
def test_apply_promotes_exclusivity_in_a_service_contracts_words(span: str) -> None:
    out = polarity.apply(span, {"exclusivity": [(0, len(span), 0.2)]})
    assert out.by_category["exclusivity"][0] == (0, len(span), polarity.PROMOTED)


@pytest.mark.parametrize(
    "span",
    [
        "3.1 The Customer has the sole right to decide the cleaning schedule.",
        "3.1 The Hotel may engage other laundry providers for its table linen.",
        "3.1 The Contractor shall not engage any other provider to perform the Services without consent.",
        "3.1 The Studio grants the Client a royalty-free, non- exclusive perpetual licence to use the drawings.",
    ],
)
def test_no_exclusivity_is_read_into_a_sole_decision_or_other_providers_allowed(span: str) -> None:
    out = polarity.apply(span, {"exclusivity": [(0, len(span), 0.2)]})
    assert out.by_category["exclusivity"][0][2] < 0.5


@pytest.mark.parametrize(
    "span",
    [
        "6.4 For a year after the last shift, the Hotel shall not hire any porter whom the Agency placed at the Hotel.",
        "6.4 The Site Owner shall not, directly or indirectly, solicit any workers supplied under this Agreement.",
    ],
)
def test_apply_promotes_a_ban_on_hiring_the_workers_a_contractor_placed(span: str) -> None:
    out = polarity.apply(span, {"no_solicit_of_employees": [(0, len(span), 0.2)]})
    assert out.by_category["no_solicit_of_employees"][0] == (0, len(span), polarity.PROMOTED)


def test_a_promise_to_keep_other_traders_out_is_no_non_compete() -> None:
    span = (
        "4.2 The Hospital grants the Florist the sole right to run a flower stall in the main hall, and the Hospital "
        "shall not allow any other florist to sell cut flowers in the building."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates(
        "non_compete", "4.2 The Florist shall not sell cut flowers within one mile of the Hospital."
    )


def test_a_change_of_control_that_gives_neither_party_a_right_is_no_risk() -> None:
    span = (
        "An acquisition of, or other change of control of, the Publisher gives neither party any right to end "
        "this Agreement or to alter its terms."
    )
    assert polarity.negates("change_of_control", span)


def test_an_amendment_that_deletes_a_convenience_right_is_no_risk() -> None:
    span = (
        "Clause 12.2 of the Agreement, which permitted the Funder to terminate it on ninety (90) days' notice "
        "without cause, is hereby deleted."
    )
    assert polarity.negates("termination_for_convenience", span)
    kept = "The Funder may terminate this Agreement on ninety (90) days' notice without cause."
    assert not polarity.negates("termination_for_convenience", kept)


def test_a_right_to_terminate_when_a_party_leaves_its_group_is_change_of_control() -> None:
    rule = polarity.RULES["change_of_control"]
    assert rule.asserts(
        "11.3 The Lender may terminate this Facility at once if the Borrower ceases to be directly or indirectly "
        "controlled by Ashgrove Group plc."
    )
    assert rule.asserts(
        "The Owner may terminate this Agreement by notice if the Operator ceases to be a wholly-owned subsidiary of "
        "its present parent."
    )
    assert not rule.asserts("The Operator ceases to be bound by clause 4 when this Agreement ends.")


def test_a_term_that_simply_runs_until_a_party_leaves_its_group_is_no_change_of_control_right() -> None:
    assert not polarity.RULES["change_of_control"].asserts(
        "This Agreement shall terminate on the later of its fifth anniversary or the date on which the Distributor ceases "
        "to be a subsidiary of the Manufacturer."
    )


def test_ending_the_agreement_when_the_agent_fails_to_remit_takings_is_termination_for_cause() -> None:
    text = (
        "The Principal may end this Agreement at once by notice if the Agent fails to remit the box-office takings "
        "on the due date."
    )
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_promise_not_to_give_others_a_lower_rate_is_most_favoured_terms() -> None:
    rule = polarity.RULES["most_favored_nation"]
    parity = (
        "The Lodge shall not offer to any other ski club or booking platform, for the same chalets and weeks, a "
        "nightly rate lower than the rate agreed with the Club."
    )
    assert rule.asserts(parity)
    assert rule.asserts("The Mill will not grant another baker a better price than the price charged to the Bakery.")
    assert not rule.asserts("The Lodge may offer any other ski club a lower nightly rate than the Club's.")


def test_buying_from_one_party_and_from_no_other_distributor_is_exclusivity() -> None:
    span = (
        "For the whole Term the Café shall take its milk from the Dairy, and shall not buy milk for the Café from any "
        "other distributor or grower, except for oat milk the Dairy does not carry."
    )
    assert polarity.RULES["exclusivity"].asserts(span)


@pytest.mark.parametrize(
    "text",
    [
        "We may end it straight away if your direct debit is more than 14 days in arrears.",
        "The Clinic may end the placement at once if the trainee seriously breaches the clinic's safety rules.",
        "Either of us may end your membership immediately if the other commits a material breach of these terms.",
    ],
)
def test_ending_it_or_a_membership_or_placement_for_a_breach_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "We may end the class early if the instructor is unwell."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


def test_a_change_of_control_listed_under_the_events_of_default_is_promoted() -> None:
    text = (
        "9. Defaults\n\nThe Bank may cancel the Facility if any of the following occurs:\n\n"
        "(i) the Customer does not pay a sum on its due date;\n\n"
        "(ii) the Customer becomes insolvent; or\n\n"
        "(iii) a change of control of the Customer takes place.\n\n10. Notices\n\nNotices are given in writing."
    )
    item = text.index("(iii)")
    item_end = text.index("\n\n10.")
    out = polarity.apply(text, {"change_of_control": [(item, item_end, 0.12)]})
    assert out.by_category["change_of_control"][0][2] >= 0.5
    # the same item in a list of the Customer's undertakings states no consequence
    undertakings = text.replace(
        "The Bank may cancel the Facility if any of the following occurs:", "The Customer shall:"
    )
    item = undertakings.index("(iii)")
    out = polarity.apply(undertakings, {"change_of_control": [(item, undertakings.index("\n\n10."), 0.12)]})
    assert out.by_category["change_of_control"][0][2] < 0.5
    inline = "A change of control of the Customer shall constitute an Event of Default."
    assert polarity.RULES["change_of_control"].asserts(inline)


def test_an_agreement_that_does_not_restrict_a_party_from_engaging_in_any_business_is_no_non_compete() -> None:
    span = (
        "Freedom to Operate. This Agreement does not restrict either Member from carrying on any business, even one "
        "that competes with the joint venture."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates(
        "non_compete", "Each Member shall not carry on any business that competes with the joint venture."
    )


def test_a_heading_about_something_else_is_no_confidentiality_clause() -> None:
    text = "7. Financial Information.\n\nThe Guarantor shall send its annual accounts to the Lender each year."
    heading = (0, text.index("\n\n"))
    out = polarity.apply(text, {"confidentiality": [(*heading, 0.7)]})
    assert out.by_category["confidentiality"][0][2] < 0.5
    secrecy = "Each party shall keep the terms of this Agreement secret."
    out = polarity.apply(secrecy, {"confidentiality": [(0, len(secrecy), 0.7)]})
    assert out.by_category["confidentiality"][0][2] == 0.7


def test_excluding_a_member_from_a_pool_for_a_breach_is_termination_for_cause() -> None:
    text = (
        "The Organiser may exclude a Member with immediate effect where that Member breaches the pool rules or does "
        "not pay its contribution."
    )
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    waiver = "Nothing in this Agreement shall exclude any Liability of a party for breach of contract."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=waiver)}


def test_an_exclusive_appointment_with_a_promise_after_it_is_exclusivity() -> None:
    # the "not" after the appointment adds to it; it does not deny it
    span = (
        "2.1 The Fund appoints the Firm as its sole and exclusive investment administrator, and the Fund shall not "
        "retain anyone else for that work while this Agreement lasts."
    )
    assert _promoted("exclusivity", span)
    assert not _promoted("exclusivity", "2.1 The Fund does not appoint the Firm as its exclusive administrator.")


def test_placing_business_with_no_other_insurer_is_exclusivity() -> None:
    span = "4.2 The Agent shall not place any policy of the Scheme with any other insurer during the Term."
    assert _promoted("exclusivity", span)


def test_a_charge_no_greater_than_the_lowest_charged_to_others_is_most_favoured_pricing() -> None:
    for span in (
        "7.1 The Servicer shall bill the Lender a rate per loan no greater than the lowest rate it bills any other "
        "lender for loans of the same type.",
        "7.2 The Servicer shall reduce the Lender's rate to match any lower rate it grants to another lender.",
    ):
        assert _promoted("most_favored_nation", span)


def test_termination_on_notice_for_any_reason_recalled_as_a_noun_is_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    kept = (
        "Clause 12 of the Framework Agreement (termination by the Council on sixty days' notice for any reason, and "
        "termination by either party for a breach not cured within twenty days) still applies."
    )
    assert rule.asserts(kept)
    deleted = (
        "Clause 12 of the Framework Agreement (termination by the Council on sixty days' notice for any reason) is "
        "deleted."
    )
    assert not rule.asserts(deleted)


def test_withdrawal_at_will_that_ends_the_agreement_is_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    span = (
        "Either participant may withdraw from the conciliation at any time, without giving a reason, by telling the "
        "Conciliator. Withdrawal ends this agreement, except the clauses on fees."
    )
    assert rule.asserts(span)
    assert not rule.asserts(
        "Either participant may withdraw from the conciliation at any time, without giving a reason."
    )


def test_a_merger_that_gives_the_other_party_no_right_to_terminate_negates_change_of_control() -> None:
    span = (
        "Changes at the practice. A merger of the Practice with another dental group, or a change of its senior "
        "partner, gives the Supplier no right to terminate this Agreement."
    )
    assert polarity.RULES["change_of_control"].negates(span)


def test_a_right_to_terminate_with_or_without_cause_is_termination_for_cause() -> None:
    text = "The Studio may terminate this Agreement at any time by written notice, with or without cause."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_member_ending_its_participation_for_a_breach_is_termination_for_cause() -> None:
    text = (
        "A Member may end its participation in this Agreement on written notice if another Member persistently "
        "breaches clause 5 and does not remedy the breach within 10 days."
    )
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_duty_not_to_share_the_data_protects_it() -> None:
    def ids(text: str) -> set[str]:
        return {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert "no_confidentiality" not in ids("The Vendor shall not sell or share Member Personal Data with anyone.")
    assert "no_confidentiality" not in ids("The Bureau must not share the survey information outside its team.")
    assert "no_confidentiality" in ids("The Vendor shall not share the cost of the audit.")


def test_a_privacy_duty_not_to_sell_personal_data_is_no_exclusivity() -> None:
    span = (
        "The Vendor shall not sell Member Personal Data, and shall not merge it with data it buys from any other "
        "person."
    )
    assert not polarity.RULES["exclusivity"].asserts(span)
    assert polarity.RULES["exclusivity"].asserts("The Vendor shall not sell the Kits to any other person.")


def test_liability_to_each_other_without_limitation_is_uncapped() -> None:
    span = "Both parties are liable to one another without limitation for wilful misconduct and fraud."
    assert polarity.RULES["uncapped_liability"].asserts(span)
    assert not polarity.RULES["uncapped_liability"].asserts(
        "The Vendor is liable to the Buyer for all losses, including without limitation legal costs, up to EUR 5,000."
    )


def test_better_terms_to_another_then_the_same_price_to_this_party_is_most_favoured() -> None:
    span = (
        "If the Lab gives any other hospital comparable tests at a lower price or on better terms than these, the "
        "Lab shall promptly extend the same price or terms to the Clinic."
    )
    assert polarity.RULES["most_favored_nation"].asserts(span)
    assert not polarity.RULES["most_favored_nation"].asserts(
        "If the Clinic orders fewer tests than another hospital at a lower volume tier, the Lab shall apply the "
        "tier's price to the Clinic."
    )


def test_a_change_of_control_denied_in_the_next_sentence_is_no_consequence() -> None:
    rule = polarity.RULES["change_of_control"]
    span = (
        "11.3 A change of control of a Participant is not an assignment for the purposes of this Clause 11. It "
        "needs no approval of the other Participants and gives them no right to terminate or to buy its share."
    )
    assert rule.negates(span)
    right = (
        "11.3 A change of control of a Participant is not an assignment for the purposes of this Clause 11. The "
        "other Participants may terminate this Agreement as to that Participant on thirty days' notice."
    )
    assert not rule.negates(right)


def test_a_radius_clause_with_its_period_set_off_by_commas_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "The Stallholder must not, while this licence lasts, open or run any stall selling cheese within two miles "
        "of the Market Hall."
    )
    assert not rule.asserts("The Stallholder must not, while this licence lasts, park within two miles of the Hall.")


@pytest.mark.parametrize(
    "span",
    [
        "4.2 While the Dealer meets its quotas, the Maker will not build or run, or grant anyone else a franchise to "
        "run, a showroom for the Vehicles in the Dealer's Zone.",
        "The appointment covers schools only: for the Term the Publisher shall not appoint another reseller, or itself "
        "sell the Titles, to any school in the Region.",
    ],
)
def test_a_grantors_promise_to_appoint_or_franchise_no_one_else_is_exclusivity_not_a_non_compete(span: str) -> None:
    assert polarity.negates("non_compete", span)
    assert _promoted("exclusivity", span)


def test_a_grantors_promise_that_also_bars_competing_goods_stays_a_non_compete() -> None:
    span = "The Maker shall not appoint another dealer, or itself sell competing vehicles, in the Zone."
    assert not polarity.negates("non_compete", span)


def test_a_promise_to_handle_nothing_but_the_contracts_own_goods_or_business_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "For the Term the Stockist shall not stock in the Region any kettle made by a maker other than Brand."
    )
    assert rule.asserts(
        "The Licensee shall not, while the licence runs, be engaged or interested in any tea room business in Wales "
        "other than the Licensed Tea Room."
    )
    assert not rule.asserts(
        "The Stockist shall not sell any kettle to any person other than Brand."
    )  # deals only with it


def test_a_grant_of_no_other_right_under_a_confidentiality_clause_is_no_exclusivity() -> None:
    span = "The Receiver shall use the Confidential Information only to perform this Contract; its disclosure shall not grant any other right."
    assert not polarity.RULES["exclusivity"].asserts(span)


def test_a_medium_refusing_sponsors_of_a_rival_brand_is_exclusivity() -> None:
    span = "The Broadcaster will not accept sponsorship of the Show from any other tyre brand during the Season."
    assert _promoted("exclusivity", span)


def test_rates_no_less_favourable_than_those_obtained_for_any_other_client_is_mfn() -> None:
    span = (
        "The Broker shall ensure that the freight rates it secures for the Shipper are no less favourable than the "
        "rates it secures for any other client for similar cargo."
    )
    assert _promoted("most_favored_nation", span)


def test_a_change_of_owners_that_gives_no_right_to_terminate_or_require_consent_is_no_change_of_control() -> None:
    span = (
        "A change in the persons who own or control the Seller gives the Buyer no right to end this Contract or to "
        "require its consent to anything."
    )
    assert not polarity.RULES["change_of_control"].asserts(span)


def test_no_party_named_by_its_role_may_terminate_for_convenience_is_no_convenience_right() -> None:
    span = "6.2 No Participating Company may terminate this Agreement for convenience during a Contract Year."
    rule = polarity.RULES["termination_for_convenience"]
    assert polarity.negates("termination_for_convenience", span)
    assert not rule.asserts(span)
    assert rule.asserts("6.2 The Lead Company may terminate this Agreement for convenience on sixty days' notice.")


def test_a_withdrawal_on_not_less_than_a_notice_period_for_any_reason_that_ends_the_agreement_is_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    span = (
        "A Member may withdraw from the Alliance for any reason on not less than sixty days' written notice. "
        "Withdrawal ends this Agreement as regards that Member."
    )
    assert rule.asserts(span)
    assert not rule.asserts(span.replace("A Member may withdraw", "A Member may not withdraw"))


@pytest.mark.parametrize(
    "span",
    [
        "Each Subcontractor shall work exclusively with the Lead Bidder on the Tender and with no other bidder.",
        "While a wagon is leased to the Pool, its owner shall not hire it out other than through the Pool Operator.",
    ],
)
def test_working_only_with_one_party_or_trading_only_through_it_is_exclusivity(span: str) -> None:
    assert polarity.RULES["exclusivity"].asserts(span)


def test_working_with_a_party_or_trading_through_it_without_more_is_no_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert not rule.asserts("Each Subcontractor shall work closely with the Lead Bidder on the Tender.")
    assert not rule.asserts("The owner may hire out a wagon through the Pool Operator or directly.")


def test_protecting_the_proprietary_information_received_is_confidentiality() -> None:
    text = "Each member shall safeguard the proprietary information it receives from the others and use it only here."
    assert "no_confidentiality" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "Each member shall mark its proprietary tools with its own name."
    assert "no_confidentiality" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


@pytest.mark.parametrize(
    "text",
    [
        "The Operator may remove a wagon from the pool if its owner fails to remedy a serious breach within 14 days.",
        "A Partner may be removed only under clause 9.2 (an uncured breach) or clause 9.3 (insolvency).",
    ],
)
def test_removing_a_member_for_breach_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_removing_things_or_a_member_for_no_cause_is_no_termination_for_cause() -> None:
    for text in (
        "The Supplier shall remove its equipment from the site within 10 days and repair any damage caused.",
        "A Partner may be removed by a vote of the other Partners at any meeting.",
    ):
        assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_being_paid_only_through_a_party_is_no_exclusivity() -> None:
    span = "The Investigator shall not accept any fee from the Funder for the Trial other than through the Hospital."
    assert not polarity.RULES["exclusivity"].asserts(span)


def test_neither_side_having_an_exclusive_arrangement_is_no_exclusivity() -> None:
    span = (
        "The Club may hire other caterers and the Caterer may serve other clubs. Neither side has an exclusive right."
    )
    assert polarity.negates("exclusivity", span)


def test_a_limitation_another_clause_disapplies_is_a_limitation_of_liability() -> None:
    text = "(c) The limitation in Clause 12.4(b) shall not apply to a breach of Clause 8, for which liability is unlimited."
    assert "no_limitation_of_liability" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_statement_that_neither_partys_liability_is_capped_is_no_limitation_of_liability() -> None:
    text = "C4. Liability: Neither party's liability to the other under this contract is capped or limited in amount."
    assert "no_limitation_of_liability" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    capped = "C4. Liability: Each party's liability to the other under this contract is capped at the fees paid."
    assert "no_limitation_of_liability" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=capped)}


@pytest.mark.parametrize(
    "text",
    [
        "If the Buyer fails to open the letter of credit by the agreed day, the Seller may cancel this contract.",
        "If the Deposit is not paid within three banking days, the Owners may cancel this charter.",
    ],
)
def test_a_right_to_cancel_on_the_other_partys_failure_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_contract_that_ends_by_itself_when_a_condition_fails_gives_no_right_for_cause() -> None:
    text = (
        "If the Issuer fails to sell the Notes by 30 June, this Agreement shall terminate and the escrow is returned."
    )
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    ended = "If we fail to fit the boiler by 1 March for reasons within our control, you may end this agreement."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=ended)}


def test_a_ban_on_engaging_the_other_party_s_people_with_an_aside_is_no_non_compete() -> None:
    span = (
        "For eighteen (18) months after this Agreement ends, the Publisher shall not solicit for employment or "
        "engage, directly or through a recruiter, any illustrator who is or was employed by the Studio."
    )
    assert polarity.negates("non_compete", span)


def test_a_cap_clause_said_not_to_limit_a_liability_or_liabilities_called_uncapped_are_uncapped() -> None:
    for span in (
        "8.3 Clause 8.1 does not limit the Supplier's liability under the indemnity in Clause 11.",
        "8.3 The cap in Clause 8.1 covers all other claims; claims for breach of Clause 6 (Data Protection) are uncapped.",
    ):
        assert _promoted("uncapped_liability", span), span
    assert not _promoted(
        "uncapped_liability", "8.3 Clause 8.1 does not limit the time within which a claim may be made."
    )


def test_a_performer_barred_from_working_for_another_brand_of_the_kind_is_exclusive() -> None:
    span = (
        "Until 31 March 2028 the Presenter shall not perform presenting services for any other sportswear brand "
        "anywhere in the world."
    )
    assert _promoted("exclusivity", span)


def test_a_licensee_entitled_to_a_lower_royalty_granted_to_another_licensee_is_most_favoured() -> None:
    span = (
        "7.4 Where the Owner grants another licensee of the Design a royalty lower than five per cent (5%), the "
        "Licensee is entitled to that lower royalty for every later quarter."
    )
    assert _promoted("most_favored_nation", span)
    refused = (
        "7.4 Where the Owner grants another licensee of the Design a royalty lower than five per cent (5%), the "
        "Licensee is not entitled to that lower royalty."
    )
    assert not _promoted("most_favored_nation", refused)


def test_a_cap_made_subject_to_a_clause_that_only_excludes_kinds_of_loss_leaves_nothing_uncapped() -> None:
    cap = (
        "10.1 Subject to clause 10.2, the Contractor's total liability under this Agreement shall not exceed the fees "
        "paid in the twelve months before the claim."
    )
    exclusion = " 10.2 In no event shall either party be liable for loss of revenue or any indirect loss."
    assert polarity.negates("uncapped_liability", cap + exclusion)
    # the clause it is subject to is not in the span: it may lift the cap, so the marker still counts
    other = cap.replace("clause 10.2", "clause 10.3")
    assert not polarity.negates("uncapped_liability", other + exclusion)


def test_selling_only_through_the_other_party_or_keeping_rival_machines_off_a_site_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "During the Term the Retailer shall sell prepaid travel cards at its branches exclusively through the Issuer "
        "and shall not stock any card of another issuer."
    )
    assert not rule.asserts("The Retailer shall not sell prepaid travel cards exclusively through the Issuer.")
    assert rule.asserts(
        "The Landlord must not permit any vending machine or coffee kiosk other than the Machines to be placed in the "
        "Building."
    )
    assert not rule.asserts(
        "The Landlord may permit vending machines other than the Machines to be placed in the lobby."
    )


def test_a_liability_capped_under_a_numbered_clause_is_a_limitation() -> None:
    text = (
        "4.1 The Contractor shall indemnify the Owner against any levy on the Fee.\n"
        "4.2 The Contractor's liability under clause 4.1 shall not exceed the amount of the Fee."
    )
    fired = {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    assert "no_limitation_of_liability" not in fired
    assert "no_limitation_of_liability" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text[:70])}


def test_a_sum_said_not_to_be_liquidated_damages_is_none() -> None:
    rule = polarity.RULES["liquidated_damages"]
    denied = (
        "The parties agree that the refund is the return of a loan and is not liquidated damages, and that nothing "
        "else is payable on leaving."
    )
    assert rule.negates(denied)
    stated = "The Seller shall pay $500 for each day of delay as liquidated damages, a genuine pre-estimate of loss."
    assert not rule.negates(stated)


def test_employment_ended_after_a_change_in_control_is_a_consequence_of_it() -> None:
    rule = polarity.RULES["change_of_control"]
    assert rule.asserts(
        "If, within six months after a Change of Control, the Manager's employment is terminated without Cause, all "
        "options vest at once."
    )
    assert not rule.asserts("A Change of Control will not, by itself, entitle the Manager to any payment.")


def test_inducing_staff_to_leave_and_taking_work_from_former_clients_are_non_solicitation() -> None:
    staff = polarity.RULES["no_solicit_of_employees"]
    assert staff.asserts(
        "The Seller must not, for two years, induce any pharmacist or other employee of the Shop to leave."
    )
    clients = polarity.RULES["no_solicit_of_customers"]
    assert clients.asserts(
        "The Seller must not, for two years, solicit or accept dispensing work from any person who was a client of the "
        "Shop in the last year."
    )
    assert not clients.asserts("Nothing prevents the Seller from accepting work from any person who was a client.")


def test_inventions_assigned_now_by_a_letter_are_an_ip_assignment() -> None:
    rule = polarity.RULES["ip_ownership_assignment"]
    assert rule.asserts("You hereby assign to the Employer all inventions you make during your employment.")
    assert not rule.asserts("You keep all inventions you make outside working hours.")


@pytest.mark.parametrize(
    "text",
    [
        "Either you or the Firm may end the employment relationship at any time, with or without cause.",
        "Your engagement will also end at once if you commit gross misconduct or a serious breach of this letter.",
    ],
)
def test_an_employment_or_appointment_that_ends_for_cause_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_an_engagement_that_simply_ends_on_a_date_gives_no_right_for_cause() -> None:
    text = "Your engagement will end on 30 June 2027, when the project is handed over to the client."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


# holdout 64's forms (facilities services): a site owner's promise to let no one else run a kind of service there, a
# term clause the clause model reads as a restraint, and a work order ended for insolvency


def test_letting_no_other_person_run_a_kind_of_service_at_the_site_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "For the Term the Owner shall not permit any other person to provide laundry or linen services at the Hotel."
    )
    # a ban on handing the contract's own work to someone else is about subcontracting
    assert not rule.asserts("The Contractor shall not permit any other person to provide the Services without consent.")


def test_a_term_clause_that_will_not_renew_is_no_non_compete() -> None:
    span = (
        "This Agreement lasts for three (3) years from the Start Date. It will expire at the end of that period and "
        "will not renew; any further work requires a new contract."
    )
    assert polarity.negates("non_compete", span)
    restraint = (
        "For two (2) years after the expiry of this Agreement, the Seller shall not carry on any business that "
        "competes with the Buyer in Ontario."
    )
    assert not polarity.negates("non_compete", restraint)


def test_ending_a_work_order_on_insolvency_is_termination_for_cause() -> None:
    text = "5.2 The Customer may end this purchase order at once if the Vendor becomes insolvent."
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "5.2 The Customer may amend this purchase order at once. The Vendor must say if it becomes insolvent."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


# holdout 68: a cap whose negation sits on the subject ("neither party's liability shall exceed"), a maker's freedom to
# work for rivals, and a grantor's promise to designate no other distributor


def test_a_cap_negated_on_its_subject_is_a_cap() -> None:
    rule = polarity.RULES["cap_on_liability"]
    assert rule.asserts(
        "Save as set out in clause 12.4, no party's liability under this Contract shall exceed £250,000."
    )
    assert rule.asserts("In no event shall either party's total liability exceed the fees paid in the prior year.")
    # a sum that liability must reach is no cap
    assert not rule.asserts("Either party's liability shall exceed any amount recovered under its insurance.")


def test_a_maker_free_to_work_for_rival_brands_is_no_non_compete() -> None:
    span = (
        "The Bottler may bottle drinks for other companies, and the Customer may buy drinks from any bottler, "
        "including makers whose drinks compete with the Customer's range."
    )
    freedom = "The Processor may process fruit for any grower, including growers that compete with the Owner."
    assert polarity.negates("non_compete", freedom)
    assert polarity.negates("non_compete", span)
    restraint = "The Processor may process fruit only for the Owner and shall not compete with the Owner in Oregon."
    assert not polarity.negates("non_compete", restraint)


def test_a_promise_to_designate_no_other_distributor_is_no_non_compete() -> None:
    span = "While this Agreement lasts the Brewer shall not designate or approve any other wholesaler in the Territory."
    assert polarity.negates("non_compete", span)
    assert not polarity.negates("non_compete", NON_COMPETE)


def test_an_assignment_with_a_qualifier_before_what_is_assigned_is_an_ip_assignment() -> None:
    rule = polarity.RULES["ip_ownership_assignment"]
    assert rule.asserts(
        "The Designer assigns to the Client, absolutely and with effect from creation, all copyright in the logo."
    )
    assert not rule.asserts("The Designer assigns to the Client, on request, a list of the fonts used in the logo.")


def test_having_all_goods_made_by_one_maker_alone_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts("The Label shall have all its cider pressed exclusively by Orchard Mill during the Term.")
    assert not rule.asserts("The Label shall not have any cider pressed exclusively by Orchard Mill.")
    assert not rule.asserts("The Label shall have all its cider pressed by Orchard Mill or by any other mill.")


@pytest.mark.parametrize(
    "text",
    [
        "The Lessor may forfeit this lease if any rent is in arrears for 21 days or the Lessee breaches a covenant.",
        "If the Tenant breaches any obligation and fails to remedy it after notice, the Landlord may irritate the Lease.",
        "If the Buyer does not cure the failure within five days after notice, the Seller may declare this Agreement void.",
    ],
)
def test_a_leases_forfeiture_irritancy_or_avoidance_for_breach_is_termination_for_cause(text: str) -> None:
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_a_forfeited_deposit_is_no_termination_for_cause() -> None:
    text = "The deposit is forfeited to the Seller. Nothing in this contract lets either party end it early."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


@pytest.mark.parametrize(
    "fee",
    [
        "The Licensee shall pay a yearly upkeep fee of EUR 250,000 no later than 1 February 2030 while this Agreement "
        "remains in force. That due date does not change the Evaluation Period.",
        "Buyer shall pay the second instalment of the purchase price, $400,000, on the first anniversary of Closing.",
    ],
)
def test_a_fee_due_on_a_date_is_not_liquidated_damages(fee: str) -> None:
    assert polarity.negates("liquidated_damages", fee)


@pytest.mark.parametrize(
    "sum_on_breach",
    [
        "If the Supplier fails to ship by the Delivery Date, it shall pay a fee of $2,000 for each day until it ships.",
        "Should the Client end this Agreement before the first anniversary, a termination fee of $30,000 is payable.",
        "The Reseller shall pay the Vendor a fee of USD 10,000 as liquidated damages for each unauthorised sale.",
    ],
)
def test_a_fee_payable_on_breach_delay_or_termination_stays_liquidated_damages(sum_on_breach: str) -> None:
    assert not polarity.negates("liquidated_damages", sum_on_breach)


def test_a_seller_bound_to_sell_to_the_buyer_and_to_no_other_buyer_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "2.1 The Estate shall sell to the Packer, and to no other buyer, every tray of export-grade kiwifruit it "
        "harvests, and shall not consign any of that fruit elsewhere."
    )
    # selling to the other party with nothing said of anyone else is a plain sale
    assert not rule.asserts("2.1 The Estate shall sell to the Packer the kiwifruit listed in each purchase order.")
    # and a promise that others may buy too is no exclusivity
    assert not rule.asserts("2.1 The Estate shall not be bound to sell to the Packer, and no other term restricts it.")


def test_not_selling_goods_named_at_length_to_others_at_a_lower_price_is_most_favoured() -> None:
    rule = polarity.RULES["most_favored_nation"]
    assert rule.asserts(
        "4.3 The Mill shall not sell kiln-dried radiata pine boards of the grades in Schedule 1 to any other merchant "
        "in New Zealand at prices lower than those then invoiced to the Merchant."
    )
    # a price fixed for this buyer alone, with no word of other buyers' prices, is no most-favoured term
    assert not rule.asserts(
        "4.3 The Mill shall not sell kiln-dried radiata pine boards of the grades in Schedule 1 to the Merchant at "
        "prices other than those in Schedule 2."
    )


def test_ending_these_terms_for_a_breach_is_termination_for_cause() -> None:
    # standard terms call themselves "these Terms" (or "these terms"); ending them for a breach is a cause
    for text in (
        "The Host may end these Hosting Terms at once if the Customer breaches clause 3 and does not cure it.",
        "The Dealer may end these terms by notice if the Buyer fails to pay an invoice within 20 days of a reminder.",
    ):
        assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "These terms apply to every order. A breach of clause 3 must be reported to the Host."
    assert "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


def test_ending_on_notice_whatever_the_reasons_is_termination_for_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    assert rule.asserts("9.2 The Publisher may end this Agreement on sixty (60) days' notice whatever its reasons.")
    assert rule.asserts("Either party may terminate this Agreement by written notice, whatever the reason.")
    assert not rule.asserts("Neither party may terminate this Agreement on notice, whatever its reasons.")


def test_a_right_to_terminate_when_control_passes_to_someone_described_by_a_relative_clause() -> None:
    rule = polarity.RULES["change_of_control"]
    assert rule.asserts(
        "12.4 The Supplier may terminate this Agreement on sixty (60) days' notice if control of the Distributor "
        "passes to any person who, at the time this Agreement was signed, did not control the Distributor."
    )
    assert rule.asserts(
        "The Owner may terminate this Agreement if control of the Operator is transferred to a company that has "
        "never been part of the Operator's group."
    )
    assert not rule.asserts(
        "The Supplier may not terminate this Agreement if control of the Distributor passes to any person who, at "
        "the time this Agreement was signed, did not control the Distributor."
    )


@pytest.mark.parametrize(
    "text",
    [
        # the notice period in many words, past the old reach
        "The licence has no end date. It runs until either party ends it by giving the other not less than two "
        "full calendar months' prior written notice, for any reason.",
        # a break option: the right on notice, then "No reason need be given" in the next sentence
        "5.1 The Tenant may end this Lease on 30 June 2029 by giving the Landlord at least six months' written "
        "notice. No reason need be given.",
        "The Occupier may bring the licence to an end on any quarter day on three months' notice. It need not "
        "give any reason.",
    ],
)
def test_ending_on_notice_with_no_reason_needed_is_convenience(text: str) -> None:
    promoted = polarity.apply(text, {"termination_for_convenience": [(0, len(text), 0.3)]})
    assert promoted.by_category["termination_for_convenience"][0][2] >= 0.5


def test_a_break_right_whose_next_sentence_names_a_cause_is_not_convenience() -> None:
    text = (
        "The Tenant may end this Lease on 30 June 2029 by giving six months' notice if the Landlord is in breach. "
        "No reason need be given for the notice period."
    )
    promoted = polarity.apply(text, {"termination_for_convenience": [(0, len(text), 0.3)]})
    assert promoted.by_category["termination_for_convenience"][0][2] < 0.5


def test_a_rent_no_higher_than_the_lowest_rent_charged_to_others_is_most_favoured_nation() -> None:
    rule = polarity.RULES["most_favored_nation"]
    assert rule.asserts(
        "The Owner must ensure that the nightly rent charged to Club Members is no higher than the lowest nightly "
        "rent it charges any other club for a similar cabin."
    )
    assert not rule.asserts("The nightly rent charged to Club Members is set out in Schedule 2.")


def test_a_party_left_free_with_a_time_before_its_verbs_is_no_non_compete() -> None:
    span = (
        "Each Member stays free, both while this Agreement lasts and afterwards, to design, make and sell pumps, "
        "including pumps that compete with the Joint Product."
    )
    assert polarity.negates("non_compete", span)
    assert not polarity.negates(
        "non_compete", "During the Term, the Seller shall not make or sell pumps that compete with the Joint Product."
    )


def test_a_buyer_left_free_to_buy_elsewhere_is_no_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    denied = (
        "The Retailer has made no commitment to buy its requirements of lamps from the Maker, and the Retailer may "
        "at any time buy comparable lamps from any other supplier."
    )
    assert polarity.negates("exclusivity", denied)
    assert not rule.asserts(denied)
    assert rule.asserts("The Retailer shall buy all of its requirements of lamps exclusively from the Maker.")


def test_a_contract_assigned_is_no_intellectual_property_assigned() -> None:
    span = (
        "From the Transfer Date the Seller hereby assigns to the Buyer all of its right, title and interest in, to and "
        "under the Haulage Contract."
    )
    rule = polarity.RULES["ip_ownership_assignment"]
    assert rule.negates(span) and not rule.asserts(span)
    out = polarity.apply(span, {"ip_ownership_assignment": [(0, len(span), 0.2)]})
    assert out.by_category["ip_ownership_assignment"][0][2] < 0.5
    # work product assigned outright stays an assignment of intellectual property
    work = "The Designer hereby assigns to the Client all right, title and interest in the drawings."
    assert not rule.negates(work)


def test_a_cap_stated_with_the_verb_caps_is_a_limitation_of_liability() -> None:
    text = "8. Clause 14 of the Head Agreement caps the Contractor's total liability at the fees paid in one year."
    assert "no_limitation_of_liability" in {f.rule["id"] for f in playbook.evaluate({}, None)}
    assert "no_limitation_of_liability" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


# holdout 86's forms: a price ceiling with the promise's duration set between commas, and a carve-out that names the
# cap's numbered clause on its way to calling the liability uncapped
def test_a_rate_that_is_and_stays_no_higher_than_the_lowest_rate_to_others_is_most_favoured_nation() -> None:
    rule = polarity.RULES["most_favored_nation"]
    assert rule.asserts(
        "7.2 The Provider confirms that the hourly rate is, and will remain for the whole Term, no higher than the "
        "lowest hourly rate the Provider charges any other hospital for comparable work."
    )
    assert not rule.asserts(
        "7.2 The Provider gives no undertaking that the hourly rate is, or will remain, no higher than the lowest "
        "hourly rate the Provider charges any other hospital."
    )


def test_a_liability_said_to_fall_outside_the_numbered_cap_and_be_uncapped_is_uncapped_liability() -> None:
    rule = polarity.RULES["uncapped_liability"]
    assert rule.asserts(
        "12.1 Each party's total liability in any year is limited to the fees paid in that year. 12.2 Each party's "
        "liability for wilful default and for breach of clause 8 sits outside clause 12.1 and is uncapped."
    )
    assert not rule.asserts("12.1 Each party's total liability in any year is limited to the fees paid in that year.")


def test_what_each_party_makes_staying_with_the_party_that_made_it_is_no_ip_assignment() -> None:
    for kept in (
        "Nothing in this Agreement passes any patent. Designs made by the Operator or the Integrator belong to "
        "the party that made them.",
        "Results developed by either Member shall vest in the Member developing them.",
    ):
        assert not _promoted("ip_ownership_assignment", kept)
    assert _promoted(
        "ip_ownership_assignment", "Designs made by the Operator or the Integrator belong to the Customer."
    )


@pytest.mark.parametrize(
    "clause",
    [
        "Either of us may end this contract by notice if the other breaks it in a serious way.",
        "The owner can end it at once if the renter doesn't pay the hire within 7 days of a reminder.",
        "Either side may end the arrangement by notice if the other has not fixed a problem within 10 days.",
        "We may end this agreement straight away if your business goes into liquidation.",
        "If a member has not paid its share within 30 days, the others may end that member's participation by notice.",
        "The studio may end this agreement if any payment is more than 14 days late.",
        "The landlord may cancel this agreement if the tenant breaks clause 4 twice.",
    ],
)
def test_plain_words_for_ending_a_contract_over_a_breach_count_as_termination_for_cause(clause: str) -> None:
    text = f"1. Services. The provider will clean the office weekly.\n\n2. Ending. {clause}"
    assert "no_termination_for_cause" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}


def test_keeping_the_other_sides_business_information_private_is_confidentiality() -> None:
    text = "1. Use. The studio hires the hall on Mondays.\n\n2. Privacy. Each of us will keep the other's client details private."
    assert "no_confidentiality" not in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}
    unrelated = "1. Use. The studio hires the hall on Mondays.\n\n2. Keys. Each of us will keep the other's keys safe."
    assert "no_confidentiality" in {f.rule["id"] for f in playbook.evaluate({}, None, text=unrelated)}


def test_either_party_may_end_it_by_notice_in_plain_words_is_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    assert rule.asserts("7.2 Either party may end this Agreement by giving the other two months' written notice.")
    assert not rule.asserts(
        "7.3 Either party may end this Agreement by written notice if the other fails to pay any sum when due."
    )


def test_no_right_to_terminate_for_any_reason_but_a_breach_is_no_convenience() -> None:
    span = (
        "9.2 Either party may terminate this Agreement if the other commits a material breach and does not remedy it "
        "within 21 days of notice. The Supplier has no right to terminate this Agreement for any reason other than "
        "such a breach."
    )
    assert polarity.negates("termination_for_convenience", span)


def test_an_amendment_deleting_a_change_of_control_right_denies_it() -> None:
    deleted = (
        "Clause 12.4 of the Supply Agreement, which permitted the Buyer to terminate if control of the Seller changed, "
        "is deleted."
    )
    assert polarity.negates("change_of_control", deleted)
    no_effect = "A change of control of either party shall have no consequence under the Supply Agreement."
    assert polarity.negates("change_of_control", no_effect)
    kept = "The Buyer may terminate this Agreement on notice if there is a change of control of the Seller."
    assert not polarity.negates("change_of_control", kept)


# holdouts 76 and 79: a denial of every ending "whether for breach or otherwise" names a breach but grants no right to
# end for one; a sentence that grants the right still counts


def test_termination_denied_whether_for_breach_or_otherwise_is_no_right_to_terminate_for_breach() -> None:
    def fires(text: str) -> bool:
        return "no_termination_for_cause" in {f.rule["id"] for f in playbook.evaluate({}, None, text=text)}

    assert fires(
        "9.4 Neither side may terminate this Licence before the end of the Term, whether for breach by the other "
        "side or for any other reason; the remedy for a breach is damages."
    )
    assert fires(
        "On termination of this Agreement, whether by reason of a breach or otherwise, each party returns the Data."
    )
    assert not fires(
        "9.4 Either side may terminate this Licence by notice if the other side commits a material breach."
    )


def test_an_appointment_said_to_have_no_exclusive_character_is_no_exclusivity() -> None:
    span = (
        "2.2 The appointment has no sole or exclusive character. The Principal may itself sell the goods in the "
        "Region and may name other resellers there."
    )
    assert polarity.negates("exclusivity", span)
    assert not polarity.negates("exclusivity", "2.2 The Principal appoints the Reseller as its exclusive reseller.")


def test_a_radius_restraint_on_practising_a_profession_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "8.1 For a year after leaving the Practice, a retiring Member shall not practise as a vet within ten miles of "
        "the Clinic."
    )
    assert not rule.asserts("8.1 A retiring Member shall not practise as a vet until the final accounts are signed.")


def test_no_one_named_by_role_engaging_in_a_competing_business_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "6.2 For three years after the Closing, no Seller shall engage, directly or indirectly, in any business that "
        "competes with the Bakery in Ohio."
    )


def test_a_restraint_whose_period_runs_after_the_party_leaves_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "5.1 While he is a Shareholder and for two years afterwards, the Founder shall not own, run or manage any "
        "car wash within Pima County, Arizona."
    )
    assert not rule.asserts("5.1 For two years afterwards, the Founder shall not disclose the recipes to anyone.")


def test_a_venturer_barred_from_tendering_except_through_the_venture_is_a_non_compete() -> None:
    rule = polarity.RULES["non_compete"]
    assert rule.asserts(
        "(2) During the term, neither Venturer may, alone or with others, submit tenders to the Port Authority for "
        "further dredging works other than through the Joint Venture."
    )


def test_a_member_bidding_solely_through_the_consortium_is_exclusivity() -> None:
    rule = polarity.RULES["exclusivity"]
    assert rule.asserts(
        "Each Participant shall bid for the concession solely through the Alliance and shall not support any rival bid."
    )
    assert not rule.asserts("Each Participant shall bid for the concession with the Alliance's approval.")


def test_a_member_withdrawing_from_the_group_for_any_reason_is_convenience() -> None:
    rule = polarity.RULES["termination_for_convenience"]
    assert rule.asserts(
        "7.2 After the tender closes, a Participant may withdraw from the Alliance for any reason by giving sixty "
        "days' written notice to the others."
    )
    assert not rule.asserts("7.2 A Participant may withdraw from the Alliance if the tender is cancelled.")


def test_ending_it_on_notice_after_the_other_comes_under_a_rivals_control_is_no_convenience() -> None:
    span = (
        "12.2 Either party may terminate this Agreement by written notice within sixty days after the other party "
        "comes under the control of a person who brews beer and did not control it at signing."
    )
    assert not polarity.RULES["termination_for_convenience"].asserts(span)
    assert polarity.RULES["change_of_control"].asserts(span)


def test_a_shareholder_changing_control_deemed_to_offer_its_shares_is_a_change_of_control() -> None:
    rule = polarity.RULES["change_of_control"]
    assert rule.asserts(
        "9.4 If a Member undergoes a Change of Control, it shall be deemed to have given a Transfer Notice for all its "
        "units."
    )
    assert rule.asserts(
        "9.4 If a Member undergoes a Change of Control, it shall offer all its shares to the other Member, and the "
        "other Member may buy them at Fair Value."
    )


def test_most_of_a_partys_shares_transferred_then_its_exclusion_is_a_change_of_control() -> None:
    assert polarity.RULES["change_of_control"].asserts(
        "If more than fifty per cent of the shares in a Venturer are sold to a third party, the other Venturer may "
        "expel that Venturer by written notice."
    )


def test_an_investor_entitled_to_any_better_right_a_later_investor_gets_is_most_favoured() -> None:
    rule = polarity.RULES["most_favored_nation"]
    assert rule.asserts(
        "6.1 If the Company grants any later investor a right more favourable than the Investor's rights, the "
        "Investor shall be entitled to the same right."
    )


def test_a_numbered_clause_barring_work_from_former_clients_is_customer_non_solicitation() -> None:
    rule = polarity.RULES["no_solicit_of_customers"]
    assert rule.asserts(
        "10.2 For a year a retiring Member shall not solicit or accept work from any person who was a client of the "
        "Practice."
    )


def test_selling_goods_only_through_a_device_is_no_exclusivity() -> None:
    assert not polarity.RULES["exclusivity"].asserts(
        "4.1 The Agent shall sell the vouchers only through the Kiosk and only at their printed value."
    )
    assert not polarity.RULES["exclusivity"].asserts(
        "Each Participant shall not bid for the concession solely through the Alliance."
    )
