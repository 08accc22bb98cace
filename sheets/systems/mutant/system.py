"""Mutant: Year Zero in the registry."""

from django.utils.translation import gettext_lazy as _

from sheets.systems.registry import Collection, RollAction, System

FORMS = "sheets.systems.mutant.forms"

MUTANT = System(
    slug="mutant",
    name="Mutant: Year Zero",
    initiative_cards=True,
    short_name="MYZ",
    sheet_model="sheets.MutantSheet",
    sheet_related_name="mutant",
    sheet_template="sheets/mutant/sheet.html",
    party_settings="sheets.systems.mutant.party.SectorForm",
    context="sheets.systems.mutant.sheet.context",
    summary="sheets.systems.mutant.sheet.summary",
    new_sheet="sheets.systems.mutant.sheet.new_sheet",
    creation="sheets.systems.mutant.creation.STEPS",
    transfer="sheets.systems.mutant.transfer.TRANSFER",
    sheet_prefetch=(
        "mutant__gear",
        "mutant__weapons",
        "mutant__talents",
        "mutant__mutations",
        "mutant__artifacts",
        "mutant__critical_injuries",
    ),
    summary_prefetch=("mutant__gear", "mutant__weapons", "mutant__critical_injuries"),
    field_form=f"{FORMS}.MutantSheetForm",
    collections=(
        Collection("gear", "gear", f"{FORMS}.GearLineForm", _("Gear"), _("gear line")),
        Collection("weapons", "weapons", f"{FORMS}.WeaponForm", _("Weapons"), _("weapon")),
        Collection("talents", "talents", f"{FORMS}.TalentForm", _("Talents"), _("talent")),
        Collection(
            "mutations", "mutations", f"{FORMS}.MutationForm", _("Mutations"), _("mutation")
        ),
        Collection(
            "artifacts", "artifacts", f"{FORMS}.ArtifactForm", _("Artifacts"), _("artifact")
        ),
        Collection(
            "critical_injuries",
            "critical_injuries",
            f"{FORMS}.CriticalInjuryForm",
            _("Critical injuries"),
            _("critical injury"),
        ),
    ),
    sections=(
        "state",
        "counters",
        "warnings",
        "attributes",
        "skills",
        "weapons_view",
        "points",
        "encumbrance",
        "identity",
    ),
    admin="sheets.systems.mutant.admin",
    actions=(
        RollAction(
            "skill",
            _("Skill roll"),
            "rolls.systems.mutant.forms.SkillRollForm",
            "rolls.systems.mutant.actions.skill_roll",
            reads=(_("attributes"), _("trauma"), _("skills"), _("weapons"), _("gear")),
        ),
        RollAction(
            "armor",
            _("Armor roll"),
            "rolls.systems.mutant.forms.ArmorRollForm",
            "rolls.systems.mutant.actions.armor_roll",
            reads=(_("armor"),),
        ),
        RollAction(
            "rot",
            _("Rot"),
            "rolls.systems.mutant.forms.RotEventForm",
            "rolls.systems.mutant.actions.rot_event",
            reads=(_("rot points"), _("rot suit"), _("talents"), _("mutations")),
        ),
        RollAction(
            "decontaminate",
            _("Decontamination"),
            "rolls.systems.mutant.forms.DecontaminationForm",
            "rolls.systems.mutant.actions.decontaminate",
            reads=(_("rot points"),),
        ),
        RollAction(
            "mutation",
            _("Mutation roll"),
            "rolls.systems.mutant.forms.MutationRollForm",
            "rolls.systems.mutant.actions.mutation_roll",
            reads=(_("mutation points"), _("mutations")),
        ),
        # Actions without dice (docs/sheet-shell.md): healing trauma and eating the day's
        # rations, in the log and the feed like a roll.
        RollAction(
            "heal",
            _("Heal trauma"),
            "rolls.systems.mutant.forms.HealTraumaForm",
            "rolls.systems.mutant.actions.heal_trauma",
            reads=(_("trauma"), _("grub"), _("water")),
        ),
        RollAction(
            "ration",
            _("Daily ration"),
            "rolls.systems.mutant.forms.DailyRationForm",
            "rolls.systems.mutant.actions.daily_ration",
            reads=(_("grub"), _("water"), _("conditions")),
        ),
        # Rot-Eater's three uses of mutation points (a mutation roll each).
        RollAction(
            "rot-eater",
            _("Rot-Eater"),
            "rolls.systems.mutant.forms.RotEaterForm",
            "rolls.systems.mutant.actions.rot_eater",
            reads=(_("mutation points"), _("rot points"), _("trauma"), _("mutations")),
        ),
        RollAction(
            "d6", "D6", "rolls.systems.mutant.forms.D6Form", "rolls.systems.mutant.actions.d6_roll"
        ),
        RollAction(
            "d66",
            "D66",
            "rolls.systems.mutant.forms.D66Form",
            "rolls.systems.mutant.actions.d66_roll",
        ),
    ),
    push="rolls.systems.mutant.actions.push",
    npc_actions=(
        RollAction(
            "npc",
            _("NPC or monster roll"),
            "rolls.systems.mutant.npc_forms.NpcRollForm",
            "rolls.systems.mutant.npc_actions.npc_roll",
            reads=(_("base, skill, gear and negative dice"),),
            gm_only=True,
        ),
        RollAction(
            "opposed",
            _("Opposed roll"),
            "rolls.systems.mutant.npc_forms.OpposedForm",
            "rolls.systems.mutant.npc_actions.opposed_roll",
            reads=(_("the mutant's attribute, trauma and skill"), _("the NPC's dice")),
            gm_only=True,
        ),
    ),
    npc_push="rolls.systems.mutant.npc_actions.push",
    demo="sheets.systems.mutant.demo.fill",
    choose="rolls.systems.mutant.actions.choose",
)
