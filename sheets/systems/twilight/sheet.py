"""The Twilight: 2000 sheet page, its dashboard summary, and a new blank sheet.

The rows are read through ``.all()``: with the sheet's rows prefetched no query runs.
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from sheets.editing import editing_context
from sheets.systems.registry import Summary, SummaryValue
from sheets.systems.twilight import rules
from sheets.systems.twilight.forms import IDENTITY
from sheets.systems.twilight.models import TwilightSheet

TABS = (
    {"slug": "gear", "label": _("Gear & armor")},
    {"slug": "weapons-edit", "label": _("Weapons")},
    {"slug": "specialties", "label": _("Specialties")},
    {"slug": "injuries", "label": _("Injuries & radiation")},
    {"slug": "notes", "label": _("Notes")},
)
# The hit locations as the armor line names them ("legs 2 · torso 0 ...").
LOCATION_WORDS = {"legs": _("legs"), "torso": _("torso"), "arms": _("arms"), "head": _("head")}


def armor_locations(sheet) -> dict:
    """The best armor on each hit location, by the location's name in the reader's words."""
    return {
        LOCATION_WORDS[location]: rating
        for location, rating in rules.armor_by_location(sheet.armor.all()).items()
    }


def encumbrance(sheet) -> dict:
    carried = rules.carried_weight(sheet.gear.all(), sheet.weapons.all(), sheet.magazines.all())
    capacity = rules.carry_capacity(sheet)
    return {
        "carried_text": rules.format_units(carried),
        "capacity": capacity,
        "over_capacity": carried > capacity,
    }


def weapon_rows(sheet) -> list[dict]:
    """What the first view shows of each weapon, with the dice it rolls."""
    rows = []
    spares: dict[int, list] = {}
    for spare in sheet.magazines.all():
        spares.setdefault(spare.weapon_id, []).append(spare)
    for weapon in sheet.weapons.all():
        dice = rules.base_dice(sheet, weapon.skill)
        rows.append(
            {
                "weapon": weapon,
                "skill": gettext(rules.SKILL_LABELS[weapon.skill]),
                "dice": rules.dice_text(dice),
                "spares": len(spares.get(weapon.pk, [])) + len(spares.get(None, [])),
                "can_fire": not weapon.jammed and not weapon.broken,
                "query": f"weapon={weapon.pk}",
            }
        )
    return rows


def skill_groups(sheet, fields) -> list[dict]:
    groups = []
    for attribute in rules.ATTRIBUTES:
        level = getattr(sheet, attribute)
        groups.append(
            {
                "attribute": attribute,
                "short": rules.ATTRIBUTE_SHORT[attribute],
                "label": gettext(rules.ATTRIBUTE_LABELS[attribute]),
                "field": fields[attribute],
                "die": rules.die_label(level),
                "skills": [
                    {
                        "key": skill,
                        "label": gettext(rules.SKILL_LABELS[skill]),
                        "field": fields[skill],
                        "dice": rules.dice_text(rules.base_dice(sheet, skill)),
                    }
                    for skill in rules.SKILLS
                    if rules.SKILL_ATTRIBUTES[skill] == attribute
                ],
            }
        )
    return groups


def context(character, sheet, first_answer: bool = False) -> dict:
    edit = editing_context(character, sheet, lazy=first_answer)
    fields = edit["editable_fields"]
    state = rules.condition(sheet)
    return {
        **edit,
        "sheet_tabs": list(TABS),
        "identity_fields": [fields["character-name"], *(fields[name] for name in IDENTITY)],
        "skill_groups": skill_groups(sheet, fields),
        "condition": state,
        "condition_labels": [gettext(label) for label in state.labels],
        "damage_boxes": rules.capacity_boxes(sheet.damage, state.hit_capacity),
        "stress_boxes": rules.capacity_boxes(sheet.stress, state.stress_capacity),
        "cuf_die": rules.die_label(sheet.coolness_under_fire),
        "rad_total": rules.rad_total(sheet),
        "rad_effects": rules.rad_effects(sheet),
        "weapon_rows": weapon_rows(sheet),
        "armor_locations": armor_locations(sheet),
        "injuries": list(sheet.injuries.all()),
        **encumbrance(sheet),
    }


def summary(sheet) -> Summary:
    """The GM dashboard card: damage/stress against capacity, broken states, weapons
    jammed or broken, rounds left, radiation, load."""
    state = rules.condition(sheet)
    values = [
        SummaryValue(
            gettext("Damage"), f"{sheet.damage}/{state.hit_capacity}", alert=state.incapacitated
        ),
        SummaryValue(
            gettext("Stress"),
            f"{sheet.stress}/{state.stress_capacity}",
            alert=state.broken_by_stress,
        ),
    ]
    alerts = [gettext(label) for label in state.labels]
    for weapon in sheet.weapons.all():
        if not weapon.firearm and not weapon.broken:
            continue
        text = (
            gettext("%(loaded)s/%(capacity)s rounds")
            % {"loaded": weapon.rounds_loaded, "capacity": weapon.magazine_capacity}
            if weapon.firearm
            else ""
        )
        flags = [
            flag
            for flag, on in ((gettext("jammed"), weapon.jammed), (gettext("broken"), weapon.broken))
            if on
        ]
        value = ", ".join(part for part in (text, *flags) if part)
        values.append(SummaryValue(weapon.name, value, alert=bool(flags)))
        alerts.extend(f"{weapon.name} {flag}" for flag in flags)
    rads = rules.rad_total(sheet)
    rad_value = str(sheet.radiation)
    if sheet.radiation_permanent:
        rad_value += gettext(" + %(count)s permanent") % {"count": sheet.radiation_permanent}
    values.append(SummaryValue(gettext("Rads"), rad_value, alert=rads > rules.RAD_SICKNESS_BASE))
    load = encumbrance(sheet)
    values.append(
        SummaryValue(
            gettext("Carried"),
            f"{load['carried_text']}/{load['capacity']}",
            alert=load["over_capacity"],
        )
    )
    if load["over_capacity"]:
        alerts.append(gettext("over capacity"))
    if sheet.injuries.all():
        lethal = [injury.name for injury in sheet.injuries.all() if injury.lethal]
        alerts.extend(gettext("lethal: %(name)s") % {"name": name} for name in lethal)
    return Summary(values=tuple(values), alerts=tuple(alerts))


def new_sheet(character) -> TwilightSheet:
    return TwilightSheet.objects.create(character=character)
