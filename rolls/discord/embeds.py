"""A roll as Discord shows it: one embed with who rolled what, the dice, the outcome and
what changed on the sheet; a push says so. Mentions are turned off (a character named
"@everyone" pings nobody) and every text is cut to Discord's limits."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rolls.models import in_words
from rolls.spoken import all_dice, spoken_die

COLOURS = {"crit": 0xF1C40F, "success": 0x2E9E5B, "failure": 0xC0392B, "": 0x5865F2}
# Discord's limits: title 256, description 4096, field name 256, field value 1024
TITLE, DESCRIPTION, FIELD = 256, 4096, 1024


def _cut(text: str, limit: int) -> str:
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def dice_line(result: dict) -> str:
    """Every die of the roll, as the feed's screen-reader line says them."""
    return "; ".join(spoken_die(die) for die in all_dice(result or {}))


def roll_embed(roll) -> dict:
    """The webhook's JSON body for ``roll`` (read with its character, user and party)."""
    if roll.is_push:
        title = _("%(who)s pushed: %(what)s") % {"who": roll.who, "what": roll.label_words}
    else:
        title = _("%(who)s: %(what)s") % {"who": roll.who, "what": roll.label_words}
    fields = []
    dice = dice_line(roll.result)
    if dice:
        fields.append({"name": _("Dice"), "value": _cut(dice, FIELD)})
    changed = [in_words(e.get("note") or e.get("target") or "") for e in roll.effects or ()]
    changed = [words for words in changed if words]
    if changed:
        fields.append({"name": _("On the sheet"), "value": _cut("; ".join(changed), FIELD)})
    if roll.user is not None:
        fields.append({"name": _("Rolled by"), "value": _cut(roll.user.username, FIELD),
                       "inline": True})  # fmt: skip
    if roll.is_push:
        fields.append({"name": _("Push"), "value": _("of roll #%(pk)s") % {
            "pk": roll.pushed_from_id}, "inline": True})  # fmt: skip
    elif roll.pushable:
        fields.append({"name": _("Push"), "value": _("may be pushed"), "inline": True})
    embed = {
        "title": _cut(title, TITLE),
        "description": _cut(f"**{roll.outcome_words}**" if roll.outcome else "", DESCRIPTION),
        "color": COLOURS.get(roll.tone, COLOURS[""]),
        "fields": fields,
        "footer": {"text": _cut(f"{roll.party.name if roll.party else ''} · #{roll.pk}", 2048)},
    }
    if roll.created is not None:
        embed["timestamp"] = roll.created.isoformat()
    return {"username": "Tableside", "embeds": [embed], "allowed_mentions": {"parse": []}}
