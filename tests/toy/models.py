from django.db import models
from simple_history.models import HistoricalRecords

from tests.toy.dice import FRIGHTS_MAX, NERVE_MAX


class ToySheet(models.Model):
    character = models.OneToOneField(
        "sheets.Character", on_delete=models.CASCADE, primary_key=True, related_name="toy"
    )
    nerve = models.PositiveSmallIntegerField(default=3)
    frights = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        verbose_name = "Toy sheet"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(nerve__gte=1, nerve__lte=NERVE_MAX), name="toy_nerve_range"
            ),
            models.CheckConstraint(
                condition=models.Q(frights__lte=FRIGHTS_MAX), name="toy_frights_range"
            ),
        ]

    def __str__(self):
        return f"Toy sheet of {self.character}"
