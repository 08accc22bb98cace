"""`manage.py backup [PATH]`: a consistent copy of the whole database (config/backup.py)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config import backup


class Command(BaseCommand):
    help = (
        "Back up the whole database to PATH (default: $TABLESIDE_BACKUP_DIR or backups/, "
        "named by the time), and the uploaded files beside it (PATH.media.tar). SQLite: its "
        "online backup; PostgreSQL: pg_dump."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", help="the backup file to write")
        parser.add_argument(
            "--keep",
            type=int,
            metavar="N",
            help="then delete all but the N newest backups named by this command in its folder",
        )

    def handle(self, *args, path=None, keep=None, **options):
        if keep is not None and keep < 1:
            raise CommandError("--keep needs 1 or more: the backup just made is kept")
        target = Path(path) if path else backup.default_path()
        try:
            written = backup.backup(target)
        except (backup.BackupError, OSError) as error:
            raise CommandError(f"backup failed: {error}") from error
        media = backup.media_path(written)
        self.stdout.write(
            self.style.SUCCESS(
                f"Backed up to {written} ({written.stat().st_size:,} bytes), and the uploaded "
                f"files (portraits) to {media} ({media.stat().st_size:,} bytes)"
            )
        )
        if keep is not None:
            for old in backup.prune(written.parent, keep):
                self.stdout.write(f"  removed the older {old}")
