"""Server-side rolls: the roll form (with exact odds), the roll, the push, a choice
on a result, and the party's log and live feed. No view here names a game system."""

from functools import partial

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_eventstream.views import events
from django_htmx.http import reswap, retarget, trigger_client_event

from config.ids import id_or_404
from rolls.actions import Rolled
from rolls.cards import roll_card_html
from rolls.discord.outbox import PARTY_WITH, roll_revealed, roll_saved
from rolls.feed_threads import unheld
from rolls.models import Roll, error_words
from rolls.rng import server_rng
from rolls.stream import announce_roll, channel_for, note_reader, reader_language
from sheets.editing import editable_character, locked_editable_sheet, locked_sheet
from sheets.models import Party
from sheets.restore import Change
from sheets.signals import touched_once
from sheets.systems.dice.core import DiceError
from sheets.systems.registry import get_system

CATCH_UP_PAGE = 50  # rolls a reopened feed catches up on per request

ZERO_CHANCES = {"0%", "0 %", "0.0%"}  # an outcome that cannot happen is not a row


def _action(request, character, slug):
    """The roll called ``slug`` if this user may make it for this character; else 404."""
    for action in character.system_descriptor.actions_for(character, request.user):
        if action.slug == slug:
            return action
    raise Http404(f"No roll called {slug}.")


def _page(request, name, context, status=200):
    """Render the roll page, or one of its partials for an HTMX request. A refused roll
    form goes back where the form was, with its errors."""
    context["odds"], context["odds_problems"] = _odds(context["form"])
    context["pool"] = _pool(context["form"])
    if not request.htmx:
        return render(request, "rolls/roll_page.html", context, status=status)
    response = render(request, f"rolls/roll_page.html#{name}", context, status=status)
    if request.method == "POST" and name == "roll-form":
        response = reswap(retarget(response, "#roll-form-slot"), "innerHTML")
    return response


def _roll_context(request, character, action) -> dict:
    roll_action = _action(request, character, action)
    is_gm = character.party is not None and character.party.is_gm(request.user)
    return {"character": character, "action": roll_action, "roll": None, "is_gm": is_gm}


@login_required
def roll_form(request, pk, action):
    """GET: the roll's form with its exact odds. POST: roll against the sheet."""
    if request.method != "POST":
        character = editable_character(request, pk)
        context = _roll_context(request, character, action)
        context["form"] = context["action"].form_class(character.sheet, initial=request.GET.dict())
        return _page(request, "roll-form", context)
    try:
        # The sheet is read once, locked, with its character: the form checks the
        # inputs against the rows the roll then reads, and nothing changes them between.
        with transaction.atomic():
            character, sheet = locked_editable_sheet(
                request, pk, party_with=PARTY_WITH, action=action
            )
            context = _roll_context(request, character, action)
            roll_action, is_gm = context["action"], context["is_gm"]
            form = context["form"] = roll_action.form_class(
                sheet, data=request.POST, initial=request.GET.dict()
            )
            if form.is_valid():
                context["roll"] = _record_locked(
                    sheet, character, request.user, lambda locked: roll_action.runner(
                        locked, form.cleaned_data, server_rng()
                    ),
                    secret=is_gm and request.POST.get("secret") == "on",
                )  # fmt: skip
    except DiceError as error:
        form.add_error(None, error_words(error))
    if context["roll"] is None:  # refused: the form again, with why, once unlocked
        return _page(request, "roll-form", context, status=422)
    return _result_response(request, context)


@login_required
@require_GET
def roll_odds(request, pk, action):
    """The exact odds for the inputs currently in the roll form."""
    character = editable_character(request, pk)
    roll_action = _action(request, character, action)
    form = roll_action.form_class(character.sheet, data=request.GET or None)
    context = {"character": character, "action": roll_action, "form": form}
    return render(request, "rolls/roll_page.html#odds", {**context, **odds_context(form)})


def odds_context(form) -> dict:
    """What the odds partial shows for a form's current inputs: no odds for inputs the
    rules refuse, but why (never computed), else the exact odds and the dice."""
    if form.is_bound and not form.is_valid():
        problems = [str(e) for errors in form.errors.values() for e in errors]
        return {"odds": [], "pool": [], "odds_problems": problems}
    rows, problems = _odds(form)
    return {"odds": rows, "odds_problems": problems, "pool": _pool(form)}


