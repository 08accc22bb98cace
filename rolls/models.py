"""The roll log: every roll made on the server, with every die and its effects."""

import json

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from sheets.systems.dice.words import is_saying, put_into_words

FEED_LENGTH = 30  # rolls a feed or log shows


def in_words(value) -> str:
    """A stored saying (or old plain text) in the active language."""
    return put_into_words(value, gettext, ngettext, pgettext)


def error_words(error: Exception) -> str:
    """An exception's message for the page, in the reader's language: a saying given
    to the exception (``DiceError(say(...))``) put into words, else its text."""
    if error.args and (is_saying(error.args[0]) or isinstance(error.args[0], list)):
        return in_words(error.args[0])
    return str(error)


class KeepsWords(models.Model):
    """A row whose ``label`` and ``outcome`` CharFields may be given a saying
    (``sheets.systems.dice.words``): saved, they hold its English (admin, search, old
    readers: ``put_into_words(value)[:200]``) and ``result["words"]`` keeps the saying,
    which ``label_words`` / ``outcome_words`` put into the reader's language. Rows
    written before sayings (plain text, no ``words``) read as they were."""

    WORDED = ("label", "outcome")

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        changed = self.keep_words()
        fields = kwargs.get("update_fields")
        if changed and fields is not None and "result" not in fields:
            kwargs["update_fields"] = [*fields, "result"]
        super().save(*args, **kwargs)

    def keep_words(self) -> bool:
        """Turn sayings given for the worded fields into English plus ``result["words"]``;
        drop a kept saying the field no longer says. Whether ``result`` changed."""
        result = dict(self.result or {})
        kept = dict(result.get("words") or {})
        before = dict(kept)
        for name in self.WORDED:
            value = getattr(self, name)
            if is_saying(value) or isinstance(value, list):
                kept[name] = value
                setattr(self, name, put_into_words(value)[:200])
            elif name in kept and put_into_words(kept[name])[:200] != (value or ""):
                del kept[name]  # plain text written over it since
        if kept == before:
            return False
        if kept:
            result["words"] = kept
        else:
            result.pop("words", None)
        self.result = result
        return True

    def _worded(self, name: str) -> str:
        saying = ((self.result or {}).get("words") or {}).get(name)
        if saying is None:
            return getattr(self, name) or ""
        return in_words(saying)

    @property
    def label_words(self) -> str:
        """The label in the reader's language (as stored, for an old row)."""
        return self._worded("label")

    @property
    def outcome_words(self) -> str:
        """The outcome in the reader's language (as stored, for an old row)."""
        return self._worded("outcome")


class RollQuerySet(models.QuerySet):
    def feed_for(self, party):
        """The party's latest rolls, newest first, as the feed and its log show them."""
        return self.filter(party=party).for_cards().order_by("-created", "-pk")[:FEED_LENGTH]

    def caught_up(self, party, after: int, limit: int):
        """The party's rolls after roll ``after``, oldest first, at most ``limit``."""
        return self.filter(party=party, pk__gt=after).for_cards().order_by("pk")[:limit]

    def visible_to(self, user):
        """Rolls of characters the user may read (own, or of a party they run) and the
        GM's NPC rolls of a party the user sits at, less the GM's secret rolls for anyone
        but the GM of the roll's party."""
        from sheets.models import Character, Party

        mine = Q(character__in=Character.objects.for_user(user))
        npc = Q(character__isnull=True, party__in=Party.objects.for_user(user))
        return self.filter(mine | npc).exclude(Q(secret=True) & ~Q(party__gm_id=user.pk))

    def for_cards(self):
        """What a feed's cards read (rolls.cards): the character's name and whether the
        roll's push is still open (``with_push_state``), not the roll's inputs, its user
        or its push."""
        return self.select_related("character").defer("inputs").with_push_state()

    def with_push_state(self):
        """Whether each roll was pushed and whether its character rolled since, read in
        the same query (``Roll.push_open`` then asks nothing more)."""
        return self.annotate(
            push_exists=models.Exists(Roll.objects.filter(pushed_from=models.OuterRef("pk"))),
            newer_roll_exists=models.Exists(
                Roll.objects.filter(
                    character=models.OuterRef("character"), pk__gt=models.OuterRef("pk")
                )
            ),
        )

    def for_log(self):
        return self.select_related("character", "user", "push").order_by("-created", "-pk")


