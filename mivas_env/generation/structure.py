"""Task structure a level adds (docs/generation.md "Task structure"): look-alike records, a first
choice turned down, one more lookup, each declared in the lockfile's ``structure`` (added rows in
``world.rows``); its near-miss must fail T. Everything is drawn from the structure stream."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from mivas_env.evaluation.authoring import NearMiss
from mivas_env.generation.lockfile import Calls, gold_run
from mivas_env.generation.spoken import clock, clock_ampm
from mivas_env.generation.text import load_templates

if TYPE_CHECKING:
    from mivas_env.generation.core import Draft, Row, World

Rows = dict[str, list[dict[str, Any]]]
Note = dict[str, Any]
Added = tuple[list[Note], "Draft"]  # what a kind adds: its notes, the draft changed
StructureKind = Literal["look_alike", "turned_down", "extra_lookup"]
STRUCTURE_KINDS: tuple[StructureKind, ...] = ("look_alike", "turned_down", "extra_lookup")
# How a look-alike is made, per table: its id column and id prefix.
LOOK_ALIKE_TABLES = {"patients": ("patient_id", "pat_"), "clients": ("client_id", "cli_"),
                     "customers": ("customer_id", "cus_"), "orders": ("order_id", "ord_"),
                     "attorneys": ("attorney_id", "att_")}
# A person's second identifier (the route finds people by name and one of these).
SECOND_IDS = ("date_of_birth", "phone_e164", "zip", "email")
# Tools whose ``start_time`` is a time the caller chose: the caller's fact for it, and the
# table of someone else's bookings that can take it.
CHOSEN_TIME = {"book_appointment": ("appointment_time", "appointments"),
               "reschedule_appointment": ("appointment_time", "appointments"),
               "hold_consultation": ("consultation_time", "calendar_blocks")}
CLOCK = re.compile(r"\b(1[0-2]|0?[1-9]):([0-5][0-9])\b")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_TRIES = 8  # first choices tried on a copy of the world per instance
TURNED_DOWN = ("conflict", "outside_hours")  # the error codes of a time turned down
TEXT = load_templates("mivas_env.generation.families", "structure")  # the extra questions


def apply_structure(data: Draft, world: World, kinds: Sequence[StructureKind], rng: random.Random) -> Draft:
    """``data`` with the structure of ``kinds`` added (before the lock), or itself when it offers none."""
    rows: Rows = {}
    notes: list[Note] = []
    out = data
    for kind in STRUCTURE_KINDS:
        if kind in kinds:
            added, out = ADDERS[kind](out, world, rows, rng)
            notes += added
    if not notes:
        return data
    return {**out, **({"world": {**data["world"], "rows": rows}} if rows else {}), "structure": notes}


# --- look-alike records ---------------------------------------------------------------------

def look_alikes(data: Draft, world: World, rows: Rows, rng: random.Random) -> Added:
    """A look-alike (added to ``rows``) of each record the gold route acts on that the caller tells apart."""
    values = {value for _, arguments in gold_run(data) for value in arguments.values()
              if isinstance(value, (str, int))}
    facts = {str(v) for v in ((data.get("caller") or {}).get("facts") or {}).values()}
    notes: list[Note] = []
    for table, (id_column, prefix) in LOOK_ALIKE_TABLES.items():
        existing = world.rows(table)
        targets = [row for row in existing if row.get(id_column) in values]
        if not targets and table in ("patients", "clients", "customers"):
            targets = [row for row in existing if row.get("full_name") in values
                       and any(row.get(key) in values for key in SECOND_IDS)]
        if len(targets) != 1:
            continue
        target = targets[0]
        decoy = _look_alike(table, target, world, rng)
        told_by = _TOLD_BY.get(table)  # what the caller says that tells the two apart
        if decoy is None or told_by is not None and not any(told_by(target) in fact for fact in facts):
            continue
        if decoy.get(id_column) == target[id_column]:  # a new id (an order's is a digit away)
            decoy[id_column] = _new_id(existing, id_column, prefix)
        rows.setdefault(table, []).append(decoy)
        differs = sorted(key for key in decoy if key != id_column and decoy[key] != target.get(key))
        notes.append({"kind": "look_alike", "table": table, "of": target[id_column], "row": decoy[id_column],
                      "differs": differs})
    return notes, data


def _new_id(rows: Sequence[Row], column: str, prefix: str) -> str:
    """The next id after the table's highest (the width of its ids kept)."""
    numbers = [n for n in (str(row.get(column, ""))[len(prefix):] for row in rows) if n.isdigit()]
    width = max((len(n) for n in numbers), default=4)
    return f"{prefix}{max((int(n) for n in numbers), default=0) + 1:0{width}d}"