def _pool(form):
    """The dice the form's roll would throw, drawn before rolling (``[{kind, size}]``), for
    forms that offer ``pool_dice()``; none for impossible inputs."""
    if not hasattr(form, "pool_dice"):
        return []
    try:
        return form.pool_dice()
    except DiceError:
        return []


def _odds(form):
    """The form's exact odds as ``(rows, problems)``. Inputs the dice refuse (a pool
    beyond what the odds compute exactly, an impossible configuration) give no rows and
    the reason, which the page shows instead of odds: never a long computation."""
    try:
        rows = form.odds()
    except DiceError as error:
        return [], [error_words(error)]
    return [row for row in rows if row[1] not in ZERO_CHANCES], []


@login_required
@require_POST
def push(request, pk):
    """Push a roll once. Only the active side of an opposed roll pushes: the GM pushes
    an NPC's roll and an opposed roll the NPC leads; the character's side goes to whoever
    may edit the character."""
    roll = _pushable_roll(request, pk)
    character = roll.character
    system = get_system(roll.system)
    is_gm = roll.party is not None and roll.party.is_gm(request.user)
    context = {"character": character, "action": None, "form": None, "roll": roll,
               "is_gm": is_gm}  # fmt: skip
    pusher = "npc_push" if roll.npc_name or roll.is_npc else "push"
    try:
        new_roll = _record(
            character, request.user, partial(_push_locked, system, roll.pk, pusher),
            pushed_from=roll, secret=roll.secret, party=roll.party, npc_name=roll.npc_name,
            system=system,
        )  # fmt: skip
    except PushRefused as refused:
        context["error"] = error_words(refused)
        return _result_response(request, context, status=409)
    except IntegrityError:
        context["error"] = _("This roll was already pushed, or cannot be pushed.")
        return _result_response(request, context, status=409)
    except DiceError as error:
        context["error"] = error_words(error)
        return _result_response(request, context, status=409)
    context["roll"] = new_roll
    return _result_response(request, context)


class PushRefused(Exception):
    pass


def _push_locked(system, roll_pk, pusher, locked_sheet):
    """The push, once the sheet is locked (a roll of the same character waits for it):
    refused once pushed, closed by the GM, or after the character's next roll."""
    original = Roll.objects.select_for_update().get(pk=roll_pk)
    refusal = (
        original.push_refusal() if getattr(system, pusher) else _("This roll cannot be pushed.")
    )
    if refusal:
        raise PushRefused(refusal)
    return system.call(pusher, locked_sheet, original, server_rng())


@login_required
@require_POST
def close_push(request, pk):
    """The GM closes a roll's push (the scene moved on): the roller is no longer offered
    it, on the card or the roll's page. Only the GM of the roll's party."""
    roll = get_object_or_404(
        Roll.objects.select_related("party", "character"), pk=pk, party__gm=request.user
    )
    with transaction.atomic():
        locked = Roll.objects.select_for_update().get(pk=roll.pk)
        if locked.push_open:
            locked.pushable = False
            locked.result = {**locked.result, "push_closed": True}
            locked.save(update_fields=["pushable", "result"])
            announce_roll(locked.pk, update=True)  # stored with the change
    roll.refresh_from_db()
    if request.htmx:
        return HttpResponse(roll_card_html(roll, is_gm=True))
    return redirect("roll_detail", pk=roll.pk)


