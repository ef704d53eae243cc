"""Request and response shapes of /v1/contracts (API-CONVENTIONS.md, Contracts)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.analyses.schemas import AnalysisResult, Level
from contractbox.core.params import Mode


class CreateContractRequest(msgspec.Struct, forbid_unknown_fields=True):
    analysisId: str
    title: str | None = None
    metadata: dict[str, str] | None = None


class ContractParty(msgspec.Struct):
    name: str
    role: str


class ContractRiskScore(msgspec.Struct):
    value: int
    level: Level


class ReviewStatus(msgspec.Struct):
    """Where the review of a contract stands (docs/api-notes.md, Reviews)."""

    state: Literal["not_started", "in_review", "reviewed"]
    decided: int
    total: int
    reviewedBy: list[str]
    reviewedAt: str | None


class RenameContractRequest(msgspec.Struct, forbid_unknown_fields=True):
    title: str | None = None  # required; checked after the contract is found (404 first)


class Contract(msgspec.Struct):
    contractId: str
    object: Literal["contract"]
    mode: Mode
    analysisId: str
    title: str
    documentType: str | None
    parties: list[ContractParty]
    riskScore: ContractRiskScore
    effectiveDate: str | None
    expirationDate: str | None
    createdAt: str
    metadata: dict[str, str]
    review: ReviewStatus
    reviewSet: str | None = None  # the review set its analysis was submitted into, if any
    # Always on a single contract; on list items only with expand[]=result.
    result: AnalysisResult | msgspec.UnsetType = msgspec.UNSET


class ContractList(msgspec.Struct):
    object: Literal["list"]
    data: list[Contract]
    hasMore: bool
    url: str
