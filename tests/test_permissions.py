"""Who may do what, over every URL of the app and every role.

Roles: anonymous, the character's owner, the GM of its party, another player of the
party, and a stranger. Allowed requests must not be refused (and never 500); refused
ones get 404 (nothing of a party shows to outsiders) or, anonymous, the login page.
"""

from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from rolls.models import ApiToken, Combatant, Conflict, GroupCheck, GroupParticipant, Roll
from sheets.portraits import images, store
from tests.factories import (
    MutantGearLineFactory,
    MutantSheetFactory,
    PartyFactory,
    UserFactory,
    member_of,
)
from tests.factories_slots import SlotsIdeaFactory, SlotsItemFactory, SlotsSheetFactory
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory
from tests.pictures import picture

ROLES = ("anonymous", "owner", "gm", "other_player", "stranger")
OK, NOT_FOUND, FORBIDDEN, LOGIN = "ok", 404, 403, "login"


@dataclass
class Table:
    users: dict
    party: object
    sheet: object
    gear: object
    roll: object
    t2k: object = None
    t2k_roll: object = None
    slots: object = None
    group: object = None
    conflict: object = None
    token: object = None


@pytest.fixture
def table(db, media):
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    owner = member_of(party, UserFactory(username="owner"))
    other = member_of(party, UserFactory(username="other"))
    sheet = MutantSheetFactory(character__owner=owner, character__party=party)
    gear = MutantGearLineFactory(sheet=sheet, name="Rope")
    roll = Roll.objects.create(
        character=sheet.character, party=party, user=owner, system="mutant", kind="d6",
        label="D6", outcome="4", pushable=False,
    )  # fmt: skip
    users = {"owner": owner, "gm": gm, "other_player": other, "stranger": UserFactory()}
    store.replace(sheet.character, images.portrait_files(picture()))
    t2k = TwilightSheetFactory(character__owner=owner, character__party=party)
    TwilightWeaponFactory(sheet=t2k)
    t2k_roll = Roll.objects.create(
        character=t2k.character, party=party, user=owner, system="twilight", kind="cuf",
        label="Coolness under fire", outcome="Failure", pushable=False,
    )  # fmt: skip
    slots = SlotsSheetFactory(character__owner=owner, character__party=party)
    slots.item = SlotsItemFactory(sheet=slots, slot=9, name="Rope")
    slots.idea = SlotsIdeaFactory(sheet=slots, slot=1)
    others_slots = SlotsSheetFactory(character__owner=other, character__party=party)
    group = GroupCheck.objects.create(
        party=party, system="slots", kind="cooperation", label="Cooperation",
        inputs={"check": "traverse", "attack": ""}, created_by=gm,
    )  # fmt: skip
    for participant in (slots, others_slots):
        GroupParticipant.objects.create(group=group, character=participant.character)
    conflict = Conflict.objects.create(party=party, system="mutant", created_by=gm)
    conflict.pc = Combatant.objects.create(conflict=conflict, character=sheet.character, card=3)
    conflict.npc = Combatant.objects.create(conflict=conflict, name="Rat", card=5, position=1)
    token, _secret = ApiToken.objects.create_for(party, name="Foundry", user=gm)
    return Table(users, party, sheet, gear, roll, t2k, t2k_roll, slots, group, conflict, token)


def editors(**overrides):
    """Owner and GM may; other players and strangers get 404."""
    rule = {"owner": OK, "gm": OK, "other_player": NOT_FOUND, "stranger": NOT_FOUND}
    return {**rule, **overrides}


MEMBERS = {"owner": OK, "gm": OK, "other_player": OK, "stranger": NOT_FOUND}
GM_ONLY = {"owner": NOT_FOUND, "gm": OK, "other_player": NOT_FOUND, "stranger": NOT_FOUND}
ANY_USER = {"owner": OK, "gm": OK, "other_player": OK, "stranger": OK}
# a group check's part: a member of the party who may not roll it is told so (403)
PARTICIPANT = editors(other_player=FORBIDDEN)
# the GM's own rolls: players of the party are refused (403), outsiders see nothing (404)
GM_ROLLS = {"owner": FORBIDDEN, "gm": OK, "other_player": FORBIDDEN, "stranger": NOT_FOUND}
# running a conflict: players of the party are refused (403), outsiders see nothing (404)
GM_RUNS = GM_ROLLS

