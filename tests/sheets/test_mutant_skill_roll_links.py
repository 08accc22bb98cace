"""Rolling from the sheet: each skill, attribute, weapon and armor has a roll control that
opens the roll dialog (or, without JavaScript, the roll page) with that roll prefilled."""

from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse

from sheets.editing import sheet_page_context
from sheets.models import MutantSheet
from sheets.systems.dice.words import put_into_words
from sheets.systems.mutant import rules
from sheets.systems.mutant.dice import odds as mutant_odds

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


class Page(HTMLParser):
    """The bits of a page these tests read: the skills' Roll links and the skill choice."""

    def __init__(self, html):
        super().__init__()
        self.roll_links = {}  # skill -> the attributes of its own roll control
        self.roll_controls = []  # every roll control's href
        self.skill_select = None
        self.skill_options = []  # (value, selected)
        self._in_skill_select = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "data-roll-dialog" in attrs and "roll-btn" in attrs.get("class", ""):
            self.roll_controls.append(attrs["href"])
            _path, _, query = attrs["href"].partition("?")
            if (
                query.startswith("skill=")
                and "&" not in query
                and "pick the skill" not in (attrs.get("aria-label", ""))
            ):
                self.roll_links[query.removeprefix("skill=")] = attrs
        elif tag == "select" and attrs.get("name") == "skill":
            self.skill_select, self._in_skill_select = attrs, True
        elif tag == "option" and self._in_skill_select:
            self.skill_options.append((attrs["value"], "selected" in attrs))

    def handle_endtag(self, tag):
        if tag == "select":
            self._in_skill_select = False

    @property
    def chosen_skill(self):
        chosen = [value for value, selected in self.skill_options if selected]
        return chosen[0] if len(chosen) == 1 else None


def sheet_url(sheet):
    return reverse("character_sheet", args=[sheet.pk])


def skill_form_url(sheet, skill):
    return f"{reverse('roll_form', args=[sheet.pk, 'skill'])}?skill={skill}"


def test_every_skill_on_the_sheet_has_a_roll_link_for_its_owner(player_client, mutant_sheet):
    links = Page(player_client.get(sheet_url(mutant_sheet)).text).roll_links
    assert set(links) == set(rules.skills())
    fight = links["fight"]
    assert fight["href"] == skill_form_url(mutant_sheet, "fight")
    assert fight["data-roll-action"] == "skill"


def test_attributes_weapons_and_armor_have_their_roll_controls(player_client, mutant_sheet):
    from tests.factories import MutantWeaponFactory

    rifle = MutantWeaponFactory(sheet=mutant_sheet, name="Scrap rifle", range="long", bonus=2)
    controls = Page(player_client.get(sheet_url(mutant_sheet)).text).roll_controls
    skill_form = reverse("roll_form", args=[mutant_sheet.pk, "skill"])
    assert f"{skill_form}?skill=shoot&gear=weapon:{rifle.pk}" in controls
    assert f"{skill_form}?skill=endure" in controls  # Strength, through its first skill
    assert reverse("roll_form", args=[mutant_sheet.pk, "armor"]) in controls


def test_a_roll_link_is_named_after_its_skill_even_the_specialist_one(player_client, mutant_sheet):
    links = Page(player_client.get(sheet_url(mutant_sheet)).text).roll_links
    # A die on screen; "Roll Fight", "Roll Intimidate" to a screen reader.
    assert links["fight"]["aria-label"] == "Roll Fight"
    assert links["specialist_skill"]["aria-label"] == "Roll Intimidate"


def test_after_a_role_change_the_specialist_roll_link_takes_the_new_name(
    player_client, mutant_sheet
):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(role="boss")
    url = reverse("sheet_refresh", args=[mutant_sheet.pk])
    response = player_client.post(url, {"original-role": "enforcer"}, headers=HTMX)
    assert 'hx-swap-oob="innerHTML:#f-specialist_skill-name">Command<' in response.text
    assert 'aria-label="Roll Command"' in response.text


def test_the_gm_of_the_party_rolls_from_the_sheet_too(gm_client, mutant_sheet):
    links = Page(gm_client.get(sheet_url(mutant_sheet)).text).roll_links
    assert set(links) == set(rules.skills())


def test_a_sheet_shown_without_edit_rights_has_no_roll_links(player, mutant_sheet):
    # Today everyone who may read a sheet may also edit it (its owner, the party's GM);
    # the template still shows the links only with edit rights.
    request = RequestFactory().get(sheet_url(mutant_sheet))
    request.user = player
    context = {**sheet_page_context(request, mutant_sheet.character), "can_edit": False}
    html = render_to_string("sheets/mutant/sheet.html", context, request=request)
    assert "Attributes" in html
    assert Page(html).roll_controls == []


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "without-javascript"])
@pytest.mark.parametrize("skill", ["shoot", "specialist_skill"])
def test_a_roll_link_opens_the_skill_form_with_that_skill_chosen(
    player_client, mutant_sheet, skill, headers
):
    response = player_client.get(skill_form_url(mutant_sheet, skill), headers=headers)
    assert response.status_code == 200
    page = Page(response.text)
    assert page.chosen_skill == skill
    assert "autofocus" in page.skill_select


def test_the_odds_shown_are_those_of_the_chosen_skill(player_client, mutant_sheet):
    response = player_client.get(skill_form_url(mutant_sheet, "shoot"), headers=HTMX)
    # Shoot: Agility 3 (3 base dice) and Shoot 2 (2 skill dice).
    shoot = mutant_odds.skill_rows(mutant_odds.skill_odds(3, 2, 0, 0))
    endure = mutant_odds.skill_rows(mutant_odds.skill_odds(5, 2, 0, 0))
    assert shoot != endure
    for label, chance in shoot:
        assert (
            f'<th scope="row" class="fw-normal">{put_into_words(label)}</th>'
            f'<td class="text-end">{chance}</td>'
            in (response.text)
            or chance == "0%"
        )


def test_a_link_with_an_unknown_skill_or_modifier_opens_the_form_at_its_defaults(
    player_client, mutant_sheet
):
    url = f"{skill_form_url(mutant_sheet, 'flying')}&modifier=lots&gear=weapon:999"
    response = player_client.get(url, headers=HTMX)
    assert response.status_code == 200
    page = Page(response.text)
    assert page.chosen_skill == "endure"
    assert "Odds before rolling" in response.text


def test_strangers_cannot_open_a_characters_skill_form(client, stranger, mutant_sheet):
    client.force_login(stranger)
    response = client.get(skill_form_url(mutant_sheet, "fight"), headers=HTMX)
    assert response.status_code == 404
