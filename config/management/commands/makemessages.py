"""Django's makemessages, knowing the words of a stored roll: ``say("...")`` and
``say_n("...", "...", n)`` (sheets/systems/dice/words.py) mark messages for the
catalogue as gettext does, so the pure engines mark their text without Django."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=say",
        "--keyword=say_n:1,2",
    ]
