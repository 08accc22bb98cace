"""Slots (the slot-inventory game) in the registry."""

from django.utils.translation import gettext_lazy as _

from sheets.systems.registry import GroupCheckKind, RollAction, System

FORMS = "rolls.systems.slots.forms"
ACTIONS = "rolls.systems.slots.actions"

SLOTS = System(
    slug="slots",
    name="Slots",
    short_name="Slots",
    stylesheet="css/slots.css",
    sheet_model="sheets.SlotsSheet",
    sheet_related_name="slots",
    sheet_template="sheets/slots/sheet.html",
    party_settings="sheets.systems.slots.party.TimeSettingsForm",
    party_time="rolls.systems.slots.party_time.party_time",
    context="sheets.systems.slots.sheet.context",
    summary="sheets.systems.slots.sheet.summary",
    summary_markup="sheets.systems.slots.summary_card.summary_html",
    new_sheet="sheets.systems.slots.sheet.new_sheet",
    creation="sheets.systems.slots.creation.STEPS",
    transfer="sheets.systems.slots.transfer.TRANSFER",
    result_template="rolls/slots/result.html",
    sheet_prefetch=(
        "slots__items",
        "slots__ideas",
        "slots__marks",
        "slots__people__slots",
    ),
    locked_with=("people",),
    field_form="sheets.systems.slots.forms.SlotsSheetForm",
    sections=(),
    admin="sheets.systems.slots.admin",
    urls="sheets.systems.slots.urls",
    actions=(
        RollAction(
            "check",
            _("Check"),
            f"{FORMS}.CheckForm",
            f"{ACTIONS}.check",
            reads=("focus slots", "gear slots", "wounds", "conditions"),
            locked_rows=("items", "ideas", "marks", "people__slots"),  # rules.engine_sheet
        ),
        RollAction(
            "fall", _("Fall"), f"{FORMS}.FallForm", f"{ACTIONS}.fall", reads=("gear slots",)
        ),
        RollAction(
            "corruption",
            _("Corruption exposure"),
            f"{FORMS}.CorruptionForm",
            f"{ACTIONS}.corruption",
            reads=("corruption marks",),
        ),
        RollAction(
            "time",
            _("Time passes (GM)"),
            f"{FORMS}.TimeForm",
            f"{ACTIONS}.time",
            reads=("wounds", "conditions"),
            gm_only=True,
        ),
    ),
    group_checks=(
        GroupCheckKind(
            "cooperation",
            _("Cooperation (each rolls, exchanges, then read)"),
            start_form=f"{FORMS}.CooperationStartForm",
            run=f"{ACTIONS}.cooperation_part",
            swap=f"{ACTIONS}.cooperation_swap",
            read=f"{ACTIONS}.cooperation_read",
        ),
    ),
    npc_actions=(
        RollAction(
            "judge",
            _("Judge check"),
            "rolls.systems.slots.npc_forms.JudgeCheckForm",
            "rolls.systems.slots.npc_actions.judge_check",
            reads=("the NPC's slots, read by the judge",),
            gm_only=True,
        ),
    ),
    demo="sheets.systems.slots.demo.fill",
    choose=f"{ACTIONS}.choose",
)