@login_required
@require_POST
def choose(request, pk):
    """A step after the roll, on a result that asks for one: a misfire's pick, the die
    read with advantage (the player) or disadvantage (the GM), hits allocated, an
    option bought... The system's ``choose(sheet, roll, data, by_gm=...)`` validates the
    posted ``data``, applies it to the sheet and updates ``roll.result`` (it raises
    DiceError to refuse); the view records its effects and re-announces the roll."""
    roll = _own_roll(request, pk)
    character = roll.character
    system = character.system_descriptor
    context = {"character": character, "action": None, "form": None, "roll": roll}
    if not system.choose:
        context["error"] = _("This roll offers nothing to choose.")
        return _result_response(request, context, status=422)
    by_gm = character.party is not None and character.party.is_gm(request.user)
    with transaction.atomic():
        sheet = locked_sheet(system, character)  # the sheet first, as every roll locks
        locked_roll = Roll.objects.select_for_update().get(pk=roll.pk)
        context["roll"] = locked_roll
        change = Change(character.pk, f"the choice on {locked_roll.label} (roll #{roll.pk})",
                        roll_id=roll.pk)  # fmt: skip
        try:
            with transaction.atomic(), touched_once():
                effects = system.call("choose", sheet, locked_roll, request.POST, by_gm=by_gm)
        except DiceError as error:
            context["error"] = error_words(error)
            return _result_response(request, context, status=422)
        change.finish()
        locked_roll.undo_token = change.token if effects else ""
        locked_roll.effects = [*locked_roll.effects, *effects]
        # a step may change the outcome and label too (High spent after the roll turns a
        # Failure into a Cost; the Player's Option turns a failed check into a success),
        # or end the push (hits allocated)
        locked_roll.save(update_fields=["result", "effects", "outcome", "label", "pushable"])
        announce_roll(locked_roll.pk, update=True)
    return _result_response(request, context)


@login_required
@require_POST
def reveal(request, pk):
    """The GM shows a secret roll (and its push) to the party: it then appears in full
    in every feed, in place of "the GM rolled"."""
    roll = get_object_or_404(
        Roll.objects.select_related("party", "character"), pk=pk, party__gm=request.user
    )
    revealed = [roll]
    if hasattr(roll, "push"):
        revealed.append(roll.push)
    if roll.pushed_from_id:
        revealed.append(roll.pushed_from)
    for each in revealed:
        if each.secret:
            Roll.objects.filter(pk=each.pk).update(secret=False)
            announce_roll(each.pk, update=True)
            roll_revealed(each.pk, each.party_id)  # to Discord, now that the party sees it
    if request.htmx:
        roll.secret = False
        return HttpResponse(roll_card_html(roll, is_gm=True))
    return redirect("roll_detail", pk=roll.pk)


def _pushable_roll(request, pk):
    """A roll this user may push: the GM side (an NPC's roll, an opposed roll the NPC
    leads) for the party's GM only, the character's side for whoever edits it."""
    roll = get_object_or_404(
        Roll.objects.visible_to(request.user).select_related(
            "party", "character__party", "character__owner"
        ),
        pk=pk,
    )
    if roll.gm_pushes:
        if roll.party is None or not roll.party.is_gm(request.user):
            raise PermissionDenied(_("Only the GM pushes the NPC's side of this roll."))
    elif not roll.character.can_edit(request.user):
        raise Http404("Not your roll.")
    return roll


def _own_roll(request, pk):
    roll = get_object_or_404(
        Roll.objects.visible_to(request.user).select_related(
            "character__party", "character__owner"
        ),
        pk=pk,
    )
    if roll.character is None or not roll.character.can_edit(request.user):
        raise Http404("Not your roll.")
    return roll


def _record(
    character, user, run, pushed_from=None, secret=False, party=None, npc_name="", system=None
):
    """Run a roll with the sheet row locked and write the Roll and its feed events in the
    same transaction; once committed, the party's open pages get them. Without a
    character (the GM's NPC roll) there is no sheet to lock: ``run(None)``, for
    ``party``, in ``system``."""
    system = system or character.system_descriptor
    with transaction.atomic():
        sheet = locked_sheet(system, character) if character is not None else None
        return _record_locked(
            sheet, character, user, run, pushed_from=pushed_from, secret=secret, party=party,
            npc_name=npc_name, system=system,
        )  # fmt: skip


def _record_locked(
    sheet, character, user, run, pushed_from=None, secret=False, party=None, npc_name="",
    system=None,
):  # fmt: skip
    """``_record`` inside the caller's transaction, ``sheet`` locked by it."""
    # its moments, for an undo right after (an NPC has no sheet to undo)
    change = Change(character.pk, "") if character is not None else None
    with touched_once():  # the character's `updated` moves once, however many rows change
        rolled: Rolled = run(sheet)
    if change is not None:
        change.finish()
    roll = save_roll(
        character, user, rolled, pushed_from=pushed_from, secret=secret, party=party,
        npc_name=npc_name, system=system or character.system_descriptor,
    )  # fmt: skip
    roll.undo_token = ""
    if change is not None and rolled.effects:
        change.what = f"the effects of {roll.label} (roll #{roll.pk})"
        change.roll_id = roll.pk
        roll.undo_token = change.token
    return roll