class Roll(KeepsWords):
    character = models.ForeignKey(
        "sheets.Character", on_delete=models.CASCADE, related_name="rolls", null=True,
        blank=True, help_text=_("Empty for the GM's NPC and monster rolls."),
        verbose_name=_("character"),
    )  # fmt: skip
    npc_name = models.CharField(
        max_length=80, blank=True, default="",
        help_text=_("The NPC or monster the GM rolled for (or opposed the character with)."),
        verbose_name=_("NPC name"),
    )  # fmt: skip
    party = models.ForeignKey(
        "sheets.Party",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rolls",
        verbose_name=_("party"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="rolls",
        verbose_name=_("user"),
    )
    system = models.CharField(max_length=20, verbose_name=_("system"))
    kind = models.CharField(
        max_length=40, help_text=_("The roll action: skill, armor, rot..."), verbose_name=_("kind")
    )
    label = models.CharField(max_length=200, verbose_name=_("label"))
    inputs = models.JSONField(
        default=dict,
        help_text=_("What was asked for: skill, modifier..."),
        verbose_name=_("inputs"),
    )
    result = models.JSONField(
        default=dict, help_text=_("Every die, and the result's lines."), verbose_name=_("result")
    )
    outcome = models.CharField(max_length=200, verbose_name=_("outcome"))
    effects = models.JSONField(
        default=list, help_text=_("What the roll changed on the sheet."), verbose_name=_("effects")
    )
    pushable = models.BooleanField(default=False, verbose_name=_("pushable"))
    pushed_from = models.OneToOneField(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="push",
        help_text=_("The roll this push re-rolled; a roll can be pushed once."),
        verbose_name=_("pushed from"),
    )  # fmt: skip
    created = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("created"))
    undone = models.JSONField(
        default=list, blank=True,
        help_text=_(
            "What an Undo took back of this roll's effects (one line each); the "
            "feed shows it on the roll's card."
        ),
        verbose_name=_("undone"),
    )  # fmt: skip
    secret = models.BooleanField(
        default=False,
        help_text=_(
            "Rolled by the GM in secret: players see only that the GM rolled, until it is revealed."
        ),
        verbose_name=_("secret"),
    )

    objects = RollQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["party", "-created"], name="roll_party_recent")]
        verbose_name = _("roll")
        verbose_name_plural = _("rolls")

    def __str__(self):
        return f"{self.who} {self.label_words}: {self.outcome_words}"

    @property
    def who(self) -> str:
        """Who rolled, as a feed card names it: the character, else the GM's NPC."""
        if self.character_id is not None:
            return self.character.name
        return self.npc_name or gettext("An NPC")

    @property
    def is_npc(self) -> bool:
        """A GM roll for an NPC or monster, with no character's sheet behind it."""
        return self.character_id is None

    @property
    def gm_pushes(self) -> bool:
        """Only the GM may push this roll: an NPC's, or an opposed roll the NPC leads."""
        return self.is_npc or (self.result or {}).get("active") == "npc"

    def may_push(self, is_gm: bool) -> bool:
        """Push offered to this viewer: only the active side of an opposed roll pushes."""
        return self.can_push and (is_gm or not self.gm_pushes)

    @property
    def tone(self) -> str:
        """ "crit", "failure", "success" or "" for filters and colours: the system's own
        word when its result gives one (``result["tone"]``), else read from the outcome."""
        tone = (self.result or {}).get("tone")
        if tone:
            return tone
        outcome = self.outcome.lower()
        if "crit" in outcome:
            return "crit"
        if outcome.startswith(("0 success", "fail", "no success")) or "failure" in outcome:
            return "failure"
        if "success" in outcome:
            return "success"
        return ""

    @property
    def result_template(self) -> str:
        """The system's partial for its own steps after the roll ("" if none)."""
        from sheets.systems.registry import get_system

        try:
            return get_system(self.system).result_template
        except LookupError:
            return ""

    def shown_to_gm_only(self, is_gm: bool) -> bool:
        """Is this a secret roll that this viewer must not see?"""
        return self.secret and not is_gm

    @property
    def is_push(self) -> bool:
        return self.pushed_from_id is not None

    @property
    def can_push(self) -> bool:
        """Pushable and not pushed yet (``push`` is the reverse one-to-one)."""
        if not self.pushable:
            return False
        known = getattr(self, "push_exists", None)
        if known is not None:
            return not known
        try:
            self.push  # noqa: B018
        except Roll.DoesNotExist:
            return True
        return False

    @property
    def rolled_again(self) -> bool:
        """The character has rolled since this roll: its push is closed (an NPC's roll
        has no character, and the NPC's side of an opposed roll is the GM's: those stay
        open until pushed or closed)."""
        if self.gm_pushes:
            return False
        known = getattr(self, "newer_roll_exists", None)
        if known is None:
            known = self.newer_roll_exists = Roll.objects.filter(
                character_id=self.character_id, pk__gt=self.pk
            ).exists()
        return known

    @property
    def push_open(self) -> bool:
        """The push is still on offer: the rules allow it, it was not pushed, the GM did
        not close it and the character has not rolled since."""
        return self.can_push and not self.rolled_again

    def push_refusal(self) -> str:
        """Why this roll cannot be pushed now, in words ("" when it can)."""
        if self.push_open:
            return ""
        if self.can_push:  # allowed and not pushed: the character rolled since
            return gettext(
                "%(who)s has rolled since: a roll can be pushed only until the "
                "character's next roll."
            ) % {"who": self.who}
        if (self.result or {}).get("push_closed"):
            return gettext("The GM closed this roll's push.")
        return gettext("This roll was already pushed, or cannot be pushed.")