def _away(value: str | None, rng: random.Random, last: int = 4, taken: frozenset[str] = frozenset()
          ) -> str | None:
    """``value`` one step away, not one of ``taken``: a date by a year, a month or a day, anything else
    by one of its last ``last`` digits; ``value`` itself when it is empty or every step is taken."""
    if not value:
        return value
    options = []
    if ISO_DATE.fullmatch(value):
        day = date.fromisoformat(value)
        for part, step in (("year", -1), ("year", 1), ("month", -1), ("month", 1), ("day", -1), ("day", 1)):
            with suppress(ValueError):
                options.append(day.replace(**{part: getattr(day, part) + step}).isoformat())
    else:
        places = [i for i, ch in enumerate(value) if ch.isdigit()][-last:]
        options = [option for i in places for digit in "0123456789" if digit != value[i]
                   if (option := value[:i] + digit + value[i + 1:]) not in taken]
    return options[rng.randrange(len(options))] if options else value


def _look_alike(table: str, target: Row, world: World, rng: random.Random) -> dict[str, Any] | None:
    """``target`` of ``table`` with what tells it apart changed; None when nothing can."""
    if table == "patients":
        return {**target, **{key: _away(target.get(key), rng)
                             for key in ("date_of_birth", "phone_e164", "member_id")}}
    if table == "clients":
        if target.get("kind", "person") != "person":
            return None
        return {**target, "phone_e164": _away(target.get("phone_e164"), rng), "also_known_as": []}
    if table == "attorneys":
        first, _, last = str(target["full_name"]).partition(" ")
        taken = {str(row["full_name"]).split()[0] for row in world.rows("attorneys")}
        names = sorted({str(row["full_name"]).split()[0] for row in world.rows("clients")
                        if row.get("kind", "person") == "person"} - taken - {first})
        if not last or not names:
            return None
        return {**target, "full_name": f"{names[rng.randrange(len(names))]} {last}", "title": "Associate"}
    if table == "customers":
        zips = frozenset(str(row.get("zip")) for row in world.rows("customers"))
        new_zip = _away(str(target.get("zip") or ""), rng, last=2, taken=zips)
        if not new_zip or new_zip == target.get("zip"):
            return None
        user, _, domain = str(target.get("email", "")).partition("@")
        if domain:
            user = str(_away(user, rng)) if any(c.isdigit() for c in user) else f"{user}1"
        return {**target, "email": f"{user}@{domain}" if domain else None, "zip": new_zip,
                "address": {**dict(target.get("address") or {}), "zip": new_zip},
                **{key: _away(target.get(key), rng) for key in ("phone_e164", "date_of_birth", "card_last4")}}
    ids = frozenset(str(row["order_id"]) for row in world.rows("orders"))  # an order
    order_id = _away(str(target["order_id"]), rng, last=3, taken=ids)
    address = dict(target.get("shipping_address") or {})
    new_zip = _away(str(address.get("zip") or ""), rng, last=2)
    if order_id == target["order_id"] or not new_zip or not target.get("placed_on"):
        return None
    back = timedelta(days=rng.randrange(20, 60))

    def earlier(day: Any) -> Any:
        return (date.fromisoformat(day) - back).isoformat() if isinstance(day, str) else day

    return {**target, "order_id": order_id, "status": "delivered", "placed_on": earlier(target["placed_on"]),
            "shipped_on": earlier(target.get("shipped_on") or target["placed_on"]),
            "delivered_on": earlier(target.get("delivered_on") or target["placed_on"]),
            "shipping_address": {**address, "zip": new_zip}, "cancel_reason": None,
            "tracking_number": _away(target.get("tracking_number"), rng, last=6)}


# A person's second identifier is asked anyway; an order is told apart only when the caller
# names it, an attorney by the first name the caller says.
_TOLD_BY: dict[str, Callable[[Row], str]] = {"orders": lambda row: str(row["order_id"]).removeprefix("ord_"),
                                              "attorneys": lambda row: str(row["full_name"]).split()[0]}


# --- near-misses: the route on the look-alike, at the first choice, without the extra read ----

