import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rolls", "0003_group_checks"),
    ]

    operations = [
        migrations.AlterField(
            model_name="roll",
            name="character",
            field=models.ForeignKey(
                blank=True,
                help_text="Empty for the GM's NPC and monster rolls.",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rolls",
                to="sheets.character",
            ),
        ),
        migrations.AddField(
            model_name="roll",
            name="npc_name",
            field=models.CharField(
                blank=True,
                default="",
                help_text="The NPC or monster the GM rolled for (or opposed the character with).",
                max_length=80,
            ),
        ),
    ]
