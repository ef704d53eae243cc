"""Per candidate, the sum of the weight rows of its distinct known features and their number.

A candidate's features come in parts shared across candidates (see `Candidate`), so each
distinct part is mapped to feature ids and summed once per contract, and a candidate's sum
is a signed sum of part sums. Parts are disjoint except a group's sentence n-gram sets; their
union is counted by inclusion-exclusion (a group has at most three sentences). The int8
weights are summed in int32, which is exact, so the result does not depend on the order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any, cast

import numpy as np

from contractbox.engine.candidates import PrefixedWords, TokenGrams

_MAX_INCLUSION_EXCLUSION = 3


class _PartTable:
    """The distinct feature-id sets of one contract, each given a row number."""

    def __init__(self, index: dict[str, int]) -> None:
        self.lookup: Callable[[str], int | None] = index.get
        self.sets: list[set[int]] = []  # never changed once added
        self._by_part: dict[int, int] = {}  # id(part) -> row; parts outlive the table
        self._by_rows: dict[tuple[int, ...], int] = {}  # intersection of rows -> row
        self._token_ids: dict[int, tuple[list, list]] = {}  # id(Tokens) -> ids per token, per pair
        self._prefixed_ids: dict[tuple[int, str], list] = {}  # (id(Tokens), prefix) -> ids per prefixed token
        self.empty = self._add(set())

    def row_of(self, part: Iterable[str]) -> int:
        row = self._by_part.get(id(part))
        if row is None:
            ids = self._prefixed_ids_of(part) if isinstance(part, PrefixedWords) else set(map(self.lookup, part))
            ids.discard(None)  # an unknown feature
            row = self._by_part[id(part)] = self._add(cast(set[int], ids))
        return row

    def _prefixed_ids_of(self, part: PrefixedWords) -> set[int | None]:
        key = (id(part.tokens), part.prefix)
        per_token = self._prefixed_ids.get(key)
        if per_token is None:
            per_token = self._prefixed_ids[key] = list(map(self.lookup, map(part.prefix.__add__, part.tokens.words)))
        return set(per_token[part.i : part.j])

    def gram_row(self, part: TokenGrams) -> int:
        row = self._by_part.get(id(part))
        if row is None:
            row = self._by_part[id(part)] = self._add(self._gram_ids(part))
        return row

    def _gram_ids(self, part: TokenGrams) -> set[int]:
        """Known ids of tokens[i:j]'s unigrams and bigrams, from ids of every token and token pair."""
        per_token = self._token_ids.get(id(part.tokens))
        if per_token is None:
            words = part.tokens.words
            unigrams = list(map(self.lookup, words))
            bigrams = list(map(self.lookup, map(" ".join, zip(words, words[1:]))))
            per_token = self._token_ids[id(part.tokens)] = (unigrams, bigrams)
        unigrams, bigrams = per_token
        ids = set(unigrams[part.i : part.j])
        ids.update(bigrams[part.i : part.j - 1])
        ids.discard(None)  # unknown n-grams
        return cast(set[int], ids)

    def union_row(self, parts: Sequence[TokenGrams]) -> int:
        return self._add(set().union(*(self.sets[self.gram_row(p)] for p in parts)))

    def intersection_row(self, rows: tuple[int, ...]) -> int | None:
        row = self._by_rows.get(rows)
        if row is None:
            common = self.sets[rows[0]].intersection(*(self.sets[r] for r in rows[1:]))
            row = self._by_rows[rows] = self._add(common) if common else -1
        return row if row >= 0 else None

    def _add(self, ids: set[int]) -> int:
        self.sets.append(ids)
        return len(self.sets) - 1


class _Terms:
    """Per candidate, (row, sign) terms whose signed sum is its distinct known features, in flat lists
    (`starts[k]`: the first term of candidate k)."""

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.signs: list[int] = []
        self.starts: list[int] = []

    def add(self, table: _PartTable, cand: Any) -> None:
        start = len(self.rows)
        self.starts.append(start)
        self._add_rows([table.row_of(p) for p in cand.context])
        grams = cand.grams
        if len(grams) > _MAX_INCLUSION_EXCLUSION:
            self._add_rows([table.union_row(grams)])
        elif grams:
            self._add_union(table, sorted({table.gram_row(p) for p in grams}))  # the same set twice counts once
        if len(self.rows) == start:
            self._add_rows([table.empty])  # reduceat needs a term per candidate

    def _add_rows(self, rows: list[int]) -> None:
        self.rows += rows
        self.signs += [1] * len(rows)

    def _add_union(self, table: _PartTable, gram_rows: list[int]) -> None:
        """The union of a candidate's sentence n-gram sets, by inclusion-exclusion."""
        self._add_rows(gram_rows)
        for size in range(2, len(gram_rows) + 1):
            sign = -1 if size % 2 == 0 else 1
            for subset in combinations(gram_rows, size):
                row = table.intersection_row(subset)
                if row is not None:
                    self.rows.append(row)
                    self.signs.append(sign)


def feature_sums(
    candidates: Sequence[Any], index: dict[str, int], weights: np.ndarray, null_row: int
) -> tuple[np.ndarray, np.ndarray]:
    """(sums int32 of shape (n, categories), counts int64 of shape (n,)); `weights[null_row]` is
    all zeros and pads empty sets."""
    table = _PartTable(index)
    terms = _Terms()
    for cand in candidates:
        terms.add(table, cand)
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
    rows = np.array(terms.rows, dtype=np.int64)
    signs = np.array(terms.signs, dtype=np.int32)
    starts = np.array(terms.starts, dtype=np.int64)
    sums = np.add.reduceat(part_sums[rows] * signs[:, None], starts, axis=0)
    counts = np.add.reduceat(sizes[rows] * signs, starts)
    return sums, counts
