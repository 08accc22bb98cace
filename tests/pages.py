"""Pages as a player's browser ends up with them."""

from django.urls import reverse


def whole_sheet(client, character) -> str:
    """A sheet page's first answer followed by its tabs, which the page fetches as soon
    as it is up (the first answer holds a placeholder for them)."""
    first = client.get(character.get_absolute_url())
    assert first.status_code == 200
    assert "data-deferred-tab" in first.text, "the first answer leaves the tabs to follow"
    tabs = client.get(reverse("sheet_section", args=[character.pk, "tabs"]))
    assert tabs.status_code == 200
    return first.text + tabs.text
