"""`manage.py restore PATH`: every row of the database replaced by a backup's."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

from config import backup


class Command(BaseCommand):
    help = (
        "Replace every row of the database with the backup at PATH (made by manage.py "
        "backup), and the uploaded files with PATH.media.tar's when it is there. Stop the "
        "app first; run manage.py migrate after it."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="a file written by manage.py backup")
        parser.add_argument(
            "--noinput", "--no-input", action="store_false", dest="interactive",
            help="do not ask for confirmation",
        )  # fmt: skip

    def handle(self, *args, path, interactive=True, **options):
        source = Path(path)
        name = connections[DEFAULT_DB_ALIAS].settings_dict["NAME"]
        if interactive:
            answer = input(
                f"This replaces every row of the database {name} with the backup {source}.\n"
                "Type 'yes' to go on: "
            )
            if answer.strip().lower() != "yes":
                raise CommandError("restore cancelled: nothing was changed")
        try:
            files = backup.restore(source)
        except (backup.BackupError, OSError) as error:
            raise CommandError(f"restore failed: {error}") from error
        self.stdout.write(self.style.SUCCESS(f"Restored {name} from {source}"))
        if files is None:
            self.stdout.write(
                f"No {backup.media_path(source).name} beside it: the uploaded files "
                "(portraits) were left as they are."
            )
        else:
            self.stdout.write(f"Restored {files} uploaded files (portraits).")
        self.stdout.write(
            "Next: manage.py migrate (a backup of an older release), then start the app."
        )
