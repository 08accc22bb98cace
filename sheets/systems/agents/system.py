"""Agents (DPI homebrew) in the registry."""

from django.utils.translation import gettext_lazy as _

from sheets.systems.registry import Collection, RollAction, System

FORMS = "sheets.systems.agents.forms"
ROLL_FORMS = "rolls.systems.agents.forms"
ACTIONS = "rolls.systems.agents.actions"


def _action(slug, label, form, run, reads=(), gm_only=False):
    return RollAction(
        slug, label, f"{ROLL_FORMS}.{form}", f"{ACTIONS}.{run}", reads=reads, gm_only=gm_only
    )


def _summary_skills():
    """The skills the card's maxima read (AP, FT and sanity), not all 56."""
    from django.db.models import Prefetch, Q

    from sheets.systems.agents.models import AgentSkill
    from sheets.systems.agents.rules import DODGING, PSYCHOLOGY, STAMINA

    wanted = Q()
    for category, name in (STAMINA, DODGING, PSYCHOLOGY):
        wanted |= Q(category=category, name=name)
    return Prefetch("agents__skills", AgentSkill.objects.filter(wanted))


AGENTS = System(
    slug="agents",
    name="Agents (DPI)",
    short_name="Agents",
    stylesheet="css/agents.css",
    sheet_model="sheets.AgentSheet",
    sheet_related_name="agents",
    sheet_template="sheets/agents/sheet.html",
    party_settings="sheets.systems.agents.party.ClockSettingsForm",
    party_time="rolls.systems.agents.party_time.party_time",
    context="sheets.systems.agents.sheet.context",
    summary="sheets.systems.agents.sheet.summary",
    new_sheet="sheets.systems.agents.sheet.new_sheet",
    creation="sheets.systems.agents.creation.STEPS",
    transfer="sheets.systems.agents.transfer.TRANSFER",
    sheet_prefetch=(
        "agents__skills",
        "agents__weapons",
        "agents__items",
        "agents__supplies",
        "agents__juniors",
    ),
    summary_prefetch=(_summary_skills,),
    party_related="agents_clock",
    field_form=f"{FORMS}.AgentSheetForm",
    collections=(
        Collection(
            "skills",
            "skills",
            f"{FORMS}.SkillForm",
            _("Custom skills"),
            _("custom skill"),
            history_label=_("skill"),  # the seed's skills change too (XP, levels)
        ),
        Collection("weapons", "weapons", f"{FORMS}.WeaponForm", _("Weapons"), _("weapon")),
        Collection("items", "items", f"{FORMS}.ItemForm", _("Items"), _("gear item")),
        Collection("supplies", "supplies", f"{FORMS}.SupplyForm", _("Supplies"), _("supply")),
        Collection(
            "juniors", "juniors", f"{FORMS}.JuniorForm", _("Junior agents"), _("junior agent")
        ),
    ),
    sections=("state", "counters", "warnings", "weapon_list", "supply_costs", "tab_agent"),
    on_show_tabs=("agent",),
    admin="sheets.systems.agents.admin",
    result_template="rolls/agents/_result.html",
    actions=(
        _action(
            "basic",
            _("Basic roll"),
            "BasicRollForm",
            "basic_roll",
            reads=(_("stats"), _("skills"), _("stress"), _("High"), _("time of day"), _("weapons")),
        ),
        _action(
            "incoming",
            _("Incoming damage"),
            "IncomingDamageForm",
            "incoming_damage",
            reads=(_("HP"), _("FT"), _("armor")),
        ),
        _action(
            "sanity",
            _("Sanity damage"),
            "SanityDamageForm",
            "sanity_damage",
            reads=(_("Sanity"), _("HP")),
        ),
        _action(
            "short_rest",
            _("Short rest"),
            "ShortRestForm",
            "short_rest",
            reads=(_("Luck"), _("HP"), _("FT"), _("Sanity")),
        ),
        _action(
            "long_rest",
            _("Long rest"),
            "LongRestForm",
            "long_rest",
            reads=(_("HP"), _("FT"), _("Sanity")),
        ),
        _action(
            "stim",
            _("Use a stim"),
            "StimForm",
            "use_stim",
            reads=(_("stims"), _("HP"), _("stress")),
        ),
        _action(
            "spend_high",
            _("Spend High on stress"),
            "SpendHighForm",
            "spend_high",
            reads=(_("High"), _("stress")),
        ),
        _action(
            "research",
            _("Research / interview"),
            "ResearchForm",
            "research",
            reads=(_("stats"), _("skills"), _("research timer")),
        ),
        _action("reload", _("Reload a weapon"), "ReloadForm", "reload", reads=(_("weapons"),)),
        _action(
            "raise", _("Raise a skill"), "RaiseSkillForm", "raise_skill", reads=(_("skill XP"),)
        ),
        _action(
            "revive",
            _("Death and revival"),
            "ReviveForm",
            "revive",
            reads=(_("traumas"), _("stress"), _("High")),
        ),
        _action(
            "remove_trauma",
            _("Remove a trauma (a month of rest)"),
            "RemoveTraumaForm",
            "remove_trauma",
            reads=(_("traumas"),),
        ),
        _action(
            "clock", _("Party clock"), "ClockForm", "clock", reads=(_("party clock"),), gm_only=True
        ),
    ),
    choose=f"{ACTIONS}.choose",
    npc_actions=(
        RollAction(
            "npc",
            _("NPC roll"),
            "rolls.systems.agents.npc_forms.NpcRollForm",
            "rolls.systems.agents.npc_actions.npc_roll",
            reads=(_("the NPC's stat and skill"), _("the referee's 2d12")),
            gm_only=True,
        ),
    ),
    demo="sheets.systems.agents.demo.fill",
)
