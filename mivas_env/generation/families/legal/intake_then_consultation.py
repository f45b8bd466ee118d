"""C10 intake then consultation: a new matter needs an intake before a consultation, so the
route is intake then scheduling, and the hold links the new intake."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.consultation_hold import day_said, pick_day, time_phrase
from mivas_env.generation.families.legal.intake import intake_lock, new_intake
from mivas_env.generation.families.legal.matters import ESTATE_MATTER, FAMILY_MATTER, MATTERS
from mivas_env.generation.lockfile import hop
from mivas_env.generation.spoken import month, weekday
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
OFFICES = {"ofc_manhattan": "Manhattan"}  # any other office is Newark
ANYONE = 0.5  # how often any attorney of the office who does this is fine


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    matter = rng.choice((*MATTERS, FAMILY_MATTER, ESTATE_MATTER))
    intake = new_intake(draw, matter)
    if intake is None:
        return None
    eligible = [a for a in draw.firm.attorneys.values() if matter.area in a["practice_areas"]]
    attorney = rng.choice(eligible)
    attorney_id = attorney["attorney_id"]
    found = pick_day(draw, attorney_id, False)
    if found is None:
        return None
    day, free, _ = found
    chosen = rng.choice(free)
    office = attorney["office_id"]
    office_name = OFFICES.get(office, "Newark")
    # "Anyone at that office who does this": every such attorney free at that time is right.
    anyone = rng.random() < ANYONE
    accepted = [a["attorney_id"] for a in eligible if a["office_id"] == office
                and chosen in draw.firm.free_starts(a["attorney_id"], day)] if anyone \
        else [attorney_id]
    spoken_day = day_said(draw, day)
    wanted = (draw.say(TEXT["anyone"], o=office_name, a=kit.AREA_WORDS[matter.area]) if anyone
              else f"{attorney['full_name']}, if possible.")
    facts = {"attorney": wanted, "office": office_name, "consultation_date": spoken_day,
             "consultation_time": draw.say(TEXT["time"], d=spoken_day, t=kit.clock(chosen))}
    who: Any = {"any_of": accepted} if len(accepted) > 1 else attorney_id
    intake_id = draw.firm.next_id("intakes", "intake_id", "int_")
    extra_calls = [hop("transfer_to_scheduling"),
                   kit.call("check_attorney_availability", date=day.isoformat()),
                   kit.call("hold_consultation", attorney_id=who, start_time=chosen,
                        practice_area=matter.area, caller_name=intake.name,
                        phone_e164=intake.phone, intake_id=intake_id)]
    answer = (f" I've also held a consultation with {attorney['full_name']} on "
              f"{weekday(day)}, {month(day)} {day.day} at {kit.clock(chosen)} at our {office_name} "
              "office.")
    either = (f"Any {kit.AREA_WORDS[matter.area]} attorney of the {office_name} office free at "
              f"{chosen} is right ({', '.join(accepted)}; the holds row leaves the attorney "
              "blank). " if len(accepted) > 1 else
              f"{draw.firm.attorneys[accepted[0]]['full_name']} ({accepted[0]}) is free at "
              f"{chosen} in this world. ")
    locked = intake_lock(
        draw, intake,
        "Multi-hop: a new matter needs an intake before a consultation, so the route is intake "
        f"then scheduling; the hold links the new intake {intake_id}. " + either,
        extra_calls=extra_calls, extra_answer=answer, extra_goal_tools=["hold_consultation"],
        extra_facts=facts,
        goal_extra_all=[f"{month(day)} {day.day}".lower(), time_phrase(chosen)])
    if len(accepted) > 1:  # the row as the server writes it, the attorney left blank
        end = (datetime.fromisoformat(chosen) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
        locked["exp_db_state"] = {"holds": [{
            "hold_id": draw.firm.next_id("holds", "hold_id", "hold_"), "attorney_id": None,
            "start_time": chosen, "end_time": end, "practice_area": matter.area,
            "caller_name": intake.name, "phone_e164": intake.phone, "intake_id": intake_id,
            "status": "held"}]}
    return locked


FAMILY = kit.legal_family("C10", "intake_then_consultation", make)
