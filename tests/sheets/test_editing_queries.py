"""A field save checks only the database rules that involve the edited field."""

import pytest
from django.urls import reverse

from sheets.models import MutantSheet

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_a_field_save_runs_a_handful_of_queries(
    player_client, mutant_sheet, django_assert_max_num_queries
):
    url = reverse("sheet_field_save", args=[mutant_sheet.pk, "damage"])
    with django_assert_max_num_queries(15):
        response = player_client.post(url, {"damage": "2", "original-damage": "0"}, headers=HTMX)
    assert response.status_code == 200
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).damage == 2


def test_the_rule_tying_trauma_to_its_attribute_still_holds_when_only_trauma_is_edited(
    player_client, mutant_sheet
):
    url = reverse("sheet_field_save", args=[mutant_sheet.pk, "damage"])
    response = player_client.post(url, {"damage": "6", "original-damage": "0"}, headers=HTMX)
    assert response.status_code == 422
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).damage == 0
