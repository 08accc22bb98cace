"""The Mutant: Year Zero sheet page, its dashboard summary, and a new blank sheet.

These are the three functions ``sheets/systems/mutant/system.py`` names. They read the
sheet's rows through ``.all()`` so that, with the rows prefetched, they run no query.
"""

import dataclasses

from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from sheets.editing import editing_context
from sheets.systems.dice.words import put_into_words
from sheets.systems.mutant import rules
from sheets.systems.mutant.models import BASE_SKILLS, COUNTERS, MutantSheet
from sheets.systems.registry import Summary, SummaryValue


def boxes(filled: int, permanent: int = 0) -> list[str]:
    """Ten check boxes as the paper sheet has them: "permanent", "filled" or ""."""
    marks = ["permanent"] * permanent + ["filled"] * filled
    return (marks + [""] * rules.BOX_MAX)[: rules.BOX_MAX]


def encumbrance(sheet) -> dict:
    """Gear lines, weapons and the supplies (4 units of grub, water, bullets, booze to a
    line)."""
    gear, weapons = sheet.gear.all(), sheet.weapons.all()
    supplies = rules.supplies_weight(rules.sheet_supplies(sheet))
    weapons_weight = rules.carried_weight((), weapons)
    carried = rules.carried_weight(gear, weapons) + supplies
    capacity = rules.carry_capacity(sheet.strength)
    return {
        "supplies_weight": supplies,
        "supplies_weight_text": rules.format_lines(supplies),
        "weapons_weight_text": rules.format_lines(weapons_weight),
        "weighed_twice": rules.weighed_twice(gear, weapons),
        "carried": carried,
        "capacity": capacity,
        "carried_text": rules.format_lines(carried),
        "capacity_text": rules.format_lines(capacity),
        "encumbered": rules.is_encumbered(carried, capacity),
        # the meter's scale: room above the capacity so "over" shows as over
        "meter_max": rules.format_lines(max(capacity * 2, carried, 1)),
    }


def attribute_states(sheet) -> list:
    """The rules' attribute states with their names in the reader's words."""
    return [
        dataclasses.replace(
            state,
            label=pgettext(rules.ATTRIBUTE_CONTEXT, state.label),
            trauma_label=gettext(state.trauma_label),
        )
        for state in rules.attribute_states(sheet)
    ]


def active_conditions(sheet) -> list[str]:
    return [gettext(label) for label in rules.active_conditions(sheet)]


def first_skill(attribute: str) -> str:
    return next(skill for skill in BASE_SKILLS if rules.SKILL_ATTRIBUTES[skill] == attribute)


def context(character, sheet, first_answer: bool = False) -> dict:
    """What templates/sheets/mutant/sheet.html shows beyond the sheet view's own keys."""
    edit = editing_context(character, sheet, lazy=first_answer)
    fields = edit["editable_fields"]
    role = rules.ROLES.get(sheet.role)
    specialist_name, specialist_attribute = (
        rules.specialist_skill(sheet.role) if role else ("Specialist skill", "")
    )
    specialist_name = gettext(specialist_name)
    attributes = attribute_states(sheet)
    return {
        **edit,
        # the role with its names in the reader's words
        "role": dataclasses.replace(
            role, name=gettext(role.name), specialist=gettext(role.specialist)
        )
        if role
        else None,
        "identity_fields": [
            fields["character-name"],
            fields["role"],
            fields["face"],
            fields["body"],
            fields["clothing"],
        ],
        "attribute_rows": [
            {
                "state": state,
                "score": fields[state.name],
                "trauma": fields[state.trauma_name],
                # MYZ rolls an attribute through a skill: its first skill, to change
                "roll_query": f"skill={first_skill(state.name)}",
                "roll_label": gettext("%(attribute)s (pick the skill)")
                % {"attribute": state.label},
            }
            for state in attributes
        ],
        "skill_groups": [
            {
                "attribute": state,
                "skills": [
                    fields[skill]
                    for skill in BASE_SKILLS
                    if rules.SKILL_ATTRIBUTES[skill] == state.name
                ],
            }
            for state in attributes
        ],
        "specialist_field": fields["specialist_skill"],
        "specialist_name": specialist_name,
        "specialist_attribute": pgettext(
            rules.ATTRIBUTE_CONTEXT, rules.ATTRIBUTE_LABELS.get(specialist_attribute, "")
        )
        if specialist_attribute
        else "",
        "point_fields": [fields[name] for name in COUNTERS],
        "rot_boxes": boxes(sheet.rot_temporary, sheet.rot_permanent),
        "experience_boxes": boxes(sheet.experience),
        "mutation_boxes": boxes(sheet.mutation_points),
        "rot_total": rules.rot_total(sheet),
        "armor_fields": [fields["armor_name"], fields["armor_rating"], fields["armor_natural"]],
        "rot_suit_fields": [fields["rot_suit_name"], fields["rot_suit_rating"]],
        "creation_warnings": [
            put_into_words(saying, gettext, ngettext, pgettext)
            for saying in rules.sheet_creation_sayings(sheet)
        ],
        **encumbrance(sheet),
        **paper_sheet(sheet, fields),
        **shell_context(sheet),
    }


TABS = (
    {"slug": "gear", "label": _("Gear")},
    {"slug": "mutations", "label": _("Mutations & talents")},
    {"slug": "injuries", "label": _("Injuries & artifacts")},
    {"slug": "character", "label": _("Character")},
)