# name, method, url kwargs (from the table), POST data, who may
MATRIX = [
    ("character_create", "get", {}, None, ANY_USER),
    ("party_create", "get", {}, None, ANY_USER),
    ("party_join", "get", {}, None, ANY_USER),
    ("party_join_code", "get", {"code": "@invite"}, None, ANY_USER),
    ("character_sheet", "get", {"pk": "@sheet"}, None, editors()),
    ("character_history", "get", {"pk": "@sheet"}, None, editors()),
    ("character_creation", "get", {"pk": "@sheet"}, None, editors()),
    ("character_creation_step", "get", {"pk": "@slots", "step": "gear"}, None, editors()),
    ("character_restore", "post", {"pk": "@sheet"}, {"as_of": "2020-01-01T00:00:00+00:00"},
     editors()),
    ("character_undo", "post", {"pk": "@sheet"}, {"undo": "not-a-token"}, editors()),
    ("character_history", "get", {"pk": "@slots"}, None, editors()),
    ("character_export", "get", {"pk": "@sheet"}, None, editors()),
    ("character_export", "get", {"pk": "@slots"}, None, editors()),
    ("character_import", "get", {}, None, ANY_USER),
    ("character_portrait", "get", {"pk": "@sheet"}, None, editors()),
    ("character_portrait", "post", {"pk": "@sheet"}, {"picture": ""}, editors()),
    ("character_portrait_remove", "post", {"pk": "@sheet"}, {}, editors()),
    # the party's players see the portrait (the feed's cards show it), as the GM does
    ("character_portrait_image", "get", {"pk": "@sheet", "size": "card"}, None, MEMBERS),
    ("character_portrait_image", "get", {"pk": "@sheet", "size": "sheet"}, None, MEMBERS),
    ("character_party", "post", {"pk": "@sheet"}, {"party": ""}, editors(gm=NOT_FOUND)),
    ("sheet_field_save", "post", {"pk": "@sheet", "name": "face"},
     {"face": "Scar", "original-face": ""}, editors()),
    ("sheet_save", "post", {"pk": "@sheet"}, {"face": "Scar", "original-face": ""}, editors()),
    ("sheet_row_add", "post", {"pk": "@sheet", "collection": "gear"},
     {"gear-new-name": "Torch", "gear-new-weight": "0.25", "gear-new-bonus": "0"}, editors()),
    ("sheet_row_remove", "post", {"pk": "@sheet", "collection": "gear", "row_pk": "@gear"}, {},
     editors()),
    ("sheet_row_restore", "post", {"pk": "@sheet", "collection": "gear", "row_pk": "@gear"}, {},
     editors()),
    ("sheet_section", "get", {"pk": "@sheet", "name": "attributes"}, None, editors()),
    ("sheet_refresh", "post", {"pk": "@sheet"}, {}, editors()),
    ("roll_form", "get", {"pk": "@sheet", "action": "skill"}, None, editors()),
    ("roll_form", "post", {"pk": "@sheet", "action": "d6"}, {"count": "1"}, editors()),
    ("roll_odds", "get", {"pk": "@sheet", "action": "d6"}, None, editors()),
    ("roll_detail", "get", {"pk": "@roll"}, None, editors()),
    ("roll_push", "post", {"pk": "@roll"}, {}, editors()),
    ("roll_choose", "post", {"pk": "@roll"}, {"choice": "damage"}, editors()),
    ("roll_reveal", "post", {"pk": "@roll"}, {}, GM_ONLY),
    ("roll_close_push", "post", {"pk": "@roll"}, {}, GM_ONLY),
    ("character_sheet", "get", {"pk": "@t2k"}, None, editors()),
    ("roll_form", "get", {"pk": "@t2k", "action": "attack"}, None, editors()),
    ("roll_form", "post", {"pk": "@t2k", "action": "cuf"}, {"modifier": "0"}, editors()),
    ("roll_odds", "get", {"pk": "@t2k", "action": "opposed"}, None, editors()),
    ("roll_push", "post", {"pk": "@t2k_roll"}, {}, editors()),
    ("roll_choose", "post", {"pk": "@t2k_roll"}, {}, editors()),
    ("party_detail", "get", {"pk": "@party"}, None, MEMBERS),
    ("party_leave", "post", {"pk": "@party"}, {}, MEMBERS),
    ("party_remove_member", "post", {"pk": "@party", "user_pk": "@other"}, {}, GM_ONLY),
    ("party_dashboard", "get", {"pk": "@party"}, None, GM_ONLY),
    ("party_summaries", "get", {"pk": "@party"}, None, GM_ONLY),
    ("party_settings", "get", {"pk": "@party"}, None, GM_ONLY),
    ("party_settings", "post", {"pk": "@party"}, {"name": "Renamed"}, GM_ONLY),
    ("party_invite", "post", {"pk": "@party"}, {"do": "regenerate"}, GM_ONLY),
    ("party_system_settings", "post", {"pk": "@party", "system": "mutant"},
     {"mutant-rot_level": "2"}, GM_ONLY),
    ("party_time", "post", {"pk": "@party", "system": "slots"},
     {"slots-rounds": "0", "slots-tries": "0", "slots-cold": "", "slots-do": "try"}, GM_ONLY),
    ("party_export", "get", {"pk": "@party"}, None, GM_ONLY),
    ("api_token_create", "post", {"pk": "@party"}, {"name": "Foundry"}, GM_ONLY),
    ("api_token_revoke", "post", {"pk": "@party", "token_pk": "@token"}, {}, GM_ONLY),
    ("party_discord", "get", {"pk": "@party"}, None, GM_ONLY),
    ("party_discord", "post", {"pk": "@party"}, {"do": "save", "url": "https://discord.com/x"},
     GM_ONLY),
    ("party_discord", "post", {"pk": "@party"}, {"do": "remove"}, GM_ONLY),
    ("party_log", "get", {"pk": "@party"}, None, MEMBERS),
    ("npc_roll", "get", {"pk": "@party", "system": "mutant", "action": "npc"}, None, GM_ROLLS),
    ("npc_roll", "post", {"pk": "@party", "system": "twilight", "action": "npc"},
     {"npc_attribute": "INT", "attribute_level": "C", "npc_modifier": 0, "npc_helpers": 0},
     GM_ROLLS),
    ("npc_roll_odds", "get", {"pk": "@party", "system": "agents", "action": "npc"}, None,
     GM_ROLLS),
    ("party_events", "get", {"pk": "@party"}, None, MEMBERS),
    ("slots_grid", "get", {"pk": "@slots"}, None, editors()),
    ("slots_item_add", "post", {"pk": "@slots"}, {"slot": "10", "name": "Torch"}, editors()),
    ("slots_item_move", "post", {"pk": "@slots", "item_pk": "@item"}, {"to": "11"}, editors()),
    ("slots_item_remove", "post", {"pk": "@slots", "item_pk": "@item"}, {}, editors()),
    ("slots_idea_add", "post", {"pk": "@slots"},
     {"slot": "2", "kind": "bond", "name": "Ann"}, editors()),
    ("slots_idea_move", "post", {"pk": "@slots", "idea_pk": "@idea"}, {"to": "3"}, editors()),
    ("slots_idea_remove", "post", {"pk": "@slots", "idea_pk": "@idea"}, {}, editors()),
    ("slots_pack", "post", {"pk": "@slots"}, {"dropped": "1"}, editors()),
    ("slots_mark", "post", {"pk": "@slots"}, {"condition": "hunger", "slot": "gear-5"},
     editors()),
    ("slots_wound", "post", {"pk": "@slots"}, {"kind": "closed", "slot": "gear-3"}, editors()),
    ("slots_treat", "post", {"pk": "@slots"}, {"slot": "gear-3"}, editors()),
    ("slots_unmark", "post", {"pk": "@slots"}, {"what": "unconscious"}, editors()),
    ("character_sheet", "get", {"pk": "@slots"}, None, editors()),
    ("roll_form", "get", {"pk": "@slots", "action": "check"}, None, editors()),
    ("roll_form", "post", {"pk": "@slots", "action": "check"}, {"check": "grit",
     "advantages": "0", "disadvantages": "0"}, editors()),
    ("roll_form", "get", {"pk": "@slots", "action": "time"}, None, GM_ONLY),
    ("group_new", "get", {"pk": "@party", "system": "slots", "kind": "cooperation"}, None,
     GM_ONLY),
    ("group_panel", "get", {"pk": "@party"}, None, MEMBERS),
    ("group_part", "post", {"pk": "@group", "character_pk": "@slots"}, {}, PARTICIPANT),
    ("group_swap", "post", {"pk": "@group"}, {"character": "@slots_id", "other": "1"},
     PARTICIPANT),
    ("group_read", "post", {"pk": "@group"}, {}, MEMBERS),
    ("group_cancel", "post", {"pk": "@group"}, {}, editors(owner=FORBIDDEN,
     other_player=FORBIDDEN)),
    ("initiative_panel", "get", {"pk": "@party"}, None, MEMBERS),
    ("initiative_start", "get", {"pk": "@party", "system": "mutant"}, None, GM_ONLY),
    ("initiative_start", "post", {"pk": "@party", "system": "slots"},
     {"characters": "@slots_id", "npc_1": "Crab"}, GM_ONLY),
    ("initiative_advance", "post", {"pk": "@conflict"}, {"do": "turn"}, GM_RUNS),
    ("initiative_redraw", "post", {"pk": "@conflict"}, {}, GM_RUNS),
    ("initiative_hide", "post", {"pk": "@conflict"}, {"hide": "1"}, GM_RUNS),
    ("initiative_end", "post", {"pk": "@conflict"}, {}, GM_RUNS),
    ("initiative_move", "post", {"pk": "@conflict"}, {"combatant": "@npc", "direction": "up"},
     GM_RUNS),
    ("initiative_order", "post", {"pk": "@conflict"}, {"order": "@npc"}, GM_RUNS),
    ("initiative_swap", "post", {"pk": "@conflict"}, {"combatant": "@pc", "other": "@npc"},
     PARTICIPANT),
    ("initiative_swap_answer", "post", {"pk": "@conflict"},
     {"combatant": "@pc", "asker": "@npc", "answer": "yes"}, PARTICIPANT),
]  # fmt: skip
# open to anyone: the home page is the landing page when logged out; the installable
# app's manifest, service worker and offline page (tests/test_pwa.py) name no one; the
# language switch and the scripts' catalogue (tests/i18n/test_language.py) neither
PUBLIC = {"home", "login", "logout", "signup", "password_change", "password_change_done",
          "choose_theme", "web_manifest", "service_worker", "offline_page",
          "choose_language", "js_catalog"}  # fmt: skip


