"""The matters a caller brings, by practice area (``matters.json``): what happened, how the
caller tells it (for themselves or for a relative), who the other side is, which documents
exist. The caller's words for each practice area are split-held-out templates
(``templates/matters.json``)."""

import json
from dataclasses import dataclass
from importlib import resources

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.text import TemplateSet

SAYS = kit.family_templates(__name__)


@dataclass(frozen=True)
class Matter:
    """A kind of matter a caller brings. ``party``: "person", a company kind, or "" (none);
    ``story``/``summary`` take {party} (the other side) and {town}."""

    area: str
    says: TemplateSet  # the caller's words for the practice area
    story: str
    summary: str
    party: str
    party_role: str  # how the caller refers to the other side
    event: str  # what the incident date is the date of ("" when there is none)
    documents: tuple[tuple[str, str], ...] = ()  # (document_type, the caller's words)
    opening: str = ""  # a phrase for openings: "I was rear-ended"
    story_for: str = ""  # the story told for a relative: {whom}, {subj}, {pos}, {party}, {town}
    opening_for: str = ""  # the opening phrase for a relative: "{subj} was rear-ended"


RAW = json.loads(resources.files(kit.PACKAGE).joinpath("matters.json").read_text("utf-8"))
BY_KEY = {key: Matter(**{**fields, "says": SAYS[key], "documents": tuple(map(tuple, fields["documents"]))})
          for key, fields in RAW.items()}
FAMILY_MATTER = BY_KEY["family_divorce"]
ESTATE_MATTER = BY_KEY["estate_will"]
# The matters drawn for most families, in file order (personal injury first: C4 names them by
# index), without divorce and estate planning, which only some families use.
MATTERS = tuple(matter for key, matter in BY_KEY.items() if key not in ("family_divorce", "estate_will"))
