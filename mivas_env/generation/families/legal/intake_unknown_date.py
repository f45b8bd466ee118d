"""C6 intake, unknown date: the caller does not know the incident date, so the intake has none
and no deadline can be checked."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import intake_lock, new_intake
from mivas_env.generation.families.legal.matters import MATTERS


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    matter = rng.choice([m for m in MATTERS if m.event])
    intake = new_intake(draw, matter, known_date=False, for_someone=rng.random() < 0.5)
    if intake is None:
        return None
    return intake_lock(draw, intake,
                       "Intake where the caller does not know the incident date: the gold "
                       "create_intake has no incident_date (unconstrained in T and D) and no "
                       "deadline can be checked; area, phone, party and for_whom still must "
                       "match. ")


FAMILY = kit.legal_family("C6", "intake_unknown_date", make)
