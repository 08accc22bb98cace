"""The party's live feed: new rolls and sheet changes, streamed over SSE.

django-eventstream stores every event in the database (so a reconnecting page
with a Last-Event-ID catches up) and, when REDIS_URL is set, fans events out to
every server process through Redis. Events carry ready-to-swap HTML:

- ``roll``: a roll card, swapped at the top of the feed (``sse-swap="roll"``);
- ``sheet-<character pk>``: that character's dashboard card body;
- ``party-settings``: the party's settings in words (the dashboard's strip); a sheet
  page that gets it refreshes what depends on them (static/js/feed.js).

Each channel comes once per language (``settings.LANGUAGES``): a page listens to the
channel of its reader's language, and an event's HTML is rendered once per language
when it is stored (docs/i18n.md, "Roll results and the live feed"). The default
language's channels keep their plain names (``party-1``, ``party-1-gm``); another's
add it (``party-1.sv``, ``party-1-gm.sv``). The default language's channels get every
event; another language's only while its readers come (``note_reader``: a page of that
language opened the party's feed in the last ``READER_SECONDS``), so a party that reads
only English pays for one language.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django_eventstream.channelmanager import DefaultChannelManager
from django_eventstream.event import Event
from django_eventstream.storage import DjangoModelStorage
from django_eventstream.utils import get_storage

from config.after_response import later
from rolls.cards import roll_card_html

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "party-"
GM_SUFFIX = "-gm"  # the GM's own channel: the party's events, secret rolls in full
LANGUAGE_SEPARATOR = "."  # party-1.sv: the channel of the Swedish readers


def feed_languages() -> list[str]:
    """The languages a party's events are rendered in, the default first."""
    codes = [code for code, _name in settings.LANGUAGES]
    default = settings.LANGUAGE_CODE
    return [default, *(code for code in codes if code != default)]


READER_SECONDS = 7 * 24 * 3600  # a language's channels are written this long after its last page


def _reader_key(party_id: int, language: str) -> str:
    return f"tableside:feed-readers:{party_id}:{language}"


def note_reader(party_id: int, language: str) -> None:
    """A page reading ``language`` opened the party's feed: its events are rendered in
    that language too from now on (the default language's always are)."""
    if language != settings.LANGUAGE_CODE:
        try:
            cache.set(_reader_key(party_id, language), True, READER_SECONDS)
        except Exception as error:  # the cache (Redis) away: the events go in every language
            log.warning("could not note the feed's %s readers (%s)", language, error)


def languages_read(party_id: int) -> list[str]:
    """The languages the party's events are rendered in: the default, and each other
    feed language a page of the party has read lately."""
    default, *others = feed_languages()
    if not others:
        return [default]
    keys = {_reader_key(party_id, code): code for code in others}
    try:
        read = cache.get_many(list(keys))
    except Exception as error:  # the cache (Redis) away: every language, as before this
        log.warning("could not read the feed's readers (%s): every language", error)
        return [default, *others]
    return [default, *(code for key, code in keys.items() if key in read)]


def _in_language(channel: str, language: str | None) -> str:
    if language is None or language == settings.LANGUAGE_CODE:
        return channel
    return f"{channel}{LANGUAGE_SEPARATOR}{language}"


def channel_language(channel: str) -> str:
    """The language a channel's events are rendered in (``party-1.sv``: Swedish)."""
    _base, _sep, language = channel.partition(LANGUAGE_SEPARATOR)
    return language or settings.LANGUAGE_CODE


def party_channel(party_id: int, language: str | None = None) -> str:
    return _in_language(f"{CHANNEL_PREFIX}{party_id}", language)


def gm_channel(party_id: int, language: str | None = None) -> str:
    return _in_language(f"{CHANNEL_PREFIX}{party_id}{GM_SUFFIX}", language)


def reader_language() -> str:
    """The active language if the feed renders it, else the default's."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    if language in feed_languages():
        return language
    base = language.split("-")[0]
    return base if base in feed_languages() else settings.LANGUAGE_CODE


def channel_for(party, user, language: str | None = None) -> str:
    """The channel a member's page listens to: the GM's own, or the players', in the
    reader's language (the active one unless ``language`` is given)."""
    language = language or reader_language()
    if party.is_gm(user):
        return gm_channel(party.pk, language)
    return party_channel(party.pk, language)


