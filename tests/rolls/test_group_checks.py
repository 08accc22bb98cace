"""Group checks: the GM starts one from the dashboard; each participant does their part
from their own page; the result is read when all are in. Per system with scripted dice
(T2K group roll with helpers, Z6E team lift, Slots cooperation with an exchange), who
may do what, and the state machine."""

import pytest
from django.test import Client
from django.urls import reverse

from rolls.models import GroupCheck, Roll
from tests.factories import UserFactory, member_of
from tests.factories_slots import SlotsItemFactory, SlotsSheetFactory
from tests.factories_twilight import TwilightSheetFactory
from tests.factories_zombie import ZombieSheetFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def gm_c(gm):
    return client_for(gm)


def start(gm_c, party, system, kind, **data):
    url = reverse("group_new", args=[party.pk, system, kind])
    return gm_c.post(url, data)


def part(client, group, character):
    return client.post(reverse("group_part", args=[group.pk, character.pk]), headers=HTMX)


def act(client, name, group, **data):
    return client.post(reverse(f"group_{name}", args=[group.pk]), data, headers=HTMX)


# --- Slots: cooperation with an exchange ------------------------------------------------


@pytest.fixture
def slots_table(party, player):
    ann = SlotsSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    bo_player = member_of(party, UserFactory(username="bo"))
    bo = SlotsSheetFactory(character__owner=bo_player, character__party=party, character__name="Bo")
    SlotsItemFactory(sheet=ann, slot=11, name="Anvil", tags="heavy")
    return ann, bo, client_for(player), client_for(bo_player)


def test_slots_cooperation_each_rolls_one_exchanges_then_read(
    gm_c, party, slots_table, scripted_dice
):
    ann, bo, ann_c, bo_c = slots_table
    response = start(gm_c, party, "slots", "cooperation", check="traverse",
                     characters=[ann.pk, bo.pk])  # fmt: skip
    assert response.status_code == 302
    assert response["Location"] == reverse("party_dashboard", args=[party.pk]) + "#group-start"
    group = GroupCheck.objects.get()
    assert group.label == "Cooperation: Gear (traverse)" and group.state == "open"

    scripted_dice(11)  # Ann rolls her anvil (heavy: a traverse would fail)
    assert part(ann_c, group, ann.character).status_code == 200
    ann_roll = Roll.objects.get(character=ann.character)
    assert ann_roll.result["faces"] == [11] and ann_roll.result["read_index"] is None
    # her die waits for the group: no confirming it alone
    refused = ann_c.post(reverse("roll_choose", args=[ann_roll.pk]), {"step": "confirm"})
    assert refused.status_code == 422

    scripted_dice(4)
    assert part(bo_c, group, bo.character).status_code == 200
    group.refresh_from_db()
    assert group.state == "reading"  # all rolled: exchanges, then read

    response = act(ann_c, "swap", group, character=ann.character.pk, other=bo.character.pk)
    assert response.status_code == 200
    ann_roll.refresh_from_db()
    assert ann_roll.result["faces"] == [4]
    assert Roll.objects.get(character=bo.character, kind="check").result["faces"] == [11]
    # one exchange each
    again = act(bo_c, "swap", group, character=bo.character.pk, other=ann.character.pk)
    assert again.status_code == 409 and "already exchanged" in again.text

    assert act(bo_c, "read", group).status_code == 200
    group.refresh_from_db()
    assert group.state == "done"
    assert group.outcome == "Ann succeeds, Bo succeeds"  # Bo's 11 reads his own empty slot
    summary = Roll.objects.get(kind="group")
    assert summary.outcome == group.outcome and summary.party == party
    ann_roll.refresh_from_db()
    assert ann_roll.result["reading"]["success"] and ann_roll.outcome.endswith("(suggested)")
    # each roll is then confirmed as a single check is
    confirm = ann_c.post(reverse("roll_choose", args=[ann_roll.pk]), {"step": "confirm"},
                         headers=HTMX)  # fmt: skip
    assert confirm.status_code == 200
    assert act(ann_c, "swap", group, character=ann.character.pk, other=bo.character.pk
               ).status_code == 409  # fmt: skip


