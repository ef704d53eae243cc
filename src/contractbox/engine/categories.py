"""Clause categories the engine reports: the 41 CUAD keys plus the project's own."""

from __future__ import annotations

CUAD_CATEGORIES: dict[str, str] = {
    "document_name": "Document Name",
    "parties": "Parties",
    "agreement_date": "Agreement Date",
    "effective_date": "Effective Date",
    "expiration_date": "Expiration Date",
    "renewal_term": "Renewal Term",
    "notice_period_to_terminate_renewal": "Notice Period To Terminate Renewal",
    "governing_law": "Governing Law",
    "most_favored_nation": "Most Favored Nation",
    "competitive_restriction_exception": "Competitive Restriction Exception",
    "non_compete": "Non-Compete",
    "exclusivity": "Exclusivity",
    "no_solicit_of_customers": "No-Solicit Of Customers",
    "no_solicit_of_employees": "No-Solicit Of Employees",
    "non_disparagement": "Non-Disparagement",
    "termination_for_convenience": "Termination For Convenience",
    "rofr_rofo_rofn": "Right Of First Refusal / Offer / Negotiation",
    "change_of_control": "Change Of Control",
    "anti_assignment": "Anti-Assignment",
    "revenue_profit_sharing": "Revenue/Profit Sharing",
    "price_restrictions": "Price Restrictions",
    "minimum_commitment": "Minimum Commitment",
    "volume_restriction": "Volume Restriction",
    "ip_ownership_assignment": "IP Ownership Assignment",
    "joint_ip_ownership": "Joint IP Ownership",
    "license_grant": "License Grant",
    "non_transferable_license": "Non-Transferable License",
    "affiliate_license_licensor": "Affiliate License (Licensor)",
    "affiliate_license_licensee": "Affiliate License (Licensee)",
    "unlimited_all_you_can_eat_license": "Unlimited/All-You-Can-Eat License",
    "irrevocable_or_perpetual_license": "Irrevocable Or Perpetual License",
    "source_code_escrow": "Source Code Escrow",
    "post_termination_services": "Post-Termination Services",
    "audit_rights": "Audit Rights",
    "uncapped_liability": "Uncapped Liability",
    "cap_on_liability": "Cap On Liability",
    "liquidated_damages": "Liquidated Damages",
    "warranty_duration": "Warranty Duration",
    "insurance": "Insurance",
    "covenant_not_to_sue": "Covenant Not To Sue",
    "third_party_beneficiary": "Third Party Beneficiary",
}

# Categories of our own; CUAD has no labels for them, so they are found by weak labels
# (keyword patterns over sentences) at training time and learned like the others.
OWN_CATEGORIES: dict[str, str] = {
    "indemnification": "Indemnification",
    "confidentiality": "Confidentiality",
    "termination_for_cause": "Termination For Cause",
    "force_majeure": "Force Majeure",
    "payment_terms": "Payment Terms",
    "limitation_of_warranties": "Limitation Of Warranties",
    "dispute_resolution": "Dispute Resolution / Arbitration",
}

LABELS: dict[str, str] = {**CUAD_CATEGORIES, **OWN_CATEGORIES}

_DATE_KINDS = ("date", "sent")
_SENTENCE_KINDS = ("sent", "piece", "group")
ALLOWED_KINDS: dict[str, tuple[str, ...]] = {
    "document_name": ("line",),
    "parties": ("sent", "group"),
    "agreement_date": _DATE_KINDS,
    "effective_date": _DATE_KINDS,
}


def allowed_kinds(category: str) -> tuple[str, ...]:
    return ALLOWED_KINDS.get(category, _SENTENCE_KINDS)


# Parties are named in the preamble and its definitions; later mentions are not the clause.
MAX_SENTENCE_INDEX: dict[str, int] = {"parties": 40, "agreement_date": 120, "effective_date": 400}


def eligible(category: str, kind: str, index: int) -> bool:
    return kind in allowed_kinds(category) and index <= MAX_SENTENCE_INDEX.get(category, 1 << 30)
