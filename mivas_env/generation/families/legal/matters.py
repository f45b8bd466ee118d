"""The matters a caller brings, by practice area: what happened, how the caller tells it (for
themselves or for a relative), who the other side is, which documents exist. The caller's
words for each practice area are split-held-out templates (``templates/matters.json``)."""

from __future__ import annotations

from dataclasses import dataclass

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.text import TemplateSet, load_templates

SAYS = load_templates(kit.PACKAGE, "matters")


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


MATTERS: tuple[Matter, ...] = (
    Matter("personal_injury",
           SAYS["pi_car"],
           "I was stopped at a light in {town} and {party} rear-ended me. My neck still hurts.",
           "Rear-ended at a light in {town}; neck injury.", "person", "the other driver",
           "the accident",
           (("police_report", "the police report"), ("medical_records", "my medical records"),
           ("photos", "photos of the car"), ("medical_bills", "the hospital bills")),
           "I was rear-ended",
           "My {relation}, {whom}, was rear-ended at a light in {town} by {party}; {subj} still "
           "has neck pain.",
           "{subj} was rear-ended"),
    Matter("personal_injury",
           SAYS["pi_slip"],
           "I slipped on a wet floor at {party} in {town} and broke my wrist.",
           "Slip and fall on a wet floor at {party} in {town}; broken wrist.", "Markets",
           "the store", "the fall",
           (("photos", "photos of the floor"), ("medical_records", "the X-ray report"),
           ("medical_bills", "the emergency room bill")),
           "I slipped and fell in a store",
           "My {relation}, {whom}, slipped on a wet floor at {party} in {town} and broke {pos} wrist.",
           "{subj} slipped and fell in a store"),
    Matter("personal_injury",
           SAYS["pi_dog"],
           "A neighbour's dog bit my hand in {town}; I needed stitches. The owner is {party}.",
           "Dog bite in {town}; stitches to the hand.", "person", "the dog's owner", "the bite",
           (("medical_records", "the urgent care records"), ("photos", "photos of the bite")),
           "I was bitten by a dog",
           "My {relation}, {whom}, was bitten by a neighbour's dog in {town}; the owner is {party}.",
           "{subj} was bitten by a dog"),
    Matter("personal_injury",
           SAYS["pi_stairs"],
           "A stair broke under me in my building in {town}; I tore a ligament. {party} manages it.",
           "Stair collapsed in the caller's building in {town}; torn ligament.", "Properties",
           "the landlord", "the fall",
           (("photos", "photos of the stairs"), ("medical_records", "my MRI results"),
           ("correspondence", "my complaints to the landlord")),
           "a stair collapsed under me",
           "A stair broke under my {relation}, {whom}, in {pos} building in {town}; {party} manages it.",
           "a stair collapsed under {obj}"),
    Matter("employment",
           SAYS["employment_fired"],
           "I was fired from {party} two weeks after I complained about harassment.",
           "Fired by {party} two weeks after a harassment complaint.", "Logistics",
           "my employer", "my last day of work",
           (("employment_records", "my performance reviews"),
           ("correspondence", "the emails with HR"), ("pay_records", "my pay stubs")),
           "I was fired after I complained",
           "My {relation}, {whom}, was fired from {party} two weeks after complaining about harassment.",
           "{subj} was fired after complaining"),
    Matter("employment",
           SAYS["employment_pay"],
           "I found out the men doing my job at {party} are paid much more than me.",
           "Paid less than male colleagues in the same job at {party}.", "Financial Group",
           "my employer", "my last paycheck",
           (("pay_records", "my pay stubs"), ("employment_records", "my job description"),
           ("correspondence", "the emails about my raise")),
           "I'm paid less than the men in my job",
           "My {relation}, {whom}, is paid much less than the men doing the same job at {party}.",
           "{subj} is paid less than the men in {pos} job"),
    Matter("employment",
           SAYS["employment_age"],
           "My manager at {party} gave the promotion to someone much younger and said I was too old.",
           "Passed over for promotion at {party} because of age.", "Senior Living",
           "my employer", "the promotion decision",
           (("employment_records", "my reviews"), ("correspondence", "the manager's emails")),
           "I was passed over because of my age",
           "My {relation}, {whom}, was passed over for promotion at {party} for being too old.",
           "{subj} was passed over because of {pos} age"),
    Matter("criminal_defense",
           SAYS["criminal_appeal"],
           "I was convicted of a misdemeanor in {town} and I want to appeal the conviction.",
           "Wants to appeal a misdemeanor conviction in {town}.", "", "", "the sentencing",
           (("court_papers", "the court papers"), ("court_papers", "the judgment")),
           "I was convicted and want to appeal",
           "My {relation}, {whom}, was convicted of a misdemeanor in {town} and wants to appeal.",
           "{subj} was convicted and wants to appeal"),
    Matter("immigration",
           SAYS["immigration_asylum"],
           "I fled threats at home because of my political work and want to apply for asylum.",
           "Fled political threats; wants to apply for asylum.", "", "", "the arrival",
           (("immigration_papers", "my immigration papers"), ("identity_document", "my passport")),
           "I need to apply for asylum",
           "My {relation}, {whom}, fled threats at home over {pos} political work and wants asylum.",
           "{subj} needs to apply for asylum"),
)
FAMILY_MATTER = Matter(
    "family",
    SAYS["family_divorce"],
    "We separated in the summer and I want to file for divorce from {party}.",
    "Wants to file for divorce from {party}.", "spouse", "my spouse", "",
    (("financial_statements", "our bank statements"), ("court_papers", "the separation papers")),
    "I want to file for divorce")
ESTATE_MATTER = Matter(
    "estate_planning",
    SAYS["estate_will"],
    "I need a will and a power of attorney; I live in {town}.",
    "Will and power of attorney for the caller's {relation}.", "", "", "",
    (("will_or_trust", "the old will"), ("financial_statements", "the bank statements")),
    "a will",
    "My {relation}, {whom}, needs a will and a power of attorney; {subj} lives in {town}.",
    "{subj} needs a will")
