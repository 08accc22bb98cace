"""The Agents sheet: a new agent's sheet, the page a player rolls from, field saves the
rules refuse, rows, the admin, the demo agent and the GM's card."""

import pytest
from django.urls import reverse

from sheets.models import AgentSheet, AgentSkill, Character
from sheets.systems.agents import rules
from sheets.systems.agents.demo import fill
from sheets.systems.agents.sheet import summary
from tests.factories_agents import AgentCharacterFactory, AgentWeaponFactory, agent_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def dana(player, party):
    sheet = agent_sheet(
        AgentCharacterFactory(owner=player, party=party, name="Dana"),
        skills={"Dodging": 3, "Firearms": (2, 7)},
        agility=8,
        strength=7,
    )
    AgentWeaponFactory(sheet=sheet, name="Pistol")
    return sheet


def save(client, sheet, name, value, original):
    url = reverse("sheet_field_save", args=[sheet.pk, name])
    return client.post(url, {name: value, f"original-{name}": original}, HTTP_HX_REQUEST="true")


def test_a_new_agent_gets_the_seeds_56_skills_at_novice_and_full_pools(player):
    character = Character.objects.create_with_sheet(owner=player, system="agents", name="New")
    sheet = character.sheet
    assert isinstance(sheet, AgentSheet)
    assert sheet.skills.count() == 56
    assert set(sheet.skills.values_list("level", flat=True)) == {0}
    values = rules.derived(sheet, sheet.skills.all())
    assert (sheet.hp, sheet.fortitude, sheet.sanity) == (
        values.max_hp,
        values.max_fortitude,
        values.max_sanity,
    )


def test_the_sheet_page_shows_stats_pools_skills_by_category_and_weapons(player_client, dana):
    page = player_client.get(dana.character.get_absolute_url()).content.decode()
    assert 'id="bonus-agility"' in page and ">+2<" in page  # AGI 8: +2
    assert "/ 34" in page  # HP max 4 + (7 + 8) x 2
    for label in rules.CATEGORY_LABELS.values():
        assert f">{label} <span>" in page
    dodging = dana.skills.get(name="Dodging")
    assert f"?skill={dodging.pk}" in page  # its roll control
    editor = player_client.get(f"{dana.character.get_absolute_url()}?all").content.decode()
    assert "Dodging level" in editor and "Dodging XP" in editor  # the deferred skill editor
    pistol = dana.weapons.get()
    assert f"?weapon={pistol.pk}" in page and "1d4" in page
    assert "Agents" in page and "Dana" in page


def test_a_skill_level_saves_and_the_xp_threshold_follows(player_client, dana):
    firearms = dana.skills.get(name="Firearms")
    response = save(player_client, dana, f"skills-{firearms.pk}-level", "0", "2")
    assert response.status_code == 200
    firearms.refresh_from_db()
    assert (firearms.level, firearms.next_xp, firearms.can_raise) == (0, 10, False)  # 7 XP
    raise_link = f"raise/?skill={firearms.pk}"
    assert raise_link not in player_client.get(dana.character.get_absolute_url()).content.decode()
    assert save(player_client, dana, f"skills-{firearms.pk}-xp", "10", "7").status_code == 200
    assert raise_link in player_client.get(dana.character.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("name", "value", "original", "message"),
    [
        ("strength", "11", "7", "10"),
        ("stress", "6", "0", "5"),
        ("high", "4", "0", "3"),
    ],
)
def test_values_out_of_the_rules_are_refused_and_nothing_changes(
    player_client, dana, name, value, original, message
):
    response = save(player_client, dana, name, value, original)
    assert response.status_code == 422
    assert message in response.content.decode()
    dana.refresh_from_db()
    assert str(getattr(dana, name)) == original


