"""Every history page of the admin, for every model that keeps its history, with a
filled-in character of each system: it renders, and without a warning from Django
about a call that a later Django refuses."""

import warnings

import pytest
from django.contrib import admin
from django.urls import reverse
from simple_history.admin import SimpleHistoryAdmin

from tests.factories import UserFactory
from tests.registry_inputs import demo_characters

pytestmark = pytest.mark.django_db

HISTORY_ADMINS = sorted(
    (model for model, model_admin in admin.site._registry.items()
     if isinstance(model_admin, SimpleHistoryAdmin)),
    key=lambda model: model._meta.label,
)  # fmt: skip
# made when a party first uses them (a clock, a sector), or not made by `demo`
NOT_IN_THE_DEMO = {"sheets.AgentClock", "sheets.MutantSector", "sheets.SlotsClock",
                   "sheets.TwilightInjury"}  # fmt: skip


def test_every_history_page_renders_without_a_deprecated_call(client, player, party):
    demo_characters(player, party)
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    visited = []
    for model in HISTORY_ADMINS:
        obj = model._default_manager.first()
        if obj is None:
            continue
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_history", args=[obj.pk])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            response = client.get(url)
        assert response.status_code == 200, url
        deprecated = [w for w in caught if "RemovedInDjango" in w.category.__name__]
        assert not deprecated, f"{url}: {deprecated[0].message}"
        visited.append(opts.label)
    # every model but these has rows in the demo table
    unvisited = {m._meta.label for m in HISTORY_ADMINS} - set(visited)
    assert unvisited == NOT_IN_THE_DEMO
