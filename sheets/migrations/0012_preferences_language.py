from django.db import migrations, models


class Migration(migrations.Migration):
    """A person's language (docs/i18n.md): "" (everyone so far) follows the browser."""

    dependencies = [
        ("sheets", "0011_portraits"),
    ]

    operations = [
        migrations.AddField(
            model_name="preferences",
            name="language",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
    ]
