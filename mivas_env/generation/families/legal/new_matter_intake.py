"""C3 new matter intake: conflict check, create_intake, and (with an incident date) the deadline."""

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import ALL_MATTERS, intake_lock, new_intake

CODE = "C3"
TEXT = kit.family_templates(__name__)  # the description


def make(draw: kit.Draw) -> kit.Draft | None:
    intake = new_intake(draw, draw.rng.choice(ALL_MATTERS))
    return intake_lock(draw, intake, TEXT.line("description"))
