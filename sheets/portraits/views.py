"""The portrait page (upload, remove) for the owner and the party's GM, and the
portrait's pictures for whoever may see the character."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from sheets.editing import editable_character
from sheets.models import Character
from sheets.portraits import images, store


class PortraitForm(forms.Form):
    picture = forms.FileField(
        label=gettext_lazy("Portrait"),
        help_text=gettext_lazy(
            "A PNG, JPEG or WebP picture, at most 5 MB. It is cut to a square (a little "
            "above the middle) and its camera data (place, date, device) is left out."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": "image/png,image/jpeg,image/webp"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.attrs = {"enctype": "multipart/form-data", "data-portrait-form": ""}
        self.helper.add_input(Submit("upload", _("Upload")))

    def clean_picture(self):
        upload = self.cleaned_data["picture"]
        if upload.size > images.MAX_BYTES:  # refused before a byte of it is read
            raise forms.ValidationError(images.too_large_message(upload.size))
        try:
            self.cleaned_data["files"] = images.portrait_files(upload.read())
        except images.PortraitRefused as refused:
            raise forms.ValidationError(str(refused)) from None
        return upload


@login_required
def character_portrait(request, pk):
    """The owner's (and the GM's) page for the portrait: the picture, a new one, remove."""
    character = editable_character(request, pk)
    form = PortraitForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            store.replace(character, form.cleaned_data["files"])
            messages.success(request, _("%(name)s has a new portrait.") % {"name": character.name})
            return redirect(character)
        status = 422
    return render(
        request, "sheets/portrait.html", {"character": character, "form": form}, status=status
    )


@login_required
@require_POST
def character_portrait_remove(request, pk):
    """Remove the portrait: asked once more on the page (``confirm`` missing), then done."""
    character = editable_character(request, pk)
    if request.POST.get("confirm") != "yes":
        context = {"character": character, "form": PortraitForm(), "confirm_remove": True}
        return render(request, "sheets/portrait.html", context)
    if store.remove(character):
        messages.success(request, _("%(name)s's portrait is removed.") % {"name": character.name})
    return redirect(character)


@login_required
@require_GET
def character_portrait_image(request, pk, size):
    """One size of the portrait, for the owner, the party's GM and the party's players
    (who see the character's rolls in the feed); 404 for anyone else and for a
    character without a portrait. Private cache, ETag: the key changes with each
    upload, and the pages ask for ``?v=<key>``."""
    if size not in images.SIZES:
        raise Http404(_("No such portrait size."))
    user = request.user
    visible = Character.objects.filter(
        Q(owner=user) | Q(party__gm=user) | Q(party__memberships__user=user)
    ).exclude(portrait="")
    character = get_object_or_404(visible.values_list("pk", "portrait").distinct(), pk=pk)
    key = character[1]
    etag = f'"{key}-{size}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        # Read whole (a few tens of kilobytes): a FileResponse's file iterator is
        # synchronous, which the ASGI server must consume from a thread, with a warning.
        try:
            with store.open_file(pk, key, size) as file:
                response = HttpResponse(file.read(), content_type="image/webp")
        except FileNotFoundError:
            raise Http404(_("This portrait's file is missing.")) from None
    response["ETag"] = etag
    patch_cache_control(response, private=True, max_age=60 * 60)
    return response