def resolve_kwargs(kwargs, table):
    values = {
        "@sheet": table.sheet.pk, "@gear": table.gear.pk, "@roll": table.roll.pk,
        "@party": table.party.pk, "@other": table.users["other_player"].pk,
        "@invite": table.party.invite_code, "@t2k": table.t2k.character.pk,
        "@t2k_roll": table.t2k_roll.pk,
        "@slots": table.slots.pk, "@item": table.slots.item.pk, "@idea": table.slots.idea.pk,
        "@group": table.group.pk, "@slots_id": str(table.slots.pk),
        "@conflict": table.conflict.pk, "@pc": str(table.conflict.pc.pk),
        "@npc": str(table.conflict.npc.pk), "@token": table.token.pk,
    }  # fmt: skip
    return {key: values.get(value, value) for key, value in (kwargs or {}).items()}


CASES = [
    pytest.param(name, method, kwargs, data, role, (rule[role] if role != "anonymous" else LOGIN),
                 id=f"{method}-{name}-{role}")
    for name, method, kwargs, data, rule in MATRIX
    for role in ROLES
]  # fmt: skip


@pytest.mark.parametrize(("name", "method", "kwargs", "data", "role", "expected"), CASES)
def test_every_url_admits_exactly_the_right_people(
    client, table, name, method, kwargs, data, role, expected
):
    if role != "anonymous":
        client.force_login(table.users[role])
    url = reverse(name, kwargs=resolve_kwargs(kwargs, table))
    if data:
        data = resolve_kwargs(data, table)
    response = getattr(client, method)(url, data) if method == "post" else client.get(url)
    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    elif expected in (NOT_FOUND, FORBIDDEN):
        assert response.status_code == expected
    else:
        assert response.status_code < 400 or response.status_code in (409, 422), (
            f"{role} was refused {method.upper()} {url}: {response.status_code}"
        )
    if hasattr(response, "streaming_content") and response.streaming:
        response.close()