def _miss(data: Draft, note: Mapping[str, Any]) -> tuple[str, Calls]:
    calls = gold_run(data)
    if note["kind"] == "turned_down":
        name, arguments = calls[note["call"]]
        calls[note["call"]] = (name, {**arguments, note["key"]: note["first"]})
        return f"{name} at the caller's first choice {note['first']}", calls
    if note["kind"] == "extra_lookup":
        del calls[note["call"]]
        return f"skips the extra {note['tool']}", calls
    id_column = LOOK_ALIKE_TABLES[note["table"]][0]
    decoy = next(row for row in data["world"]["rows"][note["table"]] if row[id_column] == note["row"])
    swapped = []
    for name, arguments in calls:
        changed = {key: note["row"] if value == note["of"] else value for key, value in arguments.items()}
        changed.update({key: decoy[key] for key in SECOND_IDS if key in changed and decoy.get(key)})
        swapped.append((name, changed))
    return f"acts on the look-alike {note['row']} of {note['of']}", swapped


def structure_near_misses(data: Draft, kinds: Sequence[str] = STRUCTURE_KINDS) -> list[NearMiss]:
    """The near-miss of each structure of ``kinds`` that ``data`` declares (T must fail)."""
    notes = data.get("structure") or []
    return [NearMiss(description, tuple(calls), "T") for kind in kinds for note in notes
            if note.get("kind") == kind for description, calls in [_miss(data, note)]]


# --- a first choice the tools turn down -----------------------------------------------------

def _chosen_time(data: Draft) -> tuple[int, datetime, str] | None:
    """The first gold call booking the time the caller says: (its index, the time, the caller's fact)."""
    facts = (data.get("caller") or {}).get("facts") or {}
    for index, call in enumerate(data.get("exp_tool_calls", [])):
        slot = CHOSEN_TIME.get(call["name"], ("", ""))[0]
        start = (call.get("parameters") or {}).get("start_time")
        if slot not in facts or not isinstance(start, str):
            continue
        said = CLOCK.findall(facts[slot])
        moment = datetime.fromisoformat(start)
        if len(said) == 1 and int(said[0][0]) % 12 == moment.hour % 12 and int(said[0][1]) == moment.minute:
            return index, moment, slot
    return None


def turned_down(data: Draft, world: World, rows: Rows, rng: random.Random) -> Added:
    """The first gold call that books the time the caller says, made another time that day the tools
    turn down: the caller asks for that first (a ``first_choice`` behaviour, the openings say it)."""
    chosen = _chosen_time(data)
    first = None if chosen is None else _first_choice(data, world, rows, chosen[0], chosen[1], rng)
    if chosen is None or first is None:
        return [], data
    index, moment, slot = chosen
    moment_first, error_code, blockers = first
    for table, added in blockers.items():
        rows.setdefault(table, []).extend(added)
    gold_clock, first_clock = (clock(m.isoformat()) for m in (moment, moment_first))
    caller = data["caller"]
    note = {"kind": "turned_down", "call": index, "tool": data["exp_tool_calls"][index]["name"],
            "key": "start_time", "first": moment_first.isoformat(timespec="minutes"),
            "error_code": error_code, "slot": slot}
    if blockers:  # someone else's bookings take the first choice
        note["taken_by"] = [row[next(iter(row))] for added in blockers.values() for row in added]
    wrong = CLOCK.sub(first_clock, caller["facts"][slot], count=1)
    behaviours = [*caller.get("behaviours", []), {"kind": "first_choice", "slot": slot, "wrong": wrong}]
    openings = [CLOCK.sub(lambda m: first_clock if m[0] == gold_clock else m[0], line)
                for line in caller.get("opening", [])]
    return [note], {**data, "caller": {**caller, "behaviours": behaviours, "opening": openings}}


def _replay(world: World, rows: Rows, calls: Calls) -> tuple[Any, list[tuple[bool, Any]]]:
    """A tool server on the world plus ``rows`` after ``calls`` (but session tools), and their results."""
    tools = world.definition.tools
    server = world.server(rows)
    outputs = [server.call(name, arguments) for name, arguments in calls if tools[name].access != "session"]
    return server, [(output["ok"], output.get("error_code")) for output in outputs]


def _trial(server: Any, name: str, arguments: dict[str, Any], table: str = "",
           added: Sequence[dict[str, Any]] = ()) -> Any:
    """The output of one call on a copy of ``server``'s world with ``added`` rows in ``table``."""
    trial = type(server)(server.db.copy(), server.industry)
    for row in added:
        trial.db.insert(table, row)
    return trial.call(name, arguments)


