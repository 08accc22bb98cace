"""A character's card on the GM's dashboard (sheets.summary_card): who it is, whose,
which game, its alerts most urgent first, its values, and for Slots the mini grid; the
dashboard page and the card sent after a save are the same markup."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from sheets.models import Character
from sheets.summary_card import summary_card_html
from sheets.systems.registry import Summary, SummaryValue
from tests.factories import CharacterFactory, MutantSheetFactory
from tests.factories_slots import SlotsMarkFactory, SlotsSheetFactory

pytestmark = pytest.mark.django_db


def header(html: str) -> str:
    return re.search(r'<div class="card-header[^>]*>', html).group(0)


def test_a_name_with_markup_is_shown_as_words_everywhere_on_the_card():
    character = CharacterFactory(name='<b>Skag</b> & "Vex"', owner__username="o'neil<i>")
    html = summary_card_html(character, Summary())
    assert "<b>" not in html and "<i>" not in html
    assert 'data-name="&lt;b&gt;Skag&lt;/b&gt; &amp; &quot;Vex&quot;"' in html
    assert f'href="{character.get_absolute_url()}">&lt;b&gt;Skag&lt;/b&gt; &amp; &quot;Vex' in html
    assert "o&#x27;neil&lt;i&gt; · MYZ" in html


def test_alerts_come_most_urgent_first_and_mark_the_card_down_or_needing_help():
    character = CharacterFactory()
    values = (SummaryValue("Strength", "0", alert=True), SummaryValue("Wits", "3"))
    html = summary_card_html(character, Summary(values=values, alerts=("out of ammo", "dying")))
    badges = re.findall(r'summary-alert alert-(\w+)">([^<]+)<', html)
    assert badges == [("dead", "dying"), ("gear", "out of ammo")]
    assert 'data-urgency="1"' in header(html) and " data-down" in header(html)
    assert " data-help" not in header(html)
    assert '<dd class="col-6 mb-1 text-danger fw-bold">0</dd>' in html
    assert '<dd class="col-6 mb-1">3</dd>' in html

    hurt = header(summary_card_html(character, Summary(alerts=("bleeding",))))
    assert " data-help" in hurt and " data-down" not in hurt


def test_a_calm_card_has_no_alert_list_and_sorts_after_every_alert():
    html = summary_card_html(CharacterFactory(), Summary(values=(SummaryValue("Wits", "3"),)))
    assert "list-inline" not in html
    calm = int(re.search(r'data-urgency="(\d+)"', html).group(1))
    alerted = summary_card_html(CharacterFactory(), Summary(alerts=("stress 1",)))
    assert calm > int(re.search(r'data-urgency="(\d+)"', alerted).group(1))


def test_the_slots_card_draws_its_mini_grid_above_the_values():
    sheet = SlotsSheetFactory()
    body = [slot.number for slot in sheet.people.slots.all() if slot.kind == "body"]
    SlotsMarkFactory(sheet=sheet, area="gear", number=body[0], wound="open", condition="bleeding")
    SlotsMarkFactory(sheet=sheet, area="gear", number=body[1], wound="closed")
    SlotsMarkFactory(sheet=sheet, area="focus", number=1, condition="terror")
    character = Character.objects.with_sheets().select_related("owner").get(pk=sheet.pk)

    html = summary_card_html(character, character.summary())
    cells = re.findall(r'<span class="mini-cell([^"]*)" title="([^"]*)">([^<]*)</span>', html)
    assert cells[0] == (" cond-bg-terror", "focus 1: terror", "T")

    def gear_cell(number):  # (its classes, its title, its face)
        return next(cell for cell in cells if cell[1].startswith(f"{number} "))

    opened, closed, plain = (gear_cell(number) for number in body[:3])
    assert opened[0] == " cond-bg-bleeding wound-open" and opened[2] == "X"
    assert opened[1].endswith(": open wound: bleeding")
    assert closed[0] == " wound-closed" and closed[2] == "/" and closed[1].endswith("closed wound")
    assert plain == ("", plain[1], str(body[2]))
    assert html.index('class="slots-mini"') < html.index('<dl class="row mb-0 small">')


def test_the_card_speaks_the_language_it_is_drawn_in():
    sheet = SlotsSheetFactory()
    character = Character.objects.with_sheets().select_related("owner").get(pk=sheet.pk)
    with translation.override("sv"):
        html = summary_card_html(character, character.summary())
    assert 'class="slots-mini" aria-label="Platsrutnät"' in html
    assert 'title="fokus 1"' in html


def test_the_dashboard_shows_each_card_as_the_feed_sends_it(client, gm, party):
    sheet = MutantSheetFactory(character__party=party, character__name="Ash & Bone")
    client.force_login(gm)
    page = client.get(reverse("party_dashboard", args=[party.pk])).content.decode()
    character = Character.objects.with_summaries().select_related("owner").get(pk=sheet.pk)
    assert summary_card_html(character, character.summary()) in page
