"""The validation and odds helpers every system's dice share."""

from fractions import Fraction

import pytest

from sheets.systems.dice.core import DiceError, require_count, require_face, require_int
from sheets.systems.dice.odds import at_least


@pytest.mark.parametrize(
    ("value", "bounds", "message"),
    [
        (True, {}, r"^the bonus must be a whole number, not True$"),
        (1.0, {}, r"^the bonus must be a whole number, not 1\.0$"),
        (-1, {"minimum": 0}, r"^the bonus cannot be negative \(-1\)$"),
        (0, {"minimum": 1}, r"^the bonus cannot be less than 1 \(0\)$"),
        (1, {"maximum": 0}, r"^the bonus cannot be positive \(1\)$"),
        (1, {"minimum": 0, "maximum": 0}, r"^the bonus cannot be more than 0 \(1\)$"),
        (4, {"minimum": 1, "maximum": 3}, r"^the bonus cannot be more than 3 \(4\)$"),
        (4, {"maximum": 3, "rule": "is 1 to 3"}, r"^the bonus is 1 to 3, not 4$"),
        ("2", {"maximum": 3, "rule": "is 1 to 3"}, r"^the bonus is 1 to 3, not '2'$"),
    ],
)
def test_require_int_refuses_with_a_message_naming_the_value(value, bounds, message):
    with pytest.raises(DiceError, match=message):
        require_int("the bonus", value, **bounds)


def test_require_int_returns_a_whole_number_within_its_bounds():
    assert require_int("a modifier", -7) == -7
    assert require_int("complexity", 3, minimum=1, maximum=3, rule="is 1 to 3") == 3
    assert require_count("dice", 0, maximum=0) == 0
    with pytest.raises(DiceError, match=r"^dice cannot be more than 2 \(3\)$"):
        require_count("dice", 3, maximum=2)


@pytest.mark.parametrize("face", [0, 7, True, 3.0, None])
def test_require_face_refuses_what_the_die_cannot_show(face):
    with pytest.raises(DiceError, match=r"^a player die shows 1 to 6, not .*cannot come up$"):
        require_face(face, 6, "a player die")
    assert [require_face(f, 6, "a player die") for f in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_at_least_adds_the_chances_of_every_count_from_k():
    pmf = {0: Fraction(1, 2), 1: Fraction(1, 3), 3: Fraction(1, 6)}
    assert [at_least(pmf, k) for k in range(5)] == [
        1,
        Fraction(1, 2),
        Fraction(1, 6),
        Fraction(1, 6),
        0,
    ]