def test_a_fourth_trauma_is_refused(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(
        cracked_intellect=True, shadow_touched=True, braid_touched=True, stress=2
    )
    response = save(player_client, dana, "anhedonia", "on", "False")
    assert response.status_code == 422
    assert "At most three traumas" in response.content.decode()
    assert not AgentSheet.objects.get(pk=dana.pk).anhedonia


def test_anhedonia_refuses_high_and_cracked_intellect_refuses_low_stress(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(anhedonia=True, cracked_intellect=True, stress=3)
    assert "High never goes above 0" in save(player_client, dana, "high", "1", "0").content.decode()
    refused = save(player_client, dana, "stress", "1", "3")
    assert "stress never falls below 2" in refused.content.decode()
    assert AgentSheet.objects.get(pk=dana.pk).stress == 3


def test_the_seeds_skills_keep_their_names(player_client, dana):
    dodging = dana.skills.get(name="Dodging")
    response = save(player_client, dana, f"skills-{dodging.pk}-name", "Flying", "Dodging")
    assert response.status_code == 422
    assert "keep their name" in response.content.decode()
    dodging.refresh_from_db()
    assert dodging.name == "Dodging"


def add(client, sheet, collection, **data):
    url = reverse("sheet_row_add", args=[sheet.pk, collection])
    fields = {f"{collection}-new-{key}": value for key, value in data.items()}
    return client.post(url, fields, HTTP_HX_REQUEST="true")


def test_four_custom_skills_per_category_and_no_fifth(player_client, dana):
    for n in range(rules.CUSTOM_SLOTS):
        response = add(
            player_client, dana, "skills", name=f"Lore {n}", category="survival", level="0"
        )
        assert response.status_code == 200, response.content.decode()
    refused = add(player_client, dana, "skills", name="Lore 5", category="survival", level="0")
    assert refused.status_code == 422
    assert "custom skill slots, all taken" in refused.content.decode()
    custom = AgentSkill.objects.filter(sheet=dana, custom=True)
    assert custom.count() == rules.CUSTOM_SLOTS


def test_junior_agents_take_listed_skills_and_as_many_as_influence_allows(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(influence=6)  # bonus +1: one junior
    skills = ", ".join(rules.SKILL_TABLE["physical"][1][:6] + rules.SKILL_TABLE["command"][1][:6])
    bad = add(player_client, dana, "juniors", name="Milo", skills="Medicine")
    assert bad.status_code == 422 and "not Medicine" in bad.content.decode()
    assert add(player_client, dana, "juniors", name="Milo", skills=skills).status_code == 200
    second = add(player_client, dana, "juniors", name="Ada", skills="Stamina")
    assert second.status_code == 422
    assert "allows 1 junior agent" in second.content.decode()


def test_a_weapon_holds_no_more_shots_than_its_reload(player_client, dana):
    pistol = dana.weapons.get()
    response = save(player_client, dana, f"weapons-{pistol.pk}-shots", "11", "10")
    assert response.status_code == 422
    assert "At most 10 shots" in response.content.decode()


def test_the_gms_card_shows_pools_against_max_stress_high_traumas_and_alerts(dana):
    AgentSheet.objects.filter(pk=dana.pk).update(hp=0, stress=5, vampirism=True)
    dana.refresh_from_db()
    card = summary(dana)
    values = {value.label: value.value for value in card.values}
    assert values["HP"] == "0/34"
    assert values["Stress"].startswith("5")
    assert "Vampirism" in values["Traumas"]
    assert "unable to act" in card.alerts and "stress 5" in card.alerts


@pytest.mark.parametrize("index", [0, 1])
def test_the_demo_agents_are_legal_new_agents(player, index):
    character = Character(owner=player, system="agents")
    sheet = fill(character, index)
    assert rules.creation_warnings(sheet, sheet.skills.all()) == []
    assert sheet.weapons.exists()
    values = rules.derived(sheet, sheet.skills.all())
    assert sheet.hp <= values.max_hp and sheet.fortitude <= values.max_fortitude
    assert sheet.sanity <= values.max_sanity and sheet.ap <= values.max_ap


def test_the_admin_shows_the_sheet_with_its_inlines(client, dana):
    from tests.factories import UserFactory

    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    page = client.get(reverse("admin:sheets_agentsheet_change", args=[dana.pk]))
    assert page.status_code == 200
    assert "Dodging" in page.content.decode()
    for model in (
        "agentskill",
        "agentweapon",
        "agentitem",
        "agentsupply",
        "agentjunior",
        "agentclock",
    ):
        assert client.get(reverse(f"admin:sheets_{model}_changelist")).status_code == 200


def test_each_section_of_the_sheet_can_be_fetched_on_its_own(player_client, dana):
    from sheets.systems.agents.system import AGENTS

    for name in AGENTS.sections:
        response = player_client.get(reverse("sheet_section", args=[dana.pk, name]))
        assert response.status_code == 200, name
        assert response.content.strip(), name


def test_the_demo_table_gains_agents_in_the_ark(db):
    from io import StringIO

    from django.core.management import call_command

    call_command("demo", stdout=StringIO())
    call_command("demo", stdout=StringIO())  # idempotent
    agents = Character.objects.filter(system="agents").order_by("name")
    assert [c.name for c in agents] == ["Dana Reyes", "Vik Sorensen"]
    assert {c.party.name for c in agents} == {"The Ark"}


def test_after_a_change_the_refresh_resends_the_derived_blocks(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(stress=3, agility=10, hp=0)
    AgentSkill.objects.filter(sheet=dana, name="Dodging").update(xp=7)
    page = player_client.post(reverse("sheet_refresh", args=[dana.pk])).content.decode()
    assert 'id="agents-counters" hx-swap-oob="true"' in page
    assert 'id="bonus-agility" title="Agility bonus" hx-swap-oob="true">+3<' in page
    assert 'id="category-acrobatics" hx-swap-oob="true"' in page
    assert "7/250" in page  # Dodging at Craftsman, 7 XP toward Artisan
    assert "Unable to act (HP 0)" in page


def test_a_sheet_with_four_traumas_from_the_database_still_shows(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(
        braid_touched=True, anhedonia=True, hunters_call=True, shadow_touched=True
    )
    assert player_client.get(dana.character.get_absolute_url()).status_code == 200
    url = reverse("roll_odds", args=[dana.pk, "basic"])
    assert player_client.get(url).status_code == 200


def test_the_skill_editor_comes_when_its_tab_is_first_shown(player_client, client, stranger, dana):
    """Neither the page's first answer nor the tabs after it hold the 224 inputs of the
    skill editor: its tab fetches them when first shown. ?all and its section have all."""
    firearms = AgentSkill.objects.get(sheet=dana, name="Firearms")
    level = f'name="skills-{firearms.pk}-level"'
    url = dana.character.get_absolute_url()

    first = player_client.get(url).content.decode()
    assert "data-deferred-tab" in first
    assert level not in first
    assert "Firearms" in first  # the skills a player rolls from are there

    section = reverse("sheet_section", args=[dana.pk, "tab_agent"])
    tabs_url = reverse("sheet_section", args=[dana.pk, "tabs"])
    tabs = player_client.get(tabs_url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="notes"' in tabs and level not in tabs
    assert f'hx-get="{section}" hx-trigger="intersect once"' in tabs

    whole = player_client.get(f"{url}?all").content.decode()
    assert "data-deferred-tab" not in whole
    assert whole.count('name="skills-') >= 4 * 56

    tab = player_client.get(section, HTTP_HX_REQUEST="true")
    assert tab.status_code == 200
    assert level in tab.content.decode()
    assert tab.content.decode().count('class="sheet-field') >= 4 * 56

    client.force_login(stranger)
    assert client.get(section, HTTP_HX_REQUEST="true").status_code == 404