class PartyChannelManager(DefaultChannelManager):
    """Only the GM and the players of a party read its channel."""

    def can_read_channel(self, user, channel):
        from sheets.models import Party

        if user is None or not channel.startswith(CHANNEL_PREFIX):
            return False
        channel, _sep, language = channel.partition(LANGUAGE_SEPARATOR)
        if language and (language == settings.LANGUAGE_CODE or language not in feed_languages()):
            return False
        gm_only = channel.endswith(GM_SUFFIX)
        try:
            party_id = int(channel.removeprefix(CHANNEL_PREFIX).removesuffix(GM_SUFFIX))
        except ValueError:
            return False
        parties = Party.objects.filter(gm=user) if gm_only else Party.objects.for_user(user)
        return parties.filter(pk=party_id).exists()


def release_connection() -> None:
    """Give this thread's database connection back (to the pool, or closed without one).

    An open event stream reads the database from its request's own thread when it starts
    and after each wake-up, then waits for minutes. Without this the thread keeps its
    connection for the stream's whole life: with the pool, a few open pages exhaust it
    and every other request waits; without it, 500 pages hold 500 PostgreSQL
    connections. Never inside a transaction (a test's, or a caller's atomic block)."""
    if not connection.in_atomic_block:
        connection.close_if_unusable_or_obsolete()


class PartyEventStorage(DjangoModelStorage):
    """django-eventstream's database storage; the reads a stream makes (its last id when
    it opens, the events it missed after a reconnect) let go of the connection after.
    Writes keep the caller's connection: a roll's events are written in the roll's own
    transaction (``announce_roll``)."""

    # Old events go by age (``TABLESIDE_FEED_KEEP_DAYS``): looked for at most once a
    # minute per process, after a response, never inside a transaction (``prune_events``).
    # When it last looked is kept on an object of its own, not on the class: a class
    # changed once a minute would lose CPython's attribute cache after 1,000 changes
    # (config/class_counters.py).
    TRIM_EVERY_SECONDS = 60
    trimmed = {"at": float("-inf")}

    def trim_event_log(self):
        if connection.in_atomic_block:
            return  # the library's first event of a channel, inside a roll: not now
        now = time.monotonic()
        if now - self.trimmed["at"] < self.TRIM_EVERY_SECONDS:
            return
        self.trimmed["at"] = now
        prune_events()

    def append_event(self, channel, event_type, data):
        return self.append_events(event_type, [(channel, data)])[0]

    def append_events(self, event_type, items):
        """Store one event of ``event_type`` on each channel of ``items`` ((channel, data)
        pairs): ``append_typed``."""
        return self.append_typed([(channel, event_type, data) for channel, data in items])

    def append_typed(self, items):
        """Store an event on each channel of ``items`` ((channel, event type, data); a
        channel once), each under its channel's next id: one statement on PostgreSQL for
        all the channels (the library's way takes five or six queries an event). A
        channel's first event starts the channel first (``start_channels``: one statement
        more on PostgreSQL; SQLite goes the library's way)."""
        texts = [(channel, event_type, json.dumps(data, cls=DjangoJSONEncoder))
                 for channel, event_type, data in items]  # fmt: skip
        ids = next_event_ids(texts)
        first = [item for item in texts if item[0] not in ids]
        if first and connection.vendor == "postgresql":
            start_channels([channel for channel, _type, _text in first])
            ids.update(next_event_ids(first, started=True))
        return [
            Event(channel, event_type, data, id=ids[channel])
            if channel in ids
            else super(PartyEventStorage, self).append_event(channel, event_type, data)
            for channel, event_type, data in items
        ]

    def get_events(self, channel, last_id, limit=100):
        try:
            return super().get_events(channel, last_id, limit=limit)
        finally:
            release_connection()

    def get_current_id(self, channel):
        """The channel's newest id, where a page opened without a Last-Event-ID starts;
        told to the process's feed (``feed_redis.note_opened``), which follows the
        channel from there once every new stream of it has said so."""
        from rolls.feed_redis import note_opened

        try:
            position = super().get_current_id(channel)
        finally:
            release_connection()
        note_opened(channel, position)
        return position


def keep_days() -> float:
    return settings.TABLESIDE_FEED_KEEP_DAYS


def prune_events() -> int:
    """Delete the feed's stored events older than ``TABLESIDE_FEED_KEEP_DAYS`` (a page
    that comes back with an older Last-Event-ID is told to reset, and catches up from
    the party's roll log); how many went. The counters stay: ids never repeat."""
    from django_eventstream.models import Event as StoredEvent

    cutoff = timezone.now() - timedelta(days=keep_days())
    deleted, _ = StoredEvent.objects.filter(created__lt=cutoff).delete()
    return deleted


