"""C6 intake, unknown date: no incident date, so no deadline can be checked."""

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import MATTERS, intake_lock, new_intake

CODE = "C6"
TEXT = kit.family_templates(__name__)  # the description


def make(draw: kit.Draw) -> kit.Draft | None:
    matter = draw.rng.choice([m for m in MATTERS if m.event])
    intake = new_intake(draw, matter, known_date=False, for_someone=draw.rng.random() < 0.5)
    return intake_lock(draw, intake, TEXT.line("description"))
