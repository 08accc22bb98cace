"""Ids are ASCII digits (issue 31, item 3). "²" passes ``str.isdigit()`` and then breaks
``int()`` (a 500); "٣" (or a fullwidth 3) pass both and name row 3, which the page never showed.
Every URL and form that reads an id gets ids written in other digits, as the owner and
as the GM: never a 500, a 404 for an id in the URL's query, a refusal (422) for a form's
value, and the stored sheet (its rows, its rolls, its party) as it was."""

import pytest
from django import forms
from django.test import Client
from django.urls import reverse

from config.ids import parse_id
from rolls.models import GroupCheck, Roll
from sheets.editing.fields import ORIGINAL_PREFIX
from sheets.models import Character
from sheets.systems.registry import all_systems
from tests.factories import PartyFactory, UserFactory, member_of
from tests.registry_inputs import demo_character, snapshot
from tests.rolls.test_group_checks import act, gm_c, part, slots_table, start  # noqa: F401

pytestmark = pytest.mark.django_db

SYSTEMS = [system.slug for system in all_systems()]
# Digits Python's str.isdigit() accepts: int() refuses the first kind, reads the others.
DIGITS = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "fullwidth": "".join(chr(0xFF10 + n) for n in range(10)),
    "devanagari": "०१२३४५६७८९",
}
KINDS = list(DIGITS)
WHO = ["owner", "gm"]


def written_in(kind: str, value) -> str:
    """``value`` with each ASCII digit written in ``kind``'s digits: 12 -> "¹²"."""
    return str(value).translate(str.maketrans("0123456789", DIGITS[kind]))


@pytest.fixture
def table():
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    owner = member_of(party)
    clients = {}
    for who, user in (("owner", owner), ("gm", gm)):
        clients[who] = Client()
        clients[who].force_login(user)
    return party, owner, clients


def state(character) -> dict:
    """Everything a request could have changed: the sheet, its rows, its rolls."""
    rolls = list(Roll.objects.filter(character=character).values_list("pk", flat=True))
    return {**snapshot(character), "rolls": rolls}


HTMX = {"HX-Request": "true"}


def test_only_ascii_digits_make_an_id():
    assert parse_id("42") == 42 and parse_id(7) == 7
    odd_ids = ("²", "٣", "\uff13", "४", "", " 4", "4 ", "-4", "+4", "4.0", "1_0", "0x4")
    for odd in (*odd_ids, None, True):
        assert parse_id(odd) is None, odd
    assert parse_id(str(2**63)) is None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", WHO)
def test_the_feed_log_and_the_group_panel_answer_404(table, who, kind):
    party, owner, clients = table
    character = demo_character(owner, party, "mutant")
    newest = Roll.objects.filter(party=party).order_by("-pk").first()
    log = reverse("party_log", args=[party.pk])
    assert clients[who].get(log, {"after": newest.pk if newest else 0}).status_code == 200
    assert clients[who].get(log, {"after": written_in(kind, 1)}).status_code == 404
    panel = reverse("group_panel", args=[party.pk])
    assert clients[who].get(panel, {"character": character.pk}).status_code == 200
    odd = written_in(kind, character.pk)
    assert clients[who].get(panel, {"character": odd}).status_code == 404


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", WHO)
def test_moving_a_character_to_a_party_written_in_other_digits_is_404(table, who, kind):
    party, owner, clients = table
    character = demo_character(owner, party, "mutant")
    elsewhere = PartyFactory()
    member_of(elsewhere, owner)
    for target in (party, elsewhere):
        response = clients[who].post(
            reverse("character_party", args=[character.pk]),
            {"party": written_in(kind, target.pk)},
        )
        assert response.status_code == 404
        assert Character.objects.get(pk=character.pk).party_id == party.pk


def _row_fields(character):
    """(collection, a row, a field name) for the first row of each of the sheet's lists."""
    for collection in character.system_descriptor.collections:
        row = getattr(character.sheet, collection.related_name).order_by("pk").first()
        if row is not None:
            name = next(iter(collection.form_class.base_fields))
            yield collection, row, name


@pytest.mark.parametrize("slug", [system.slug for system in all_systems() if system.collections])
@pytest.mark.parametrize("who", WHO)
def test_a_row_field_named_in_other_digits_edits_nothing(table, who, slug):
    party, owner, clients = table
    character = demo_character(owner, party, slug)
    client = clients[who]
    before = state(character)
    fields = list(_row_fields(character))
    assert fields, "every system's demo sheet has rows"
    for kind in KINDS:
        for collection, row, name in fields:
            html_name = f"{collection.name}-{written_in(kind, row.pk)}-{name}"
            posted = {html_name: "Changed", ORIGINAL_PREFIX + html_name: ""}
            url = reverse("sheet_field_save", args=[character.pk, html_name])
            assert client.post(url, posted, headers=HTMX).status_code == 404, html_name
            assert client.post(url, posted).status_code == 404, html_name
            saved = client.post(reverse("sheet_save", args=[character.pk]), posted)
            assert saved.status_code < 500, html_name
            refreshed = client.get(
                reverse("sheet_refresh", args=[character.pk]), {ORIGINAL_PREFIX + html_name: ""}
            )
            assert refreshed.status_code < 500, html_name
            undo = client.post(
                reverse("character_undo", args=[character.pk]), {"undo": "", "field": html_name}
            )
            assert undo.status_code < 500, html_name
    assert state(character) == before


