"""The slot grid's cells written in Python (sheets.systems.slots.cells): a cell's marks
(wound, condition, burning), what it holds (items, an idea, a dropped pack), the edit
controls an editor gets and a reader does not, and player-typed names escaped."""

import re

import pytest
from django.urls import reverse

from sheets.models import SlotsSheet
from sheets.systems.slots.cells import Controls, cell_html
from sheets.systems.slots.sheet import grid
from tests.factories_slots import (
    SlotsIdeaFactory,
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)

pytestmark = pytest.mark.django_db
EVIL = '<script>alert("x")</script>'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"


@pytest.fixture
def sheet(player, party):
    return SlotsSheetFactory(character__owner=player, character__party=party)


def cells(sheet) -> dict:
    """The sheet's cells as the page reads them, by (area, number)."""
    drawn = grid(SlotsSheet.objects.get(pk=sheet.pk))
    every = drawn["focus"] + [cell for group in drawn["groups"] for cell in group["cells"]]
    return {(cell["area"], cell["number"]): cell for cell in every}


def editor(sheet, token="TOKEN") -> Controls:
    return Controls(
        sheet.character.pk, csrf_token=token,
        gear_numbers=list(range(2, 13)), focus_numbers=[1, 2, 3, 4],
    )  # fmt: skip


def tag(html: str, start: str) -> str:
    """The first whole opening tag that begins with ``start``."""
    found = re.search(re.escape(start) + r"[^>]*>", html)
    assert found, f"no {start!r} in {html}"
    return found.group(0)


def test_an_empty_body_cell_shows_its_number_and_name_and_takes_drops(sheet):
    html = cell_html(cells(sheet)["gear", 2], editor(sheet))
    li = tag(html, "<li ")
    assert 'class="slot-cell slot-body"' in li
    assert 'id="slot-gear-2" data-area="gear" data-slot="2" data-drop-target' in li
    assert 'aria-label="gear slot 2 (head)"' in li
    assert '<span class="slot-number">2</span>' in html
    assert '<span class="slot-name">head</span>' in html
    assert re.search(r'<div class="slot-contents">\s*</div>', html)
    assert "<form" not in html and "wound-mark" not in html and "cond-letter" not in html


def test_a_grip_is_not_named_twice(sheet):
    html = cell_html(cells(sheet)["gear", 7], editor(sheet))
    assert 'class="slot-cell slot-grip"' in html and 'aria-label="gear slot 7 (grip)"' in html
    assert "slot-name" not in html


def test_an_open_wound_that_bleeds_is_marked_and_can_be_cleared(sheet):
    SlotsMarkFactory(sheet=sheet, number=4, wound="open", condition="bleeding")
    html = cell_html(cells(sheet)["gear", 4], editor(sheet))
    li = tag(html, "<li ")
    assert 'class="slot-cell slot-body wound-open cond-bg-bleeding"' in li
    assert 'aria-label="gear slot 4 (lower torso), open wound, bleeding"' in li
    assert '<span class="cond-letter cond-bleeding" title="bleeding">B</span>' in html
    assert '<span class="wound-mark" title="open wound">X</span>' in html
    unmark = reverse("slots_unmark", args=[sheet.character.pk])
    form = tag(html, '<form method="post"')
    assert f'action="{unmark}" hx-post="{unmark}"' in form
    assert 'hx-target="#slots-grid" hx-swap="outerHTML" class="slot-unmark"' in form
    assert '<input type="hidden" name="csrfmiddlewaretoken" value="TOKEN">' in html
    assert '<input type="hidden" name="slot" value="gear-4">' in html
    assert 'aria-label="Remove bleeding from gear slot 4">clear bleeding</button>' in html


def test_a_closed_wound_is_a_slash_and_has_nothing_to_clear(sheet):
    SlotsMarkFactory(sheet=sheet, number=3, wound="closed")
    html = cell_html(cells(sheet)["gear", 3], editor(sheet))
    assert 'class="slot-cell slot-body wound-closed"' in html
    assert 'aria-label="gear slot 3 (upper torso), closed wound"' in html
    assert '<span class="wound-mark" title="closed wound">/</span>' in html
    assert "<form" not in html


def test_fire_counts_its_rounds_and_terror_marks_a_focus_slot(sheet):
    SlotsMarkFactory(sheet=sheet, number=9, condition="fire", burning_rounds=1)
    SlotsMarkFactory(sheet=sheet, number=10, condition="fire", burning_rounds=2)
    SlotsMarkFactory(sheet=sheet, area="focus", number=2, condition="terror")
    drawn = cells(sheet)
    assert 'title="fire, 1 round">F</span>' in cell_html(drawn["gear", 9], editor(sheet))
    assert 'title="fire, 2 rounds">F</span>' in cell_html(drawn["gear", 10], editor(sheet))
    focus = cell_html(drawn["focus", 2], editor(sheet))
    assert 'class="slot-cell slot-focus cond-bg-terror"' in focus
    assert 'aria-label="focus slot 2, terror"' in focus
    assert '<span class="cond-letter cond-terror" title="terror">T</span>' in focus
    assert '<input type="hidden" name="slot" value="focus-2">' in focus


