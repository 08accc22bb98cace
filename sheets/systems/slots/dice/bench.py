"""`make bench` for slots: one typical roll, and the coldest largest exact odds."""

from ...dice.core import RNG
from . import (
    HUMAN,
    MAX_FALL_DICE,
    Beseech,
    Block,
    Concentrate,
    Dodge,
    Grit,
    Idea,
    Item,
    Morale,
    Resolution,
    Sheet,
    Sneak,
    Traverse,
    check_odds,
    choose_die,
    clear_caches,
    fall_odds,
    resolve_roll,
    roll_check,
    suggest_die,
)

CHAINMAIL = Item("chainmail shirt", ("heavy armor", "heavy", "noisy", "rigid"))
SWORD = Item("sword", ("weapon", "rigid", "sharp"))
SHIELD = Item("shield", ("shield", "rigid", "blunt"))
BEDROLL = Item("bedroll", ("cushioning", "flammable"))
LANTERN = Item("lantern", ("rigid", "fragile", "flammable"))
COINS = Item("sack of coins", ("noisy", "heavy"))

# A fighter on the road: armor on the torso, sword and shield in hand, a full pack.
BENCH_SHEET = (
    Sheet.empty(HUMAN)
    .holding(3, CHAINMAIL)
    .holding(4, CHAINMAIL)
    .holding(7, SWORD)
    .holding(8, SHIELD)
    .holding(9, BEDROLL)
    .holding(10, LANTERN)
    .holding(11, COINS)
    .with_gear(5, wound="closed")
    .thinking(1, Idea("the Dawn Father", "devotion"))
)


def bench_roll(rng: RNG) -> Resolution:
    """One typical full roll: a block with advantage, the player's pick, the reading."""
    check = Block("strike")
    rolled = roll_check(rng, BENCH_SHEET, check, advantages=1)
    picked = choose_die(rolled, suggest_die(rolled, BENCH_SHEET, check), by="player")
    return resolve_roll(BENCH_SHEET, check, picked)


def bench_largest_odds() -> None:
    """Cold exact odds of the largest configurations: every check with three dice
    (two advantages, two disadvantages) and a fall of the most dice allowed."""
    clear_caches()
    checks = (
        Traverse(),
        Sneak(obscured=True, can_smell=True),
        Block("strike"),
        Dodge("blast"),
        Concentrate(),
        Beseech(),
        Morale(),
        Grit(),
    )
    for check in checks:
        check_odds(BENCH_SHEET, check, advantages=2)
        check_odds(BENCH_SHEET, check, disadvantages=2)
    fall_odds(BENCH_SHEET, MAX_FALL_DICE)
