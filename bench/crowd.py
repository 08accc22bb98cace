"""The `tables` section's tables, made in bulk: per table a GM, five players, a party
and one character per player. Each system's character is made once as its ``demo``
makes it (the template) and copied: its sheet's values and its rows, a few INSERTs for
a hundred characters instead of a demo each. Users get no password (nobody logs in:
their sessions are written directly) and everything is removed afterwards."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import get_random_string

from bench import data
from config import auth
from sheets.models import Character, Membership, Party
from sheets.systems.registry import all_systems

PLAYERS = 5
BACKEND = auth.PATH


@dataclass
class Seat:
    """One person at a table: their session, and their character (players)."""

    user_pk: int
    sessionid: str
    character_pk: int | None = None
    name: str = ""
    roll: dict | None = None  # this character's roll data, when it names its own rows


@dataclass
class Crowd:
    run: str
    templates: dict = field(default_factory=dict)  # system slug -> demo Character
    template_rows: dict = field(default_factory=dict)  # system slug -> its rows' pks
    tables: list = field(default_factory=list)  # bench.tables.TableSpec, made
    seats: dict = field(default_factory=dict)  # (table, seat) -> Seat; seat 0: the GM
    parties: list = field(default_factory=list)  # every party made (for cleanup)
    parties_of: dict = field(default_factory=dict)  # table index -> party pk
    users: list = field(default_factory=list)


def start(run: str) -> Crowd:
    """The templates: one demo character of each system, owned by a GM of this run."""
    gm = get_user_model().objects.create_user(f"bench-{run}-templates", password=None)
    party = Party.objects.create(name=f"Bench {run} templates", gm=gm)
    crowd = Crowd(run=run, users=[gm.pk], parties=[party.pk])
    for index, system in enumerate(all_systems()):
        crowd.templates[system.slug] = data._character(gm, party, system, index)
    return crowd


def grow(crowd: Crowd, specs: list) -> None:
    """Make the tables of ``specs`` (bench.tables.TableSpec) that are not made yet."""
    new = specs[len(crowd.tables) :]
    if not new:
        return
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"bench-{crowd.run}-t{spec.index}-{seat}",
                         password=make_password(None))
        for spec in new for seat in range(PLAYERS + 1)
    )  # fmt: skip
    people = [users[n * (PLAYERS + 1) : (n + 1) * (PLAYERS + 1)] for n in range(len(new))]
    parties = Party.objects.bulk_create(
        Party(name=f"Bench {crowd.run} table {spec.index}", gm=seated[0])
        for spec, seated in zip(new, people, strict=True)
    )
    Membership.objects.bulk_create(
        Membership(party=party, user=user)
        for party, seated in zip(parties, people, strict=True)
        for user in seated[1:]
    )
    characters = Character.objects.bulk_create(
        Character(owner=user, party=party, system=spec.system,
                  name=crowd.templates[spec.system].name)
        for spec, party, seated in zip(new, parties, people, strict=True)
        for user in seated[1:]
    )  # fmt: skip
    _copy_sheets(crowd, characters)
    sessions = _sessions(users)
    for n, (spec, party) in enumerate(zip(new, parties, strict=True)):
        crowd.parties.append(party.pk)
        crowd.parties_of[spec.index] = party.pk
        for seat, user in enumerate(people[n]):
            crowd.users.append(user.pk)
            character = characters[n * PLAYERS + seat - 1] if seat else None
            crowd.seats[(spec.index, seat)] = Seat(
                user.pk, sessions[user.pk], character and character.pk,
                character.name if character else "",
            )  # fmt: skip
        crowd.tables.append(spec)


def _copy_sheets(crowd: Crowd, characters: list) -> None:
    """Each new character's sheet and rows as its system's template has them."""
    for slug, template in crowd.templates.items():
        mine = [c for c in characters if c.system == slug]
        if not mine:
            continue
        sheet = template.sheet
        model = type(sheet)
        values = _values(sheet, skip={model._meta.pk.name})
        model.objects.bulk_create(model(pk=c.pk, **values) for c in mine)
        for relation in model._meta.related_objects:
            rows_model = relation.related_model
            if relation.field.name != "sheet" or hasattr(rows_model, "instance_type"):
                continue  # not a row, or a historical record of one
            rows = list(rows_model.objects.filter(sheet=sheet))
            crowd.template_rows.setdefault(slug, set()).update(str(row.pk) for row in rows)
            rows_model.objects.bulk_create(
                rows_model(sheet_id=c.pk, **_values(row, skip={rows_model._meta.pk.name,
                                                               "sheet"}))
                for c in mine for row in rows
            )  # fmt: skip


def _values(instance, skip: set) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields
            if f.name not in skip}  # fmt: skip


def _sessions(users) -> dict[int, str]:
    """A logged-in session per user, written as ``login()`` writes one."""
    store = SessionStore()
    expires = timezone.now() + timezone.timedelta(seconds=settings.SESSION_COOKIE_AGE)
    keys, rows = {}, []
    for user in users:
        key = get_random_string(32, "abcdefghijklmnopqrstuvwxyz0123456789")
        session = {SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: BACKEND,
                   HASH_SESSION_KEY: user.get_session_auth_hash()}  # fmt: skip
        rows.append(Session(session_key=key, session_data=store.encode(session),
                            expire_date=expires))  # fmt: skip
        keys[user.pk] = key
    Session.objects.bulk_create(rows)
    return keys


def remove(crowd: Crowd) -> None:
    """Everything the crowd made: rolls, characters, parties, sessions, users."""
    from rolls.models import Roll

    keys = [seat.sessionid for seat in crowd.seats.values()]
    for start_at in range(0, max(len(crowd.users), len(keys)), 500):
        users = crowd.users[start_at : start_at + 500]
        parties = crowd.parties[start_at : start_at + 500]
        Roll.objects.filter(party__in=parties).delete()
        Roll.objects.filter(user__in=users).delete()
        characters = list(
            Character.objects.filter(Q(party__in=parties) | Q(owner__in=users)).values_list(
                "pk", flat=True
            )
        )
        Character.objects.filter(pk__in=characters).delete()
        Party.objects.filter(pk__in=parties).delete()
        _forget_feeds(parties)
        _forget_history(characters, parties)
        Session.objects.filter(session_key__in=keys[start_at : start_at + 500]).delete()
    for start_at in range(0, len(crowd.users), 500):
        get_user_model().objects.filter(pk__in=crowd.users[start_at : start_at + 500]).delete()


def _forget_feeds(parties: list[int]) -> None:
    """The parties' stored feed events and their channels' counters (which a deleted
    party leaves to the feed's pruning by age): a bench run's events are thousands."""
    from django_eventstream.models import Event, EventCounter

    from rolls.stream import CHANNEL_PREFIX

    if not parties:
        return
    names = rf"^{CHANNEL_PREFIX}({'|'.join(str(pk) for pk in parties)})(\D|$)"
    Event.objects.filter(channel__regex=names).delete()
    EventCounter.objects.filter(name__regex=names).delete()


def _forget_history(characters: list[int], parties: list[int]) -> None:
    """The history rows of the characters (their sheets and sheet rows) and of the
    parties' own rows (clocks, sectors), which their deletion leaves behind (a deleted
    character can be restored from them): each run's copied characters and their saves
    left tens of thousands, and each run read and wrote a larger database than the last."""
    from simple_history.models import registered_models

    for model in registered_models.values():
        fields = {field.name: field for field in model._meta.fields}
        sheet = fields.get("sheet")
        if model is Character:
            where = {"id__in": characters}
        elif "character" in fields and fields["character"].related_model is Character:
            where = {"character_id__in": characters}
        elif sheet is not None and sheet.related_model._meta.pk.name == "character":
            where = {"sheet_id__in": characters}  # a sheet's key is its character's
        elif "party" in fields:
            where = {"party_id__in": parties}
        else:
            continue  # not a character's nor a party's (the crowd makes none)
        model.history.model.objects.filter(**where).delete()


def vacuum() -> bool:
    """On PostgreSQL, ``VACUUM (ANALYZE)`` the database, as its autovacuum would have by
    now on a server that has played a while (a machine may run PostgreSQL with it off:
    then every run's changes stay behind as dead rows, and each run after is slower, on
    the feed's counters most). Whether it ran."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE)")
    return True