def test_refused_requests_change_nothing(client, table):
    client.force_login(table.users["stranger"])
    rolls = Roll.objects.count()
    weapon = table.t2k.weapons.get()
    client.post(
        reverse("roll_form", args=[table.t2k.pk, "attack"]), {"weapon": weapon.pk, "ammo_dice": 1}
    )
    client.post(reverse("sheet_field_save", args=[table.sheet.pk, "face"]), {"face": "Hacked"})
    client.post(reverse("roll_form", args=[table.sheet.pk, "d6"]), {"count": "1"})
    client.post(reverse("party_remove_member", args=[table.party.pk, table.users["owner"].pk]))
    portrait = table.sheet.character.portrait
    client.post(reverse("character_portrait_remove", args=[table.sheet.pk]), {"confirm": "yes"})
    client.post(reverse("character_portrait", args=[table.sheet.pk]), {"picture": ""})
    table.sheet.refresh_from_db()
    assert type(table.sheet.character).objects.get(pk=table.sheet.pk).portrait == portrait
    assert table.sheet.face == ""
    assert Roll.objects.count() == rolls
    assert table.t2k.weapons.get().rounds_loaded == weapon.rounds_loaded
    assert table.party.is_member(table.users["owner"])


def named_patterns(resolver=None):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            # the API answers tokens, not sessions: tests/rolls/api/test_api_access.py
            if pattern.app_name != "admin" and pattern.namespace != "api":
                yield from named_patterns(pattern)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield pattern.name


def test_the_matrix_covers_every_url_of_the_app():
    covered = {name for name, *_ in MATRIX} | PUBLIC
    missing = set(named_patterns()) - covered
    assert not missing, f"add these URLs to the permission matrix: {sorted(missing)}"
