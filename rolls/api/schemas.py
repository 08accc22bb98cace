"""What the API answers, as pydantic models: django-ninja validates every answer against
them and writes the OpenAPI description (/api/openapi.json) from them."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import BaseModel, ConfigDict, Field

from sheets.transfer.spec import SCHEMA


class Problem(Schema):
    detail: Any = Field(description="Why the request was refused, in a sentence (or a list).")


class CharacterBrief(Schema):
    id: int = Field(description="The character's id (for /characters/{character_id}).")
    name: str
    system: str = Field(description="The game system's slug: mutant, twilight, agents...")
    player: str = Field(description="The username of the player who owns the character.")


class PartyOut(Schema):
    id: int
    name: str
    gm: str = Field(description="The GM's username.")
    systems: list[str] = Field(description="The systems the party's characters play.")
    characters: list[CharacterBrief]


class CharacterName(BaseModel):
    name: str


class CharacterExport(BaseModel):  # a plain model: ninja's Schema would drop the lists
    """A character's export file (docs/export-format.md, schema 1): the sheet's fields in
    ``sheet`` and one key per list of rows of the system (``gear``, ``weapons``...)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    __pydantic_extra__: dict[str, list[dict[str, Any]]] = Field(init=False)

    tableside: Literal["character"]
    system: str
    schema_: Literal[SCHEMA] = Field(alias="schema", description="The format's version.")
    exported: datetime
    character: CharacterName
    sheet: dict[str, Any] = Field(description="Every field of the system's sheet.")


class CharacterSheet(CharacterBrief):
    export: CharacterExport = Field(description="The character's export file.")


class CharacterList(Schema):
    characters: list[CharacterSheet]


class RollOut(Schema):
    id: int = Field(description="The roll's id: ask for the rolls after it with ?after=")
    at: datetime
    character_id: int | None = Field(description="Empty for the GM's NPC rolls.")
    character: str | None = Field(description="The character's name; empty for an NPC roll.")
    npc: str = Field(description="The NPC the GM rolled for (empty for a character's roll).")
    by: str | None = Field(description="The username of who rolled.")
    system: str
    kind: str = Field(description="The roll action: skill, armor, rot...")
    label: str
    inputs: dict[str, Any] = Field(description="What was asked for: skill, modifier...")
    result: dict[str, Any] = Field(description="Every die, and the result's lines.")
    outcome: str
    effects: list[Any] = Field(description="What the roll changed on the sheet.")
    undone: list[Any] = Field(description="What an Undo took back of those effects.")
    push_of: int | None = Field(description="The id of the roll this push re-rolled.")


class RollPage(Schema):
    rolls: list[RollOut] = Field(description="Oldest first.")
    next: int | None = Field(
        description="More rolls wait: ask again with ?after=<next>. Empty: none for now."
    )
