"""The Python widget renderer writes what Django's widget templates write, byte for byte,
for every stock widget the sheets and roll forms use, and for every sheet page of every
system."""

import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe

from config.form_renderer import WidgetRenderer

TEMPLATES = DjangoTemplates()
FAST = WidgetRenderer()

ATTRS = {
    "id": "id_x",
    "class": "form-control <b>",
    "required": True,
    "disabled": False,
    "hx-vals": '{"a": "b & c"}',
    "min": 0,
    "data-safe": mark_safe("<i>kept</i>"),
}


class Everything(forms.Form):
    text = forms.CharField(widget=forms.TextInput(attrs=ATTRS))
    number = forms.IntegerField(widget=forms.NumberInput(attrs={"step": 1}))
    hidden = forms.CharField(widget=forms.HiddenInput)
    email = forms.EmailField()
    password = forms.CharField(widget=forms.PasswordInput(render_value=True))
    flag = forms.BooleanField(widget=forms.CheckboxInput(attrs={"class": "form-check-input"}))
    notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))
    choice = forms.ChoiceField(choices=[(1, "One"), (2, "Two & <three>"), ("", "---")])
    grouped = forms.ChoiceField(
        choices=[("Arms", [("a", "Axe"), ("b", "Bow")]), ("c", "Club"), ("Empty", [])]
    )
    many = forms.MultipleChoiceField(choices=[(1, 1), (2, 2.5)])
    date = forms.DateField(widget=forms.DateInput)


VALUES = [
    {},
    {
        "text": 'a "quoted" <value> & more',
        "number": "7",
        "hidden": "h",
        "email": "x@example.com",
        "password": "secret",
        "flag": "on",
        "notes": "line one\nline <two>",
        "choice": "2",
        "grouped": "b",
        "many": ["1", "2"],
        "date": "2026-11-23",
    },
    {"text": "", "number": "not a number", "flag": "", "notes": "", "grouped": "zzz"},
]


def rendered(form, renderer):
    form.renderer = renderer
    return {name: str(form[name].as_widget()) for name in form.fields}


@pytest.mark.parametrize("data", VALUES)
def test_every_stock_widget_matches_its_template(data):
    bound = Everything(data=data) if data else Everything(initial={"text": 0, "flag": True})
    again = Everything(data=data) if data else Everything(initial={"text": 0, "flag": True})
    assert rendered(bound, FAST) == rendered(again, TEMPLATES)


def test_the_project_uses_it():
    from django.forms.renderers import get_default_renderer

    assert isinstance(get_default_renderer(), WidgetRenderer)


@pytest.mark.django_db
def test_every_sheet_page_is_the_same_with_either_renderer(client, settings):
    """Each system's whole sheet page, rendered with the templates and with Python."""
    from django.forms import renderers

    from tests.factories import PartyFactory, member_of
    from tests.registry_inputs import demo_characters

    party = PartyFactory()
    user = member_of(party)
    characters = demo_characters(user, party).values()
    client.force_login(user)
    pages = {}
    for renderer in (
        "django.forms.renderers.DjangoTemplates",
        "config.form_renderer.WidgetRenderer",
    ):
        settings.FORM_RENDERER = renderer
        renderers.get_default_renderer.cache_clear()
        pages[renderer] = {c.system: client.get(c.get_absolute_url()).content for c in characters}
    renderers.get_default_renderer.cache_clear()
    templates, fast = pages.values()
    assert len(templates) == 5
    for system in templates:
        assert same_page(fast[system]) == same_page(templates[system]), system


def same_page(content: bytes) -> str:
    """A page without what differs on every request (CSRF token, CSP nonce)."""
    text = content.decode()
    text = re.sub(r'(csrfmiddlewaretoken" value="|nonce="|"X-CSRFToken": ")[^"]+', r"\1", text)
    return text
