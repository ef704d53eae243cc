"""Per candidate, the sum of the weight rows of its distinct known features and their number.

A candidate's features come in parts shared across candidates (see `Candidate`), so each
distinct part is mapped to feature ids and summed once per contract, and a candidate's sum
is a signed sum of part sums. Parts are disjoint except a group's sentence n-gram sets; their
union is counted by inclusion-exclusion (a group has at most three sentences). The int8
weights are summed in int32, which is exact, so the result does not depend on the order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import Any, cast

import numpy as np

from contractbox.engine.candidates import TokenGrams

_UNKNOWN = frozenset([None])
_MAX_INCLUSION_EXCLUSION = 3


class _PartTable:
    """The distinct feature-id sets of one contract, each given a row number."""

    def __init__(self, index: dict[str, int]) -> None:
        self.lookup: Callable[[str], int | None] = index.get
        self.sets: list[frozenset[int]] = []
        self._by_part: dict[int, int] = {}  # id(part) -> row; parts outlive the table
        self._by_rows: dict[tuple[int, ...], int] = {}  # intersection of rows -> row
        self._token_ids: dict[int, tuple[list, list]] = {}  # id(Tokens) -> ids per token, per pair

    def row_of(self, part: Collection[str]) -> int:
        row = self._by_part.get(id(part))
        if row is None:
            known = cast(frozenset[int], frozenset(map(self.lookup, part)) - _UNKNOWN)  # None: unknown feature
            row = self._by_part[id(part)] = self._add(known)
        return row

    def gram_row(self, part: TokenGrams) -> int:
        row = self._by_part.get(id(part))
        if row is None:
            known = cast(frozenset[int], self._gram_ids(part) - _UNKNOWN)
            row = self._by_part[id(part)] = self._add(known)
        return row

    def _gram_ids(self, part: TokenGrams) -> frozenset[int | None]:
        """Ids of tokens[i:j]'s unigrams and bigrams, from ids of every token and token pair."""
        per_token = self._token_ids.get(id(part.tokens))
        if per_token is None:
            words = part.tokens.words
            unigrams = list(map(self.lookup, words))
            bigrams = list(map(self.lookup, map(" ".join, zip(words, words[1:]))))
            per_token = self._token_ids[id(part.tokens)] = (unigrams, bigrams)
        unigrams, bigrams = per_token
        return frozenset(unigrams[part.i : part.j]).union(bigrams[part.i : part.j - 1])

    def union_row(self, parts: Sequence[TokenGrams]) -> int:
        return self._add(frozenset().union(*(self.sets[self.gram_row(p)] for p in parts)))

    def intersection_row(self, rows: tuple[int, ...]) -> int | None:
        row = self._by_rows.get(rows)
        if row is None:
            common = self.sets[rows[0]].intersection(*(self.sets[r] for r in rows[1:]))
            row = self._by_rows[rows] = self._add(common) if common else -1
        return row if row >= 0 else None

    def _add(self, ids: frozenset[int]) -> int:
        self.sets.append(ids)
        return len(self.sets) - 1


def _terms(table: _PartTable, cand: Any) -> list[tuple[int, int]]:
    """(row, sign) terms whose signed sum is the candidate's distinct known features."""
    terms = [(table.row_of(p), 1) for p in cand.context]
    grams = cand.grams
    if len(grams) > _MAX_INCLUSION_EXCLUSION:
        return terms + [(table.union_row(grams), 1)]
    rows = sorted({table.gram_row(p) for p in grams})  # the same set twice counts once
    terms += [(r, 1) for r in rows]
    for size in range(2, len(rows) + 1):
        sign = -1 if size % 2 == 0 else 1
        for subset in combinations(rows, size):
            row = table.intersection_row(subset)
            if row is not None:
                terms.append((row, sign))
    return terms


def feature_sums(
    candidates: Sequence[Any], index: dict[str, int], weights: np.ndarray, null_row: int
) -> tuple[np.ndarray, np.ndarray]:
    """(sums int32 of shape (n, categories), counts int64 of shape (n,)); `weights[null_row]` is
    all zeros and pads empty sets."""
    table = _PartTable(index)
    empty = table._add(frozenset())
    term_rows: list[int] = []
    term_signs: list[int] = []
    term_starts: list[int] = []
    for cand in candidates:
        term_starts.append(len(term_rows))
        terms = _terms(table, cand) or [(empty, 1)]
        for row, sign in terms:
            term_rows.append(row)
            term_signs.append(sign)
    flat: list[int] = []
    part_starts: list[int] = []
    for ids in table.sets:
        part_starts.append(len(flat))
        flat.extend(ids)
        flat.append(null_row)
    part_sums = np.add.reduceat(
        weights[np.array(flat, dtype=np.int64)], np.array(part_starts, dtype=np.int64), axis=0, dtype=np.int32
    )
    sizes = np.array([len(ids) for ids in table.sets], dtype=np.int64)
    rows = np.array(term_rows, dtype=np.int64)
    signs = np.array(term_signs, dtype=np.int32)
    starts = np.array(term_starts, dtype=np.int64)
    sums = np.add.reduceat(part_sums[rows] * signs[:, None], starts, axis=0)
    counts = np.add.reduceat(sizes[rows] * signs, starts)
    return sums, counts