def test_without_the_exchange_the_anvil_fails_ann(gm_c, party, slots_table, scripted_dice):
    ann, bo, ann_c, bo_c = slots_table
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    group = GroupCheck.objects.get()
    scripted_dice(11, 4)
    part(ann_c, group, ann.character)
    part(bo_c, group, bo.character)
    act(ann_c, "read", group)
    group.refresh_from_db()
    assert group.outcome == "Ann fails, Bo succeeds"


def test_the_start_form_refuses_one_character_and_players(gm_c, party, slots_table):
    ann, bo, ann_c, _ = slots_table
    url = reverse("group_new", args=[party.pk, "slots", "cooperation"])
    response = gm_c.post(url, {"check": "grit", "characters": [ann.pk]})
    assert response.status_code == 422 and "at least 2 characters" in response.text
    assert ann_c.get(url).status_code == 404
    assert ann_c.post(url, {"check": "grit", "characters": [ann.pk, bo.pk]}).status_code == 404
    assert not GroupCheck.objects.exists()


# --- Permissions and the state machine ---------------------------------------------------


def test_only_participants_owners_and_the_gm_roll_a_part(gm_c, party, slots_table, scripted_dice):
    ann, bo, ann_c, _ = slots_table
    outsider_player = member_of(party, UserFactory(username="cy"))
    cy = SlotsSheetFactory(character__owner=outsider_player, character__party=party,
                           character__name="Cy")  # fmt: skip
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    group = GroupCheck.objects.get()
    cy_c = client_for(outsider_player)
    assert part(cy_c, group, cy.character).status_code == 403  # not in the check
    assert part(cy_c, group, ann.character).status_code == 403  # not theirs
    assert part(ann_c, group, bo.character).status_code == 403  # another player's
    assert act(cy_c, "read", group).status_code == 403
    assert act(ann_c, "cancel", group).status_code == 403
    stranger = client_for(UserFactory(username="far"))
    assert part(stranger, group, ann.character).status_code == 404
    assert not Roll.objects.exists()
    scripted_dice(3)
    assert part(gm_c, group, bo.character).status_code == 200  # the GM may roll for Bo
    assert Roll.objects.get().character == bo.character


def test_no_double_roll_no_early_reading_but_the_gm_may(gm_c, party, slots_table, scripted_dice):
    ann, bo, ann_c, bo_c = slots_table
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    group = GroupCheck.objects.get()
    scripted_dice(5)
    part(ann_c, group, ann.character)
    again = part(ann_c, group, ann.character)
    assert again.status_code == 409 and "already done their part" in again.text
    assert Roll.objects.count() == 1
    early = act(ann_c, "read", group)
    assert early.status_code == 409 and "once everyone has rolled" in early.text
    swap = act(ann_c, "swap", group, character=ann.character.pk, other=bo.character.pk)
    assert swap.status_code == 409
    assert act(gm_c, "read", group).status_code == 200  # the GM reads early: Bo left out
    group.refresh_from_db()
    assert group.state == "done" and group.outcome == "Ann succeeds"
    assert group.participants.get(character=bo.character).note.startswith("left out")
    assert part(bo_c, group, bo.character).status_code == 409


def test_the_gm_cancels_and_nobody_rolls_after(gm_c, party, slots_table):
    ann, bo, ann_c, _ = slots_table
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    group = GroupCheck.objects.get()
    assert act(gm_c, "cancel", group).status_code == 200
    group.refresh_from_db()
    assert group.state == "cancelled"
    assert part(ann_c, group, ann.character).status_code == 409
    assert act(gm_c, "read", group).status_code == 409
    assert not Roll.objects.exists()


