"""A roll's card in the feed (rolls.cards): who rolled and what, the outcome, the dice,
the effects; a secret roll is only "the GM rolled" for the players and in full, with
Reveal, for the GM; names are escaped."""

import pytest

from rolls.cards import roll_card_html
from rolls.models import Roll

pytestmark = pytest.mark.django_db

DIE = {"kind": "base", "size": 6, "face": 6, "counts": "success", "rerolled": False}


@pytest.fixture
def roll(mutant_sheet, party, player):
    return Roll.objects.create(
        character=mutant_sheet.character, party=party, user=player, system="mutant",
        kind="skill", label="Fight", outcome="1 success", result={"dice": [DIE]},
        effects=[{"target": "trauma", "note": "1 point of Strength trauma"}, {"target": "xp"}],
    )  # fmt: skip


def test_a_card_names_the_roller_the_roll_its_outcome_dice_and_effects(roll):
    html = roll_card_html(roll, is_new=True)
    assert f'id="roll-card-{roll.pk}" data-roll="{roll.pk}"' in html
    assert 'class="card roll-card is-new"' in html and "hx-swap-oob" not in html
    assert f'data-roll-character="{roll.character_id}"' in html
    assert 'data-roll-tone="success"' in html
    assert f'<strong class="roll-card-who">{roll.character.name}</strong>' in html
    assert f'href="/rolls/{roll.pk}/">Fight</a>' in html
    assert '<div class="fw-bold" data-outcome>1 success</div>' in html
    assert 'class="dice dice-small"' in html and "base die shows 6: success" in html
    assert "<li>1 point of Strength trauma</li><li>xp</li>" in html
    assert "<time " in html and "Reveal" not in html


def test_a_secret_roll_is_only_the_gm_rolled_for_players_and_whole_for_the_gm(roll):
    roll.secret = True
    players = roll_card_html(roll)
    assert "The GM rolled, in secret." in players and "data-roll-secret" in players
    assert "Fight" not in players and "1 success" not in players

    gms = roll_card_html(roll, is_gm=True, oob=True, csrf_token="abc")
    assert "1 success" in gms and '<span class="badge text-bg-dark border">secret</span>' in gms
    assert f'hx-post="/rolls/{roll.pk}/reveal/"' in gms
    assert 'name="csrfmiddlewaretoken" value="abc"' in gms and 'hx-swap-oob="true"' in gms


def test_an_npc_roll_and_an_opposed_roll_name_the_npc_escaped(roll):
    roll.npc_name = "Zone <ghoul>"
    opposed = roll_card_html(roll)
    assert "vs</span> <strong>Zone &lt;ghoul&gt;</strong>" in opposed
    assert ">NPC</span>" not in opposed and "<ghoul>" not in opposed

    roll.character = None
    npc = roll_card_html(roll)
    assert '<strong class="roll-card-who">Zone &lt;ghoul&gt;</strong>' in npc
    assert ">NPC</span>" in npc and 'data-roll-character="npc"' in npc


def test_a_push_is_marked(roll, player):
    push = Roll.objects.create(
        character=roll.character, party=roll.party, user=player, system="mutant",
        kind="skill", label="Fight", outcome="2 successes", pushed_from=roll,
        result={"dice": [DIE, {**DIE, "face": 3, "counts": "", "rerolled": True}]},
    )  # fmt: skip
    html = roll_card_html(push)
    assert " data-roll-pushed" in html and ">pushed</span>" in html
    assert "die-kept" in html and "die-rerolled" in html


def test_grouped_dice_are_drawn_group_by_group_on_the_card_and_the_result(roll, player_client):
    """Several throws (the Agents 2d6 against the referee's d12s): each group labelled,
    its dice drawn, on the feed's card and on the roll's own page."""
    roll.result = {
        "dice_groups": [
            {"label": "Your 2d6", "dice": [{**DIE, "kind": "player"}]},
            {"label": "Referee's 2d12", "dice": [{**DIE, "kind": "referee", "size": 12}]},
        ]
    }
    roll.save()
    for html in (roll_card_html(roll), player_client.get(f"/rolls/{roll.pk}/").content.decode()):
        assert '<span class="dice-group-label">Your 2d6</span><ul class="dice' in html
        assert "Referee&#x27;s 2d12</span>" in html and "&amp;#x27;" not in html
        assert 'class="die die-referee die-d12' in html and "&lt;li" not in html
