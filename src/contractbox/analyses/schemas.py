"""Request and response shapes of /v1/analyses (API-CONVENTIONS.md, Analyses)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contractbox.core.params import Mode

SourceType = Literal["text", "url", "pdf", "docx", "image"]
Status = Literal["queued", "processing", "completed", "failed"]
Level = Literal["low", "medium", "high", "critical"]


class CreateAnalysisRequest(msgspec.Struct, forbid_unknown_fields=True):
    title: str
    sourceType: SourceType
    text: str | None = None
    url: str | None = None
    pdfBase64: str | None = None
    docxBase64: str | None = None
    imageBase64: str | None = None  # PNG, JPEG or TIFF (docs/api-notes.md, Word and scanned documents)
    filename: str | None = None
    metadata: dict[str, str] | None = None
    reviewSet: str | None = None  # rs_...: the analysis joins that review set (docs/api-notes.md, Review sets)
    label: str | None = None  # with reviewSet: the file's folder inside an import ("Suppliers/2019")


class ErrorInfo(msgspec.Struct):
    code: str
    message: str


class DocumentInfo(msgspec.Struct):
    pageCount: int | None
    characterCount: int | None
    sha256: str | None


class AnalysisLinks(msgspec.Struct):
    self: str
    result: str


class Analysis(msgspec.Struct):
    analysisId: str
    object: Literal["analysis"]
    mode: Mode
    status: Status
    title: str
    sourceType: SourceType
    filename: str | None
    createdAt: str
    startedAt: str | None
    completedAt: str | None
    error: ErrorInfo | None
    document: DocumentInfo | None
    metadata: dict[str, str]
    links: AnalysisLinks
    origin: Literal["ui", "api"] = "api"  # where it was submitted: the console (ui) or an API key (api)
    reviewSet: str | None = None  # the review set it was submitted into, if any


class AnalysisList(msgspec.Struct):
    object: Literal["list"]
    data: list[Analysis]
    hasMore: bool
    url: str


# The result's types are untracked by the garbage collector (gc=False: plain data, never in a reference
# cycle): the server decodes every worker's result into them to check it, thousands of objects a
# document; tracked, they set off three times the generation-0 collections and the decode took about
# 15% longer (docs/operations.md, Session 10).


class Engine(msgspec.Struct, gc=False):
    name: str
    version: str


class Party(msgspec.Struct, gc=False):
    name: str
    role: str
    evidenceIds: list[str]


class GoverningLaw(msgspec.Struct, gc=False):
    jurisdiction: str
    evidenceIds: list[str]


class Summary(msgspec.Struct, gc=False):
    text: str
    documentType: str | None
    parties: list[Party]
    governingLaw: GoverningLaw | None


class Driver(msgspec.Struct, gc=False):
    riskId: str
    points: float


class RiskScore(msgspec.Struct, gc=False):
    value: int
    level: Level
    drivers: list[Driver]


class Clause(msgspec.Struct, gc=False):
    id: str
    category: str
    label: str
    confidence: float
    evidenceIds: list[str]


class Risk(msgspec.Struct, gc=False, omit_defaults=True):
    id: str
    category: str
    severity: Level
    title: str
    explanation: str
    recommendation: str
    evidenceIds: list[str]
    fromRevision: bool | None = None  # true: a tracked change raised it (docs/api-notes.md)
    revisionIds: list[str] | None = None  # the changes that raised it


class Due(msgspec.Struct, gc=False):
    date: str | None
    text: str


class Obligation(msgspec.Struct, gc=False):
    id: str
    party: str
    action: str
    kind: str
    due: Due | None
    evidenceIds: list[str]


class KeyDate(msgspec.Struct, gc=False):
    id: str
    kind: str
    date: str | None
    text: str
    evidenceIds: list[str]


class EvidenceBox(msgspec.Struct, gc=False):
    """Where evidence sits on a scanned page: fractions (0..1) of the page as submitted."""

    page: int
    x0: float
    y0: float
    x1: float
    y1: float


class Evidence(msgspec.Struct, gc=False, omit_defaults=True):
    id: str
    page: int | None
    start: int
    end: int
    text: str
    boxes: list[EvidenceBox] | None = None  # OCR'd pages only: one box per line of the quote


class Revision(msgspec.Struct, gc=False):
    """A tracked change of a .docx: `start:end` is the inserted text in the document text; a deletion
    has start == end where its text stood."""

    id: str
    kind: Literal["inserted", "deleted"]
    text: str
    author: str | None
    date: str | None
    moved: bool
    start: int
    end: int


class OcrInfo(msgspec.Struct, gc=False):
    used: bool
    pages: list[int]  # the pages read by OCR (the others had a text layer)
    meanConfidence: float | None
    lowConfidencePages: list[int]


class AnalysisResult(msgspec.Struct, gc=False, omit_defaults=True):
    analysisId: str
    object: Literal["analysis_result"]
    mode: Mode
    engine: Engine
    summary: Summary
    riskScore: RiskScore
    clauses: list[Clause]
    risks: list[Risk]
    obligations: list[Obligation]
    keyDates: list[KeyDate]
    evidence: list[Evidence]
    # Present for the sources they concern only (.docx; scanned PDFs and images): see docs/docx.md, docs/ocr.md.
    hasUnacceptedChanges: bool | None = None
    revisions: list[Revision] | None = None
    ocr: OcrInfo | None = None
