"""Twilight: 2000 4E in the registry."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sheets.systems.registry import Collection, GroupCheckKind, RollAction, System

FORMS = "sheets.systems.twilight.forms"
ROLL_FORMS = "rolls.systems.twilight.forms"
ACTIONS = "rolls.systems.twilight.actions"

TWILIGHT = System(
    slug="twilight",
    name="Twilight: 2000",
    initiative_cards=True,
    short_name="T2K",
    stylesheet="css/twilight.css",
    sheet_model="sheets.TwilightSheet",
    sheet_related_name="twilight",
    sheet_template="sheets/twilight/sheet.html",
    context="sheets.systems.twilight.sheet.context",
    summary="sheets.systems.twilight.sheet.summary",
    new_sheet="sheets.systems.twilight.sheet.new_sheet",
    creation="sheets.systems.twilight.creation.STEPS",
    transfer="sheets.systems.twilight.transfer.TRANSFER",
    result_template="rolls/twilight/result.html",
    sheet_prefetch=(
        "twilight__specialties",
        "twilight__weapons",
        "twilight__magazines",
        "twilight__armor",
        "twilight__gear",
        "twilight__injuries",
    ),
    summary_prefetch=(
        "twilight__weapons",
        "twilight__magazines",
        "twilight__gear",
        "twilight__injuries",
    ),
    field_form=f"{FORMS}.TwilightSheetForm",
    collections=(
        Collection("weapons", "weapons", f"{FORMS}.WeaponForm", _("Weapons"), _("weapon")),
        Collection(
            "magazines",
            "magazines",
            f"{FORMS}.MagazineForm",
            _("Spare magazines and belts"),
            _("spare magazine"),
        ),
        Collection("armor", "armor", f"{FORMS}.ArmorForm", _("Armor"), _("piece of armor")),
        Collection("gear", "gear", f"{FORMS}.GearForm", _("Gear"), _("item")),
        Collection(
            "specialties", "specialties", f"{FORMS}.SpecialtyForm", _("Specialties"), _("specialty")
        ),
        Collection(
            "injuries",
            "injuries",
            f"{FORMS}.InjuryForm",
            _("Critical injuries"),
            _("critical injury"),
        ),
    ),
    sections=("live", "state", "condition", "weapon_table", "encumbrance", "radiation"),
    admin="sheets.systems.twilight.admin",
    actions=(
        RollAction(
            "skill",
            _("Skill roll"),
            f"{ROLL_FORMS}.SkillRollForm",
            f"{ACTIONS}.skill_roll",
            reads=(_("attributes"), _("skills"), _("specialties"), _("gear")),
        ),
        RollAction(
            "attack",
            _("Attack"),
            f"{ROLL_FORMS}.AttackForm",
            f"{ACTIONS}.attack",
            reads=(_("attributes"), _("skills"), _("weapons"), _("rounds"), _("reliability")),
        ),
        RollAction(
            "clear_jam",
            _("Clear a jam"),
            f"{ROLL_FORMS}.ClearJamForm",
            f"{ACTIONS}.clear_jam",
            reads=(_("weapons"),),
        ),
        RollAction(
            "reload",
            pgettext_lazy("reload a weapon", "Reload"),
            f"{ROLL_FORMS}.ReloadForm",
            f"{ACTIONS}.reload",
            reads=(_("weapons"), _("spare magazines")),
        ),
        RollAction(
            "group",
            _("Group roll"),
            f"{ROLL_FORMS}.GroupRollForm",
            f"{ACTIONS}.group_roll",
            reads=(_("attributes"), _("skills"), _("specialties")),
        ),
        RollAction(
            "opposed",
            _("Opposed roll"),
            f"{ROLL_FORMS}.OpposedRollForm",
            f"{ACTIONS}.opposed_roll",
            reads=(_("attributes"), _("skills")),
        ),
        RollAction(
            "cuf",
            _("Coolness under fire"),
            f"{ROLL_FORMS}.CoolnessForm",
            f"{ACTIONS}.cuf_roll",
            reads=(_("coolness under fire"),),
        ),
        RollAction(
            "promotion",
            _("Promotion roll"),
            f"{ROLL_FORMS}.PromotionForm",
            f"{ACTIONS}.promotion_roll",
            reads=(_("command"),),
        ),
    ),
    push=f"{ACTIONS}.push",
    npc_actions=(
        RollAction(
            "npc",
            _("NPC roll"),
            "rolls.systems.twilight.npc_forms.NpcRollForm",
            "rolls.systems.twilight.npc_actions.npc_roll",
            reads=(_("the NPC's attribute and skill levels"),),
            gm_only=True,
        ),
        RollAction(
            "opposed",
            _("Opposed roll"),
            "rolls.systems.twilight.npc_forms.OpposedForm",
            "rolls.systems.twilight.npc_actions.opposed_roll",
            reads=(_("the character's attribute and skill"), _("the NPC's levels")),
            gm_only=True,
        ),
    ),
    npc_push="rolls.systems.twilight.npc_actions.push",
    choose=f"{ACTIONS}.choose",
    demo="sheets.systems.twilight.demo.fill",
    group_checks=(
        GroupCheckKind(
            "group",
            _("Group roll (one rolls, the others help)"),
            start_form=f"{ROLL_FORMS}.GroupRollStartForm",
            run=f"{ACTIONS}.group_part",
            read=f"{ACTIONS}.group_read",
            roles=(("roll", _("Roll for the group")), ("help", _("Help (+1)"))),
        ),
    ),
)