def next_event_ids(items: list[tuple[str, str, str]], started: bool = False) -> dict[str, int]:
    """Count each channel's event and store it under the new count (``items``: channel,
    event type and the event's stored text), in the caller's transaction; the new id of each
    channel that has had an event before, or (``started``) that ``start_channels`` has
    just started (the library writes a channel's first event, and the placeholder event 0
    it reads from). The counters' row locks, taken in name order, keep ids in order and
    without gaps until the transaction ends: a later event of the channel waits for this
    one's commit, so no reader ever sees id n+1 before n."""
    from django_eventstream.models import Event as StoredEvent
    from django_eventstream.models import EventCounter

    counters, events, now = EventCounter._meta.db_table, StoredEvent._meta.db_table, timezone.now()
    if connection.vendor == "postgresql":  # every channel in one statement: one round trip
        wanted = ", ".join(["(%s, %s, %s)"] * len(items))
        with connection.cursor() as cursor:
            cursor.execute(
                f"WITH wanted (channel, type, data) AS (VALUES {wanted}),"
                f" locked AS (SELECT name FROM {counters} WHERE value >= %s AND name IN"
                f" (SELECT channel FROM wanted) ORDER BY name FOR UPDATE),"
                f" counted AS (UPDATE {counters} SET value = value + 1, updated = %s"
                f" WHERE name IN (SELECT name FROM locked) RETURNING name, value)"
                f" INSERT INTO {events} (channel, type, data, eid, created)"
                f" SELECT counted.name, wanted.type, wanted.data, counted.value, %s"
                f" FROM counted JOIN wanted ON wanted.channel = counted.name"
                f" RETURNING channel, eid",
                [*(value for item in items for value in item), 0 if started else 1, now, now],
            )
            return dict(cursor.fetchall())
    count = (
        f"UPDATE {counters} SET value = value + 1, updated = %s"
        " WHERE name = %s AND value > 0 RETURNING value"
    )
    store = f"INSERT INTO {events} (channel, type, data, eid, created) VALUES (%s, %s, %s, %s, %s)"
    ids = {}
    with transaction.atomic(), connection.cursor() as cursor:
        for channel, event_type, text in sorted(items):
            cursor.execute(count, [now, channel])
            row = cursor.fetchone()
            if row is not None:
                cursor.execute(store, [channel, event_type, text, row[0], now])
                ids[channel] = row[0]
    return ids


def start_channels(channels: list[str]) -> None:
    """Start channels about to get their first event (PostgreSQL), in one statement: the
    counter at 0 and the placeholder event 0 a page that opened before the first event
    reads from, as the library makes them (in five queries, with its own lookups). Two
    workers starting one channel at once: the second's counter insert waits for the
    first's commit and inserts nothing, and its event is counted after the first's (a
    get-or-create would have met the unique violation, which on PostgreSQL aborts the
    roll's transaction: a 500). A counter left at 0 without its placeholder (the
    library's, interrupted) gets one too."""
    from django_eventstream.models import Event as StoredEvent
    from django_eventstream.models import EventCounter

    counters, events, now = EventCounter._meta.db_table, StoredEvent._meta.db_table, timezone.now()
    names = sorted(set(channels))
    rows = ", ".join(["(%s, 0, %s)"] * len(names))
    listed = ", ".join(["%s"] * len(names))
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH made AS (INSERT INTO {counters} (name, value, updated) VALUES {rows}"
            " ON CONFLICT (name) DO NOTHING RETURNING name),"
            f" unstarted AS (SELECT name FROM made UNION SELECT name FROM {counters}"
            f" WHERE value = 0 AND name IN ({listed}))"
            f" INSERT INTO {events} (channel, type, data, eid, created)"
            " SELECT name, '', '', 0, %s FROM unstarted ORDER BY name"
            " ON CONFLICT (channel, eid) DO NOTHING",
            [*(value for name in names for value in (name, now)), *names, now],
        )


def store_typed(items: list[tuple[str, str, object]]) -> None:
    """Store the events (``items``: channel, event type, data; one party's) in the
    current transaction (or at once, outside one), and publish them to the open pages
    once it commits, after the response: a publish that never happens (a worker killed,
    Redis away) is found by the readers, who catch up from the store
    (``rolls.feed_redis``)."""
    stored = get_storage().append_typed(items)
    # a party's events are published in the order they were stored, within a process
    order = ("publish", items[0][0].removesuffix(GM_SUFFIX))
    transaction.on_commit(partial(later, partial(publish, stored), order=order))


