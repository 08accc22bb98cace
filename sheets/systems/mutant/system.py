"""Mutant: Year Zero in the registry."""

from sheets.systems.registry import Collection, RollAction, System

FORMS = "sheets.systems.mutant.forms"

MUTANT = System(
    slug="mutant",
    name="Mutant: Year Zero",
    short_name="MYZ",
    sheet_model="sheets.MutantSheet",
    sheet_related_name="mutant",
    sheet_template="sheets/mutant/sheet.html",
    party_settings="sheets.systems.mutant.party.SectorForm",
    context="sheets.systems.mutant.sheet.context",
    summary="sheets.systems.mutant.sheet.summary",
    new_sheet="sheets.systems.mutant.sheet.new_sheet",
    transfer="sheets.systems.mutant.transfer.TRANSFER",
    sheet_prefetch=(
        "mutant__gear",
        "mutant__weapons",
        "mutant__talents",
        "mutant__mutations",
        "mutant__artifacts",
        "mutant__critical_injuries",
    ),
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
            "rolls.forms.mutant.SkillRollForm",
            "rolls.actions.mutant.skill_roll",
            reads=("attributes", "trauma", "skills", "weapons", "gear"),
        ),
        RollAction(
            "armor",
            "Armor roll",
            "rolls.forms.mutant.ArmorRollForm",
            "rolls.actions.mutant.armor_roll",
            reads=("armor",),
        ),
        RollAction(
            "rot",
            "Rot",
            "rolls.forms.mutant.RotEventForm",
            "rolls.actions.mutant.rot_event",
            reads=("rot points", "rot suit", "talents", "mutations"),
        ),
        RollAction(
            "decontaminate",
            "Decontamination",
            "rolls.forms.mutant.DecontaminationForm",
            "rolls.actions.mutant.decontaminate",
            reads=("rot points",),
        ),
        RollAction(
            "mutation",
            "Mutation roll",
            "rolls.forms.mutant.MutationRollForm",
            "rolls.actions.mutant.mutation_roll",
            reads=("mutation points", "mutations"),
        ),
        # Actions without dice (docs/sheet-shell.md): healing trauma and eating the day's
        # rations, in the log and the feed like a roll.
        RollAction(
            "heal",
            "Heal trauma",
            "rolls.forms.mutant.HealTraumaForm",
            "rolls.actions.mutant.heal_trauma",
            reads=("trauma", "grub", "water"),
        ),
        RollAction(
            "ration",
            "Daily ration",
            "rolls.forms.mutant.DailyRationForm",
            "rolls.actions.mutant.daily_ration",
            reads=("grub", "water", "conditions"),
        ),
        # Rot-Eater's three uses of mutation points (a mutation roll each).
        RollAction(
            "rot-eater",
            "Rot-Eater",
            "rolls.forms.mutant.RotEaterForm",
            "rolls.actions.mutant.rot_eater",
            reads=("mutation points", "rot points", "trauma", "mutations"),
        ),
        RollAction("d6", "D6", "rolls.forms.mutant.D6Form", "rolls.actions.mutant.d6_roll"),
        RollAction("d66", "D66", "rolls.forms.mutant.D66Form", "rolls.actions.mutant.d66_roll"),
    ),
    push="rolls.actions.mutant.push",
    npc_actions=(
        RollAction(
            "npc",
            "NPC or monster roll",
            "rolls.forms.npc.mutant.NpcRollForm",
            "rolls.actions.npc.mutant.npc_roll",
            reads=("base, skill, gear and negative dice",),
            gm_only=True,
        ),
        RollAction(
            "opposed",
            "Opposed roll",
            "rolls.forms.npc.mutant.OpposedForm",
            "rolls.actions.npc.mutant.opposed_roll",
            reads=("the mutant's attribute, trauma and skill", "the NPC's dice"),
            gm_only=True,
        ),
    ),
    npc_push="rolls.actions.npc.mutant.push",
    demo="sheets.systems.mutant.demo.fill",
    choose="rolls.actions.mutant.choose",
)
