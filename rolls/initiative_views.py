"""Initiative on the web (docs/initiative.md): the GM starts a conflict from the
dashboard and runs it there; every page of the party shows the order and whose turn it
is, fetched again whenever the feed says it changed (the ``initiative`` event). The
dashboard shows the panel (``view=panel``), a sheet page a strip (``view=strip``); each
viewer gets what they may see (hidden NPC cards) and do (the GM's buttons, a player's
swap). No view here names a game system (rolls/initiative.py, the registry)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.ids import id_or_404, parse_id
from rolls import initiative
from rolls.forms.conflict import ConflictForm
from rolls.models import Conflict, error_words
from rolls.rng import server_rng
from sheets.models import Character, Party
from sheets.party_settings import systems_in
from sheets.systems.dice.core import DiceError
from sheets.systems.registry import get_system

VIEWS = ("panel", "strip")


def _view(request) -> str:
    view = request.GET.get("view") or request.POST.get("view") or "panel"
    return view if view in VIEWS else "panel"


def _page_character(request, party):
    raw = request.GET.get("character") or request.POST.get("page_character") or ""
    if not raw:
        return None
    pk = id_or_404(raw, _("No such character in this party."))
    return get_object_or_404(Character, pk=pk, party=party)


def order_rows(conflict, user, is_gm: bool):
    """The conflict's order as this viewer sees it: each combatant with its card (or
    "NPC" where the GM hides it), whether it acts now, and the swaps this viewer may
    ask for or answer."""
    combatants = initiative.ordered(conflict)
    before_round = conflict.turn is None
    rows = []
    for index, combatant in enumerate(combatants):
        hidden = combatant.is_npc and conflict.hide_npc_cards and not is_gm
        own = is_gm or (not combatant.is_npc and combatant.character.owner_id == user.pk)
        partners = []
        if own and (before_round or is_gm):
            partners = [
                other
                for other in combatants
                if other.pk != combatant.pk and (is_gm or other.is_npc == combatant.is_npc)
            ]
        askers = [
            other for other in combatants if other.asks_id == combatant.pk and own and before_round
        ]
        rows.append(
            {
                "combatant": combatant,
                "place": index + 1,
                "card": "" if hidden else combatant.card_text,
                "hidden": hidden,
                "acting": conflict.turn == index,
                "own": own and not combatant.is_npc,
                "partners": partners,
                "askers": askers,
            }
        )
    return rows


def _context(request, party, status_error=None):
    is_gm = party.is_gm(request.user)
    conflict = initiative.running(party)
    rows = order_rows(conflict, request.user, is_gm) if conflict else []
    acting = next((row for row in rows if row["acting"]), None)
    starts = list(systems_in(party)) if is_gm else []
    turn = conflict.turn if conflict else None
    if turn is None:
        next_row = rows[0] if rows else None
    else:
        next_row = rows[turn + 1] if turn + 1 < len(rows) else None
    return {
        "party": party,
        "conflict": conflict,
        "rows": rows,
        "acting": acting,
        "is_last_turn": turn is not None and turn + 1 >= len(rows),
        "next_row": next_row,
        "is_gm": is_gm,
        "starts": starts,
        "view": _view(request),
        "page_character": _page_character(request, party),
        "error": status_error,
    }


def _render(request, party, *, error=None, status=200):
    context = _context(request, party, error)
    template = "rolls/_initiative_strip.html" if context["view"] == "strip" else (
        "rolls/_initiative_panel.html"
    )  # fmt: skip
    response = render(request, template, context, status=status)
    if error:
        note = format_html(
            '<p class="alert alert-warning py-1 px-2 small mb-2" role="alert" '
            "data-initiative-error>{}</p>",
            error,
        )
        response.content = str(note).encode() + response.content
    return response


@login_required
@require_GET
def initiative_panel(request, pk):
    """The order as this member sees it: the dashboard's panel or a sheet's strip."""
    party = get_object_or_404(Party.objects.for_user(request.user), pk=pk)
    return _render(request, party)


@login_required
def initiative_start(request, pk, system):
    """The GM's form to start a conflict in one game (GET), and starting it (POST)."""
    party = get_object_or_404(Party, pk=pk, gm=request.user)
    try:
        descriptor = get_system(system)
    except LookupError as error:
        raise Http404(error_words(error)) from error
    data = request.POST if request.method == "POST" else None
    form = ConflictForm(party, descriptor, data)
    if request.method == "POST" and form.is_valid():
        try:
            initiative.start(
                party,
                descriptor,
                form.cleaned_data["chosen"],
                form.cleaned_data["npcs"],
                hide_npc_cards=form.cleaned_data.get("hide_npc_cards", False),
                user=request.user,
                rng=server_rng(),
            )
        except DiceError as error:
            form.add_error(None, error_words(error))
        else:
            return redirect(reverse("party_dashboard", args=[party.pk]) + "#initiative")
    context = {"party": party, "system": descriptor, "form": form}
    status = 422 if request.method == "POST" else 200
    return render(request, "rolls/initiative_new.html", context, status=status)


def _conflict_for_member(request, pk) -> Conflict:
    conflict = get_object_or_404(Conflict.objects.select_related("party"), pk=pk)
    if not conflict.party.is_member(request.user):
        raise Http404(_("No such conflict."))
    return conflict


