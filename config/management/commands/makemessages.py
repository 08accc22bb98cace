"""Django's makemessages, knowing the words of a stored roll: ``say("...")``,
``say_n("...", "...", n)`` and ``say_in("context", "...")``
(sheets/systems/dice/words.py) mark messages for the catalogue as gettext does, so
the pure engines mark their text without Django.
Only in the Python and template domain ("django"): the scripts' own ``say(...)``
(static/js) speaks already translated words and marks nothing."""

from django.core.management.commands import makemessages

SAYINGS = [
    "--keyword=say",
    "--keyword=say_n:1,2",
    "--keyword=say_in:1c,2",
    "--keyword=pgettext_noop:1c,2",  # a stored history reason (sheets/reasons.py)
]


class Command(makemessages.Command):
    def handle(self, *args, **options):
        domain = options.get("domain") or "django"
        base = makemessages.Command.xgettext_options
        self.xgettext_options = [*base, *SAYINGS] if domain == "django" else list(base)
        return super().handle(*args, **options)
