"""Contracts as they reach a legal team's desk: pasted into an email, marked up, signed by hand, named only where
they are signed. Each snippet is our own wording of a form (holdout 38's traps), not a fact-set contract."""

from __future__ import annotations

from datetime import date

from contractbox.documents import Document
from contractbox.engine import live
from contractbox.engine.date_pattern import iter_date_matches
from contractbox.engine.dates import parse_date
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
