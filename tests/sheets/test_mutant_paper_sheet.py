"""The MYZ paper sheet's other boxes (issue 8, item 8): supplies that weigh, the four
conditions, relationships, big dream and notes, artifacts and critical injuries: models,
forms through the editing views, rules, the GM summary, the page's context and partials,
admin and demo."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse

from sheets.editing import sheet_page_context
from sheets.models import Character, MutantArtifact, MutantCriticalInjury, MutantSheet
from sheets.systems.mutant import rules
from sheets.systems.mutant.forms import CriticalInjuryForm, MutantSheetForm
from sheets.systems.mutant.sheet import encumbrance, summary
from tests.factories import (
    MutantArtifactFactory,
    MutantCriticalInjuryFactory,
    MutantGearLineFactory,
    MutantMutationFactory,
    MutantSheetFactory,
)

HTMX = {"HX-Request": "true"}


def save(client, sheet, name, value, original):
    url = reverse("sheet_field_save", args=[sheet.pk, name])
    return client.post(url, {name: value, f"original-{name}": original}, headers=HTMX)


def prefetched(sheet):
    return Character.objects.with_sheets().get(pk=sheet.pk).sheet


def values(result):
    return {item.label: item for item in result.values}


# ----------------------------------------------------------------------- rules


def test_supplies_weigh_four_units_to_a_line_all_four_kinds_together():
    assert rules.supplies_weight({"grub": 4}) == 1
    assert rules.supplies_weight({"grub": 1, "water": 1}) == Decimal("0.5")
    assert rules.supplies_weight({"grub": 3, "water": 2, "bullets": 2, "booze": 1}) == 2
    assert rules.supplies_weight({}) == 0


@pytest.mark.django_db
def test_the_supplies_count_in_the_encumbrance():
    sheet = MutantSheetFactory(strength=2, agility=4, grub=8, water=4)  # capacity 4 lines
    MutantGearLineFactory(sheet=sheet, weight=1)
    load = encumbrance(prefetched(sheet))
    assert load["supplies_weight"] == 3
    assert load["carried"] == 4 and not load["encumbered"]
    sheet.bullets = 1
    sheet.save()
    load = encumbrance(prefetched(sheet))
    assert load["carried_text"] == "4.25" and load["encumbered"]


def test_conditions_read_in_the_paper_sheets_order():
    class Sheet:
        starving, dehydrated, sleepless, hypothermic = True, False, False, True

    assert rules.active_conditions(Sheet()) == ["Starving", "Hypothermic"]


def test_healing_by_the_rulings():
    damage = rules.heal_trauma("damage", current=3, rations=2, stock=5)
    assert (damage.healed, damage.rations_spent, damage.after) == (2, 2, 1)
    assert rules.heal_trauma("confusion", current=3).healed == 3
    assert rules.heal_trauma("doubt", current=1).healed == 1
    with pytest.raises(ValueError, match="No grub on the sheet"):
        rules.heal_trauma("damage", current=2, rations=1, stock=0)
    with pytest.raises(ValueError, match="Only 1 rations of water"):
        rules.heal_trauma("fatigue", current=2, rations=2, stock=1)
    with pytest.raises(ValueError, match="2 rations of grub at most"):
        rules.heal_trauma("damage", current=2, rations=3, stock=9)
    with pytest.raises(ValueError, match="No confusion to heal"):
        rules.heal_trauma("confusion", current=0)


# ---------------------------------------------------------------------- models

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("field", rules.SUPPLIES)
def test_the_database_holds_each_supply_to_0_to_99(field):
    sheet = MutantSheetFactory()
    setattr(sheet, field, rules.SUPPLY_MAX + 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        sheet.save()


def test_the_database_refuses_a_time_limit_on_an_injury_that_does_not_kill():
    injury = MutantCriticalInjuryFactory(lethal=False)
    injury.time_limit = "3 hours"
    with pytest.raises(ValidationError, match="Only a lethal injury"):
        injury.full_clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        injury.save()


def test_rows_need_a_name_at_the_database():
    with pytest.raises(IntegrityError), transaction.atomic():
        MutantArtifact.objects.create(sheet=MutantSheetFactory(), name="")


def test_the_new_fields_and_rows_keep_history():
    sheet = MutantSheetFactory()
    sheet.grub, sheet.starving = 3, True
    sheet.save()
    assert sheet.history.first().grub == 3 and sheet.history.first().starving
    injury = MutantCriticalInjuryFactory(sheet=sheet)
    artifact = MutantArtifactFactory(sheet=sheet)
    assert injury.history.count() == 1 and artifact.history.count() == 1


# ---------------------------------------------------------------------- forms


def test_a_supply_count_above_99_gets_a_message_next_to_the_field(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "grub", "100", "0")
    assert response.status_code == 422
    assert "Grub counts 0 to 99" in response.text
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).grub == 0


def test_supplies_conditions_and_notes_save_themselves(player_client, mutant_sheet):
    assert save(player_client, mutant_sheet, "water", "5", "0").status_code == 200
    assert save(player_client, mutant_sheet, "hypothermic", "on", "False").status_code == 200
    assert save(player_client, mutant_sheet, "big_dream", "A boat", "").status_code == 200
    assert save(player_client, mutant_sheet, "pc_you_hate", "Grog", "").status_code == 200
    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (sheet.water, sheet.hypothermic, sheet.big_dream) == (5, True, "A boat")
    assert sheet.pc_you_hate == "Grog"


def test_unticking_lethal_with_a_time_limit_is_refused_next_to_the_field(
    player_client, mutant_sheet
):
    injury = MutantCriticalInjuryFactory(sheet=mutant_sheet, lethal=True, time_limit="D6 hours")
    name = f"critical_injuries-{injury.pk}-lethal"
    response = save(player_client, mutant_sheet, name, "", "True")
    assert response.status_code == 422
    assert "Only a lethal injury has a time limit" in response.text
    injury.refresh_from_db()
    assert injury.lethal


def test_an_injury_is_added_from_the_sheet_and_a_bad_one_refused(player_client, mutant_sheet):
    url = reverse("sheet_row_add", args=[mutant_sheet.pk, "critical_injuries"])
    row = {"name": "Bleeding gut", "effect": "Lose 1 Strength an hour", "lethal": "on",
           "time_limit": "D6 hours", "healing_time": "D6 days"}  # fmt: skip
    data = {f"critical_injuries-new-{k}": v for k, v in row.items()}
    assert player_client.post(url, data, headers=HTMX).status_code == 200
    injury = MutantCriticalInjury.objects.get(sheet=mutant_sheet)
    assert injury.lethal and injury.time_limit == "D6 hours"
    del data["critical_injuries-new-lethal"]
    refused = player_client.post(url, data, headers=HTMX)
    assert refused.status_code == 422
    assert "Only a lethal injury has a time limit" in refused.text
    assert MutantCriticalInjury.objects.filter(sheet=mutant_sheet).count() == 1


def test_the_injury_form_reads_the_stored_row_when_one_field_is_edited():
    injury = MutantCriticalInjuryFactory(lethal=False)
    form = CriticalInjuryForm({"x-time_limit": "2 days"}, instance=injury, prefix="x")
    form.fields = {"time_limit": form.fields["time_limit"]}
    assert not form.is_valid()
    assert "Only a lethal injury" in str(form.errors["time_limit"])


def test_the_sheet_form_holds_the_paper_sheet_fields():
    form = MutantSheetForm(instance=MutantSheetFactory())
    for name in (*rules.SUPPLIES, *rules.CONDITIONS, "relationships", "pc_you_hate",
                 "pc_to_protect", "big_dream", "notes"):  # fmt: skip
        assert name in form.fields
    assert form.fields["grub"].widget.attrs["max"] == rules.SUPPLY_MAX


# ---------------------------------------------------------------------- summary


def test_the_gm_sees_conditions_lethal_injuries_and_missing_grub_or_water():
    sheet = MutantSheetFactory(grub=0, water=2, starving=True, sleepless=True)
    MutantCriticalInjuryFactory(sheet=sheet, name="Crushed ribs", lethal=True, time_limit="3 days")
    MutantCriticalInjuryFactory(sheet=sheet, name="Black eye", lethal=False)
    result = summary(prefetched(sheet))
    shown = values(result)
    assert shown["Conditions"].value == "Starving, Sleepless" and shown["Conditions"].alert
    assert shown["Grub / water"].value == "0 / 2" and shown["Grub / water"].alert
    assert shown["Critical injuries"].value == "Crushed ribs (lethal, 3 days), Black eye"
    assert shown["Critical injuries"].alert
    assert {"starving", "sleepless", "no grub", "lethal injury: Crushed ribs"} <= set(result.alerts)
    assert "no water" not in result.alerts


def test_a_fed_healthy_character_raises_no_alert():
    sheet = MutantSheetFactory(grub=2, water=2)
    MutantCriticalInjuryFactory(sheet=sheet, lethal=False)
    result = summary(prefetched(sheet))
    assert result.alerts == ()
    assert "Conditions" not in values(result)
    assert not values(result)["Critical injuries"].alert


def test_the_dashboard_shows_the_new_alerts(gm_client, mutant_sheet, party):
    mutant_sheet.hypothermic = True
    mutant_sheet.save()
    MutantCriticalInjuryFactory(sheet=mutant_sheet, name="Crushed ribs", lethal=True)
    response = gm_client.get(reverse("party_dashboard", args=[party.pk]))
    assert "Hypothermic" in response.text and "Crushed ribs" in response.text


# ---------------------------------------------------------- the page's partials


def page_context(user, sheet):
    request = RequestFactory().get("/")
    request.user = user
    character = Character.objects.with_sheets().select_related("party", "owner").get(pk=sheet.pk)
    return sheet_page_context(request, character)


PARTIALS = ("_supplies", "_conditions", "_relationships", "_artifacts", "_critical_injuries",
            "_condition_badges")  # fmt: skip


def render(name, context):
    return render_to_string(f"sheets/mutant/{name}.html", context)


def test_each_partial_renders_its_fields_from_the_page_context(player, mutant_sheet):
    mutant_sheet.grub, mutant_sheet.starving = 5, True
    mutant_sheet.save()
    MutantArtifactFactory(sheet=mutant_sheet, name="Walkman")
    MutantCriticalInjuryFactory(sheet=mutant_sheet, name="Crushed ribs", lethal=True,
                                time_limit="3 days")  # fmt: skip
    context = page_context(player, mutant_sheet)
    html = {name: render(name, context) for name in PARTIALS}
    for name in rules.SUPPLIES:
        assert f'id="f-{name}"' in html["_supplies"]
    assert "Weighs <strong>1.25</strong> lines" in html["_supplies"]
    for name in rules.CONDITIONS:
        assert f'id="f-{name}"' in html["_conditions"]
    for name in ("relationships", "pc_you_hate", "pc_to_protect", "big_dream", "notes"):
        assert f'id="f-{name}"' in html["_relationships"]
    assert "Walkman" in html["_artifacts"] and 'id="add-artifacts"' in html["_artifacts"]
    assert "treat within 3 days" in html["_critical_injuries"]
    assert 'id="add-critical_injuries"' in html["_critical_injuries"]
    assert "Starving" in html["_condition_badges"]
    assert "Lethal: Crushed ribs (3 days)" in html["_condition_badges"]


def test_the_refresh_parts_swap_out_of_band(player, mutant_sheet):
    context = {**page_context(player, mutant_sheet), "oob": True}
    weight = render_to_string("sheets/mutant/_supplies.html#supplies_weight", context)
    lethal = render_to_string("sheets/mutant/_critical_injuries.html#lethal_warning", context)
    assert 'id="supplies-weight" hx-swap-oob="true"' in weight
    assert 'id="lethal-injuries" hx-swap-oob="true"' in lethal


def test_rot_eater_is_offered_only_with_the_mutation(player, mutant_sheet):
    context = page_context(player, mutant_sheet)
    assert not context["rot_eater"]
    assert "Rot-Eater" not in render("_conditions", context)
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    context = page_context(player, mutant_sheet)
    assert context["rot_eater"]
    assert "roll/rot-eater/" in render("_conditions", context)


def test_a_reader_who_cannot_edit_gets_disabled_inputs_and_no_actions(gm, mutant_sheet):
    context = {**page_context(gm, mutant_sheet), "can_edit": False}
    html = render("_conditions", context)
    assert "disabled" in html and "roll/heal/" not in html
    assert "roll/ration/" not in render("_supplies", context)


def test_the_sheet_page_keeps_a_fixed_number_of_queries_with_artifacts_and_injuries(
    client, gm, party
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(gm)

    def sheet_with(rows):
        sheet = MutantSheetFactory(character__party=party, character__owner=gm)
        for _ in range(rows):
            MutantArtifactFactory(sheet=sheet)
            MutantCriticalInjuryFactory(sheet=sheet, lethal=True)
        return sheet

    counts = []
    for sheet in (sheet_with(1), sheet_with(15)):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(sheet.character.get_absolute_url()).status_code == 200
        counts.append(len(queries))
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("party_dashboard", args=[party.pk]))
    sheet_with(10)
    with CaptureQueriesContext(connection) as more:
        client.get(reverse("party_dashboard", args=[party.pk]))
    assert counts[0] == counts[1]
    assert len(one) == len(more)


# ---------------------------------------------------------------- admin and demo


def test_the_sheet_admin_shows_the_new_fields_and_rows(admin_client):
    sheet = MutantSheetFactory(grub=3)
    MutantCriticalInjuryFactory(sheet=sheet, name="Crushed ribs")
    MutantArtifactFactory(sheet=sheet, name="Walkman")
    response = admin_client.get(reverse("admin:sheets_mutantsheet_change", args=[sheet.pk]))
    assert response.status_code == 200
    for text in (
        "Crushed ribs",
        "Walkman",
        "Big dream",
        "Hypothermic",
        "Grub, water, bullets and booze",
    ):
        assert text.lower() in response.text.lower()
    for model in ("mutantartifact", "mutantcriticalinjury"):
        assert admin_client.get(reverse(f"admin:sheets_{model}_changelist")).status_code == 200


def test_the_demo_fills_the_paper_sheet(db):
    from sheets.systems.mutant.demo import fill
    from tests.factories import CharacterFactory

    sheet = fill(CharacterFactory(system="mutant"), 1)
    assert sheet.starving and sheet.water == 4
    assert sheet.critical_injuries.get().lethal
    krin = fill(CharacterFactory(system="mutant"), 0)
    assert krin.artifacts.exists() and krin.big_dream
