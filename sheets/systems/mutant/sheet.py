"""The Mutant: Year Zero sheet page, its dashboard summary, and a new blank sheet.

These are the three functions ``sheets/systems/mutant/system.py`` names. They read the
sheet's rows through ``.all()`` so that, with the rows prefetched, they run no query.
"""

from sheets.editing import editing_context
from sheets.systems.mutant import rules
from sheets.systems.mutant.models import BASE_SKILLS, COUNTERS, MutantSheet
from sheets.systems.registry import Summary, SummaryValue


def boxes(filled: int, permanent: int = 0) -> list[str]:
    """Ten check boxes as the paper sheet has them: "permanent", "filled" or ""."""
    marks = ["permanent"] * permanent + ["filled"] * filled
    return (marks + [""] * rules.BOX_MAX)[: rules.BOX_MAX]


def encumbrance(sheet) -> dict:
    gear = sheet.gear.all()
    carried = rules.carried_weight(gear)
    capacity = rules.carry_capacity(sheet.strength)
    return {
        "carried": carried,
        "capacity": capacity,
        "carried_text": rules.format_lines(carried),
        "capacity_text": rules.format_lines(capacity),
        "encumbered": rules.is_encumbered(carried, capacity),
        # the meter's scale: room above the capacity so "over" shows as over
        "meter_max": rules.format_lines(max(capacity * 2, carried, 1)),
    }


def context(character, sheet) -> dict:
    """What templates/sheets/mutant/sheet.html shows beyond the sheet view's own keys."""
    edit = editing_context(character, sheet)
    fields = edit["editable_fields"]
    role = rules.ROLES.get(sheet.role)
    specialist_name, specialist_attribute = (
        rules.specialist_skill(sheet.role) if role else ("Specialist skill", "")
    )
    attributes = rules.attribute_states(sheet)
    return {
        **edit,
        "role": role,
        "identity_fields": [
            fields["character-name"],
            fields["role"],
            fields["face"],
            fields["body"],
            fields["clothing"],
        ],
        "attribute_rows": [
            {"state": state, "score": fields[state.name], "trauma": fields[state.trauma_name]}
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
        "specialist_attribute": rules.ATTRIBUTE_LABELS.get(specialist_attribute, ""),
        "point_fields": [fields[name] for name in COUNTERS],
        "rot_boxes": boxes(sheet.rot_temporary, sheet.rot_permanent),
        "experience_boxes": boxes(sheet.experience),
        "mutation_boxes": boxes(sheet.mutation_points),
        "rot_total": rules.rot_total(sheet),
        "armor_fields": [fields["armor_name"], fields["armor_rating"], fields["armor_natural"]],
        "rot_suit_fields": [fields["rot_suit_name"], fields["rot_suit_rating"]],
        "creation_warnings": rules.sheet_creation_warnings(sheet),
        **encumbrance(sheet),
    }


def summary(sheet) -> Summary:
    """A few labelled values and alerts for the GM's dashboard card."""
    values = []
    alerts = []
    for state in rules.attribute_states(sheet):
        value = f"{state.available}/{state.score}"
        if state.trauma:
            value += f" ({state.trauma_label.lower()} {state.trauma})"
        values.append(SummaryValue(state.label, value, alert=state.broken))
        if state.broken:
            alerts.append(f"{state.label} broken")

    rot = rules.rot_total(sheet)
    rot_value = str(sheet.rot_temporary)
    if sheet.rot_permanent:
        rot_value += f" + {sheet.rot_permanent} permanent"
    values.append(SummaryValue("Rot points", rot_value, alert=rot >= rules.ROT_ALERT_AT))
    values.append(SummaryValue("Mutation points", str(sheet.mutation_points)))

    load = encumbrance(sheet)
    values.append(
        SummaryValue(
            "Carried",
            f"{load['carried_text']}/{load['capacity_text']} lines",
            alert=load["encumbered"],
        )
    )
    if load["encumbered"]:
        alerts.append("encumbered")
    if rot >= rules.ROT_ALERT_AT:
        alerts.append(f"rot {rot}")
    return Summary(values=tuple(values), alerts=tuple(alerts))


def new_sheet(character) -> MutantSheet:
    """A blank sheet for a new character: the model's defaults, saved."""
    return MutantSheet.objects.create(character=character)
