"""C8 consultation hold: an existing client books a consultation with their attorney at the
scheduling desk (availability, then a hold). Half the time the wanted time is taken and the
caller's fallback (one time, or either of two) is held instead."""

from __future__ import annotations

from datetime import date

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.lockfile import hop
from mivas_env.generation.spoken import month, weekday
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
TAKEN = 0.5  # how often the wanted time is taken
TWO_FALLBACKS = 0.5  # then, how often the caller names two fallbacks


def pick_day(draw: kit.Draw, attorney_id: str, want_busy: bool
             ) -> tuple[date, list[str], list[str]] | None:
    """A booking day with free starts (and busy ones, with ``want_busy``), among 40 drawn."""
    days = draw.firm.booking_days()
    draw.rng.shuffle(days)
    for day in days[:40]:
        candidates = draw.firm.candidate_starts(attorney_id, day)
        if not candidates:
            continue
        free = draw.firm.free_starts(attorney_id, day)
        busy = [c for c in candidates if c not in free]
        if free and (busy or not want_busy):
            return day, free, busy
    return None


def time_phrase(start_time: str) -> str:
    """The goal phrase for a time: ' 9:30' with a leading space, so '11:30' cannot say '1:30'."""
    return " " + kit.clock(start_time).split()[0]


def day_said(draw: kit.Draw, day: date) -> str:
    """A booking day as the caller says it (the year left out)."""
    return draw.date(day).replace(f", {day.year}", "").replace(f" {day.year}", "")


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    pairs = draw.firm.open_matters()
    if not pairs:
        return None
    client, matter = rng.choice(pairs)
    attorney_id = matter["attorney_id"]
    attorney = draw.firm.attorneys[attorney_id]
    full, short = attorney["full_name"], f"{kit.HONORIFIC[attorney_id]} {attorney['full_name'].split()[-1]}"
    trap = rng.random() < TAKEN
    found = pick_day(draw, attorney_id, trap)
    if found is None:
        return None
    day, free, busy = found
    wanted = rng.choice(busy) if trap else rng.choice(free)
    chosen = rng.choice(free) if trap else wanted
    alternatives = (sorted(rng.sample(free, 2))
                    if trap and len(free) > 1 and rng.random() < TWO_FALLBACKS else [chosen])
    chosen = alternatives[0]
    alt_words = " or ".join(kit.clock(a) for a in alternatives)
    name, phone = client["full_name"], client["phone_e164"]
    spoken_day = day_said(draw, day)
    time_fact = (draw.say(TEXT["time_or_fallback"], day=spoken_day, want=kit.clock(wanted),
                          alt=alt_words) if trap
                 else draw.say(TEXT["time"], day=spoken_day, want=kit.clock(wanted)))
    area = kit.AREA_WORDS[matter["practice_area"]].capitalize()
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "attorney": full,
             "practice_area": TEXT.line("area", area=area, title=matter["title"]),
             "consultation_date": spoken_day, "consultation_time": time_fact}
    reactions = [kit.react(["intake"], [TEXT.line("already_a_client", short=short)])]
    if trap:
        reactions.insert(0, kit.react(
            [kit.clock(wanted).split()[0]],
            [TEXT.line("is_it_free", wanted_clock=kit.clock(wanted), alternatives=alt_words)],
            also=TEXT.words("held_words"), unless=TEXT.words("not_free_words")))
    either = len(alternatives) > 1
    say = {"name": name, "attorney": full, "attorney_id": attorney_id, "day": day.isoformat(),
           "title": matter["title"], "chosen": chosen[11:], "chosen_clock": kit.clock(chosen),
           "wanted_clock": kit.clock(wanted), "answer_day": f"{weekday(day)}, {month(day)} {day.day}",
           "held": " and ".join(a[11:] for a in alternatives), "are": "are" if either else "is",
           "not_free": TEXT.line("not_free", wanted=wanted[11:]) if trap else "",
           "either": TEXT.line("either") if either else ""}
    locked = kit.lockfile(
        draw, TEXT, say=say, variant="taken" if trap else "",
        openings=lambda: draw.openings(TEXT["openings"], caller=name, attorney=full, short=short,
                                       obj="her" if kit.HONORIFIC[attorney_id] == "Ms." else "him",
                                       day_word=f"on {spoken_day}"),
        facts=facts,
        goal={"tools_ok": ["hold_consultation"],
              "agent_says_all": [f"{month(day)} {day.day}".lower()],
              "agent_says_any": [time_phrase(a) for a in alternatives]},
        reactions=reactions,
        calls=[hop("transfer_to_scheduling"),
               kit.call("check_attorney_availability", date=day.isoformat()),
               kit.call("hold_consultation", attorney_id=attorney_id,
                        start_time={"any_of": alternatives} if either else chosen,
                        practice_area=matter["practice_area"], caller_name=name,
                        phone_e164=phone)])
    if either:  # the row as the server writes it, start and end left blank (either is right)
        locked["exp_db_state"] = {"holds": [{
            "hold_id": draw.firm.next_id("holds", "hold_id", "hold_"), "attorney_id": attorney_id,
            "start_time": None, "end_time": None, "practice_area": matter["practice_area"],
            "caller_name": name, "phone_e164": phone, "intake_id": None, "status": "held"}]}
    return locked


FAMILY = kit.legal_family("C8", "consultation_hold", make)
