"""The game systems Tableside knows, one descriptor each.

Views, the dashboard, the admin index, the demo data and the roll path loop over
``SYSTEMS``; none of them names a system. A descriptor's dotted paths name both of the
system's folders, resolved when first used: ``sheets/systems/<s>/`` (its sheet, with its
pure engine in ``dice/``) and ``rolls/systems/<s>/`` (its rolls). Adding a sixth system
is writing those two folders, its templates, and one line in ``_DESCRIPTORS`` below (or
``register()`` from elsewhere, as the tests' toy system does); docs/sheet-shell.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from django.core.signals import setting_changed
from django.dispatch import Signal, receiver
from django.utils import translation
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from django.db.models import Prefetch


@dataclass(frozen=True)
class SummaryValue:
    label: str
    value: str
    alert: bool = False


@dataclass(frozen=True)
class Summary:
    """What the GM dashboard shows of a character: labelled values and alerts."""

    values: tuple[SummaryValue, ...] = ()
    alerts: tuple[str, ...] = ()


@dataclass(frozen=True)
class RollAction:
    """A roll a sheet offers. ``form`` and ``run`` are dotted paths, resolved lazily so
    that sheets never import rolls at start-up.

    - ``form``: a Django form class built as ``Form(sheet, data=None)``; it validates
      the roll's inputs and offers ``odds()`` for the exact odds before rolling.
    - ``run``: ``run(sheet, cleaned_data, rng) -> rolls.actions.Rolled``, called with
      the sheet row locked, inside the transaction that records the roll.
    - ``reads``: the sheet fields the roll reads (shown on the form).
    - ``locked_rows``: lists of the sheet that its form and run read whole (``.all()``),
      by their names from the sheet ("items", "people__slots"): read with the locked
      sheet, in the same round trip where the database takes several statements in one
      message (``sheets.editing.saving.locked_editable_sheet``).
    """

    slug: str
    label: str
    form: str
    run: str
    reads: tuple[str, ...] = ()
    gm_only: bool = False
    locked_rows: tuple[str, ...] = ()

    @property
    def form_class(self):
        return import_string(self.form)

    @property
    def runner(self) -> Callable[..., Any]:
        return import_string(self.run)


@dataclass(frozen=True)
class GroupCheckKind:
    """A check the GM starts from the dashboard for several characters of one system, each
    player doing their part from their own sheet page (docs/sheet-shell.md, "Group
    checks"). Every field but ``slug`` and ``label`` is a dotted path, resolved lazily:

    - ``start_form``: ``Form(party, data=None)``, the GM's form; once valid it offers
      ``participants() -> [(character, role)]``, ``group_label() -> str`` and
      ``group_inputs() -> dict`` (JSON, what every part reads).
    - ``run``: ``run(sheet, group, participant, others, rng) -> Rolled | None``, one
      participant's part with their sheet locked (None: a part without dice, such as
      declaring help); it may close ``others``' parts (``done``/``note``), which are saved.
    - ``swap``: optional, the step between the parts and the reading (Slots: exchange a
      die): ``swap(group, mine, theirs) -> str`` (a line for the group); with a swap the
      group waits in "reading" once every part is in, until the GM or a participant reads.
    - ``read``: ``read(group, participants, sheets) -> rolls.groups.Reading``, with every
      participant's sheet locked (in character order), in the transaction that closes it.
    """

    slug: str
    label: str
    start_form: str
    run: str
    read: str
    swap: str = ""
    # (role, its button's words)
    roles: tuple[tuple[str, str], ...] = (("roll", gettext_lazy("Roll")),)

    def call(self, name: str, *args, **kwargs):
        return import_string(getattr(self, name))(*args, **kwargs)

    def button(self, role: str) -> str:
        return dict(self.roles).get(role, _("Roll"))


@dataclass(frozen=True)
class Collection:
    """Rows a sheet holds a list of (gear lines, weapons, talents...), edited in place.

    ``name`` is used in URLs and HTML names ("gear"), ``related_name`` is the sheet's
    reverse accessor for the rows, ``form`` the dotted path of the row ModelForm.
    """

    name: str
    related_name: str
    form: str
    label: str  # "Gear"
    item_label: str  # "gear line"
    history_label: str = ""  # a row in the sheet's history, if not ``item_label``

    @property
    def form_class(self):
        return import_string(self.form)

    @property
    def one_item(self) -> str:
        """The item label with its article: "a gear line", "an artifact"."""
        with translation.override("en"):
            english = str(self.item_label)
        if english[:1].lower() in "aeiou":
            # Translators: an item of a list with its article ("an artifact"); languages
            # without articles, or whose article depends on the noun, keep the item alone
            return _("an %(item)s") % {"item": self.item_label}
        # Translators: an item of a list with its article ("a gear line")
        return _("a %(item)s") % {"item": self.item_label}


@dataclass(frozen=True)
class System:
    slug: str
    name: str
    sheet_model: str  # "sheets.MutantSheet"
    sheet_related_name: str  # Character.<this> is the sheet
    sheet_template: str  # the whole sheet page's template
    context: str  # dotted path: context(character, sheet) -> dict for sheet_template
    summary: str  # dotted path: summary(sheet) -> Summary
    new_sheet: str  # dotted path: new_sheet(character) -> a saved blank sheet
    short_name: str = ""  # "MYZ", "T2K": page titles and small labels
    # dotted path: summary_markup(summary) -> str, the summary's body on the GM's card
    # (sheets.summary_card): its values and alerts, or more (the Slots mini grid)
    summary_markup: str = "sheets.summary_card.values_html"
    # included in a roll's result (the roll dialog, the roll page) for this system's own
    # steps after the roll (forms posting to ``roll_choose``) and lines; "" for none
    result_template: str = ""
    actions: tuple[RollAction, ...] = ()
    push: str = ""  # dotted path: push(sheet, roll, rng) -> Rolled
    # dotted path: choose(sheet, roll, data, by_gm=bool) -> list of effect dicts, for a
    # result that asks for a step after the roll (a misfire's pick, the die read with
    # advantage or disadvantage, hits allocated...). ``data`` is the POSTed QueryDict; the
    # function validates it (DiceError refuses), applies it to the locked sheet and
    # updates ``roll.result`` (the view saves the roll and re-announces its card).
    choose: str = ""
    sheet_prefetch: tuple[str, ...] = field(default_factory=tuple)
    # the part of ``sheet_prefetch`` that ``summary`` and the card read (the dashboard,
    # the home page, a card sent to the feed): paths, or functions that return a
    # Prefetch (some of a list's rows; called when used); None: all of it
    summary_prefetch: tuple[str | Callable[[], Prefetch], ...] | None = None
    # Party.<this>: the system's party settings row when its sheet and rolls read it
    # through the party (the Agents clock), joined wherever a character is read
    party_related: str = ""
    # relations of the sheet a roll reads, joined into its locked sheet's query (only
    # the sheet's row is locked): a Slots people's layout
    locked_with: tuple[str, ...] = ()
    # dotted path: demo(character, index) fills a new character's sheet for `manage.py demo`
    demo: str = ""
    # Editing in place (sheets/editing.py): the ModelForm of the sheet's own fields, the
    # lists of rows, the partials of sheet_template that can be fetched on their own
    # (GET characters/<pk>/section/<name>/), and the partial holding the out-of-band
    # blocks (derived values) sent when the sheet changes.
    field_form: str = ""
    collections: tuple[Collection, ...] = ()
    sections: tuple[str, ...] = ()
    refresh_partial: str = "refresh"
    # tabs whose body is fetched only when the tab is first shown (a partial
    # ``tab_<slug>`` of sheet_template, listed in ``sections``): the Agents skill editor,
    # 224 inputs that most evenings never open. ``?all`` renders them in place.
    on_show_tabs: tuple[str, ...] = ()
    admin: str = ""  # dotted path of the module registering the sheet's admin
    # dotted path of a urlpatterns module for the system's own endpoints that are not
    # rolls (moving an item between slots...), mounted at characters/<pk>/<slug>/; its
    # views take ``pk`` (the character) and check permissions themselves
    urls: str = ""
    # the system's own stylesheet under static/ ("css/slots.css"), loaded on its sheet, its
    # roll page and the GM's dashboard ({% system_stylesheets %}); "" for none
    stylesheet: str = ""
    # checks the GM starts for several characters at once (T2K group roll with helpers,
    # Slots cooperation, Z6E team lift)
    group_checks: tuple[GroupCheckKind, ...] = ()
    # initiative (docs/initiative.md): True when a conflict's order comes from cards
    # drawn (MYZ, T2K); False when the GM sets the order by hand
    initiative_cards: bool = False
    # dotted path of the system's ``sheets.transfer.spec.Transfer``: what its export file
    # holds (lists, references, migrations) and its Foundry VTT reader, if any
    transfer: str = ""

    # dotted path of a sheets.party_settings.PartySettingsForm subclass: what a party
    # keeps for this system (an in-game clock, the sector's rot level), set by the GM on
    # the party's settings page and shown on the dashboard and the sheets; "" for none
    party_settings: str = ""
    # dotted path: party_time(form, user, button) -> str, the roll side of the party
    # settings' buttons that pass time (``PartySettingsForm.time_buttons``): each sheet's
    # effects as a roll (rolls/systems/<system>/party_time.py); "" for none
    party_time: str = ""

    # The GM's own rolls from the dashboard (NPCs and monsters, opposed rolls): each a
    # RollAction whose form is ``Form(party, data=None, initial=None)`` (with ``odds()``
    # and an ``npc_name`` field) and whose run is ``run(sheet, cleaned_data, rng)``:
    # ``sheet`` is the locked sheet of ``cleaned_data["character"]`` when the form picks
    # a character (an opposed roll), else None. ``npc_push(sheet, roll, rng) -> Rolled``
    # pushes these rolls (the NPC's side, or the character's when it is the active one).
    npc_actions: tuple[RollAction, ...] = ()
    npc_push: str = ""

    # dotted path of the system's creation steps (``sheets.creation.Step``s, in
    # ``sheets/systems/<s>/creation.py``): the choices a new character starts with, one
    # page each, before the sheet (docs/sheet-shell.md, "Creation"); "" for none
    creation: str = ""

    @property
    def creation_steps(self) -> tuple:
        return import_string(self.creation) if self.creation else ()

    @property
    def summary_rows(self) -> tuple[str | Prefetch, ...]:
        if self.summary_prefetch is None:
            return self.sheet_prefetch
        return tuple(row() if callable(row) else row for row in self.summary_prefetch)

    def group_check(self, slug: str) -> GroupCheckKind:
        for kind in self.group_checks:
            if kind.slug == slug:
                return kind
        raise LookupError(f"no group check {slug!r} in {self.name}")

    @property
    def party_settings_class(self):
        return import_string(self.party_settings) if self.party_settings else None

    def npc_action(self, slug: str) -> RollAction:
        for action in self.npc_actions:
            if action.slug == slug:
                return action
        raise KeyError(slug)

    def collection(self, name: str) -> Collection:
        for collection in self.collections:
            if collection.name == name:
                return collection
        raise KeyError(name)

    def model(self):
        from django.apps import apps

        return apps.get_model(self.sheet_model)

    def actions_for(self, character, user) -> tuple[RollAction, ...]:
        """The rolls this user may make for this character: GM-only rolls (NPC and
        monster checks) only for the GM of the character's party."""
        is_gm = character.party is not None and character.party.is_gm(user)
        return tuple(action for action in self.actions if is_gm or not action.gm_only)

    def call(self, name: str, *args, **kwargs):
        return import_string(getattr(self, name))(*args, **kwargs)