def test_the_panel_shows_each_player_their_own_button(gm_c, party, slots_table):
    ann, bo, ann_c, _ = slots_table
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    group = GroupCheck.objects.get()
    url = reverse("group_panel", args=[party.pk])
    mine = ann_c.get(url, {"character": ann.character.pk}).text
    assert "Group check: roll now" in mine
    assert reverse("group_part", args=[group.pk, ann.character.pk]) in mine
    assert reverse("group_part", args=[group.pk, bo.character.pk]) not in mine
    gm_panel = gm_c.get(url).text
    assert "Cancel" in gm_panel and "Read now" in gm_panel
    assert client_for(UserFactory()).get(url).status_code == 404


# --- Twilight: 2000, a group roll with helpers -------------------------------------------


@pytest.fixture
def t2k_table(party, player):
    kasia = TwilightSheetFactory(
        character__owner=player, character__party=party, character__name="Kasia",
        intelligence="A", survival="D",
    )  # fmt: skip
    diaz_player = member_of(party, UserFactory(username="diaz"))
    diaz = TwilightSheetFactory(
        character__owner=diaz_player, character__party=party, character__name="Diaz",
        intelligence="B", survival="D",
    )  # fmt: skip
    return kasia, diaz, client_for(player), client_for(diaz_player)


def test_t2k_a_helper_declared_before_the_roll_steps_the_die_up(
    gm_c, party, t2k_table, scripted_dice
):
    """The seed's foraging: Kasia (INT A, SURVIVAL D) rolls, Diaz helps: D12 + D8."""
    kasia, diaz, kasia_c, diaz_c = t2k_table
    response = start(gm_c, party, "twilight", "group", skill="survival", modifier=0,
                     characters=[kasia.pk, diaz.pk], leader=kasia.pk)  # fmt: skip
    assert response.status_code == 302
    group = GroupCheck.objects.get()
    assert part(diaz_c, group, diaz.character).status_code == 200  # help, no dice
    assert not Roll.objects.exists()
    scripted_dice(3, 7)
    assert part(kasia_c, group, kasia.character).status_code == 200
    roll = Roll.objects.get()
    assert roll.inputs["dice"] == [12, 8]
    assert roll.inputs["helpers"] == ["Diaz"]
    group.refresh_from_db()
    assert group.state == "done"  # the roller's roll is the group's
    assert group.outcome == roll.outcome == "The group succeeds (1 success)"


def test_t2k_help_after_the_roll_comes_too_late(gm_c, party, t2k_table, scripted_dice):
    kasia, diaz, kasia_c, diaz_c = t2k_table
    start(gm_c, party, "twilight", "group", skill="survival", modifier=0,
          characters=[kasia.pk, diaz.pk], leader=kasia.pk)  # fmt: skip
    group = GroupCheck.objects.get()
    scripted_dice(2, 1)
    part(kasia_c, group, kasia.character)
    roll = Roll.objects.get()
    assert roll.inputs["dice"] == [12, 6] and roll.inputs["helpers"] == []
    group.refresh_from_db()
    assert group.outcome == "The group fails: a failure for all"
    assert group.participants.get(character=diaz.character).note.startswith("no help declared")
    assert part(diaz_c, group, diaz.character).status_code == 409


def test_t2k_the_roller_must_take_part(gm_c, party, t2k_table):
    kasia, diaz, _, _ = t2k_table
    extra = TwilightSheetFactory(character__party=party, character__name="Zed")
    response = start(gm_c, party, "twilight", "group", skill="survival", modifier=0,
                     characters=[kasia.pk, diaz.pk], leader=extra.pk)  # fmt: skip
    assert response.status_code == 422 and "takes part" in response.text


# --- Zombiepocalypse: team lift ----------------------------------------------------------


@pytest.fixture
def z6e_table(party, player):
    ana = ZombieSheetFactory(character__owner=player, character__party=party,
                             character__name="Ana")  # fmt: skip
    ben_player = member_of(party, UserFactory(username="ben"))
    ben = ZombieSheetFactory(character__owner=ben_player, character__party=party,
                             character__name="Ben")  # fmt: skip
    return ana, ben, client_for(player), client_for(ben_player)


