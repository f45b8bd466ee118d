"""C8 consultation hold: a client books a consultation with their attorney at the scheduling desk;
when the wanted time is taken, the caller's fallback (one time, or either of two) is held."""

from datetime import date

from mivas_env.generation.families.legal import common as kit

CODE = "C8"
TEXT = kit.family_templates(__name__)


def pick_day(draw: kit.Draw, attorney_id: str, want_busy: bool) -> tuple[date, list[str], list[str]]:
    """A booking day with free starts (and busy ones, with ``want_busy``), among 40 drawn."""
    days = draw.firm.booking_days()
    draw.rng.shuffle(days)
    for day in days[:40]:
        candidates = draw.firm.candidate_starts(attorney_id, day)
        free = draw.firm.free_starts(attorney_id, day) if candidates else []
        busy = [c for c in candidates if c not in free]
        if free and (busy or not want_busy):
            return day, free, busy
    raise kit.NoFit("no day with a free start")


def time_phrase(start_time: str) -> str:
    """The goal phrase for a time: ' 9:30' with a leading space, so '11:30' cannot say '1:30'."""
    return " " + kit.clock(start_time)


def day_said(draw: kit.Draw, day: date) -> str:
    """A booking day as the caller says it (the year left out)."""
    return draw.date(day).replace(f", {day.year}", "").replace(f" {day.year}", "")


def make(draw: kit.Draw) -> kit.Draft | None:
    rng = draw.rng
    client, matter = draw.pick(draw.firm.open_matters())
    attorney_id, area = matter["attorney_id"], matter["practice_area"]
    full, short = draw.firm.attorneys[attorney_id]["full_name"], draw.firm.short_name(attorney_id)
    trap = rng.random() < 0.5  # the wanted time is taken
    day, free, busy = pick_day(draw, attorney_id, trap)
    wanted = rng.choice(busy) if trap else rng.choice(free)
    chosen = rng.choice(free) if trap else wanted
    two = trap and len(free) > 1 and rng.random() < 0.5  # the caller names two fallbacks
    alternatives = sorted(rng.sample(free, 2)) if two else [chosen]
    chosen, either = alternatives[0], len(alternatives) > 1
    name, phone, spoken_day = client["full_name"], client["phone_e164"], day_said(draw, day)
    say = {"name": name, "attorney": full, "attorney_id": attorney_id, "day": day.isoformat(),
           "title": matter["title"], "chosen": chosen[11:], "chosen_clock": kit.clock_ampm(chosen),
           "wanted_clock": kit.clock_ampm(wanted), "answer_day": kit.long_date(day),
           "held": " and ".join(a[11:] for a in alternatives), "are": "are" if either else "is",
           "not_free": TEXT.line("not_free", wanted=wanted[11:]) if trap else "",
           "either": TEXT.line("either") if either else "", "area": kit.AREA_WORDS[area].capitalize(),
           "alternatives": " or ".join(map(kit.clock_ampm, alternatives)), "short": short}
    time = draw.say(TEXT["time_or_fallback" if trap else "time"], day=spoken_day, want=say["wanted_clock"],
                    alt=say["alternatives"])
    reactions = [kit.react(["intake"], [TEXT.line("already_a_client", **say)])]
    if trap:
        reactions.insert(0, kit.react([say["wanted_clock"].split()[0]], [TEXT.line("is_it_free", **say)],
                                      also=TEXT.words("held_words"), unless=TEXT.words("not_free_words")))
    return kit.lockfile(
        draw, TEXT, say=say, variant="taken" if trap else "",
        openings=lambda: draw.openings(TEXT["openings"], caller=name, attorney=full, short=short,
                                       obj="her" if kit.HONORIFIC[attorney_id] == "Ms." else "him",
                                       day_word=f"on {spoken_day}"),
        facts={"full_name": name, "phone": draw.spoken_phone(phone), "attorney": full,
               "practice_area": TEXT.line("area", **say), "consultation_date": spoken_day,
               "consultation_time": time},
        goal={"tools_ok": ["hold_consultation"], "agent_says_all": [kit.month_day(day).lower()],
              "agent_says_any": [time_phrase(a) for a in alternatives]},
        reactions=reactions, calls=[
            kit.hop("scheduling"), kit.call("check_attorney_availability", date=day.isoformat()),
            kit.call("hold_consultation", attorney_id=attorney_id,
                     start_time={"any_of": alternatives} if either else chosen, practice_area=area,
                     caller_name=name, phone_e164=phone)],
        exp_db_state=either and draw.firm.written(
            "holds", attorney_id=attorney_id, start_time=None, end_time=None, practice_area=area,
            caller_name=name, phone_e164=phone, intake_id=None, status="held"))