def save_roll(
    character, user, rolled: Rolled, pushed_from=None, secret=False, party=None, npc_name="",
    system=None,
) -> Roll:  # fmt: skip
    """Write a roll (inside the caller's transaction, its sheet locked) and its card on the
    party's feed (stored in the same transaction, published once it commits). Without a
    character (an NPC's roll): ``party``, ``system`` and ``npc_name`` say whose it is."""
    roll = Roll.objects.create(
        character=character,
        npc_name=npc_name,
        party=character.party if character is not None else party,
        user=user,
        system=system.slug if system is not None else character.system,
        kind=rolled.kind,
        label=rolled.label,
        inputs=rolled.inputs,
        result=rolled.result,
        outcome=rolled.outcome,
        effects=rolled.effects,
        pushable=rolled.pushable,
        pushed_from=pushed_from,
        secret=secret,
    )
    Roll.push.related.set_cached_value(roll, None)  # a new roll has no push yet
    roll.push_exists = roll.newer_roll_exists = False  # nor a roll after it
    announce_roll(roll.pk, written=roll)  # its card as written, stored with the roll
    roll_saved(roll)  # to the party's Discord, once committed and answered
    return roll


def record_roll(character, user, run):
    """A roll (or an action without dice) made outside the roll form, by a party-level
    setting (the GM passing a round for every sheet): the same locked path as any roll."""
    return _record(character, user, run)


def _result_response(request, context, status=200):
    if not request.htmx:
        if status == 200:
            return redirect("roll_detail", pk=context["roll"].pk)
        return render(request, "rolls/roll_page.html", context, status=status)
    response = render(request, "rolls/roll_page.html#roll-result", context, status=status)
    if status == 200:
        trigger_client_event(response, "sheetChanged")
    return response


@login_required
def roll_detail(request, pk):
    """A roll's result on its own page (the no-JavaScript path lands here)."""
    roll = get_object_or_404(
        Roll.objects.visible_to(request.user).select_related("character__party", "party", "push"),
        pk=pk,
    )
    is_gm = roll.party is not None and roll.party.is_gm(request.user)
    context = {"character": roll.character, "action": None, "form": None, "roll": roll,
               "is_gm": is_gm}  # fmt: skip
    return render(request, "rolls/roll_page.html", context)


def _party_for_member(request, pk):
    return get_object_or_404(Party.objects.for_user(request.user), pk=pk)


@login_required
@require_GET
def party_log(request, pk):
    """The party's rolls for a feed that (re)opens its stream. Without ``after``: the
    latest ones. With ``after`` (the newest roll the page has): every roll since, a page
    at a time, oldest page first, to put on top of the feed (``HX-Reswap: afterbegin``);
    a page that is not the last asks for the next one itself."""
    party = _party_for_member(request, pk)
    context = {"party": party, "is_gm": party.is_gm(request.user)}
    after = request.GET.get("after", "")
    if not after:
        context["rolls"] = Roll.objects.feed_for(party)
        return render(request, "rolls/_log.html", context)
    page = list(Roll.objects.caught_up(party, id_or_404(after), CATCH_UP_PAGE + 1))
    more = len(page) > CATCH_UP_PAGE
    page = page[:CATCH_UP_PAGE]
    context.update(
        rolls=list(reversed(page)),  # newest on top once put above the feed
        next_after=page[-1].pk if more else None,
        catching_up=True,
    )
    return reswap(render(request, "rolls/_log.html", context), "afterbegin")


@login_required
async def party_events(request, pk):
    """The party's server-sent events (rolls and sheet changes). Async: the feed stays
    open all evening and holds no thread while it waits (rolls/feed_threads.py); its
    reads (the member check, the stream's start) are short trips to a thread."""
    return unheld(await sync_to_async(_open_feed)(request, pk))


def _open_feed(request, pk):
    party = _party_for_member(request, pk)
    language = reader_language()
    note_reader(party.pk, language)  # the party's events are rendered in it from now on
    return events(request, channels=[channel_for(party, request.user, language)])