def publish(events) -> None:
    """Tell every server process's open streams about stored events: through Redis
    (with REDIS_URL), else to this process's streams directly."""
    from django_eventstream import eventstream

    from rolls.feed_redis import REDIS_CHANNEL, deliver

    if eventstream.redis_client is None:
        for event in events:
            deliver(event.channel, event)
    elif events:
        # one message for the events stored together (a roll's card on the players' and
        # the GM's channels, in each language): one trip to Redis, one wake-up of each
        # process's listener, however many channels
        message = [{"channel": event.channel, "event_type": event.type, "data": event.data,
                    "pub_id": str(event.id)} for event in events]  # fmt: skip
        try:
            eventstream.redis_client.publish(REDIS_CHANNEL, json.dumps(message))
        except Exception as error:  # stored: the readers catch up from the database
            log.warning("could not publish %s to %s (%s); pages read it from the store",
                        events[0].type, [event.channel for event in events], error)  # fmt: skip
    get_storage().trim_event_log()


def _in_each_language(languages: list[str], render) -> dict[str, object]:
    """``render()`` once per language of ``languages``, that language active."""
    rendered = {}
    for language in languages:
        with translation.override(language):
            rendered[language] = render()
    return rendered


def _language() -> str:
    return translation.get_language()


def _send(party_id: int, event: str, html, gm_html=None, languages=None) -> None:
    """Store an event on the players' channels and on the GM's (``gm_html`` when the GM
    sees more than the players: a secret roll), in each language the party reads
    (``languages``, when the caller has read them already); published once the
    transaction commits. ``html`` (and ``gm_html``) is either text that reads the same
    in every language (a number, a marker) or a callable rendering it, called once per
    language with that language active."""
    items = []
    for language in languages if languages is not None else languages_read(party_id):
        with translation.override(language):
            players = html() if callable(html) else html
            gm = (gm_html() if callable(gm_html) else gm_html) or players
        items += [
            (party_channel(party_id, language), event, players),
            (gm_channel(party_id, language), event, gm),
        ]
    store_typed(items)


send_to_party = _send  # for other modules' events (group checks)


def after_commit(announce, *args, **kwargs) -> None:
    """Call ``announce(*args, **kwargs)`` once the current transaction commits, after the
    request's response has gone out (``config.after_response``): the person who acted
    gets their answer without waiting for the party's feed. The same announcement with
    the same arguments (a party's settings) is made in the order it was asked for."""
    order = (announce.__module__, announce.__qualname__, args)
    transaction.on_commit(partial(later, partial(announce, *args, **kwargs), order=order))


def announce_roll(roll_id: int, *, update: bool = False, written=None) -> None:
    """Put a saved roll's card on its party's feed, in the roll's own transaction (call
    it inside the transaction that writes the roll): the roll and its events commit
    together, and are published to the open pages after the response. With ``update``,
    the roll's card again after a later step (a pick, a reveal). ``written``: the new
    Roll as the request wrote it (with its character), not read again."""
    from rolls.models import Roll

    roll = written
    if roll is None:
        roll = Roll.objects.select_related("character", "user").filter(pk=roll_id).first()
    if roll is None or roll.party_id is None:
        return
    # the GM's card differs for a secret roll (in full, with Reveal) and while the push
    # is open (the GM's card closes it; the players' carries the roller's Push)
    differs = roll.secret or roll.push_open
    _send(
        roll.party_id,
        "roll-update" if update else "roll",
        partial(roll_card_html, roll, is_new=True, oob=update),
        partial(roll_card_html, roll, is_gm=True, is_new=True, oob=update) if differs else None,
    )