def test_a_filled_cell_shows_each_item_with_its_tags_and_its_controls(sheet):
    lantern = SlotsItemFactory(
        sheet=sheet, slot=10, name="Lantern", tags="rigid, fragile", free_tags="hot",
        wrapped=True, damaged=True,
    )  # fmt: skip
    rope = SlotsItemFactory(sheet=sheet, slot=10, name="Rope")
    html = cell_html(cells(sheet)["gear", 10], editor(sheet))
    assert html.index(f'id="item-{lantern.pk}"') < html.index(f'id="item-{rope.pk}"')
    move = reverse("slots_item_move", args=[sheet.character.pk, lantern.pk])
    remove = reverse("slots_item_remove", args=[sheet.character.pk, lantern.pk])
    thing = tag(html, f'<div class="slot-thing slot-item" id="item-{lantern.pk}"')
    assert f'draggable="true" data-move-url="{move}" data-move-area="gear"' in thing
    assert '<span class="thing-name">Lantern</span>' in html
    assert '<span class="badge text-bg-warning">damaged</span>' in html
    assert '<span class="thing-tags">rigid, fragile, hot (wrapped)</span>' in html
    move_form = tag(html, f'<form method="post" action="{move}"')
    assert f'hx-post="{move}"' in move_form and "data-move-form" in move_form
    assert '<select name="to" class="form-select form-select-sm"' in html
    assert 'aria-label="Move Lantern to slot"' in html
    options = re.findall(r'<option value="(\d+)"( selected)?>', html.split("Rope")[0])
    assert [int(n) for n, _ in options] == list(range(2, 13))
    assert [int(n) for n, chosen in options if chosen] == [10]
    assert f'action="{remove}" hx-post="{remove}"' in html
    assert 'aria-label="Remove Lantern">&times;</button>' in html
    assert '<span class="thing-name">Rope</span>' in html and 'aria-label="Move Rope"' in html
    assert "thing-tags" not in html.split(f'id="item-{rope.pk}"')[1]


def test_an_idea_in_focus_moves_among_the_focus_slots(sheet):
    idea = SlotsIdeaFactory(
        sheet=sheet, slot=3, kind="spell", name="Light", target="Bo", concentrating=True
    )
    html = cell_html(cells(sheet)["focus", 3], editor(sheet))
    move = reverse("slots_idea_move", args=[sheet.character.pk, idea.pk])
    assert f'id="idea-{idea.pk}" draggable="true" data-move-url="{move}"' in html
    assert 'data-move-area="focus"' in html
    assert '<span class="thing-kind">spell: Bo (concentrating)</span>' in html
    options = re.findall(r'<option value="(\d+)"( selected)?>', html)
    assert [(int(n), bool(chosen)) for n, chosen in options] == [
        (1, False), (2, False), (3, True), (4, False),
    ]  # fmt: skip
    remove = reverse("slots_idea_remove", args=[sheet.character.pk, idea.pk])
    assert f'hx-post="{remove}"' in html


def test_a_dropped_pack_holds_nothing_and_takes_no_drops(sheet):
    SlotsItemFactory(sheet=sheet, slot=11, name="Sack of coins", tags="noisy, heavy")
    sheet.pack_dropped = True
    sheet.save()
    html = cell_html(cells(sheet)["gear", 11], editor(sheet))
    li = tag(html, "<li ")
    assert 'class="slot-cell slot-pack slot-dropped"' in li
    assert "data-drop-target" not in li
    assert '<span class="slot-empty">pack down</span>' in html
    assert "Sack of coins" not in html


def test_a_reader_who_may_not_edit_gets_no_controls(sheet):
    SlotsItemFactory(sheet=sheet, slot=9, name="Bedroll", tags="flammable")
    SlotsMarkFactory(sheet=sheet, number=9, condition="fire", burning_rounds=1)
    html = cell_html(cells(sheet)["gear", 9], None)
    assert '<span class="thing-name">Bedroll</span>' in html
    assert '<span class="thing-tags">flammable</span>' in html
    assert 'title="fire, 1 round"' in html
    for control in ("<form", "<select", "draggable", "data-move-url", "data-drop-target",
                    "csrfmiddlewaretoken"):  # fmt: skip
        assert control not in html


def test_names_typed_by_players_are_escaped_everywhere_they_show(sheet):
    SlotsItemFactory(sheet=sheet, slot=9, name=EVIL, free_tags="<b>hot</b>")
    SlotsIdeaFactory(sheet=sheet, slot=1, kind="bond", name=EVIL, target="<i>Bo</i>")
    drawn = cells(sheet)
    item = cell_html(drawn["gear", 9], editor(sheet, token='"><b>'))
    idea = cell_html(drawn["focus", 1], editor(sheet))
    for html in (item, idea):
        assert "<script>" not in html
        assert f'<span class="thing-name">{ESCAPED}</span>' in html
        assert f'aria-label="Move {ESCAPED} to slot"' in html
        assert f'aria-label="Remove {ESCAPED}"' in html
    assert "&lt;b&gt;hot&lt;/b&gt;" in item and "<b>" not in item
    assert 'value="&quot;&gt;&lt;b&gt;"' in item
    assert ": &lt;i&gt;Bo&lt;/i&gt;</span>" in idea


def test_the_page_draws_every_slot_through_the_cells(player_client, sheet):
    SlotsItemFactory(sheet=sheet, slot=9, name=EVIL)
    response = player_client.get(sheet.character.get_absolute_url())
    html = response.content.decode()
    assert len(re.findall(r'<li class="slot-cell ', html)) == 4 + 11
    assert ESCAPED in html and EVIL not in html
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    item = html.split('class="slot-thing slot-item"')[1]
    assert f'name="csrfmiddlewaretoken" value="{token}"' in item
    assert 'aria-label="Move ' in item and "data-move-form" in item