def _shown(form) -> dict:
    """The values a roll form shows when it opens, as the browser would post them."""
    posted = {}
    for name, bound in ((name, form[name]) for name in form.fields):
        value = bound.value()
        if isinstance(bound.field, forms.BooleanField):
            if value:
                posted[name] = "on"
        elif isinstance(value, (list, tuple)):
            posted[name] = [str(v) for v in value]
        elif value is not None:
            posted[name] = str(getattr(value, "pk", value))
    return posted


def _id_choices(form):
    """(field name, a choice) for each choice field of ``form`` whose choices are written
    in digits (rows of the sheet, people of the party, numbered options)."""
    for name, field in form.fields.items():
        choices = [str(value) for value, _ in getattr(field, "choices", ()) or ()]
        written = [value for value in choices if any(c.isdigit() for c in value)]
        if written:
            yield name, written[-1]


def _roll_cases(character, user):
    system = character.system_descriptor
    for action in system.actions_for(character, user):
        form = action.form_class(type(character.sheet).objects.get(pk=character.pk))
        shown = _shown(form)
        for name, choice in _id_choices(form):
            yield action, shown, name, choice


@pytest.mark.parametrize("slug", SYSTEMS)
@pytest.mark.parametrize("who", WHO)
def test_every_roll_refuses_a_choice_written_in_other_digits(table, who, slug):
    party, owner, clients = table
    character = demo_character(owner, party, slug)
    client = clients[who]
    user = owner if who == "owner" else party.gm
    cases = list(_roll_cases(character, user))
    if not cases:
        pytest.skip(f"no {slug} roll of the {who} offers a choice written in digits")
    for number, (action, shown, name, choice) in enumerate(cases):
        kind = KINDS[number % len(KINDS)]
        field = action.form_class.base_fields.get(name)
        odd = written_in(kind, choice)
        posted = {**shown, name: [odd] if isinstance(field, forms.MultipleChoiceField) else odd}
        what = f"{action.slug} {name}={odd!r}"
        opened = client.get(reverse("roll_form", args=[character.pk, action.slug]), posted)
        assert opened.status_code == 200, what
        odds = client.get(reverse("roll_odds", args=[character.pk, action.slug]), posted)
        assert odds.status_code == 200, what
        before = state(character)
        rolled = client.post(
            reverse("roll_form", args=[character.pk, action.slug]), posted, headers=HTMX
        )
        assert rolled.status_code == 422, what
        assert state(character) == before, what


@pytest.mark.parametrize("kind", KINDS)
def test_the_gms_rolls_refuse_a_character_or_a_choice_written_in_other_digits(table, kind):
    party, owner, clients = table
    characters = {slug: demo_character(owner, party, slug) for slug in SYSTEMS}
    client = clients["gm"]
    tried = 0
    for system in all_systems():
        for action in system.npc_actions:
            form = action.form_class(party)
            shown = _shown(form)
            for name, choice in _id_choices(form):
                field = form.fields[name]
                odd = written_in(kind, choice)
                multiple = isinstance(field, forms.MultipleChoiceField)
                posted = {**shown, name: [odd] if multiple else odd}
                what = f"{system.slug} {action.slug} {name}={odd!r}"
                args = [party.pk, system.slug, action.slug]
                assert client.get(reverse("npc_roll", args=args), posted).status_code == 200
                assert client.get(reverse("npc_roll_odds", args=args), posted).status_code == 200
                before = {slug: state(c) for slug, c in characters.items()}
                rolls = Roll.objects.count()
                response = client.post(reverse("npc_roll", args=args), posted, headers=HTMX)
                assert response.status_code == 422, what
                assert Roll.objects.count() == rolls, what
                assert {slug: state(c) for slug, c in characters.items()} == before, what
                tried += 1
    assert tried, "the GM's opposed rolls name a character"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", WHO)