def announce_sheet(character_id: int, system_slug: str | None = None) -> None:
    """Send a character's fresh dashboard card to its party's GM (only the dashboard
    shows it; a player reads no other character's sheet). ``system_slug``, the
    character's system when the caller knows it, saves joining every system's sheet."""
    from sheets.summary_card import summary_card_html
    from sheets.summary_read import card_read

    try:
        # The character, its owner and its sheet (its own system's when known: a join
        # over the five sheets costs twice as much) and the rows its card shows, in one
        # round trip when the system is known; a character outside a party ends here.
        # Their SQL is built once.
        character = card_read(character_id, system_slug)
        if character is None:
            return
        system = character.system_descriptor
        if not hasattr(character, system.sheet_related_name):
            return  # the character is being created: its sheet comes in the same request
        languages = languages_read(character.party_id)  # once: the card and the number
        rendered = _in_each_language(
            languages, lambda: summary_card_html(character, character.summary())
        )
    except Exception:  # the change is saved; a feed hiccup must not turn it into a 500
        log.exception("could not render the summary of character %s", character_id)
        return
    party_id, card_event = character.party_id, f"sheet-{character.pk}"
    # The GM's channels get the card; the players' only the character's number: that
    # character's open sheet (the player's other device, or while the GM edits it)
    # fetches what moved. The card says the same: the GM's open sheet of the character
    # listens to it (rolls/_feed.html), so the GM's channels carry one event a change,
    # not two. Both are stored in one statement and published in one message.
    players = [(party_channel(party_id, lang), "sheet-changed", str(character.pk))
               for lang in languages]  # fmt: skip
    store_typed([(gm_channel(party_id, lang), card_event, html)
                 for lang, html in rendered.items()] + players)  # fmt: skip


def announce_party_settings(party_id: int) -> None:
    """The GM changed the party's settings (the clock, the rot level...): the dashboard
    gets the strip again, and every open sheet refreshes what depends on them."""
    from sheets import party_settings
    from sheets.models import Party

    try:
        party = Party.objects.filter(pk=party_id).first()
        if party is None:
            return
        systems = party_settings.systems_in(party)
        languages = languages_read(party_id)
        rendered = _in_each_language(
            languages,
            lambda: render_to_string(
                "sheets/_party_settings_strip.html",
                {"settings_strip": party_settings.strip(party, systems)},
            ),
        )
    except Exception:  # the change is saved; a feed hiccup must not turn it into a 500
        log.exception("could not render the settings of party %s", party_id)
        return
    _send(party_id, "party-settings", lambda: rendered[_language()], languages=languages)


def sheet_changed(character_id: int, system_slug: str | None = None) -> None:
    """Announce a sheet change once the current transaction commits, once per character
    however many of its rows the transaction saved (``system_slug``: its system, if
    known)."""
    connection = transaction.get_connection()
    pending = connection.__dict__.setdefault("_tableside_changed_sheets", {})
    if not any(getattr(c, "flushes_sheets", False) for _, c, _ in connection.run_on_commit):
        # No flush waits for a commit: what is pending was rolled back (its flush went
        # with it), and is not announced.
        pending.clear()
    pending[character_id] = pending.get(character_id) or system_slug

    def flush():
        changed = sorted(pending.items())
        pending.clear()  # later callbacks of the same commit find nothing left to send
        for changed_id, slug in changed:
            announce_sheet(changed_id, slug)

    def callback():  # each character's dashboard card in the order of its changes
        later(flush, order=("sheets", *sorted(pending)))

    callback.flushes_sheets = True
    transaction.on_commit(callback)


def _character_id(instance):
    """The character a saved sheet, sheet row or character belongs to."""
    from sheets.models import Character

    if isinstance(instance, Character):
        return instance.pk
    if hasattr(instance, "character_id"):
        return instance.character_id
    return getattr(instance, "sheet_id", None)  # a sheet's pk is its character's pk


_SYSTEM_OF_MODEL: dict = {}  # sheet and row models -> their system's slug


def _on_change(sender, instance, **kwargs):
    if kwargs.get("raw"):
        return
    character_id = _character_id(instance)
    if character_id is not None:
        system_slug = _SYSTEM_OF_MODEL.get(sender) or getattr(instance, "system", None)
        sheet_changed(character_id, system_slug)


def connect_sheet_signals() -> None:
    """Every system's sheet model and its row models announce their changes."""
    from sheets.models import Character
    from sheets.systems.registry import all_systems

    models = {Character}
    for system in all_systems():
        sheet_model = system.model()
        models.add(sheet_model)
        _SYSTEM_OF_MODEL[sheet_model] = system.slug
        for relation in sheet_model._meta.related_objects:
            if relation.one_to_many and not relation.related_model.__name__.startswith(
                "Historical"
            ):
                models.add(relation.related_model)
                # a row model two systems shared would say neither: all sheets joined
                claimed = _SYSTEM_OF_MODEL.setdefault(relation.related_model, system.slug)
                if claimed != system.slug:
                    _SYSTEM_OF_MODEL[relation.related_model] = None
    for model in models:
        post_save.connect(_on_change, sender=model, dispatch_uid=f"feed-save-{model.__name__}")
        post_delete.connect(_on_change, sender=model, dispatch_uid=f"feed-delete-{model.__name__}")
