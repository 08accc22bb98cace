"""Mutant: Year Zero in the registry."""

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
        Collection("gear", "gear", f"{FORMS}.GearLineForm", "Gear", "gear line"),
        Collection("weapons", "weapons", f"{FORMS}.WeaponForm", "Weapons", "weapon"),
        Collection("talents", "talents", f"{FORMS}.TalentForm", "Talents", "talent"),
        Collection("mutations", "mutations", f"{FORMS}.MutationForm", "Mutations", "mutation"),
        Collection("artifacts", "artifacts", f"{FORMS}.ArtifactForm", "Artifacts", "artifact"),
        Collection(
            "critical_injuries",
            "critical_injuries",
            f"{FORMS}.CriticalInjuryForm",
            "Critical injuries",
            "critical injury",
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
            "Skill roll",
            "rolls.systems.mutant.forms.SkillRollForm",
            "rolls.systems.mutant.actions.skill_roll",
            reads=("attributes", "trauma", "skills", "weapons", "gear"),
        ),
        RollAction(
            "armor",
            "Armor roll",
            "rolls.systems.mutant.forms.ArmorRollForm",
            "rolls.systems.mutant.actions.armor_roll",
            reads=("armor",),
        ),
        RollAction(
            "rot",
            "Rot",
            "rolls.systems.mutant.forms.RotEventForm",
            "rolls.systems.mutant.actions.rot_event",
            reads=("rot points", "rot suit", "talents", "mutations"),
        ),
        RollAction(
            "decontaminate",
            "Decontamination",
            "rolls.systems.mutant.forms.DecontaminationForm",
            "rolls.systems.mutant.actions.decontaminate",
            reads=("rot points",),
        ),
        RollAction(
            "mutation",
            "Mutation roll",
            "rolls.systems.mutant.forms.MutationRollForm",
            "rolls.systems.mutant.actions.mutation_roll",
            reads=("mutation points", "mutations"),
        ),
        # Actions without dice (docs/sheet-shell.md): healing trauma and eating the day's
        # rations, in the log and the feed like a roll.
        RollAction(
            "heal",
            "Heal trauma",
            "rolls.systems.mutant.forms.HealTraumaForm",
            "rolls.systems.mutant.actions.heal_trauma",
            reads=("trauma", "grub", "water"),
        ),
        RollAction(
            "ration",
            "Daily ration",
            "rolls.systems.mutant.forms.DailyRationForm",
            "rolls.systems.mutant.actions.daily_ration",
            reads=("grub", "water", "conditions"),
        ),
        # Rot-Eater's three uses of mutation points (a mutation roll each).
        RollAction(
            "rot-eater",
            "Rot-Eater",
            "rolls.systems.mutant.forms.RotEaterForm",
            "rolls.systems.mutant.actions.rot_eater",
            reads=("mutation points", "rot points", "trauma", "mutations"),
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
            "NPC or monster roll",
            "rolls.systems.mutant.npc_forms.NpcRollForm",
            "rolls.systems.mutant.npc_actions.npc_roll",
            reads=("base, skill, gear and negative dice",),
            gm_only=True,
        ),
        RollAction(
            "opposed",
            "Opposed roll",
            "rolls.systems.mutant.npc_forms.OpposedForm",
            "rolls.systems.mutant.npc_actions.opposed_roll",
            reads=("the mutant's attribute, trauma and skill", "the NPC's dice"),
            gm_only=True,
        ),
    ),
    npc_push="rolls.systems.mutant.npc_actions.push",
    demo="sheets.systems.mutant.demo.fill",
    choose="rolls.systems.mutant.actions.choose",
)
