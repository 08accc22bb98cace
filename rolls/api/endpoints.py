"""The read-only API (docs/api.md): a party, its characters' sheets as their export
files, and its roll log page by page, for a tool holding one of the party's tokens
(``Authorization: Bearer ts_...``). A token reads its own party only (any other party's
id is 404) and sees what a player of the party sees: a secret roll stays out until the
GM reveals it."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Query
from ninja.errors import AuthenticationError
from ninja.security import HttpBearer
from ninja.throttling import SimpleRateThrottle
from pydantic import Field

from rolls.api import schemas
from rolls.api.tokens import ApiToken
from rolls.log_entry import roll_entry
from rolls.models import Roll
from sheets.party_settings import systems_in
from sheets.transfer.export import character_document

MAX_PAGE = 200
REFUSED = {401: schemas.Problem, 404: schemas.Problem, 429: schemas.Problem}


class PartyToken(HttpBearer):
    """``Authorization: Bearer <token>``: the token's row, its party read with it."""

    def authenticate(self, request, token):
        row = ApiToken.objects.find(token)
        if row is None:
            return None
        if row.revoked is not None:
            raise AuthenticationError(message=_("This token was revoked by the party's GM."))
        row.note_use()
        return row


class TokenThrottle(SimpleRateThrottle):
    """At most ``TABLESIDE_API_RATE`` requests per token (e.g. "60/min"): beyond, 429
    with ``Retry-After``. The rate is read at each request (a test can lower it)."""

    scope = "api-token"

    def __init__(self):
        super().__init__(rate=settings.TABLESIDE_API_RATE)

    def allow_request(self, request) -> bool:
        self.rate = settings.TABLESIDE_API_RATE
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request)

    def get_cache_key(self, request) -> str:
        return f"api-throttle-{request.auth.pk}"


api = NinjaAPI(
    title="Tableside",
    version="1",
    description=(
        "A party of Tableside, read by another tool: the party, its characters' sheets "
        "(the export format, schema 1) and its roll log. Each token belongs to one party "
        "and sees it as a player of the party does (secret rolls only once revealed)."
    ),
    auth=PartyToken(),
    throttle=TokenThrottle(),
    urls_namespace="api",
    docs_url=None,  # the interactive docs load from a CDN: docs/api.md instead
)


@api.exception_handler(AuthenticationError)
def unauthorized(request, exc):
    response = api.create_response(request, {"detail": exc.message}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="tableside"'
    return response


def _party(request, party_id: int):
    """The token's party; any other id is 404 (another party's is not said to exist)."""
    if party_id != request.auth.party_id:
        raise Http404("No such party.")
    return request.auth.party


def _characters(party):
    return party.characters.select_related("owner").order_by("name", "pk")


def _brief(character) -> dict:
    return {
        "id": character.pk,
        "name": character.name,
        "system": character.system,
        "player": character.owner.username,
    }


@api.get(
    "/parties/{party_id}",
    response={200: schemas.PartyOut, **REFUSED},
    url_name="api_party",
    operation_id="getParty",
    summary="The party: its name, GM, systems and characters",
)
def party(request, party_id: int):
    party = _party(request, party_id)
    return {
        "id": party.pk,
        "name": party.name,
        "gm": party.gm.username,
        "systems": [system.slug for system in systems_in(party)],
        "characters": [_brief(c) for c in _characters(party)],
    }


@api.get(
    "/parties/{party_id}/characters",
    response={200: schemas.CharacterList, **REFUSED},
    url_name="api_characters",
    operation_id="listCharacters",
    summary="Every character of the party with its sheet, as its export file",
    by_alias=True,
)
def characters(request, party_id: int):
    party = _party(request, party_id)
    found = _characters(party).with_sheets()
    return {"characters": [{**_brief(c), "export": character_document(c)} for c in found]}


@api.get(
    "/parties/{party_id}/characters/{character_id}",
    response={200: schemas.CharacterExport, **REFUSED},
    url_name="api_character",
    operation_id="getCharacter",
    summary="One character's sheet: the same file as the sheet's Export",
    by_alias=True,
)
def character(request, party_id: int, character_id: int):
    party = _party(request, party_id)
    found = _characters(party).with_sheets().filter(pk=character_id).first()
    if found is None:
        raise Http404("No such character in this party.")
    return character_document(found)


class RollsAfter(schemas.Schema):
    after: int = Field(0, ge=0, description="Only rolls after this roll id (0: from the start).")
    limit: int = Field(50, ge=1, le=MAX_PAGE, description=f"At most this many (1-{MAX_PAGE}).")


@api.get(
    "/parties/{party_id}/rolls",
    response={200: schemas.RollPage, 422: schemas.Problem, **REFUSED},
    url_name="api_rolls",
    operation_id="listRolls",
    summary="The party's roll log after a roll id, oldest first, a page at a time",
)
def rolls(request, party_id: int, page: Query[RollsAfter]):
    party = _party(request, party_id)
    found = list(
        Roll.objects.filter(party=party, secret=False, pk__gt=page.after)
        .select_related("character", "user")
        .order_by("pk")[: page.limit + 1]
    )
    more = len(found) > page.limit
    found = found[: page.limit]
    return {
        "rolls": [
            {
                **roll_entry(roll),
                "id": roll.pk,
                "character_id": roll.character_id,
                "undone": roll.undone,
                "push_of": roll.pushed_from_id,
            }
            for roll in found
        ],
        "next": found[-1].pk if more else None,
    }