def _first_choice(data: Draft, world: World, rows: Rows, index: int, moment: datetime,
                  rng: random.Random) -> tuple[datetime, str, Rows] | None:
    """A time on the gold call's day, in the same half of the day, that the tool server turns
    down after the gold calls before it (with its error code): one the world already refuses,
    else one it refuses once someone else's bookings (returned) take it."""
    calls = gold_run(data)
    server = _replay(world, rows, calls[:index])[0]
    steps = [m for k in range(1, 7) for m in (-30 * k, 30 * k)]
    rng.shuffle(steps)
    name, gold = calls[index]
    candidates = [c for c in (moment + timedelta(minutes=minutes) for minutes in steps)
                  if c.date() == moment.date() and (c.hour < 12) == (moment.hour < 12)
                  and 8 <= c.hour < 18][:MAX_TRIES]
    free = []
    for candidate in candidates:
        output = _trial(server, name, {**gold, "start_time": candidate.isoformat(timespec="minutes")})
        if not output["ok"] and output.get("error_code") in TURNED_DOWN:
            return candidate, str(output["error_code"]), {}
        if output["ok"] and abs(candidate - moment) >= timedelta(minutes=60):
            free.append(candidate)
    blocked = (_block(server, world, rows, calls, name, gold, candidate, rng) for candidate in free[:2])
    return next((found for found in blocked if found is not None), None)


def _block(server: Any, world: World, rows: Rows, calls: Calls, name: str, gold: dict[str, Any],
           candidate: datetime, rng: random.Random) -> tuple[datetime, str, Rows] | None:
    """``candidate``, the error code and the rows (someone else's bookings) that make the tool turn it
    down, when the whole gold route still runs as before with them; None otherwise."""
    table = CHOSEN_TIME[name][1]
    start = candidate.isoformat(timespec="minutes")
    added: list[dict[str, Any]] = []
    for _ in range(3):  # each booking takes the provider the tool would have chosen
        output = _trial(server, name, {**gold, "start_time": start}, table, added)
        if not output["ok"]:
            more = {**rows, table: [*rows.get(table, []), *added]}
            if output.get("error_code") not in TURNED_DOWN or not added \
                    or _replay(world, more, calls)[1] != _replay(world, rows, calls)[1]:
                return None
            return candidate, str(output["error_code"]), {table: added}
        taken = [*world.rows(table), *rows.get(table, []), *added]
        added.append(_booking(world, table, output["data"], gold, start, taken, rng))
    return None


def _booking(world: World, table: str, booked: Mapping[str, Any], gold: Mapping[str, Any],
             start: str, taken: Sequence[Row], rng: random.Random) -> dict[str, Any]:
    """Someone else's booking of what ``booked`` (the tool's answer) took at ``start``."""
    if table == "calendar_blocks":
        kinds = sorted({str(row["kind"]) for row in world.rows(table)}) or ["meeting"]
        return {"block_id": _new_id(taken, "block_id", "blk_"), "attorney_id": booked["attorney_id"],
                "start_time": start, "end_time": booked["end_time"], "kind": kinds[rng.randrange(len(kinds))]}
    values = set(gold.values())
    others = [row["patient_id"] for row in world.rows("patients") if row["patient_id"] not in values]
    return {"appointment_id": _new_id(taken, "appointment_id", "appt_"),
            "patient_id": others[rng.randrange(len(others))], "provider_id": booked["provider_id"],
            "location_id": booked["location_id"], "start_time": start, "visit_type": booked["visit_type"],
            "status": "booked", "cancel_reason": None}


# --- one more lookup (or desk) on the gold route ----------------------------------------------