def weapon_skill(weapon) -> str:
    """The skill a weapon rolls with: Fight at arm's length, Shoot beyond."""
    return "fight" if weapon.range == "arms_length" else "shoot"


def shell_context(sheet) -> dict:
    """What the sheet shell's regions need beyond the editable fields: the tabs, the
    weapons as the first view shows them (with the roll each one starts)."""
    return {
        "sheet_tabs": TABS,
        "weapon_lines": [
            {
                "weapon": weapon,
                "skill": weapon_skill(weapon),
                "query": f"skill={weapon_skill(weapon)}&gear=weapon:{weapon.pk}",
            }
            for weapon in sheet.weapons.all()
        ],
    }


ROT_EATER_ACTION = "rot-eater"


def rot_eater_offered(sheet) -> bool:
    """Whether the sheet may use Rot-Eater's mutation points (it lists the mutation). The
    page shows the Rot-Eater action only then (``rot_eater``); the action's form refuses
    it otherwise. Ready for a registry predicate ("offer this action only when...")."""
    return rules.has_named(sheet.mutations.all(), rules.ROT_EATER)


def paper_sheet(sheet, fields) -> dict:
    """The keys of the partials for the paper sheet's other boxes (issue 8):
    templates/sheets/mutant/_supplies.html, _conditions.html, _relationships.html,
    _artifacts.html and _critical_injuries.html, and the header's badges."""
    injuries = list(sheet.critical_injuries.all())
    rot_eater = rot_eater_offered(sheet)
    return {
        "supply_rows": [
            {
                "field": fields[name],
                "name": name,
                "unit": rules.SUPPLY_UNITS[name],
                "count": getattr(sheet, name),
            }
            for name in rules.SUPPLIES
        ],
        "supplies_per_line": rules.UNITS_PER_LINE,
        "condition_fields": [fields[name] for name in rules.CONDITIONS],
        # the header's badges: the conditions ticked, and the lethal injuries
        "conditions": active_conditions(sheet),
        "lethal_injuries": [injury for injury in injuries if injury.lethal],
        "critical_injuries": injuries,
        "relationship_fields": [
            fields["relationships"],
            fields["pc_you_hate"],
            fields["pc_to_protect"],
        ],
        "big_dream_field": fields["big_dream"],
        "notes_field": fields["notes"],
        # Rot-Eater's uses of mutation points are offered only with the mutation
        "rot_eater": rot_eater,
        # the page's roll menu leaves out the Rot-Eater action without the mutation
        "hidden_actions": () if rot_eater else (ROT_EATER_ACTION,),
    }


def summary(sheet) -> Summary:
    """A few labelled values and alerts for the GM's dashboard card."""
    values = []
    alerts = []
    for state in attribute_states(sheet):
        value = f"{state.available}/{state.score}"
        if state.trauma:
            value += f" ({state.trauma_label.lower()} {state.trauma})"
        values.append(SummaryValue(state.label, value, alert=state.broken))
        if state.broken:
            alerts.append(gettext("%(attribute)s broken") % {"attribute": state.label})

    rot = rules.rot_total(sheet)
    rot_value = str(sheet.rot_temporary)
    if sheet.rot_permanent:
        rot_value += gettext(" + %(count)s permanent") % {"count": sheet.rot_permanent}
    values.append(SummaryValue(gettext("Rot points"), rot_value, alert=rot >= rules.ROT_ALERT_AT))
    values.append(SummaryValue(gettext("Mutation points"), str(sheet.mutation_points)))

    load = encumbrance(sheet)
    values.append(
        SummaryValue(
            gettext("Carried"),
            gettext("%(carried)s/%(capacity)s lines")
            % {"carried": load["carried_text"], "capacity": load["capacity_text"]},
            alert=load["encumbered"],
        )
    )
    if load["encumbered"]:
        alerts.append(gettext("encumbered"))

    conditions = active_conditions(sheet)
    if conditions:
        values.append(SummaryValue(gettext("Conditions"), ", ".join(conditions), alert=True))
        alerts.extend(label.lower() for label in conditions)
    values.append(
        SummaryValue(
            gettext("Grub / water"),
            f"{sheet.grub} / {sheet.water}",
            alert=not (sheet.grub and sheet.water),
        )
    )
    if not sheet.grub:
        alerts.append(gettext("no grub"))
    if not sheet.water:
        alerts.append(gettext("no water"))
    injuries = list(sheet.critical_injuries.all())
    if injuries:
        lethal = [injury for injury in injuries if injury.lethal]
        values.append(
            SummaryValue(
                gettext("Critical injuries"),
                ", ".join(_injury_text(injury) for injury in injuries),
                alert=bool(lethal),
            )
        )
        alerts.extend(
            gettext("lethal injury: %(name)s") % {"name": injury.name} for injury in lethal
        )
    if rot >= rules.ROT_ALERT_AT:
        alerts.append(gettext("rot %(count)s") % {"count": rot})
    return Summary(values=tuple(values), alerts=tuple(alerts))


def _injury_text(injury) -> str:
    if not injury.lethal:
        return injury.name
    if injury.time_limit:
        return gettext("%(name)s (lethal, %(time)s)") % {
            "name": injury.name,
            "time": injury.time_limit,
        }
    return gettext("%(name)s (lethal)") % {"name": injury.name}


def new_sheet(character) -> MutantSheet:
    """A blank sheet for a new character: the model's defaults, saved."""
    return MutantSheet.objects.create(character=character)