def test_the_slot_grid_refuses_slots_written_in_other_digits(table, who, kind):
    from sheets.systems.slots.models import SlotsIdea, SlotsItem

    party, owner, clients = table
    character = demo_character(owner, party, "slots")
    client = clients[who]
    item = SlotsItem.objects.filter(sheet__character=character).first()
    idea = SlotsIdea.objects.filter(sheet__character=character).first()
    assert item is not None and idea is not None
    slot = written_in(kind, 3)
    posts = [
        (reverse("slots_item_move", args=[character.pk, item.pk]), {"to": slot}),
        (reverse("slots_idea_move", args=[character.pk, idea.pk]), {"to": written_in(kind, 2)}),
        (reverse("slots_mark", args=[character.pk]), {"condition": "cold", "slot": f"gear-{slot}"}),
        (reverse("slots_wound", args=[character.pk]), {"kind": "light", "slot": f"gear-{slot}"}),
        (reverse("slots_treat", args=[character.pk]), {"slot": f"gear-{slot}"}),
        (reverse("slots_unmark", args=[character.pk]), {"what": "wound", "slot": f"gear-{slot}"}),
        (reverse("slots_unmark", args=[character.pk]), {"slot": f"focus-{written_in(kind, 1)}"}),
    ]
    before = state(character)
    for url, posted in posts:
        assert client.post(url, posted, headers=HTMX).status_code == 422, (url, posted)
        assert client.post(url, posted).status_code == 422, (url, posted)
    assert state(character) == before


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", WHO)
def test_a_skill_or_task_id_that_int_reads_names_nothing(table, who, kind, scripted_dice):
    """ "٣" is 3 to int(): the Agents skill and the Zombiepocalypse task it would name are
    not rolled, though the same id in ASCII digits rolls."""
    party, owner, clients = table
    client = clients[who]
    agent = demo_character(owner, party, "agents")
    skill = agent.sheet.skills.order_by("pk").first()
    survivor = demo_character(owner, party, "zombie")
    task = survivor.sheet.tasks.filter(status="open").order_by("pk").first()
    cases = [(agent, "basic", "skill", skill.pk), (survivor, "check", "task", task.pk)]
    for character, action, name, pk in cases:
        roll = next(a for a in character.system_descriptor.actions if a.slug == action)
        posted = {**_shown(roll.form_class(character.sheet)), name: str(pk)}
        url = reverse("roll_form", args=[character.pk, action])
        before = state(character)
        odd = {**posted, name: written_in(kind, posted[name])}
        assert client.post(url, odd, headers=HTMX).status_code == 422, (action, odd)
        assert state(character) == before
        scripted_dice(*[4] * 12)
        assert client.post(url, posted, headers=HTMX).status_code == 200, (action, posted)
        assert state(character) != before


@pytest.mark.parametrize("who", WHO)
def test_the_judges_body_slot_in_other_digits_is_refused(table, who, scripted_dice):
    from sheets.models import SlotsMark
    from tests.factories_slots import SlotsSheetFactory

    party, owner, clients = table
    sheet = SlotsSheetFactory(character__owner=owner, character__party=party)
    client = clients[who]
    scripted_dice(7)  # a failed block on a grip: the judge names the body slot
    url = reverse("roll_form", args=[sheet.character.pk, "check"])
    posted = {"check": "block", "attack": "strike", "advantages": 0, "disadvantages": 0}
    assert client.post(url, posted, headers=HTMX).status_code == 200
    roll = Roll.objects.get(character=sheet.character)
    choose = reverse("roll_choose", args=[roll.pk])
    for kind in KINDS:
        for name in ("wound_slot", "exhaustion_slot"):
            response = client.post(
                choose, {"step": "confirm", name: written_in(kind, 6)}, headers=HTMX
            )
            assert response.status_code == 422, (kind, name)
            assert not SlotsMark.objects.filter(sheet=sheet).exists()
    client.post(choose, {"step": "confirm", "wound_slot": "6"}, headers=HTMX)
    assert SlotsMark.objects.filter(sheet=sheet, number=6).exists()


@pytest.mark.parametrize("kind", KINDS)
def test_a_peoples_slot_layout_in_other_digits_is_a_message(kind):
    from django.core.exceptions import ValidationError

    from sheets.systems.slots.models import SlotsPeople

    for layout in ({"extremities": written_in(kind, "5, 6")},
                   {"adjacency": written_in(kind, "2-3, 3-4")}):  # fmt: skip
        people = SlotsPeople(name=f"People {kind}", **layout)
        with pytest.raises(ValidationError):
            people.full_clean()


@pytest.mark.parametrize("kind", KINDS)
def test_a_group_exchange_between_characters_in_other_digits_is_refused(
    kind,
    gm_c,  # noqa: F811
    party,
    slots_table,  # noqa: F811
    scripted_dice,
):
    ann, bo, ann_c, bo_c = slots_table
    start(gm_c, party, "slots", "cooperation", check="traverse", characters=[ann.pk, bo.pk])
    group = GroupCheck.objects.get()
    scripted_dice(11)
    part(ann_c, group, ann.character)
    scripted_dice(4)
    part(bo_c, group, bo.character)
    faces = {r.character_id: r.result["faces"] for r in Roll.objects.filter(kind="check")}
    for mine, other in ((written_in(kind, ann.pk), bo.pk), (ann.pk, written_in(kind, bo.pk))):
        response = act(ann_c, "swap", group, character=mine, other=other)
        assert response.status_code == 422, (mine, other)
    assert {r.character_id: r.result["faces"] for r in Roll.objects.filter(kind="check")} == faces
    assert act(ann_c, "swap", group, character=ann.pk, other=bo.pk).status_code == 200