def test_z6e_team_lift_the_seeds_log_is_one_unmodified_roll(gm_c, party, z6e_table, scripted_dice):
    """The seed's log: very heavy -1, two lifting together +1: one roll, unmodified."""
    ana, ben, ana_c, ben_c = z6e_table
    response = start(gm_c, party, "zombie", "lift", task="Lift the log", heavy="on",
                     complexity="1", characters=[ana.pk, ben.pk], leader=ana.pk)  # fmt: skip
    assert response.status_code == 302
    group = GroupCheck.objects.get()
    assert part(ben_c, group, ben.character).status_code == 200  # Ben lifts along: no dice
    assert not Roll.objects.exists()
    scripted_dice(4)  # heavy -1 and together +1 cancel: a 4 succeeds, as unmodified
    assert part(ana_c, group, ana.character).status_code == 200
    roll = Roll.objects.get()
    assert roll.character == ana.character and roll.kind == "check"
    assert roll.result["success"] and roll.result["modifier"] == 0
    assert "with Ben" in roll.label
    group.refresh_from_db()
    assert group.state == "done" and group.outcome == roll.outcome
    # the task is on the lead lifter's sheet; the helper rolled nothing
    assert ana.tasks.get(name="Lift the log").status == "succeeded"
    assert not ben.tasks.filter(name="Lift the log").exists()


def test_z6e_a_lift_alone_is_very_heavy_and_help_comes_too_late_after_it(
    gm_c, party, z6e_table, scripted_dice
):
    ana, ben, ana_c, ben_c = z6e_table
    start(gm_c, party, "zombie", "lift", task="Lift the car", heavy="on", complexity="1",
          characters=[ana.pk, ben.pk], leader=ana.pk)  # fmt: skip
    group = GroupCheck.objects.get()
    scripted_dice(4)  # nobody joined: heavy -1 alone, a 4 reads as a 3
    part(ana_c, group, ana.character)
    roll = Roll.objects.get()
    assert roll.result["modifier"] == -1 and not roll.result["success"]
    group.refresh_from_db()
    assert group.state == "done" and group.outcome == roll.outcome
    assert group.participants.get(character=ben.character).note == "did not join before the lift"
    assert part(ben_c, group, ben.character).status_code == 409


def test_z6e_the_lead_lifter_must_take_part(gm_c, party, z6e_table):
    ana, ben, _, _ = z6e_table
    extra = ZombieSheetFactory(character__party=party, character__name="Zed")
    response = start(gm_c, party, "zombie", "lift", task="Lift", heavy="on", complexity="1",
                     characters=[ana.pk, ben.pk], leader=extra.pk)  # fmt: skip
    assert response.status_code == 422 and "takes part" in response.text


def test_a_sheet_page_shows_only_the_checks_its_character_is_in(gm_c, party, slots_table):
    ann, bo, ann_c, _ = slots_table
    third = SlotsSheetFactory(character__owner=ann.character.owner, character__party=party,
                              character__name="Ivo")  # fmt: skip
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[bo.pk, third.pk])
    url = reverse("group_panel", args=[party.pk])
    assert "data-group-check" not in ann_c.get(url, {"character": ann.character.pk}).text
    assert "data-group-check" in ann_c.get(url, {"character": third.character.pk}).text
    assert "data-group-check" in gm_c.get(url).text  # the dashboard shows every check


def test_the_panel_costs_the_same_queries_for_one_check_or_four(
    gm_c, party, slots_table, scripted_dice
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ann, bo, ann_c, bo_c = slots_table
    url = reverse("group_panel", args=[party.pk])

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert gm_c.get(url).status_code == 200
        return len(queries)

    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    one = count()
    for _ in range(3):
        start(gm_c, party, "slots", "cooperation", check="grit", characters=[ann.pk, bo.pk])
    scripted_dice(2, 3)
    group = GroupCheck.objects.first()
    part(ann_c, group, ann.character)
    part(bo_c, group, bo.character)
    assert count() == one
