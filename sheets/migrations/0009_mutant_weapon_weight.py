"""A Mutant: Year Zero weapon has its weight, counted with the gear (issue 32).

Every weapon gets 1 line, the seed's weight of a spiked bat, except a weapon its sheet
already lists as a gear line of the same name (as the sheet used to ask): that line
carries its weight, so the weapon gets 0 and the sheet's encumbrance stays what it was.
The weapon's history rows get the same weight, so a restore brings back what counted.
Reversible: going back removes the field.
"""

from django.db import migrations, models


def _key(name):
    return "".join(filter(str.isalpha, name.lower()))  # "Spiked bat" == "spiked-bat"


def weigh_weapons(apps, schema_editor):
    weapon_model = apps.get_model("sheets", "MutantWeapon")
    history = apps.get_model("sheets", "HistoricalMutantWeapon")
    gear = apps.get_model("sheets", "MutantGearLine")
    listed = {
        (sheet_id, _key(name))
        for sheet_id, name in gear.objects.filter(tiny=False).values_list("sheet_id", "name")
    }
    in_gear = [
        pk
        for pk, sheet_id, name in weapon_model.objects.values_list("pk", "sheet_id", "name")
        if (sheet_id, _key(name)) in listed
    ]
    weapon_model.objects.filter(pk__in=in_gear).update(weight=0)
    history.objects.filter(id__in=in_gear).update(weight=0)


def weight_field():
    return models.DecimalField(
        decimal_places=2,
        default=1,
        max_digits=4,
        verbose_name="weight (lines)",
        help_text="Lines of gear it takes: 1 for a bat, 0.5 for a slingshot.",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("sheets", "0008_new_characters_start_without_role"),
    ]

    operations = [
        *(
            migrations.AddField(model_name=model, name="weight", field=weight_field())
            for model in ("historicalmutantweapon", "mutantweapon")
        ),
        migrations.AddConstraint(
            model_name="mutantweapon",
            constraint=models.CheckConstraint(
                condition=models.Q(("weight__gte", 0)), name="mutantweapon_weight_not_negative"
            ),
        ),
        migrations.RunPython(weigh_weapons, migrations.RunPython.noop),
    ]
