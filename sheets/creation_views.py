"""The creation steps of a new character (``sheets.creation``): one page a step, each a
form with Back and Next, that works without JavaScript. None of this names a system."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from sheets.creation import position
from sheets.editing import editable_character
from sheets.editing.saving import locked_sheet


def step_url(character, step) -> str:
    return reverse("character_creation_step", args=[character.pk, step.slug])


@login_required
def character_creation(request, pk, step=""):
    character = editable_character(request, pk)
    system = character.system_descriptor
    steps = system.creation_steps
    if not steps:
        return redirect(character)
    try:
        index = position(steps, step)
    except ValueError:
        raise Http404(_("No such creation step.")) from None
    current = steps[index]
    status = 200
    if request.method == "POST":
        with transaction.atomic():
            sheet = locked_sheet(system, character)
            form = current.form_class(sheet, data=request.POST)
            saved = form.is_valid()
            if saved:
                form.save()
        if saved:
            if index + 1 < len(steps):
                return redirect(step_url(character, steps[index + 1]))
            messages.success(
                request,
                _("%(name)s is made: the sheet is theirs to play.") % {"name": character.name},
            )
            return redirect(character)
        status = 422
    else:
        form = current.form_class(getattr(character, system.sheet_related_name))
    context = {
        "character": character,
        "system": system,
        "step": current,
        "number": index + 1,
        "steps": [{"step": s, "url": step_url(character, s)} for s in steps],
        "back": step_url(character, steps[index - 1]) if index else "",
        "next": steps[index + 1] if index + 1 < len(steps) else None,
        "form": form,
    }
    return render(request, "sheets/creation.html", context, status=status)
