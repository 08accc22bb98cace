"""Creating a character step by step (issue 32, items 3 and 4): each game's choices first,
checked by its creation rules, then the sheet."""

import pytest
from django.urls import reverse

from sheets.models import Character
from sheets.systems.agents import rules as agent_rules
from sheets.systems.mutant import rules as mutant_rules
from tests.factories_agents import AgentCharacterFactory, agent_sheet

pytestmark = pytest.mark.django_db


def new(player, party, system, name="Fresh"):
    return Character.objects.create_with_sheet(owner=player, name=name, system=system, party=party)


def step(client, character, slug, data):
    return client.post(reverse("character_creation_step", args=[character.pk, slug]), data)


MYZ_SKILLS = dict.fromkeys(mutant_rules.SKILL_ATTRIBUTES, 0)


# Mutant: Year Zero


def test_a_mutant_is_made_role_attributes_skills_talent_mutation_then_the_sheet(
    player_client, player, party
):
    character = new(player, party, "mutant")
    first = player_client.get(reverse("character_creation", args=[character.pk]))
    assert "Key attribute Agility · specialist skill Find the Path" in first.text
    assert step(player_client, character, "role", {"role": "stalker"}).url.endswith(
        "/create/attributes/"
    )
    attributes = {"strength": 3, "agility": 5, "wits": 3, "empathy": 3}
    assert step(player_client, character, "attributes", attributes).url.endswith("/skills/")
    skills = {**MYZ_SKILLS, "specialist_skill": 3, "move": 3, "scout": 2, "sneak": 2}
    assert step(player_client, character, "skills", skills).url.endswith("/talent/")
    assert step(player_client, character, "talent", {"name": "Rot Finder"}).url.endswith(
        "/mutation/"
    )
    done = step(player_client, character, "mutation", {"name": "Frog Legs"})
    assert done.url == character.get_absolute_url()
    sheet = Character.objects.get(pk=character.pk).sheet
    assert (sheet.role, sheet.agility, sheet.specialist_skill) == ("stalker", 5, 3)
    assert [t.name for t in sheet.talents.all()] == ["Rot Finder"]
    assert [m.name for m in sheet.mutations.all()] == ["Frog Legs"]
    assert mutant_rules.sheet_creation_warnings(sheet) == []
    page = player_client.get(done.url + "?all").text
    assert "data-creation-checks" not in page


def test_attributes_spread_fourteen_points_and_only_the_key_reaches_five(
    player_client, player, party
):
    character = new(player, party, "mutant")
    step(player_client, character, "role", {"role": "enforcer"})
    refused = step(
        player_client,
        character,
        "attributes",
        {"strength": 5, "agility": 5, "wits": 2, "empathy": 2},
    )
    assert refused.status_code == 422
    assert "At most 4: only Strength (your key attribute) reaches 5." in refused.text
    short = step(
        player_client,
        character,
        "attributes",
        {"strength": 4, "agility": 3, "wits": 2, "empathy": 2},
    )
    assert "Attributes add up to 11: spread exactly 14 points." in short.text
    assert Character.objects.get(pk=character.pk).sheet.strength == 2  # unchanged


def test_the_skills_step_names_the_roles_specialist_skill_and_wants_a_point_in_it(
    player_client, player, party
):
    character = new(player, party, "mutant")
    step(player_client, character, "role", {"role": "gearhead"})
    page = player_client.get(reverse("character_creation_step", args=[character.pk, "skills"]))
    assert "Jury Rig (specialist)" in page.text
    refused = step(player_client, character, "skills", {**MYZ_SKILLS, "move": 3, "scout": 3,
                                                          "sneak": 3, "heal": 1,
                                                          "specialist_skill": 0})  # fmt: skip
    assert refused.status_code == 422
    assert "Your specialist skill starts at 1 at least." in refused.text


def test_letters_in_a_creation_number_stay_in_view_and_are_answered_with_its_range(
    player_client, player, party
):
    """Issue 32, item 9, on the creation steps: a ``type="number"`` input dropped the
    letters without a word (then "This field is required.")."""
    character = new(player, party, "mutant")
    step(player_client, character, "role", {"role": "stalker"})
    before = Character.objects.get(pk=character.pk).sheet.strength
    url = reverse("character_creation_step", args=[character.pk, "attributes"])
    page = player_client.get(url).text
    assert 'type="number"' not in page
    assert 'inputmode="numeric"' in page and 'data-number="whole"' in page
    assert 'data-min="2" data-max="5"' in page  # Agility, the Stalker's key attribute
    refused = step(
        player_client,
        character,
        "attributes",
        {"strength": "four", "agility": 4, "wits": 4, "empathy": 4},
    )
    assert refused.status_code == 422
    assert "Strength takes a number from 2 to 4." in refused.text
    assert 'name="strength" value="four"' in refused.text  # what was typed, in view
    assert Character.objects.get(pk=character.pk).sheet.strength == before


