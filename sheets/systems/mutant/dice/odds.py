"""Exact odds for Mutant: Year Zero rolls, by enumeration with ``Fraction``.

Every die is a d6 and only three faces matter (6, 1, anything else), so each
distribution is a product of binomial or trinomial terms and needs no sampling.
Each function is cached per dice configuration (plain int and bool arguments).

- ``skill_odds(base, skill, gear, negative)``: net successes after negative dice.
- ``push_odds(...)``: the same after a push, given the dice the push keeps, with the
  expected trauma and gear bonus loss.
- ``armor_odds(rating, incoming, natural)``: damage absorbed and the chance of rating loss.
- ``rot_odds(points, rot_total, resistant, suit_rating, rot_eater)``: damage of a rot event.
- ``decontamination_odds(leaving)``, ``mutation_odds(points)``, ``d6_odds(count)``,
  ``d66_odds()``.

``*_rows`` helpers turn them into ``[label, percentage]`` rows for the roll forms.
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from math import comb

import icepool

from ...dice.core import require_count, require_int
from ...dice.odds import at_least, at_least_buckets, die_pmf, percent
from ...dice.words import Saying, say, say_n

ONE_SIXTH = Fraction(1, 6)
MAX_DICE = 30  # of one kind, far above any sheet (attribute, skill and bonus run 0..10)
BOXES = 10  # rot points fit in ten boxes
ROT_RESISTANT_DICE = 3  # skill dice rolled per rot point with Rot Resistant
CACHE_SIZE = 4096  # configurations kept per odds function


def _count(name: str, value: int, maximum: int = MAX_DICE) -> int:
    return require_count(name, value, maximum=maximum)


def require_rot_event_points(points: int) -> int:
    return require_int("the points a rot event brings", points, minimum=1, maximum=BOXES)


def require_mutation_points(points: int) -> int:
    return require_int("mutation points spent", points, minimum=1, maximum=BOXES)


def require_d6_count(count: int) -> int:
    return require_int("the number of D6", count, minimum=1, maximum=MAX_DICE)


def _pmf(distribution: tuple[Fraction, ...]) -> dict[int, Fraction]:
    """A distribution indexed by count as {count: probability}."""
    return dict(enumerate(distribution))


@functools.lru_cache(maxsize=CACHE_SIZE)
def binomial(n: int) -> tuple[Fraction, ...]:
    """P(exactly k sixes on n dice), k = 0..n (the same for 1s)."""
    return tuple(comb(n, k) * ONE_SIXTH**k * (1 - ONE_SIXTH) ** (n - k) for k in range(n + 1))


@functools.lru_cache(maxsize=CACHE_SIZE)
def sixes_and_ones(n: int) -> tuple[tuple[int, int, Fraction], ...]:
    """(sixes, ones, probability) for every split of n dice (trinomial)."""
    rows = []
    for sixes in range(n + 1):
        for ones in range(n - sixes + 1):
            others = n - sixes - ones
            ways = comb(n, sixes) * comb(n - sixes, ones)
            rows.append(
                (sixes, ones, ways * ONE_SIXTH ** (sixes + ones) * Fraction(4, 6) ** others)
            )
    return tuple(rows)


def _expected(distribution) -> Fraction:
    return sum((k * p for k, p in enumerate(distribution)), Fraction(0))


def _fmt(value: Fraction) -> str:
    return f"{float(value):.2f}"


def _successes_word(count: int) -> str:
    return "1 success" if count == 1 else f"{count} successes"


# --- Skill rolls and pushes --------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SuccessOdds:
    """``distribution[k]`` = P(exactly k net successes)."""

    distribution: tuple[Fraction, ...]

    def at_least(self, count: int) -> Fraction:
        return at_least(_pmf(self.distribution), count)

    @property
    def at_least_one(self) -> Fraction:
        return self.at_least(1)

    def buckets(self, top: int = 3) -> tuple[tuple[str, Fraction], ...]:
        """P(0), P(1), ..., P(top or more) with their labels."""
        folded = at_least_buckets(_pmf(self.distribution), top)
        rows = [("0 successes (failure)", folded["0"])]
        rows += [(_successes_word(k), folded[str(k)]) for k in range(1, top)]
        rows.append((f"{top}+ successes", folded[f"{top}+"]))
        return tuple(rows)

    def probability(self, count: int) -> Fraction:
        return self.distribution[count] if count < len(self.distribution) else Fraction(0)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _net_successes(
    positive: int, negative: int, kept_sixes: int = 0, kept_negative_sixes: int = 0
) -> SuccessOdds:
    """Net successes = max(0, kept + sixes on ``positive`` dice - kept negative 6s - sixes
    on ``negative`` dice)."""
    size = kept_sixes + positive + 1
    distribution = [Fraction(0)] * size
    for ours, p_ours in enumerate(binomial(positive)):
        for theirs, p_theirs in enumerate(binomial(negative)):
            net = max(0, kept_sixes + ours - kept_negative_sixes - theirs)
            distribution[net] += p_ours * p_theirs
    return SuccessOdds(tuple(distribution))


def skill_odds(base: int, skill: int, gear: int = 0, negative: int = 0) -> SuccessOdds:
    """Exact odds of a skill roll's net successes. Only the number of positive dice
    matters for successes, so the cache is shared by every split of the same pool."""
    for name, value in (("base dice", base), ("skill dice", skill), ("gear dice", gear)):
        _count(name, value)
    _count("negative dice", negative)
    return _net_successes(base + skill + gear, negative)


@dataclasses.dataclass(frozen=True)
class PushOdds:
    successes: SuccessOdds
    any_trauma: Fraction
    expected_trauma: Fraction
    expected_gear_loss: Fraction


@functools.lru_cache(maxsize=CACHE_SIZE)
def push_odds(
    reroll_base: int,
    reroll_skill: int,
    reroll_gear: int,
    reroll_negative: int,
    kept_sixes: int = 0,
    kept_negative_sixes: int = 0,
    kept_base_ones: int = 0,
    kept_gear_ones: int = 0,
) -> PushOdds:
    """Odds of a push: the re-rolled dice are fresh, the kept 6s and 1s stay."""
    for name, value in (
        ("re-rolled base dice", reroll_base),
        ("re-rolled skill dice", reroll_skill),
        ("re-rolled gear dice", reroll_gear),
        ("re-rolled negative dice", reroll_negative),
        ("kept sixes", kept_sixes),
        ("kept negative sixes", kept_negative_sixes),
        ("kept base-die 1s", kept_base_ones),
        ("kept gear-die 1s", kept_gear_ones),
    ):
        _count(name, value)
    successes = _net_successes(
        reroll_base + reroll_skill + reroll_gear, reroll_negative, kept_sixes, kept_negative_sixes
    )
    ones = binomial(reroll_base)
    expected_trauma = kept_base_ones + _expected(ones)
    any_trauma = Fraction(1) if kept_base_ones else 1 - ones[0]
    return PushOdds(
        successes=successes,
        any_trauma=any_trauma,
        expected_trauma=expected_trauma,
        expected_gear_loss=kept_gear_ones + reroll_gear * ONE_SIXTH,
    )


def _bucket_saying(label: str) -> Saying:
    """A bucket of ``SuccessOdds.buckets`` ("0 successes (failure)", "2 successes",
    "3+ successes") as a saying."""
    if label == "0 successes (failure)":
        return say("0 successes (failure)")
    count = label.split(" ")[0]
    if count.endswith("+"):
        return say("%(n)s+ successes", n=int(count[:-1]))
    return say_n("%(n)s success", "%(n)s successes", int(count))


def skill_rows(odds: SuccessOdds) -> list[list]:
    rows: list[list] = [[say("At least one success"), percent(odds.at_least_one)]]
    rows += [[_bucket_saying(label), percent(p)] for label, p in odds.buckets()]
    return rows


def push_rows(odds: PushOdds) -> list[list]:
    return [
        *skill_rows(odds.successes),
        [say("Any trauma (and mutation points)"), percent(odds.any_trauma)],
        [say("Expected trauma"), _fmt(odds.expected_trauma)],
        [say("Expected gear bonus loss"), _fmt(odds.expected_gear_loss)],
    ]


# --- Armor -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ArmorOdds:
    incoming: int
    absorbed: tuple[Fraction, ...]  # absorbed[k] = P(exactly k damage absorbed)
    rating_loss: Fraction  # P(the rating drops at least 1)
    expected_rating_loss: Fraction


@functools.lru_cache(maxsize=CACHE_SIZE)
def armor_odds(rating: int, incoming: int, natural: bool = False) -> ArmorOdds:
    _count("armor rating", rating)
    require_int("incoming damage", incoming, minimum=1)
    absorbed = [Fraction(0)] * (min(rating, incoming) + 1)
    rating_loss = expected_loss = Fraction(0)
    for sixes, ones, probability in sixes_and_ones(rating):
        saved = min(sixes, incoming)
        absorbed[saved] += probability
        if saved < incoming and not natural and ones:
            rating_loss += probability
            expected_loss += ones * probability
    return ArmorOdds(incoming, tuple(absorbed), rating_loss, expected_loss)


def armor_rows(odds: ArmorOdds) -> list[list]:
    rows: list[list] = [
        [say("Absorb all %(incoming)s", incoming=odds.incoming) if k == odds.incoming
         else say("Absorb %(k)s of %(incoming)s", k=k, incoming=odds.incoming),
         percent(p)]
        for k, p in enumerate(odds.absorbed)
    ]  # fmt: skip
    rows.append([say("Armor rating drops"), percent(odds.rating_loss)])
    return rows


# --- Rot ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RotOdds:
    damage: tuple[Fraction, ...]  # damage[k] = P(the rot roll deals exactly k damage)
    all_absorbed: Fraction
    expected_points: Fraction  # new points that get through protection
    suit_damaged: Fraction  # P(the rot suit loses rating)

    def at_least(self, count: int) -> Fraction:
        return at_least(_pmf(self.damage), count)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _protection_step(skill_dice: int, suit: int) -> tuple[tuple[int, bool, int], ...]:
    """One point's protection roll as (suit rating lost, absorbed?, ways), the ways
    counted out of 6 ** (skill_dice + suit) equally likely throws."""
    if skill_dice == 0 and suit == 0:
        return ((0, False, 1),)
    all_skill, skill_no_six = 6**skill_dice, 5**skill_dice
    rows = []
    for ones in range(suit + 1):
        gear_no_six = comb(suit, ones) * 4 ** (suit - ones)
        gear_six = comb(suit, ones) * 5 ** (suit - ones) - gear_no_six
        absorbed = gear_six * all_skill + gear_no_six * (all_skill - skill_no_six)
        through = gear_no_six * skill_no_six
        if absorbed:
            rows.append((ones, True, absorbed))
        if through:
            rows.append((ones, False, through))
    return tuple(rows)


@functools.lru_cache(maxsize=CACHE_SIZE)
def rot_odds(
    points: int,
    rot_total: int = 0,
    resistant: bool = False,
    suit_rating: int = 0,
    rot_eater: bool = False,
) -> RotOdds:
    """Exact odds of a rot event (RULINGS order: protection per point with the suit
    wearing down, unabsorbed points added, then one rot roll of the new total).

    Counted in whole numbers: every protection roll is weighed out of
    6 ** (skill dice + the suit's starting rating), as if a worn suit still rolled its
    lost dice and ignored them.
    """
    require_rot_event_points(points)
    _count("rot points", rot_total, BOXES)
    _count("rot suit rating", suit_rating)
    skill_dice = ROT_RESISTANT_DICE if resistant else 0
    states: dict[tuple[int, int], int] = {(suit_rating, 0): 1}
    for _ in range(points):
        following: dict[tuple[int, int], int] = {}
        for (suit, through), ways in states.items():
            unused = 6 ** (suit_rating - suit)
            for lost, absorbed, step_ways in _protection_step(skill_dice, suit):
                key = (suit - lost, through + (0 if absorbed else 1))
                following[key] = following.get(key, 0) + ways * step_ways * unused
        states = following
    denominator = 6 ** ((skill_dice + suit_rating) * points)
    damage = [Fraction(0)] * (BOXES + 1)
    all_absorbed = expected_points = suit_damaged = Fraction(0)
    for (suit, through), ways in states.items():
        probability = Fraction(ways, denominator)
        expected_points += through * probability
        if suit < suit_rating:
            suit_damaged += probability
        if through == 0:
            all_absorbed += probability
            damage[0] += probability
            continue
        if rot_eater:
            damage[0] += probability
            continue
        total = min(BOXES, rot_total + through)
        for ones, p_ones in enumerate(binomial(total)):
            damage[ones] += probability * p_ones
    while len(damage) > 1 and damage[-1] == 0:
        damage.pop()
    return RotOdds(tuple(damage), all_absorbed, expected_points, suit_damaged)


def rot_rows(odds: RotOdds, protected: bool) -> list[list]:
    rows: list[list] = []
    if protected:
        rows.append([say("Every point absorbed"), percent(odds.all_absorbed)])
    damage = at_least_buckets(_pmf(odds.damage))
    rows.append([say("No damage"), percent(damage["0"])])
    rows += [[say("%(n)s damage", n=k), percent(damage[str(k)])] for k in (1, 2)]
    rows.append([say("%(n)s+ damage", n=3), percent(damage["3+"])])
    if protected:
        rows.append([say("Rot suit loses rating"), percent(odds.suit_damaged)])
    return rows


# --- Decontamination, mutations, D6, D66 ---------------------------------------------------


def decontamination_odds(leaving: int) -> tuple[Fraction, ...]:
    """P(exactly k of the leaving points stay and become permanent)."""
    _count("rot points leaving", leaving, BOXES)
    return binomial(leaving)


def decontamination_rows(leaving: int) -> list[list]:
    odds = decontamination_odds(leaving)
    rows: list[list] = [[say("No point becomes permanent"), percent(odds[0])]]
    rows += [
        [say_n("%(n)s point becomes permanent", "%(n)s points become permanent", k), percent(p)]
        for k, p in enumerate(odds)
        if k > 0
    ]
    return rows


def mutation_odds(points: int) -> Fraction:
    """P(misfire): at least one 1 on ``points`` base dice."""
    return 1 - binomial(require_mutation_points(points))[0]


def mutation_rows(points: int) -> list[list]:
    misfire = mutation_odds(points)
    return [[say("Misfire"), percent(misfire)], [say("No misfire"), percent(1 - misfire)]]


@functools.lru_cache(maxsize=CACHE_SIZE)
def d6_odds(count: int) -> tuple[Fraction, ...]:
    """P(total = t) for ``count`` summed d6, indexed by t (0..6*count)."""
    pmf = die_pmf(require_d6_count(count) @ icepool.d6)
    return tuple(pmf.get(total, Fraction(0)) for total in range(6 * count + 1))


def d6_rows(count: int, bands: int = 6) -> list[list]:
    """The totals in at most ``bands`` equal bands (each total on its own when few)."""
    odds = d6_odds(count)
    low, high = count, 6 * count
    width = -(-(high - low + 1) // bands)
    rows = []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        label = (
            say("Total %(total)s", total=start)
            if start == end
            else say("Total %(low)s-%(high)s", low=start, high=end)
        )
        rows.append([label, percent(sum(odds[start : end + 1], Fraction(0)))])
    rows.append([say("Average"), f"{float(_expected(odds)):.1f}"])
    return rows


def d66_odds() -> Fraction:
    """Each of the 36 results 11..66 is equally likely."""
    return Fraction(1, 36)


def d66_rows() -> list[list]:
    chance = percent(d66_odds())
    return [
        [say("Any one result (11 to 66, 36 equally likely)"), chance],
        [say("First die 1-3 (results 11 to 36)"), percent(Fraction(1, 2))],
    ]


CACHED = (binomial, sixes_and_ones, _net_successes, push_odds, armor_odds, _protection_step,
          rot_odds, d6_odds)  # fmt: skip


def clear_caches() -> None:
    for function in CACHED:
        function.cache_clear()
