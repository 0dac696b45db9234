"""Known whole evenings in which no two players share a table twice (docs/club-night.md, "The
draw"): the designs a balanced draw follows where one fits the evening.

Players are numbered 0 to ``tables * size - 1``; an evening is a list of sittings, each a list
of tables, each a list of players. The first sitting of every design is ``0 .. size-1`` at
table 0, ``size .. 2*size-1`` at table 1 and so on, so a design is laid onto any first sitting
of equal tables by renaming: player ``t*size + s`` is whoever sat in seat ``s`` of table ``t``.

- **Tables of 2**: a round robin (the circle method), ``2t - 1`` sittings.
- **Tables of ``size`` over ``q`` tables**, ``q`` a prime power at least ``size``: the player in
  seat ``s`` of table ``t`` of the first sitting sits at table ``t + s*r`` of sitting ``r``
  (reckoned in the field of ``q`` elements), ``q`` sittings. Two players of other seats meet
  where ``(s1 - s2) * r = t2 - t1``, in one sitting only; two of one seat never. For tables of
  4 and a prime ``q`` this is bridge's Rainbow movement (5, 7, 11, 13 tables). Where ``size``
  is ``q`` one more sitting seats each seat's players together: the affine plane of order ``q``
  (9 at tables of 3 over 4 sittings, 16 at 4 over 5, 25 at 5 over 6, 49 at 7 over 8).
"""

from __future__ import annotations

import functools

Evening = list[list[list[int]]]

IRREDUCIBLE = {
    4: (2, (1, 1, 1)),
    8: (2, (1, 1, 0, 1)),
    16: (2, (1, 1, 0, 0, 1)),
    32: (2, (1, 0, 1, 0, 0, 1)),
    9: (3, (1, 0, 1)),
    27: (3, (1, 2, 0, 1)),
    25: (5, (2, 0, 1)),
    49: (7, (1, 0, 1)),
}
"""Fields of a prime power's elements: the prime and a polynomial without roots or factors
(coefficients from x^0 up) whose remainders are the elements."""


def design(tables: int, size: int) -> Evening | None:
    """The longest known evening without a repeated pair for ``tables`` tables of ``size``
    (at least 2 tables), or None where none is known here."""
    if tables < 2 or size < 2:
        return None
    if size == 2:
        return _round_robin(tables)
    if tables >= size and _field(tables) is not None:
        return _transversal(tables, size)
    return None


def _round_robin(tables: int) -> Evening:
    """The circle method: player ``2t - 1`` stays, the others turn one place a sitting; the
    first sitting is renumbered to pair 0 with 1, 2 with 3 and so on."""
    turning = 2 * tables - 1
    sittings = []
    for r in range(turning):
        pairs = [[turning, r]] + [[(r + i) % turning, (r - i) % turning] for i in range(1, tables)]
        sittings.append(pairs)
    rename = {player: seat for seat, player in enumerate(p for pair in sittings[0] for p in pair)}
    return [[[rename[p] for p in pair] for pair in sitting] for sitting in sittings]


def _transversal(q: int, size: int) -> Evening:
    add, mul = _field(q) or ((), ())
    sittings: Evening = []
    for r in range(q):
        tables: list[list[int]] = [[] for _ in range(q)]
        for t in range(q):
            for s in range(size):
                tables[add[t][mul[s][r]]].append(t * size + s)
        sittings.append(tables)
    if size == q:
        sittings.append([[t * size + s for t in range(q)] for s in range(size)])
    return sittings


@functools.cache
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
    """Addition and multiplication tables of the field of ``q`` elements, None where ``q`` is
    no prime power known here; 0 and 1 are the field's 0 and 1."""
    if q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1)):
        numbers = range(q)
        return (
            tuple(tuple((a + b) % q for b in numbers) for a in numbers),
            tuple(tuple(a * b % q for b in numbers) for a in numbers),
        )
    if q not in IRREDUCIBLE:
        return None
    prime, modulus = IRREDUCIBLE[q]
    degree = len(modulus) - 1

    def digits(a: int) -> list[int]:
        return [a // prime**i % prime for i in range(degree)]

    def number(coefficients: list[int]) -> int:
        return sum(c * prime**i for i, c in enumerate(coefficients))

    def times(a: int, b: int) -> int:
        product = [0] * (2 * degree - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] = (product[i + j] + x * y) % prime
        for high in range(len(product) - 1, degree - 1, -1):
            factor = product[high]
            if factor:
                for i, c in enumerate(modulus):
                    at = high - degree + i
                    product[at] = (product[at] - factor * c) % prime
        return number(product[:degree])

    elements = range(q)
    return (
        tuple(
            tuple(
                number([(x + y) % prime for x, y in zip(digits(a), digits(b), strict=True)])
                for b in elements
            )
            for a in elements
        ),
        tuple(tuple(times(a, b) for b in elements) for a in elements),
    )