# Agents


def test_an_agent_is_made_role_and_ancestry_stats_then_skills_with_their_picks(
    player_client, player, party
):
    character = new(player, party, "agents")
    first = player_client.get(reverse("character_creation", args=[character.pk]))
    assert "+1 in 6 skills of Sciences, Humanities, Technical" in first.text
    chosen = step(
        player_client,
        character,
        "role-ancestry",
        {"role": "researcher", "ancestry": "human", "ancestry_stat_a": "education",
         "ancestry_stat_b": "luck"},
    )  # fmt: skip
    assert chosen.url.endswith("/create/stats/")
    stats = {"strength": 4, "agility": 5, "intelligence": 8, "education": 8, "influence": 6,
             "luck": 9}  # fmt: skip
    assert step(player_client, character, "stats", stats).url.endswith("/skills/")
    sheet = Character.objects.get(pk=character.pk).sheet
    assert (sheet.education, sheet.luck) == (9, 10)  # the Human's +1 picks on top
    derived = agent_rules.derived(sheet, sheet.skills.all())
    assert (sheet.hp, sheet.fortitude, sheet.sanity) == (
        derived.max_hp, derived.max_fortitude, derived.max_sanity
    )  # fmt: skip
    form = player_client.get(reverse("character_creation_step", args=[character.pk, "skills"]))
    skills = list(sheet.skills.order_by("pk"))
    data = {}
    index = {s.name: i for i, s in enumerate(sorted(
        skills, key=lambda s: list(agent_rules.SKILL_TABLE).index(s.category)))}  # fmt: skip
    for name, points in {"Medicine": 4, "Research": 4, "Psychology": 4, "Chemistry": 4}.items():
        data[f"s{index[name]}-points"] = points
    for name in ("Medicine", "Research", "Psychology", "Chemistry", "Theology", "Design"):
        data[f"s{index[name]}-role"] = "on"
    for name in ("Dodging", "Stealth", "Firearms"):
        data[f"s{index[name]}-ancestry"] = "on"
    assert 'name="s0-ancestry"' in form.text
    done = step(player_client, character, "skills", data)
    assert done.url == character.get_absolute_url()
    sheet = Character.objects.get(pk=character.pk).sheet
    levels = {s.name: s.level for s in sheet.skills.all() if s.level}
    assert levels["Medicine"] == 5 and levels["Theology"] == 1 and levels["Dodging"] == 1
    assert agent_rules.creation_warnings(sheet, sheet.skills.all()) == []
    derived = agent_rules.derived(sheet, sheet.skills.all())
    assert (sheet.fortitude, sheet.sanity) == (derived.max_fortitude, derived.max_sanity)


def test_the_agents_stats_spread_ten_points_and_take_two_at_most(player_client, player, party):
    character = new(player, party, "agents")
    step(player_client, character, "role-ancestry", {"role": "operator", "ancestry": "vampire"})
    refused = step(
        player_client, character, "stats",
        {"strength": 3, "agility": 3, "intelligence": 8, "education": 8, "influence": 8,
         "luck": 10},
    )  # fmt: skip
    assert refused.status_code == 422
    assert "4 points were taken from stats below 5: at most 2." in refused.text


def test_a_human_picks_the_stats_for_their_plus_ones(player_client, player, party):
    character = new(player, party, "agents")
    refused = step(
        player_client, character, "role-ancestry", {"role": "operator", "ancestry": "human"}
    )
    assert refused.status_code == 422
    assert "A Human picks a stat here." in refused.text


def test_a_vampire_starts_with_vampirism_and_its_stats(player_client, player, party):
    character = new(player, party, "agents")
    step(player_client, character, "role-ancestry", {"role": "operator", "ancestry": "vampire"})
    sheet = Character.objects.get(pk=character.pk).sheet
    assert sheet.vampirism
    assert (sheet.influence, sheet.agility, sheet.strength) == (6, 6, 4)


# 4. Agents creation arithmetic on the sheet


def save(client, sheet, name, value, original):
    url = reverse("sheet_field_save", args=[sheet.pk, name])
    return client.post(url, {name: value, f"original-{name}": original}, HTTP_HX_REQUEST="true")


@pytest.fixture
def dana(player, party):
    return agent_sheet(AgentCharacterFactory(owner=player, party=party, name="Dana"))


