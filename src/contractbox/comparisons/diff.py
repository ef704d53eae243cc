"""The comparison of two analysis results: a pure function of the two result objects.

What a reviewer reads in it:
- clauses aligned by category (findings only: confidence >= 0.5), each added, removed,
  changed or unchanged, with the similarity of the two sides' evidence quotes and, for changed
  ones, a word-level redline of those quotes;
- key dates, risks and obligations paired across the two sides and marked the same way;
- the risk score on both sides and its delta;
- a plain-language summary written only from the structured diff above.

Every list uses the one vocabulary `added | removed | changed | unchanged`, read from left to
right ("added" means only the right-hand side has it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from difflib import SequenceMatcher
from typing import Any

from contractbox.comparisons.clauses import clause_text
from contractbox.comparisons.phrasing import changed_clause_phrases, governing_law_phrase, lower_label
from contractbox.engine.selection import FINDING

WORD = re.compile(r"\w+|[^\w\s]")
QUOTE_SEPARATOR = "\n"
CLAUSE_SEPARATOR = "\n\n"  # whole clauses (paragraphs) apart as in the document, so a reader can tell them apart
MAX_NAMED = 3

Item = dict[str, Any]


# --- words ----------------------------------------------------------------------------------


def words(text: str) -> list[str]:
    return WORD.findall(text)


def similarity(left: str, right: str) -> float:
    """Share of matching words (case-insensitive, punctuation counted, whitespace ignored), 0-1."""
    a = [w.casefold() for w in words(left)]
    b = [w.casefold() for w in words(right)]
    if not a and not b:
        return 1.0
    return round(SequenceMatcher(None, a, b, autojunk=False).ratio(), 3)


def redline(left: str, right: str) -> list[Item]:
    """Word-level redline: segments {op: equal|delete|insert, text}. Joining the equal and delete
    segments gives the left text; the equal and insert segments give the right text's words
    (equal runs keep the left side's spacing)."""
    left_tokens = list(WORD.finditer(left))
    right_tokens = list(WORD.finditer(right))
    matcher = SequenceMatcher(None, [t.group() for t in left_tokens], [t.group() for t in right_tokens], autojunk=False)
    segments: list[Item] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("equal", "delete", "replace"):
            _append(segments, "equal" if tag == "equal" else "delete", _span(left, left_tokens, i1, i2))
        if tag in ("insert", "replace"):
            _append(segments, "insert", _span(right, right_tokens, j1, j2))
    return segments


def _span(text: str, tokens: list[re.Match], start: int, end: int) -> str:
    """Text from token `start` up to token `end` (or the end of the text), trailing space included."""
    begin = tokens[start].start()
    finish = tokens[end].start() if end < len(tokens) else len(text)
    return text[begin:finish]


def _append(segments: list[Item], op: str, text: str) -> None:
    if not text:
        return
    if segments and segments[-1]["op"] == op:
        segments[-1]["text"] += text
    else:
        segments.append({"op": op, "text": text})


# --- pairing --------------------------------------------------------------------------------


def align(
    left: list[Item],
    right: list[Item],
    group: Callable[[Item], Any],
    same: Callable[[Item, Item], bool],
    closeness: Callable[[Item, Item], float],
    threshold: float,
    pair_lone: bool,
) -> list[tuple[Item | None, Item | None]]:
    """Pair items of the same group: identical ones first, then the closest remaining pairs whose
    closeness reaches `threshold` (or, with `pair_lone`, the one item left on each side).
    Unpaired items come back as (item, None) or (None, item). Left order first, then right-only."""
    pairs: list[tuple[int, Item | None, Item | None]] = []
    keys = list(dict.fromkeys([group(x) for x in left] + [group(x) for x in right]))
    for key in keys:
        lefts = [(i, x) for i, x in enumerate(left) if group(x) == key]
        rights = [(j, x) for j, x in enumerate(right) if group(x) == key]
        free_left, free_right = [], list(rights)
        for i, item in lefts:
            match = next((r for r in free_right if same(item, r[1])), None)
            if match is None:
                free_left.append((i, item))
            else:
                free_right.remove(match)
                pairs.append((i, item, match[1]))
        for (i, l_item), (_, r_item) in _closest(free_left, free_right, closeness, threshold, pair_lone):
            pairs.append((i, l_item, r_item))
            free_left = [x for x in free_left if x[0] != i]
            free_right = [x for x in free_right if x[1] is not r_item]
        pairs += [(i, item, None) for i, item in free_left]
        pairs += [(len(left) + j, None, item) for j, item in free_right]
    pairs.sort(key=lambda p: p[0])
    return [(l_item, r_item) for _, l_item, r_item in pairs]


def _closest(free_left: list, free_right: list, closeness: Callable, threshold: float, pair_lone: bool) -> list:
    if pair_lone and len(free_left) == 1 and len(free_right) == 1:
        return [(free_left[0], free_right[0])]
    scored = sorted(
        (
            (-closeness(left[1], right[1]), a, b)
            for a, left in enumerate(free_left)
            for b, right in enumerate(free_right)
        ),
    )
    chosen, used_left, used_right = [], set(), set()
    for negative, a, b in scored:
        if -negative < threshold or a in used_left or b in used_right:
            continue
        used_left.add(a)
        used_right.add(b)
        chosen.append((free_left[a], free_right[b]))
    return chosen


def change_of(left: Item | None, right: Item | None, unchanged: bool) -> str:
    if left is None:
        return "added"
    if right is None:
        return "removed"
    return "unchanged" if unchanged else "changed"


# --- clauses --------------------------------------------------------------------------------


def clause_sides(result: Item, text: str | None = None) -> dict[str, Item]:
    """Per category (in result order), the findings' ids, label, best confidence and text: the whole
    clauses the quotes sit in when the document text is known, else the quotes themselves."""
    evidence = {e["id"]: e for e in result["evidence"]}
    sides: dict[str, Item] = {}
    for clause in result["clauses"]:
        if clause["confidence"] < FINDING:  # the engine's threshold for a finding
            continue
        side = sides.setdefault(
            clause["category"], {"clauseIds": [], "label": clause["label"], "confidence": 0.0, "evidence": []}
        )
        side["clauseIds"].append(clause["id"])
        side["confidence"] = max(side["confidence"], clause["confidence"])
        side["evidence"] += [
            evidence[i] for i in clause["evidenceIds"] if i in evidence and evidence[i] not in side["evidence"]
        ]
    for side in sides.values():
        quotes = sorted(side.pop("evidence"), key=lambda e: ((e["page"] or 0), e["start"]))
        if text:
            side["text"] = CLAUSE_SEPARATOR.join(clause_text(text, [(e["start"], e["end"]) for e in quotes]))
        else:
            side["text"] = QUOTE_SEPARATOR.join(e["text"].strip() for e in quotes)
    return sides


def compare_clauses(left: Item, right: Item, texts: tuple[str | None, str | None] = (None, None)) -> list[Item]:
    left_sides, right_sides = clause_sides(left, texts[0]), clause_sides(right, texts[1])
    entries = []
    for category in dict.fromkeys([*left_sides, *right_sides]):
        l_side, r_side = left_sides.get(category), right_sides.get(category)
        score, same_words = 0.0, False
        if l_side is not None and r_side is not None:
            score = similarity(l_side["text"], r_side["text"])
            same_words = words(l_side["text"]) == words(r_side["text"])
        change = change_of(l_side, r_side, same_words)
        entries.append(
            {
                "category": category,
                "label": either(r_side, l_side)["label"],
                "change": change,
                "similarity": 1.0 if same_words else score,
                "left": l_side,
                "right": r_side,
                "redline": redline(l_side["text"], r_side["text"])
                if change == "changed" and l_side and r_side
                else None,
            }
        )
    return entries


def either(first: Item | None, second: Item | None) -> Item:
    """The side that exists (an aligned pair always has at least one)."""
    present = first if first is not None else second
    assert present is not None, "an aligned pair with neither side"
    return present


# --- key dates, risks, obligations ----------------------------------------------------------


def compare_key_dates(left: Item, right: Item) -> list[Item]:
    pairs = align(
        left["keyDates"],
        right["keyDates"],
        group=lambda d: d["kind"],
        same=lambda a, b: a["date"] == b["date"] and (a["date"] is not None or similarity(a["text"], b["text"]) == 1.0),
        closeness=lambda a, b: similarity(a["text"], b["text"]),
        threshold=0.5,
        pair_lone=True,
    )
    entries = []
    for l_item, r_item in pairs:
        unchanged = l_item is not None and r_item is not None and l_item["date"] == r_item["date"]
        entries.append(
            {
                "kind": either(l_item, r_item)["kind"],
                "change": change_of(l_item, r_item, unchanged),
                "left": _key_date(l_item),
                "right": _key_date(r_item),
                "daysMoved": _days_between(l_item, r_item),
            }
        )
    return entries


def _key_date(item: Item | None) -> Item | None:
    return None if item is None else {"keyDateId": item["id"], "date": item["date"], "text": item["text"]}


def _days_between(left: Item | None, right: Item | None) -> int | None:
    if not (left and right and left["date"] and right["date"]):
        return None
    return (date.fromisoformat(right["date"]) - date.fromisoformat(left["date"])).days


def compare_risks(left: Item, right: Item) -> list[Item]:
    pairs = align(
        left["risks"],
        right["risks"],
        group=lambda r: r["category"],
        same=lambda a, b: a["title"].casefold() == b["title"].casefold() and a["severity"] == b["severity"],
        closeness=lambda a, b: similarity(a["title"], b["title"]),
        threshold=0.5,
        pair_lone=True,
    )
    entries = []
    for l_item, r_item in pairs:
        unchanged = bool(
            l_item
            and r_item
            and l_item["title"].casefold() == r_item["title"].casefold()
            and l_item["severity"] == r_item["severity"]
        )
        entries.append(
            {
                "category": either(l_item, r_item)["category"],
                "change": change_of(l_item, r_item, unchanged),
                "left": _risk(l_item),
                "right": _risk(r_item),
            }
        )
    return entries


def _risk(item: Item | None) -> Item | None:
    return (
        None
        if item is None
        else {
            "riskId": item["id"],
            "title": item["title"],
            "severity": item["severity"],
            "explanation": item["explanation"],
        }
    )


def _due_text(item: Item) -> str:
    return (item["due"] or {}).get("text") or ""


def compare_obligations(left: Item, right: Item) -> list[Item]:
    def same(a: Item, b: Item) -> bool:
        return (
            words(a["action"].casefold()) == words(b["action"].casefold())
            and a["kind"] == b["kind"]
            and a["due"] == b["due"]
        )

    pairs = align(
        left["obligations"],
        right["obligations"],
        group=lambda o: o["party"].casefold(),
        same=same,
        closeness=lambda a, b: similarity(a["action"], b["action"]),
        threshold=0.6,
        pair_lone=False,
    )
    entries = []
    for l_item, r_item in pairs:
        unchanged, score = False, 0.0
        if l_item is not None and r_item is not None:
            unchanged, score = same(l_item, r_item), similarity(l_item["action"], r_item["action"])
        entries.append(
            {
                "party": either(l_item, r_item)["party"],
                "change": change_of(l_item, r_item, unchanged),
                "similarity": score,
                "left": _obligation(l_item),
                "right": _obligation(r_item),
            }
        )
    return entries


def _obligation(item: Item | None) -> Item | None:
    if item is None:
        return None
    return {"obligationId": item["id"], "action": item["action"], "kind": item["kind"], "due": item["due"]}


# --- the whole comparison -------------------------------------------------------------------


def compare_results(left: Item, right: Item, texts: tuple[str | None, str | None] = (None, None)) -> Item:
    """The structured diff of two analysis results plus a summary written from it; `texts` are the
    two documents' texts (the evidence offsets point into them), so clauses compare whole."""
    left_score, right_score = left["riskScore"], right["riskScore"]
    diff = {
        "riskScore": {
            "left": {"value": left_score["value"], "level": left_score["level"]},
            "right": {"value": right_score["value"], "level": right_score["level"]},
        },
        "riskScoreDelta": right_score["value"] - left_score["value"],
        "clauses": compare_clauses(left, right, texts),
        "keyDates": compare_key_dates(left, right),
        "risks": compare_risks(left, right),
        "obligations": compare_obligations(left, right),
    }
    diff["summary"] = summarize(diff, (_jurisdiction(left), _jurisdiction(right)))
    return diff


def _jurisdiction(result: Item) -> str | None:
    law = result["summary"].get("governingLaw")
    return law["jurisdiction"] if law else None


# --- the summary ----------------------------------------------------------------------------


def summarize(diff: Item, laws: tuple[str | None, str | None] = (None, None)) -> str:
    """Plain sentences stating only what the structured diff (and the two governing laws) show."""
    sentences = []
    dates_moved = any(d["change"] != "unchanged" for d in diff["keyDates"])
    clause_phrases = _clause_phrases(diff["clauses"], laws, dates_moved)
    changes = clause_phrases + _date_phrases(diff["keyDates"])
    if changes:
        sentences.append(f"In the right-hand version, {_join(changes)}.")
    sentences += _risk_sentences(diff["risks"]) + _obligation_sentences(diff["obligations"])
    if not sentences:
        sentences.append("The two versions match in every clause, key date, risk and obligation found.")
    sentences.append(_score_sentence(diff["riskScore"]))
    return " ".join(sentences)


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _named(entries: list[Item], noun: str) -> str:
    labels = [lower_label(e["label"]) for e in entries]
    return f"the {_join(labels)} {noun}{'s' if len(labels) > 1 else ''}"


def _clause_phrases(clauses: list[Item], laws: tuple[str | None, str | None], dates_moved: bool) -> list[str]:
    phrases = []
    removed = [c for c in clauses if c["change"] == "removed"]
    added = [c for c in clauses if c["change"] == "added"]
    changed = [c for c in clauses if c["change"] == "changed"]
    law = governing_law_phrase(laws)
    if law:
        phrases.append(law)
    if removed:
        phrases.append(f"{_named(removed, 'clause')} {'are' if len(removed) > 1 else 'is'} removed")
    if added:
        phrases.append(f"{_named(added, 'clause')} {'are' if len(added) > 1 else 'is'} added")
    figures, reworded = changed_clause_phrases(changed, laws, dates_moved)
    phrases += figures
    if reworded:
        phrases.append(f"the wording of the {_join(reworded)} clause{'s' if len(reworded) > 1 else ''} changes")
    return phrases


DATE_NAMES = {"payment_due": "payment due date", "other": "other date"}


def _date_name(kind: str) -> str:
    return DATE_NAMES.get(kind, kind.replace("_", " "))


def _date_phrases(key_dates: list[Item]) -> list[str]:
    phrases = []
    for entry in key_dates:
        name = _date_name(entry["kind"])
        left, right = entry["left"], entry["right"]
        if entry["change"] == "changed":
            phrases.append(
                f"the {name} moves from {left['date'] or 'an undated term'} to {right['date'] or 'an undated term'}"
            )
        elif entry["change"] == "added":
            phrases.append(f"a {name} is added" + (f" ({right['date']})" if right["date"] else ""))
        elif entry["change"] == "removed":
            phrases.append(f"the {name} is dropped" + (f" ({left['date']})" if left["date"] else ""))
    return phrases


def _listed(names: list[str]) -> str:
    shown = names[:MAX_NAMED]
    rest = len(names) - len(shown)
    return _join(shown + ([f"{rest} more"] if rest else []))


def _risk_sentences(risks: list[Item]) -> list[str]:
    sentences = []
    appeared = [f"{r['right']['title']} ({r['right']['severity']})" for r in risks if r["change"] == "added"]
    gone = [f"{r['left']['title']} ({r['left']['severity']})" for r in risks if r["change"] == "removed"]
    changed = [r for r in risks if r["change"] == "changed"]
    if appeared:
        sentences.append(f"New risk{'s' if len(appeared) > 1 else ''} on the right: {_listed(appeared)}.")
    if gone:
        sentences.append(f"No longer found on the right: {_listed(gone)}.")
    for risk in changed[:MAX_NAMED]:
        left, right = risk["left"], risk["right"]
        if left["severity"] != right["severity"]:
            sentences.append(f"The risk '{right['title']}' goes from {left['severity']} to {right['severity']}.")
        else:
            sentences.append(f"The risk '{left['title']}' is now described as '{right['title']}'.")
    return sentences


def _obligation_sentences(obligations: list[Item]) -> list[str]:
    def described(side: Item, party: str) -> str:
        due = f" ({_due_text(side)})" if _due_text(side) else ""
        return f"{party}: {side['action'].rstrip('.')}{due}"

    added = [described(o["right"], o["party"]) for o in obligations if o["change"] == "added"]
    dropped = [described(o["left"], o["party"]) for o in obligations if o["change"] == "removed"]
    changed = [o for o in obligations if o["change"] == "changed"]
    sentences = []
    if added:
        sentences.append(f"Obligation{'s' if len(added) > 1 else ''} added: {_listed(added)}.")
    if dropped:
        sentences.append(f"Obligation{'s' if len(dropped) > 1 else ''} dropped: {_listed(dropped)}.")
    if changed:
        sentences.append(f"{len(changed)} obligation{'s are' if len(changed) > 1 else ' is'} reworded or re-timed.")
    return sentences


def _score_sentence(score: Item) -> str:
    left, right = score["left"], score["right"]
    if left["value"] == right["value"]:
        return f"The risk score stays at {left['value']} ({left['level']})."
    direction = "rises" if right["value"] > left["value"] else "falls"
    return f"The risk score {direction} from {left['value']} ({left['level']}) to {right['value']} ({right['level']})."
