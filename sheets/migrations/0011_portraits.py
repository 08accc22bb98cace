from django.db import migrations, models


class Migration(migrations.Migration):
    """A character's portrait (sheets/portraits/): the key naming its files in the
    default storage; empty for none. Not in the sheet's history."""

    dependencies = [
        ("sheets", "0010_preferences"),
    ]

    operations = [
        migrations.AddField(
            model_name="character",
            name="portrait",
            field=models.CharField(blank=True, default="", editable=False, max_length=32),
        ),
    ]
