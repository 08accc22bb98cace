"""The Zombiepocalypse sheet's pure rules: what a sheet brings to a check."""

from types import SimpleNamespace as Row

from sheets.systems.zombie.rules import factors, injury_total, option_label, status_factors

CONDITIONS = [
    Row(kind="injury", modifier=-2),  # broken arm
    Row(kind="injury", modifier=-1),  # sprained ankle
    Row(kind="status", modifier=-1),  # tied up
    Row(kind="status", modifier=0),  # noted, no effect
    Row(kind="status", modifier=1),  # rested
]


def test_injuries_add_up_and_status_effects_are_not_injuries():
    assert injury_total(CONDITIONS) == -3


def test_status_effects_become_status_level_factors():
    assert status_factors(CONDITIONS) == [-1, 1]


def test_factors_against_and_for_become_minus_and_plus_ones():
    assert factors(2, 1) == [-1, -1, 1]
    assert factors(0, 0) == []


def test_the_option_reads_as_the_seed_writes_it():
    assert option_label("Strong", 1) == "Strong +1"
    assert option_label("Pilot", 1, "automobile") == "Pilot (automobile) +1"
    assert option_label("Hacker", 0) == "Hacker"
