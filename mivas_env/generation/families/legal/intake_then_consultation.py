"""C10 intake then consultation: intake, then scheduling, and the hold links the new intake."""

from datetime import datetime, timedelta
from typing import Any

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.consultation_hold import day_said, pick_day, time_phrase
from mivas_env.generation.families.legal.intake import ALL_MATTERS, intake_lock, new_intake

CODE = "C10"
TEXT = kit.family_templates(__name__)


def make(draw: kit.Draw) -> kit.Draft | None:
    rng = draw.rng
    matter = rng.choice(ALL_MATTERS)
    intake = new_intake(draw, matter)
    eligible = [a for a in draw.firm.attorneys.values() if matter.area in a["practice_areas"]]
    attorney = rng.choice(eligible)
    day, free, _ = pick_day(draw, attorney["attorney_id"], False)
    chosen = rng.choice(free)
    office = attorney["office_id"]
    # "Anyone at that office who does this": every such attorney free at that time is right.
    anyone = rng.random() < 0.5
    accepted = [a["attorney_id"] for a in eligible if a["office_id"] == office and chosen in
                draw.firm.free_starts(a["attorney_id"], day)] if anyone else [attorney["attorney_id"]]
    spoken_day = day_said(draw, day)
    say = {"o": kit.WORDS["offices"].get(office, "Newark"), "a": kit.AREA_WORDS[matter.area], "d": spoken_day,
           "t": kit.clock_ampm(chosen), "attorney": attorney["full_name"], "day": kit.long_date(day),
           "chosen": chosen, "accepted": ", ".join(accepted), "intake_id": draw.firm.next_id("intakes"),
           "first": draw.firm.attorneys[accepted[0]]["full_name"], "first_id": accepted[0]}
    facts = {"attorney": draw.say(TEXT["anyone"], **say) if anyone else TEXT.line("attorney", **say),
             "office": say["o"], "consultation_date": spoken_day,
             "consultation_time": draw.say(TEXT["time"], **say)}
    either = len(accepted) > 1
    who: Any = {"any_of": accepted} if either else attorney["attorney_id"]
    end = (datetime.fromisoformat(chosen) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    return intake_lock(
        draw, intake, TEXT.line("about", **say) + TEXT.line("either" if either else "one", **say),
        calls=[kit.hop("scheduling"), kit.call("check_attorney_availability", date=day.isoformat()),
               kit.call("hold_consultation", attorney_id=who, start_time=chosen, practice_area=matter.area,
                        caller_name=intake.name, phone_e164=intake.phone, intake_id=say["intake_id"])],
        answer=TEXT.line("answer", **say), tools=["hold_consultation"], facts=facts,
        says_all=[kit.month_day(day).lower(), time_phrase(chosen)],
        exp_db_state=either and draw.firm.written(
            "holds", attorney_id=None, start_time=chosen, end_time=end, practice_area=matter.area,
            caller_name=intake.name, phone_e164=intake.phone, intake_id=say["intake_id"], status="held"))
