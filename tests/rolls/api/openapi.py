"""The API's served OpenAPI description, and an answer checked against it: the path's
operation must list the answer's status, and the JSON must be valid against its schema."""

import re

from django.urls import reverse
from openapi_schema_validator import OAS31Validator


def served_description(client) -> dict:
    response = client.get(reverse("api:openapi-json"))
    assert response.status_code == 200
    return response.json()


def operation_for(spec: dict, url: str) -> dict:
    for template, item in spec["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", r"[^/]+", template) + "$"
        if re.match(pattern, url):
            return item["get"]
    raise AssertionError(f"{url} is not in the OpenAPI description")


def check_answer(client, url: str, response) -> None:
    spec = served_description(client)
    operation = operation_for(spec, url)
    status = str(response.status_code)
    assert status in operation["responses"], f"{url} answered {status}, not described"
    schema = operation["responses"][status]["content"]["application/json"]["schema"]
    OAS31Validator({**schema, "components": spec["components"]}).validate(response.json())


def api_patterns() -> list:
    """The API's URL patterns (the ``api`` namespace, wherever it is mounted)."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "api":
                    return [p for p in pattern.url_patterns if isinstance(p, URLPattern)]
                found = walk(pattern.url_patterns)
                if found:
                    return found
        return None

    return walk(get_resolver().url_patterns) or []