def extra_lookup(data: Draft, world: World, rows: Rows, rng: random.Random) -> Added:
    """One more read at the end of the gold route (``EXTRA_LOOKUPS``: the industry's tool and question,
    ``TEXT``'s ``<about> question``, ``answer`` and ``asks``), after one more desk if needed; the goal
    takes the read and what it says. Nothing when the route has no calls, ends the call itself (an
    escalation) or already makes that read."""
    tool, ask = EXTRA_LOOKUPS.get(world.industry, ("", None))
    industry = world.definition
    calls = list(data.get("exp_tool_calls", []))
    if ask is None or not any(industry.tools[call["name"]].access != "session" for call in calls) or any(
            call["name"] in industry.terminal_tools or call["name"] == tool for call in calls):
        return [], data
    asked = ask(data, world, rng)
    if asked is None:
        return [], data
    parameters, says, about, slots = asked
    question, answer, asks = (TEXT.line(f"{about} {key}", **slots) for key in ("question", "answer", "asks"))
    desk = industry.entry_node
    for call in calls:
        desk = industry.transfer_tools.get(call["name"]) or desk
    added: list[dict[str, Any]] = []
    handoffs = list(data.get("exp_handoff_path", []))
    if tool not in industry.tools_at(desk):
        hops = sorted(name for name, target in industry.transfer_tools.items() if target is not None
                      and name in industry.tools_at(desk) and tool in industry.tools_at(target))
        if not hops:
            return [], data
        added.append({"name": hops[0]})
        handoffs.append(hops[0])
    added.append({"name": tool, "parameters": parameters})
    caller = data["caller"]
    goal = caller.get("goal") or {}
    caller = {**caller, "opening": [f"{line} {question}" for line in caller.get("opening", [])],
              "goal": {**goal, "description": f"{goal.get('description', '')} And {asks}.",
                       "tools_ok": [*goal.get("tools_ok", []), tool],
                       "agent_says_all": [*goal.get("agent_says_all", []), says]},
              "agent_answer": f"{caller['agent_answer']} {answer}" if caller.get("agent_answer") else answer}
    note = {"kind": "extra_lookup", "call": len(calls) + len(added) - 1, "tool": tool,
            "asks": asks, "desk": added[0]["name"] if len(added) > 1 else None}
    return [note], {**data, "caller": caller, "exp_tool_calls": [*calls, *added],
                    "exp_handoff_path": handoffs}


# An industry's extra question: (the read's parameters, what the answer says, the question's
# name in TEXT, its slots), or None when the world offers none.
Question = tuple[dict[str, Any], str, str, dict[str, str]]


def _office_hours(data: Draft, world: World, rng: random.Random) -> Question | None:
    """Healthcare: when the last office of the route closes on a weekday."""
    offices = [value if key == "location_id" else str(value[-1]) for _, arguments in gold_run(data)
               for key, value in arguments.items() if key == "location_id" and isinstance(value, str)
               or key == "location_ids" and isinstance(value, list) and value]
    location = world.by_id("locations", "location_id").get(offices[-1]) if offices else None
    if location is None:
        return None
    days = [day for day, hours in location["hours"].items() if hours]
    weekday = days[rng.randrange(len(days))]
    closes = location["hours"][weekday].split("-")[1]
    return {"location_id": location["location_id"]}, clock(closes), "office hours", {
        "office": location["name"], "day": weekday.capitalize(), "closes": clock_ampm(closes)}


def _policy_question(data: Draft, world: World, rng: random.Random) -> Question | None:
    """Customer support: a store policy question (of a topic whose text says the answer)."""
    texts = {str(row["topic"]): str(row["text"]) for row in world.rows("policies")}
    options = [topic for topic in TEXT.words("policy topics")
               if TEXT.line(f"{topic} says") in texts.get(topic, "")]
    if not options:
        return None
    topic = options[rng.randrange(len(options))]
    return {"topic": topic}, TEXT.line(f"{topic} says"), topic, {}


def _attorneys_at_office(data: Draft, world: World, rng: random.Random) -> Question | None:
    """Legal: which attorneys work out of one office (the answer names them)."""
    offices = sorted({str(row["office_id"]) for row in world.rows("attorneys")})
    if not offices:
        return None
    office_id = offices[rng.randrange(len(offices))]
    office = world.by_id("offices", "office_id").get(office_id)
    names = sorted(str(row["full_name"]) for row in world.rows("attorneys") if row["office_id"] == office_id)
    place = str(office["name"]) if office is not None else office_id.removeprefix("ofc_").title()
    return {"office_id": office_id}, names[0].split()[-1], "attorneys", {"place": place,
                                                                        "names": ", ".join(names)}


EXTRA_LOOKUPS: dict[str, tuple[str, Callable[[Draft, World, random.Random], Question | None]]] = {
    "healthcare": ("get_location", _office_hours), "customer_support": ("get_policy", _policy_question),
    "legal": ("list_attorneys", _attorneys_at_office)}
# Each kind's adder: what it adds to the draft so far (world rows it adds go in ``rows``).
ADDERS: dict[str, Callable[[Draft, World, Rows, random.Random], Added]] = {
    "look_alike": look_alikes, "turned_down": turned_down, "extra_lookup": extra_lookup}