@pytest.mark.parametrize("pick", ["role_pick", "ancestry_pick"])
def test_ticking_a_plus_one_pick_adds_it_to_the_skill_and_unticking_takes_it_back(
    player_client, dana, pick
):
    sprinting = dana.skills.get(name="Sprinting")
    assert save(player_client, dana, f"skills-{sprinting.pk}-{pick}", "on", "").status_code == 200
    sprinting.refresh_from_db()
    assert sprinting.level == 1
    assert not any("Sprinting" in w for w in agent_rules.creation_warnings(dana, dana.skills.all()))
    assert save(player_client, dana, f"skills-{sprinting.pk}-{pick}", "", "on").status_code == 200
    sprinting.refresh_from_db()
    assert sprinting.level == 0


def test_a_stat_raised_on_a_full_agent_raises_hp_ft_and_sanity_with_their_maximums(
    player_client, dana
):
    for stat, value in (("strength", "7"), ("luck", "8"), ("education", "6")):
        assert save(player_client, dana, stat, value, "5").status_code == 200
    dana.refresh_from_db()
    derived = agent_rules.derived(dana, dana.skills.all())
    assert (dana.hp, dana.fortitude, dana.sanity) == (28, 13, 11)
    assert (derived.max_hp, derived.max_fortitude, derived.max_sanity) == (28, 13, 11)


def test_a_wounded_agent_keeps_their_hp_when_a_stat_moves(player_client, dana):
    dana.hp = 10
    dana.save()
    assert save(player_client, dana, "strength", "7", "5").status_code == 200
    dana.refresh_from_db()
    assert dana.hp == 10


# Twilight: 2000, Zombiepocalypse, Slots


def test_a_t2k_soldier_is_made_attributes_skills_then_who_they_are(player_client, player, party):
    character = new(player, party, "twilight")
    attributes = {"strength": "B", "agility": "A", "intelligence": "C", "empathy": "C"}
    assert step(player_client, character, "attributes", attributes).url.endswith("/skills/")
    skills = {"ranged_combat": "B", "recon": "C", "stamina": "D"}
    assert step(player_client, character, "skills", skills).url.endswith("/who/")
    who = {"nationality": "Polish", "rank": "Sergeant", "age": 31, "coolness_under_fire": "C"}
    assert step(player_client, character, "who", who).url == character.get_absolute_url()
    sheet = Character.objects.get(pk=character.pk).sheet
    assert (sheet.agility, sheet.ranged_combat, sheet.close_combat) == ("A", "B", "")
    assert (sheet.rank, sheet.age, sheet.coolness_under_fire) == ("Sergeant", 31, "C")


def test_a_t2k_level_outside_a_to_d_is_refused(player_client, player, party):
    character = new(player, party, "twilight")
    bad = {"strength": "E", "agility": "A", "intelligence": "C", "empathy": "C"}
    refused = step(player_client, character, "attributes", bad)
    assert refused.status_code == 422
    assert Character.objects.get(pk=character.pk).sheet.strength == "C"


def test_a_survivor_says_who_they_were_and_may_keep_the_option_unspent(
    player_client, player, party
):
    character = new(player, party, "zombie")
    assert step(player_client, character, "who", {"background": ""}).status_code == 422
    assert step(player_client, character, "who", {"background": "Nurse"}).url.endswith("/option/")
    refused = step(player_client, character, "option", {"option_bonus": 1})
    assert "name the skill it buys first" in refused.text
    done = step(player_client, character, "option", {})
    assert done.url == character.get_absolute_url()
    sheet = Character.objects.get(pk=character.pk).sheet
    assert (sheet.background, sheet.option_skill, sheet.option_bonus) == ("Nurse", "", 0)


def test_a_slots_character_picks_a_people_then_fills_its_slots(player_client, player, party):
    from sheets.models import SlotsPeople

    character = new(player, party, "slots")
    human = SlotsPeople.objects.get(name="Human")
    first = player_client.get(reverse("character_creation", args=[character.pk]))
    assert "4 focus slots; gear slots: 5 body, 2 grip, 4 pack · campaigns begin human" in (
        first.text
    )
    assert step(player_client, character, "people", {"people": human.pk}).url.endswith("/gear/")
    refused = step(player_client, character, "gear", {"slot7-name": "Sword", "slot7-tags": "shiny"})
    assert refused.status_code == 422
    assert "shiny is not a game tag (heavy, noisy" in refused.text
    done = step(
        player_client, character, "gear",
        {"slot7-name": "Sword", "slot7-tags": "Sharp, weapon", "slot9-name": "Rope"},
    )  # fmt: skip
    assert done.url == character.get_absolute_url()
    items = Character.objects.get(pk=character.pk).sheet.items.all()
    assert [(i.slot, i.name, i.tags) for i in items] == [
        (7, "Sword", "sharp, weapon"), (9, "Rope", "")
    ]  # fmt: skip
    step(player_client, character, "gear", {"slot7-name": "Sword", "slot7-tags": "sharp, weapon"})
    assert [i.name for i in Character.objects.get(pk=character.pk).sheet.items.all()] == ["Sword"]