_DESCRIPTORS = (
    "sheets.systems.mutant.system.MUTANT",
    "sheets.systems.twilight.system.TWILIGHT",
    "sheets.systems.agents.system.AGENTS",
    "sheets.systems.zombie.system.ZOMBIE",
    "sheets.systems.slots.system.SLOTS",
)


# A system may also be added from the settings, without editing this file:
# TABLESIDE_EXTRA_SYSTEMS = ["<package>.system.DESCRIPTOR", ...] (the tests' toy system,
# tests/toy/, whose app is installed by tests/settings.py).
EXTRA_SETTING = "TABLESIDE_EXTRA_SYSTEMS"

# Sent when the systems change after start-up (a test adding its own through the
# setting): what connected per-system signals at start-up connects the new ones too.
systems_changed = Signal()


@cache
def all_systems() -> tuple[System, ...]:
    from django.conf import settings

    paths = (*_DESCRIPTORS, *getattr(settings, EXTRA_SETTING, ()))
    return tuple(import_string(path) for path in paths)


@receiver(setting_changed)
def _extra_systems_changed(sender, setting, **kwargs) -> None:
    if setting == EXTRA_SETTING:
        all_systems.cache_clear()
        systems_changed.send(System)


def party_related_paths() -> tuple[str, ...]:
    """``select_related`` paths from a character to every system's party settings row
    that its sheet and rolls read through the party (``System.party_related``)."""
    return tuple(f"party__{s.party_related}" for s in all_systems() if s.party_related)


def get_system(slug: str) -> System:
    for system in all_systems():
        if system.slug == slug:
            return system
    raise LookupError(f"no game system {slug!r}")


def start_choices(party_characters) -> list[dict]:
    """The group checks the dashboard offers: each system's kinds, for the systems with
    at least two characters at this table."""
    counts: dict[str, int] = {}
    for character in party_characters:
        counts[character.system] = counts.get(character.system, 0) + 1
    return [
        {"system": system, "kind": kind}
        for system in all_systems()
        for kind in system.group_checks
        if counts.get(system.slug, 0) >= 2
    ]


def system_choices() -> list[tuple[str, str]]:
    return [(system.slug, system.name) for system in all_systems()]
