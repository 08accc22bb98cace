"""The served OpenAPI description is a valid OpenAPI 3 document and lists every
endpoint of the API with its answers and its bearer-token security."""

import re

import pytest
from openapi_spec_validator import validate

from tests.rolls.api.openapi import api_patterns, served_description

pytestmark = pytest.mark.django_db


def test_the_description_is_valid_openapi_3(client):
    spec = served_description(client)
    assert spec["openapi"].startswith("3.")
    validate(spec)  # raises on any error


def _api_routes():
    return [
        "/api/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(p.pattern))
        for p in api_patterns()
        if p.name not in ("openapi-json", "api-root")
    ]


def test_every_endpoint_is_listed_with_its_answers(client):
    spec = served_description(client)
    routes = sorted(_api_routes())
    assert sorted(spec["paths"]) == routes
    assert len(routes) == 4
    for path, item in spec["paths"].items():
        assert set(item) == {"get"}, path  # read-only
        answers = item["get"]["responses"]
        assert {"200", "401", "404", "429"} <= set(answers), path
        assert item["get"]["security"] == [{"PartyToken": []}]
    scheme = spec["components"]["securitySchemes"]["PartyToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
