"""C4 fuzzy party intake: the caller's spelling of an adverse party is not the records', but the
fuzzy rule accepts it; the gold locks the records'."""

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import BY_KEY, MATTERS, intake_lock, new_intake
from mivas_env.generation.families.legal.near_misses import misheard_party_misses, near_client
from mivas_env.generation.families.legal.spelling import caller_spelling

CODE = "C4"
near_misses = misheard_party_misses  # the family's own wrong runs
TEXT = kit.family_templates(__name__)
# The matter a party's role brings (an employer's: any employment matter).
PERSON_ROLES = {"defendant driver": "pi_car", "driver": "pi_car", "dog owner": "pi_dog"}
COMPANY_ROLES = {"landlord": "pi_stairs", "defendant": "pi_slip"}


def make(draw: kit.Draw) -> kit.Draft | None:
    rng, adverse = draw.rng, draw.firm.adverse
    persons = [row for row in adverse if row["role"] in PERSON_ROLES]
    companies = [row for row in adverse if row["role"] in ("employer", "landlord")
                 or (row["role"] == "defendant" and "Markets" in row["name"])]
    choices = kit.fit(persons + companies)
    decoys = [row for row in persons if near_client(draw.world, row["name"]) is not None]
    row = rng.choice(decoys if decoys and rng.random() < 0.5 else choices)  # the Okonkwo/Okafor trap
    records, role = row["name"], row["role"]
    matter = (rng.choice([m for m in MATTERS if m.area == "employment"]) if role == "employer"
              else BY_KEY[{**PERSON_ROLES, **COMPANY_ROLES}[role]])
    heard = kit.fit(caller_spelling(draw, records, "adverse_party"))
    draw.used.append(records)
    intake = new_intake(draw, matter, party=records, heard=heard, for_someone=False)
    intake.facts["opposing_party"] = draw.spell(heard)
    # A client whose name starts like the party's: hearing that name, the caller corrects.
    near = [known for known, relation in draw.firm.names if relation == "client"
            and known.split()[-1][:2].lower() == heard.split()[-1][:2].lower()
            and not kit.names_match(known, heard)]
    corrections = [kit.react([near[0].lower()],
                             [TEXT.line("not_them", near=near[0], spelled=draw.spell(heard))],
                             once=False, unless=[records.lower(), heard.lower()])] if near else []
    return intake_lock(draw, intake, TEXT.line("about", heard=heard, records=records), reactions=[
        *corrections, kit.react(["conflict"], [TEXT.line("never_a_client", heard=heard)], also=kit.CANT,
                                unless=["no conflict"])])
