"""The dashboard's order: the most urgent alert first, whatever system wrote it."""

from sheets.urgency import alert_level, alert_rank, card_rank, ordered_alerts


def test_alerts_are_ordered_dead_down_hurt_gear_load_mind():
    alerts = ["encumbered", "high stress", "jammed: M16", "Strength broken", "unconscious", "dead"]
    assert ordered_alerts(alerts) == [
        "dead", "unconscious", "Strength broken", "jammed: M16", "encumbered", "high stress",
    ]  # fmt: skip


def test_an_alert_without_a_known_word_still_comes_before_no_alert():
    assert alert_rank("something odd") < card_rank([])[0]
    assert alert_level("something odd") == "other"


def test_a_card_ranks_by_its_worst_alert_then_by_how_many():
    bleeding_and_jammed = card_rank(["bleeding", "jammed"])
    bleeding = card_rank(["bleeding"])
    assert bleeding_and_jammed < bleeding < card_rank(["encumbered"]) < card_rank([])
