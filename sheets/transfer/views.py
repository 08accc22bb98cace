"""Export a sheet, export a party (its GM), import a file into a new character."""

from __future__ import annotations

import json

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from config.ids import IdChoiceField
from sheets.editing import readable_character
from sheets.models import Party
from sheets.systems.registry import system_choices
from sheets.transfer import reading
from sheets.transfer.export import character_document, filename, party_document
from sheets.transfer.importing import import_document


def _download(doc: dict, name: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(doc, indent=2, ensure_ascii=False) + "\n",
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_GET
def export_character(request, pk):
    """The sheet as a JSON file, for its owner and its party's GM (404 for anyone else)."""
    character = readable_character(request, pk)
    if not character.can_edit(request.user):
        return HttpResponse(status=404)
    return _download(character_document(character), filename(character.name, character.system))


@login_required
@require_GET
def export_party(request, pk):
    """Every character of the party and the roll log, for the party's GM only."""
    party = get_object_or_404(Party.objects.select_related("gm"), pk=pk, gm=request.user)
    return _download(party_document(party, request.user), filename(party.name, "party"))


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Character file"),
        help_text=_(
            "A Tableside export (.json) or a Foundry VTT actor exported from its "
            "Mutant: Year Zero or Twilight 2000 4E system. At most 1 MB."
        ),
    )
    system = forms.ChoiceField(
        label=_("Game system"),
        required=False,
        help_text=_("Leave it on “From the file” unless the file does not say."),
    )
    name = forms.CharField(
        label=_("Name"), max_length=100, required=False, help_text=_("Empty: the name in the file.")
    )
    party = IdChoiceField(
        label=_("Party"),
        queryset=Party.objects.none(),
        required=False,
        empty_label=_("No party yet"),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [("", _("From the file")), *system_choices()]
        self.fields["party"].queryset = Party.objects.for_user(user)
        self.helper = FormHelper()
        self.helper.attrs = {"enctype": "multipart/form-data"}
        self.helper.add_input(Submit("import", _("Import")))


@login_required
def import_character(request):
    """Upload a file: a new character owned by the importer if all of it is valid, else
    every error by its path and nothing saved."""
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    context = {"form": form, "errors": [], "refused": ""}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            doc = reading.document(reading.read_upload(data["file"]), data["system"])
        except reading.Refused as refusal:
            context["refused"] = str(refusal)
            return render(request, "sheets/import.html", context, status=422)
        result = import_document(doc, request.user, name=data["name"], party=data["party"])
        if result.errors:
            errors = [error.partition(": ")[::2] for error in result.errors]
            context.update(errors=errors, source=doc.source, system=doc.system)
            return render(request, "sheets/import.html", context, status=422)
        return render(
            request,
            "sheets/import_done.html",
            {"character": result.character, "doc": doc, "system": doc.system},
        )
    return render(request, "sheets/import.html", context, status=422 if form.errors else 200)
