"""The read-only API that other tools read a party through (docs/api.md): the GM's
per-party tokens (``tokens``, ``token_views``, ``{% api_tokens %}`` on the party's
settings page) and the JSON endpoints (``endpoints``, django-ninja: the OpenAPI
description at /api/openapi.json)."""