class GroupCheck(KeepsWords):
    """A check the GM starts for several characters (docs/sheet-shell.md, "Group
    checks"): each participant does their part from their own page; once every part is
    in (or the GM reads early) the whole is read and recorded."""

    OPEN, READING, DONE, CANCELLED = "open", "reading", "done", "cancelled"
    STATES = [
        (OPEN, _("Waiting for the participants")),
        (READING, _("Every part is in: exchanges, then reading")),
        # Translators: a group check whose result has been read
        (DONE, _("Read")),
        (CANCELLED, _("Cancelled by the GM")),
    ]

    party = models.ForeignKey(
        "sheets.Party",
        on_delete=models.CASCADE,
        related_name="group_checks",
        verbose_name=_("party"),
    )
    system = models.CharField(max_length=20, verbose_name=_("system"))
    kind = models.CharField(max_length=40, verbose_name=_("kind"))
    label = models.CharField(max_length=200, verbose_name=_("label"))
    inputs = models.JSONField(
        default=dict, help_text=_("What the GM asked for."), verbose_name=_("inputs")
    )
    state = models.CharField(max_length=10, choices=STATES, default=OPEN, verbose_name=_("state"))
    result = models.JSONField(
        default=dict, help_text=_("Exchanges made, the reading's lines."), verbose_name=_("result")
    )
    outcome = models.CharField(max_length=200, blank=True, verbose_name=_("outcome"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("created"))
    closed = models.DateTimeField(null=True, blank=True, verbose_name=_("closed"))

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("group check")
        verbose_name_plural = _("group checks")

    def __str__(self):
        return f"{self.label_words} ({self.get_state_display()})"

    @property
    def is_active(self) -> bool:
        return self.state in (self.OPEN, self.READING)

    @property
    def system_descriptor(self):
        from sheets.systems.registry import get_system

        return get_system(self.system)

    @property
    def kind_descriptor(self):
        return self.system_descriptor.group_check(self.kind)


class GroupParticipant(models.Model):
    group = models.ForeignKey(
        GroupCheck, on_delete=models.CASCADE, related_name="participants", verbose_name=_("group")
    )
    character = models.ForeignKey(
        "sheets.Character",
        on_delete=models.CASCADE,
        related_name="group_parts",
        verbose_name=_("character"),
    )
    role = models.CharField(max_length=20, default="roll", verbose_name=_("role"))
    done = models.BooleanField(default=False, verbose_name=_("done"))
    roll = models.OneToOneField(
        Roll,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="group_part",
        verbose_name=_("roll"),
    )
    swapped = models.BooleanField(
        default=False, help_text=_("Took part in an exchange."), verbose_name=_("swapped")
    )
    note = models.CharField(max_length=200, blank=True, verbose_name=_("note"))

    class Meta:
        ordering = ["character__name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["group", "character"], name="one_part_per_character")
        ]
        verbose_name = _("group check participant")
        verbose_name_plural = _("group check participants")

    def __str__(self):
        return gettext("%(character)s in %(group)s") % {
            "character": self.character,
            "group": self.group,
        }

    def save(self, *args, **kwargs):
        """A saying given for ``note`` is kept as its JSON text (read by ``note_words``);
        one too long for the column keeps its English."""
        if is_saying(self.note):
            text = json.dumps(self.note, ensure_ascii=False, separators=(",", ":"))
            self.note = text if len(text) <= 200 else put_into_words(self.note)[:200]
        super().save(*args, **kwargs)

    @property
    def note_words(self) -> str:
        """The note in the reader's language: a stored saying put into words; plain
        English looked up in the catalogue (the fixed notes are marked with
        ``gettext_noop`` where they are written), else shown as it was."""
        note = self.note
        if isinstance(note, str) and note.startswith('{"say"'):
            try:
                return in_words(json.loads(note))
            except ValueError:
                return note
        return gettext(note) if note else ""


class Conflict(models.Model):
    """A fight at the table (docs/initiative.md): who takes part, in which order, whose
    turn it is and which round. MYZ and T2K draw initiative cards (``drawn``); the other
    games take the order the GM sets by hand. One conflict of a party runs at a time: a
    new one ends the last."""

    party = models.ForeignKey(
        "sheets.Party", on_delete=models.CASCADE, related_name="conflicts", verbose_name=_("party")
    )
    system = models.CharField(max_length=20, verbose_name=_("system"))
    drawn = models.BooleanField(
        default=True, help_text=_("The order comes from cards drawn."), verbose_name=_("drawn")
    )
    hide_npc_cards = models.BooleanField(
        default=False,
        help_text=_("Players see where the NPCs act, not their cards."),
        verbose_name=_("hide NPC cards"),
    )
    round = models.PositiveIntegerField(default=1, verbose_name=_("round"))
    turn = models.PositiveIntegerField(
        null=True, blank=True,
        help_text=_(
            "Who acts, counted from 0 in the order; empty before the round begins "
            "(when willing combatants may swap)."
        ),
        verbose_name=_("turn"),
    )  # fmt: skip
    log = models.JSONField(
        default=list,
        blank=True,
        help_text=_("What happened, one line each."),
        verbose_name=_("log"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    ended = models.DateTimeField(null=True, blank=True, verbose_name=_("ended"))

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("conflict")
        verbose_name_plural = _("conflicts")

    def __str__(self):
        return gettext("Conflict in %(party)s (round %(round)s)") % {
            "party": self.party,
            "round": self.round,
        }

    @property
    def system_descriptor(self):
        from sheets.systems.registry import get_system

        return get_system(self.system)


class Combatant(models.Model):
    """One place in a conflict's order: a character, a named NPC, or a group of NPCs
    that share one card (``count``)."""

    conflict = models.ForeignKey(
        Conflict, on_delete=models.CASCADE, related_name="combatants", verbose_name=_("conflict")
    )
    character = models.ForeignKey(
        "sheets.Character",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("character"),
    )
    name = models.CharField(
        max_length=80,
        blank=True,
        help_text=_("An NPC's or a group's name."),
        verbose_name=_("name"),
    )
    count = models.PositiveSmallIntegerField(
        default=1, help_text=_("How many NPCs share the card."), verbose_name=_("count")
    )
    card = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("card"))
    deck = models.PositiveSmallIntegerField(default=1, verbose_name=_("deck"))
    position = models.PositiveIntegerField(
        default=0, help_text=_("The place in the order, from 0."), verbose_name=_("position")
    )
    asks = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="asked_by",
        help_text=_("The combatant this one asks to swap cards with before the round begins."),
        verbose_name=_("asks to swap with"),
    )  # fmt: skip

    class Meta:
        ordering = ["position", "pk"]
        verbose_name = _("combatant")
        verbose_name_plural = _("combatants")

    def __str__(self):
        return self.label

    @property
    def is_npc(self) -> bool:
        return self.character_id is None

    @property
    def label(self) -> str:
        if self.character_id is not None:
            return self.character.name
        return f"{self.name} \u00d7{self.count}" if self.count > 1 else self.name

    @property
    def card_text(self) -> str:
        if self.card is None:
            return ""
        return str(self.card) if self.deck == 1 else f"{self.card}·{self.deck}"


from rolls.api.tokens import ApiToken  # noqa: E402  the API's tokens (rolls/api/tokens.py)
from rolls.discord.models import PartyWebhook  # noqa: E402  (the Discord webhook)

__all__ = [
    "ApiToken", "Combatant", "Conflict", "GroupCheck", "GroupParticipant", "PartyWebhook", "Roll",
]  # fmt: skip
