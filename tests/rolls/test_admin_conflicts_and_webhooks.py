"""Staff reach a party's conflicts and its Discord webhook in the admin; the webhook's
URL, a secret, shows there masked as the GM reads it, never whole."""

import pytest
from django.urls import reverse

from rolls.models import Combatant, Conflict, PartyWebhook
from tests.factories import MutantSheetFactory, UserFactory

SECRET = "https://discord.com/api/webhooks/123456/very-secret-token-abcd"


@pytest.fixture
def staff_client(client, db):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def admin_url(model, view, *args):
    return reverse(f"admin:rolls_{model._meta.model_name}_{view}", args=args)


def test_a_conflict_and_its_order_open_in_the_admin(staff_client, party, gm):
    sheet = MutantSheetFactory(character__party=party, character__name="Krin")
    conflict = Conflict.objects.create(party=party, system="mutant", created_by=gm)
    rat = Combatant.objects.create(conflict=conflict, name="Rat", card=5, position=1)
    Combatant.objects.create(conflict=conflict, character=sheet.character, card=3)
    page = staff_client.get(admin_url(Conflict, "change", conflict.pk))
    assert page.status_code == 200 and "Rat" in page.text and "Krin" in page.text
    assert staff_client.get(admin_url(Combatant, "change", rat.pk)).status_code == 200
    found = staff_client.get(admin_url(Conflict, "changelist"), {"q": "Krin"})
    assert found.status_code == 200 and f"/{conflict.pk}/change/" in found.text


def test_the_webhook_shows_masked_and_cannot_be_added_here(staff_client, party):
    hook = PartyWebhook.objects.create(
        party=party, url=SECRET, last_state="failed", last_status=500, last_reason="Discord 500"
    )
    for page in (
        staff_client.get(admin_url(PartyWebhook, "changelist")),
        staff_client.get(admin_url(PartyWebhook, "change", hook.pk)),
    ):
        assert page.status_code == 200
        assert "very-secret-token" not in page.text and "abcd" in page.text
    assert staff_client.get(admin_url(PartyWebhook, "add")).status_code == 403