def _answer(request, conflict, do):
    """Run one step (``do()``) and answer with the caller's view of the order (HTMX), or
    go back to the page the form was on; a refused step says why, in place."""
    try:
        do()
    except initiative.Refused as refused:
        if request.htmx:
            return _render(
                request, conflict.party, error=error_words(refused), status=refused.status
            )
        return render(
            request, "rolls/initiative_error.html",
            {"party": conflict.party, "error": error_words(refused)}, status=refused.status,
        )  # fmt: skip
    if request.htmx:
        return _render(request, conflict.party)
    character = _page_character(request, conflict.party)
    if character is not None:
        return redirect(character)
    if conflict.party.is_gm(request.user):
        return redirect(reverse("party_dashboard", args=[conflict.party_id]) + "#initiative")
    return redirect("party_detail", pk=conflict.party_id)


def _gm_conflict(request, pk):
    conflict = _conflict_for_member(request, pk)
    if not conflict.party.is_gm(request.user):
        return conflict, HttpResponseForbidden(_("Only the GM runs the conflict."))
    return conflict, None


@login_required
@require_POST
def initiative_advance(request, pk):
    """``do=turn``: the next turn (the round begins, or ends after the last);
    ``do=round``: the next round at once."""
    conflict, refused = _gm_conflict(request, pk)
    if refused:
        return refused
    whole = request.POST.get("do") == "round"
    return _answer(
        request, conflict, lambda: initiative.advance(conflict.pk, request.user, whole_round=whole)
    )


@login_required
@require_POST
def initiative_redraw(request, pk):
    conflict, refused = _gm_conflict(request, pk)
    if refused:
        return refused
    return _answer(request, conflict, lambda: initiative.redraw(conflict.pk, server_rng()))


@login_required
@require_POST
def initiative_hide(request, pk):
    conflict, refused = _gm_conflict(request, pk)
    if refused:
        return refused
    hidden = request.POST.get("hide") == "1"
    return _answer(request, conflict, lambda: initiative.set_hidden(conflict.pk, hidden))


@login_required
@require_POST
def initiative_end(request, pk):
    conflict, refused = _gm_conflict(request, pk)
    if refused:
        return refused
    return _answer(request, conflict, lambda: initiative.end(conflict.pk))


def _refuse_input(request, conflict, message):
    def fail():
        raise initiative.Refused(message, 422)

    return _answer(request, conflict, fail)


@login_required
@require_POST
def initiative_move(request, pk):
    """The GM moves a combatant one place up or down (``direction``)."""
    conflict, refused = _gm_conflict(request, pk)
    if refused:
        return refused
    combatant = parse_id(request.POST.get("combatant", ""))
    places = {"up": -1, "down": 1}.get(request.POST.get("direction", ""))
    if combatant is None or places is None:
        return _refuse_input(request, conflict, _("Pick whom to move, and up or down."))
    return _answer(request, conflict, lambda: initiative.move(conflict.pk, combatant, places))


@login_required
@require_POST
def initiative_order(request, pk):
    """The GM's whole order at once (``order``: combatant ids, comma-separated)."""
    conflict, refused = _gm_conflict(request, pk)
    if refused:
        return refused
    pks = [parse_id(part.strip()) for part in request.POST.get("order", "").split(",")]
    if not pks or None in pks:
        return _refuse_input(request, conflict, _("The order must name every combatant once."))
    return _answer(request, conflict, lambda: initiative.reorder(conflict.pk, pks))


def _owned_combatant(request, conflict, raw):
    """The combatant posted, if this user plays it (or is the GM): else a refusal."""
    pk = parse_id(raw or "")
    combatant = conflict.combatants.select_related("character").filter(pk=pk).first()
    if combatant is None:
        return None, _("Pick a combatant of this conflict.")
    if conflict.party.is_gm(request.user):
        return combatant, None
    if combatant.is_npc or combatant.character.owner_id != request.user.pk:
        return None, "forbidden"
    return combatant, None


@login_required
@require_POST
def initiative_swap(request, pk):
    """Ask another combatant of the same side to swap cards before the round (the GM
    swaps any two at once)."""
    conflict = _conflict_for_member(request, pk)
    mine, problem = _owned_combatant(request, conflict, request.POST.get("combatant"))
    if problem == "forbidden":
        return HttpResponseForbidden(_("Only this character's player (or the GM) asks to swap."))
    other = parse_id(request.POST.get("other", ""))
    if problem or other is None:
        return _refuse_input(request, conflict, problem or _("Pick whom to swap with."))
    by_gm = conflict.party.is_gm(request.user)
    return _answer(
        request, conflict, lambda: initiative.ask_swap(conflict.pk, mine.pk, other, by_gm=by_gm)
    )


@login_required
@require_POST
def initiative_swap_answer(request, pk):
    """The asked combatant's player (or the GM) accepts (``answer=yes``) or declines."""
    conflict = _conflict_for_member(request, pk)
    asked, problem = _owned_combatant(request, conflict, request.POST.get("combatant"))
    if problem == "forbidden":
        return HttpResponseForbidden(_("Only this character's player (or the GM) answers."))
    asker = parse_id(request.POST.get("asker", ""))
    if problem or asker is None:
        return _refuse_input(request, conflict, problem or _("Pick whose request to answer."))
    accept = request.POST.get("answer") == "yes"
    return _answer(
        request,
        conflict,
        lambda: initiative.answer_swap(conflict.pk, asked.pk, asker, accept=accept),
    )
