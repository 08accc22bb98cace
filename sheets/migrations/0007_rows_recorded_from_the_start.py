"""Every sheet row gets a history row for its creation.

Until this migration an Agents sheet's 56 seed skills (and the demo table's rows) were
inserted without history rows. An undo or a restore to a moment before such a row's first
change then took it for a row added since, and removed it. The rows that have no history
row at all were never changed since they were written: one "+" record each, with their
values, dated when their character was created, says they were there from the start.
"""

from django.db import migrations

REASON = "Came with the new sheet"  # sheets.history_access.SHEET_ROWS_REASON


def record_rows_from_the_start(apps, schema_editor):
    Character = apps.get_model("sheets", "Character")
    for historical in apps.get_app_config("sheets").get_models():
        name = historical.__name__
        if not name.startswith("Historical"):
            continue
        model = apps.get_model("sheets", name.removeprefix("Historical"))
        if "sheet" not in {f.name for f in model._meta.fields}:
            continue  # not a sheet's row (the character, a sheet itself, a party's clock)
        recorded = historical.objects.values("id")
        rows = list(model.objects.exclude(pk__in=recorded))
        if not rows:
            continue
        created = dict(
            Character.objects.filter(pk__in={row.sheet_id for row in rows}).values_list(
                "pk", "created"
            )
        )
        fields = [f for f in historical._meta.concrete_fields if not f.name.startswith("history_")]
        historical.objects.bulk_create(
            [
                historical(
                    history_type="+",
                    history_date=created[row.sheet_id],
                    history_change_reason=REASON,
                    **{f.attname: getattr(row, f.attname) for f in fields},
                )
                for row in rows
            ],
            batch_size=500,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("sheets", "0006_party_settings"),
    ]

    operations = [
        migrations.RunPython(record_rows_from_the_start, migrations.RunPython.noop),
    ]
