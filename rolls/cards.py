"""A roll as a feed shows it (its card), written in Python.

A sheet page and the GM's dashboard show the party's last 30 rolls and every roll goes
to every open page: as a template a card cost about 0.7 ms, more than the rest of a
sheet page's feed. The feeds' templates call it through ``{% roll_card %}`` (feed_tags),
the live feed and the reveal view directly; tests/rolls/test_roll_card.py holds what it
shows.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.dateformat import format as date_format
from django.utils.dateformat import time_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime

from config.form_renderer import csrf_input, escaped
from rolls.templatetags.dice_tags import dice_list
from sheets.portraits.markup import portrait_html


def roll_dice_html(roll, small: bool = False) -> SafeString:
    """A roll's dice: in labelled groups when it has several throws (base dice by size,
    then ammo dice...)."""
    result, pushed = roll.result or {}, roll.is_push
    groups = result.get("dice_groups")
    if not groups:
        return dice_list(result.get("dice"), pushed, small)
    return mark_safe(
        "".join(
            '<div class="dice-group"><span class="dice-group-label">'
            f"{escaped(group.get('label', ''))}</span>"
            f"{dice_list(group.get('dice'), pushed, small)}</div>"
            for group in groups
        )
    )


def _when(roll) -> str:
    moment = template_localtime(roll.created)
    return (
        f'<time class="small text-body-secondary" datetime="{date_format(moment, "c")}">'
        f"{time_format(moment, 'H:i')}</time>"
    )


def _secret_card(roll, new: str, swap: str) -> str:
    return (
        f'<article class="card roll-card roll-card-secret{new}" id="roll-card-{roll.pk}"'
        f' data-roll="{roll.pk}" data-roll-secret{swap}>'
        '<div class="card-body py-2 d-flex justify-content-between gap-2">'
        '<div class="text-body-secondary"><span aria-hidden="true">&#x1F3B2;</span>'
        f" The GM rolled, in secret.</div>{_when(roll)}</div></article>"
    )


def _reveal_form(roll, csrf_token) -> str:
    url = reverse("roll_reveal", args=[roll.pk])
    return (
        f'<form method="post" action="{url}" hx-post="{url}" hx-target="#roll-card-{roll.pk}"'
        f' hx-swap="outerHTML" class="mt-1">{csrf_input(csrf_token)}<button class="btn btn-sm'
        ' btn-outline-light" type="submit">Reveal to the party</button></form>'
    )


def _push_controls(roll, is_gm: bool, csrf_token) -> str:
    """What a card offers while the roll's push is open. The roller's Push: on the
    players' card for a character's roll, hidden until the page of that character shows
    it (static/js/feed.js: the players share one channel); on the GM's card for the
    NPC's side. The GM's card of a character's roll: Close the push, never Push."""
    if not roll.push_open:
        if (roll.result or {}).get("push_closed"):
            return (
                '<p class="small text-body-secondary mb-0 mt-1" data-push-closed>'
                "Push closed by the GM.</p>"
            )
        return ""
    if is_gm and not roll.gm_pushes:
        url = reverse("roll_close_push", args=[roll.pk])
        return (
            f'<form method="post" action="{url}" hx-post="{url}" hx-target="#roll-card-{roll.pk}"'
            f' hx-swap="outerHTML" class="mt-1" data-close-push>{csrf_input(csrf_token)}'
            '<button class="btn btn-sm btn-outline-secondary" type="submit">Close the push'
            "</button></form>"
        )
    if roll.gm_pushes and not is_gm:  # the NPC's side: the GM's to push
        return ""
    url = reverse("roll_push", args=[roll.pk])
    side = (roll.result or {}).get("push_side")
    label = f"Push {escaped(side)}" if side else "Push the roll"
    hidden = "" if is_gm else " hidden"
    return (
        f'<form method="post" action="{url}" class="mt-1"'
        f' data-card-push="{roll.character_id or "npc"}"{hidden}>{csrf_input(csrf_token)}'
        '<button class="btn btn-sm btn-warning" type="submit"'
        f' aria-label="{label}: {escaped(roll.label)}">{label}</button></form>'
    )


def roll_card_html(
    roll, *, is_gm: bool = False, is_new: bool = False, oob: bool = False, csrf_token=None
) -> SafeString:
    """The card of ``roll`` for a viewer: ``is_gm`` sees a secret roll in full, with
    Reveal (anyone else only "the GM rolled"); ``is_new`` marks a card just arrived;
    ``oob`` replaces the card already on the page (a later step of the roll)."""
    new = " is-new" if is_new else ""
    swap = ' hx-swap-oob="true"' if oob else ""
    if roll.secret and not is_gm:
        return mark_safe(_secret_card(roll, new, swap))
    who = f'<strong class="roll-card-who">{escaped(roll.who)}</strong>'
    if roll.character_id is not None and roll.character.portrait:  # the name is beside it
        who = portrait_html(roll.character, "card", placeholder=False) + who
    if roll.is_npc:
        who += ' <span class="badge text-bg-secondary">NPC</span>'
    elif roll.npc_name:
        opponent = escaped(roll.npc_name)
        who += f' <span class="text-body-secondary">vs</span> <strong>{opponent}</strong>'
    badges = ' <span class="badge text-bg-warning">pushed</span>' if roll.is_push else ""
    if roll.secret:
        badges += ' <span class="badge text-bg-dark border">secret</span>'
    effects = ""
    if roll.effects:
        items = "".join(
            f"<li>{escaped(effect.get('note') or effect.get('target', ''))}</li>"
            for effect in roll.effects
        )
        effects = f'<ul class="small mb-0 mt-1 ps-3" aria-label="Effects">{items}</ul>'
    if roll.undone:
        badges += ' <span class="badge text-bg-secondary">undone</span>'
        effects += "".join(
            f'<p class="small mb-0 mt-1 text-warning-emphasis" data-undone>Undone:'
            f" {escaped(line)}.</p>"
            for line in roll.undone
        )
    pushed = f' data-roll-pushed data-push-of="{roll.pushed_from_id}"' if roll.is_push else ""
    reveal = _reveal_form(roll, csrf_token) if roll.secret and is_gm else ""
    reveal += _push_controls(roll, is_gm, csrf_token)
    return mark_safe(
        f'<article class="card roll-card{new}" id="roll-card-{roll.pk}" data-roll="{roll.pk}"'
        f' data-roll-character="{roll.character_id or "npc"}"'
        f' data-roll-system="{escaped(roll.system)}" data-roll-kind="{escaped(roll.kind)}"'
        f' data-roll-tone="{escaped(roll.tone)}"{pushed}{swap}>'
        '<div class="card-body py-2"><div class="d-flex justify-content-between gap-2">'
        f'<div>{who} · <a class="roll-card-link" href="{reverse("roll_detail", args=[roll.pk])}">'
        f"{escaped(roll.label)}</a>{badges}</div>{_when(roll)}</div>"
        f'<div class="fw-bold" data-outcome>{escaped(roll.outcome)}</div>'
        f"{roll_dice_html(roll, small=True)}{effects}{reveal}</div></article>"
    )
