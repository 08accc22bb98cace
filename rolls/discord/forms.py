from django import forms
from django.utils.translation import gettext_lazy as _

from rolls.discord.webhooks import WebhookError, validate_webhook_url


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("Webhook URL"), max_length=500, required=False, strip=True,
        widget=forms.URLInput(attrs={"autocomplete": "off", "spellcheck": "false",
                                     "inputmode": "url"}),
    )  # fmt: skip

    def clean_url(self):
        try:
            return validate_webhook_url(self.cleaned_data["url"])
        except WebhookError as error:
            raise forms.ValidationError(str(error)) from None
