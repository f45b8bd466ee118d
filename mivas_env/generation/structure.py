"""Task structure a level adds (issue 21): look-alike records and a first choice the tools turn
down. ``levels.LEVELS`` says which level adds which (``Level.structure``).

- ``look_alike`` (level 2 and up): for each record the gold route acts on and the caller can
  tell apart (a patient, a client, a customer, an order the caller names, an attorney), the
  world gets one more record that a careless agent can take for it, its identifiers a slip of
  the ear away, so a misheard digit finds the wrong record instead of none: a patient with the
  same name and a date of birth one part (year, month or day) away, a client with the same
  name and a phone a digit away, a customer with the same name and a ZIP, email and phone a
  digit away, a second order of the same customer holding the same items under an order
  number a digit away and shipped to a ZIP a digit away, an attorney with the same surname and
  another first name. The rows go in the lockfile's ``world.rows`` (the verifier rebuilds the
  world with them); the gold route and locked state stay right, and the generator's self-check
  runs the gold route on the look-alike (``near_misses``), which must fail T.
- ``turned_down`` (level 3 and up): where the gold route books a time the caller chose (an
  appointment, a consultation), the caller first asks for another time on the same day that
  the tool server really turns down (the slot is taken, or no one sees patients or holds
  consultations then), found by trying it on a copy of the world at that point of the gold
  route; when none is, someone else's booking takes a free one (an appointment, a calendar
  block: added rows, kept only when the whole gold route runs the same with them).
  The caller's ``first_choice`` behaviour says it first, and gives the gold time when told the
  first is not available. The gold calls keep only the working call: T lets a failed call
  stand beside it, so an agent that tries the first choice, then the second, passes.

Both are declared in the lockfile's ``structure`` list (what was added, with its ids and
values); everything is drawn from the instance's structure stream, so a seed gives the same
lockfile."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from mivas_env.agents.baselines import gold_arguments
from mivas_env.industries.base import Database, server_class
from rewards.worlds import world_with

if TYPE_CHECKING:
    from mivas_env.generation.core import NearMiss, World

Draft = dict[str, Any]
Row = Mapping[str, Any]
StructureKind = Literal["look_alike", "turned_down", "extra_lookup"]
STRUCTURE_KINDS: tuple[StructureKind, ...] = ("look_alike", "turned_down", "extra_lookup")
# How a look-alike is made, per table: its id column and id prefix.
LOOK_ALIKE_TABLES = {"patients": ("patient_id", "pat_"), "clients": ("client_id", "cli_"),
                     "customers": ("customer_id", "cus_"), "orders": ("order_id", "ord_"),
                     "attorneys": ("attorney_id", "att_")}
# Tools whose ``start_time`` is a time the caller chose, and the caller's fact for it.
CHOSEN_TIME = {"book_appointment": "appointment_time",
               "reschedule_appointment": "appointment_time",
               "hold_consultation": "consultation_time"}
CLOCK = re.compile(r"\b(1[0-2]|0?[1-9]):([0-5][0-9])\b")
MAX_TRIES = 8  # first choices tried on a copy of the world per instance


def apply_structure(data: Draft, world: World, kinds: Sequence[StructureKind],
                    rng: random.Random) -> Draft:
    """``data`` (a family's instance, before it is locked) with the structure of ``kinds``
    added: rows in ``world.rows`` (look-alikes, bookings that take a first choice), the
    caller's first choice, one more lookup on the gold route, and the ``structure`` notes;
    ``data`` itself when the instance offers none. The generator locks the result in its
    world, rows and all."""
    notes: list[dict[str, Any]] = []
    rows: dict[str, list[dict[str, Any]]] = {}
    caller = dict(data.get("caller") or {})
    if "look_alike" in kinds:
        for table, target, decoy in look_alikes(data, world, rng):
            rows.setdefault(table, []).append(decoy)
            id_column = LOOK_ALIKE_TABLES[table][0]
            notes.append({"kind": "look_alike", "table": table, "of": target[id_column],
                          "row": decoy[id_column],
                          "differs": sorted(key for key in decoy
                                            if key != id_column and decoy[key] != target.get(key))})
    if "turned_down" in kinds:
        found = turned_down(data, world, rows, rng)
        if found is not None:
            note, behaviour, openings = found
            notes.append(note)
            caller["behaviours"] = [*caller.get("behaviours", []), behaviour]
            caller["opening"] = openings
    extra: Draft | None = None
    if "extra_lookup" in kinds:
        found_extra = extra_lookup({**data, "caller": caller}, world, rng)
        if found_extra is not None:
            note, extra = found_extra
            notes.append(note)
            caller = extra["caller"]
    if not notes:
        return data
    out = dict(data)
    if extra is not None:
        out["exp_tool_calls"] = extra["exp_tool_calls"]
        out["exp_handoff_path"] = extra["exp_handoff_path"]
    if rows:
        out["world"] = {**data["world"], "rows": rows}
    if caller != (data.get("caller") or {}):
        out["caller"] = caller
    out["structure"] = notes
    return out


# --- look-alike records ---------------------------------------------------------------------

def look_alikes(data: Draft, world: World, rng: random.Random
                ) -> list[tuple[str, Row, dict[str, Any]]]:
    """(table, the record the gold route acts on, its look-alike) for every such record the
    caller can tell apart from its look-alike."""
    values = _gold_values(data)
    facts = {str(v) for v in ((data.get("caller") or {}).get("facts") or {}).values()}
    out: list[tuple[str, Row, dict[str, Any]]] = []
    for table, (id_column, prefix) in LOOK_ALIKE_TABLES.items():
        rows = world.rows(table)
        if not rows:
            continue
        targets = [row for row in rows if row.get(id_column) in values]
        if not targets and table in ("patients", "clients", "customers"):
            # A person the route finds by name and a second identifier, not by id.
            targets = [row for row in rows if row.get("full_name") in values
                       and any(row.get(key) in values
                               for key in ("date_of_birth", "phone_e164", "zip", "email"))]
        if len(targets) != 1:
            continue
        target = targets[0]
        decoy = _MAKERS[table](target, world, rng)
        if decoy is None or not _tellable(table, target, facts, data):
            continue
        if decoy.get(id_column) == target[id_column]:  # a new id (an order's is a digit away)
            decoy[id_column] = _new_id(rows, id_column, prefix)
        out.append((table, target, decoy))
    return out


def _gold_values(data: Draft) -> set[Any]:
    out: set[Any] = set()
    for call in data.get("exp_tool_calls", []):
        for value in gold_arguments(call.get("parameters", {})).values():
            if isinstance(value, (str, int)):
                out.add(value)
    return out


def _tellable(table: str, target: Row, facts: set[str], data: Draft) -> bool:
    """Whether the caller knows what tells the record from its look-alike: a person's second
    identifier is asked anyway; an order only when the caller names it; an attorney by the
    first name the caller says."""
    if table == "orders":
        number = str(target["order_id"]).removeprefix("ord_")
        return any(number in fact for fact in facts)
    if table == "attorneys":
        first = str(target["full_name"]).split()[0]
        return any(first in fact for fact in facts)
    return True


def _new_id(rows: Sequence[Row], column: str, prefix: str) -> str:
    """The next id after the table's highest (the width of its ids kept)."""
    numbers = [str(row.get(column, ""))[len(prefix):] for row in rows]
    numbers = [n for n in numbers if n.isdigit()]
    width = max((len(n) for n in numbers), default=4)
    return f"{prefix}{max((int(n) for n in numbers), default=0) + 1:0{width}d}"


def _digit_away(value: str | None, rng: random.Random, last: int = 4,
                taken: frozenset[str] = frozenset()) -> str | None:
    """``value`` with one of its last ``last`` digits changed (a slip of the ear away), not
    one of ``taken``; ``value`` itself when it has no digit or every such change is taken."""
    if not value:
        return value
    places = [i for i, ch in enumerate(value) if ch.isdigit()][-last:]
    options = [value[:i] + digit + value[i + 1:] for i in places for digit in "0123456789"
               if digit != value[i]]
    options = [option for option in options if option not in taken]
    return options[rng.randrange(len(options))] if options else value


def _date_away(value: str, rng: random.Random) -> str:
    """Another date of birth, one part of it away: the year, the month or the day."""
    day = date.fromisoformat(value)
    options = []
    for change in ({"year": day.year - 1}, {"year": day.year + 1},
                   {"month": day.month - 1}, {"month": day.month + 1},
                   {"day": day.day - 1}, {"day": day.day + 1}):
        try:
            options.append(day.replace(**change).isoformat())
        except ValueError:
            continue
    return options[rng.randrange(len(options))]


def _patient(target: Row, world: World, rng: random.Random) -> dict[str, Any] | None:
    return {**target, "date_of_birth": _date_away(target["date_of_birth"], rng),
            "phone_e164": _digit_away(target.get("phone_e164"), rng),
            "member_id": _digit_away(target.get("member_id"), rng)}


def _client(target: Row, world: World, rng: random.Random) -> dict[str, Any] | None:
    if target.get("kind", "person") != "person":
        return None
    return {**target, "phone_e164": _digit_away(target.get("phone_e164"), rng),
            "also_known_as": []}


def _customer(target: Row, world: World, rng: random.Random) -> dict[str, Any] | None:
    zips = frozenset(str(row.get("zip")) for row in world.rows("customers"))
    new_zip = _digit_away(str(target.get("zip") or ""), rng, last=2, taken=zips)
    if not new_zip or new_zip == target.get("zip"):
        return None
    user, _, domain = str(target.get("email", "")).partition("@")
    email = f"{_digit_away(user, rng) if any(c.isdigit() for c in user) else user + '1'}" \
        f"@{domain}" if domain else None
    address = {**dict(target.get("address") or {}), "zip": new_zip}
    return {**target, "email": email, "zip": new_zip, "address": address,
            "phone_e164": _digit_away(target.get("phone_e164"), rng),
            "date_of_birth": _date_away(target["date_of_birth"], rng)
            if target.get("date_of_birth") else target.get("date_of_birth"),
            "card_last4": _digit_away(target.get("card_last4"), rng)}


def _order(target: Row, world: World, rng: random.Random) -> dict[str, Any] | None:
    taken = frozenset(str(row["order_id"]) for row in world.rows("orders"))
    order_id = _digit_away(str(target["order_id"]), rng, last=3, taken=taken)
    address = dict(target.get("shipping_address") or {})
    new_zip = _digit_away(str(address.get("zip") or ""), rng, last=2)
    if order_id == target["order_id"] or not new_zip or not target.get("placed_on"):
        return None
    back = timedelta(days=rng.randrange(20, 60))

    def earlier(day: Any) -> Any:
        return (date.fromisoformat(day) - back).isoformat() if isinstance(day, str) else day

    return {**target, "order_id": order_id, "status": "delivered",
            "placed_on": earlier(target["placed_on"]),
            "shipped_on": earlier(target.get("shipped_on") or target["placed_on"]),
            "delivered_on": earlier(target.get("delivered_on") or target["placed_on"]),
            "shipping_address": {**address, "zip": new_zip}, "cancel_reason": None,
            "tracking_number": _digit_away(target.get("tracking_number"), rng, last=6)}


def _attorney(target: Row, world: World, rng: random.Random) -> dict[str, Any] | None:
    first, _, last = str(target["full_name"]).partition(" ")
    taken = {str(row["full_name"]).split()[0] for row in world.rows("attorneys")}
    names = sorted({str(row["full_name"]).split()[0] for row in world.rows("clients")
                    if row.get("kind", "person") == "person"} - taken - {first})
    if not last or not names:
        return None
    return {**target, "full_name": f"{names[rng.randrange(len(names))]} {last}",
            "title": "Associate"}


_MAKERS = {"patients": _patient, "clients": _client, "customers": _customer, "orders": _order,
           "attorneys": _attorney}


def look_alike_near_misses(data: Draft) -> list[NearMiss]:
    """The gold route run on each look-alike: its id and its differing identifiers in place of
    the record's (T must fail)."""
    from mivas_env.generation.core import NearMiss

    rows = (data.get("world") or {}).get("rows") or {}
    misses = []
    for note in data.get("structure") or []:
        if note.get("kind") != "look_alike":
            continue
        id_column = LOOK_ALIKE_TABLES[note["table"]][0]
        decoy = next(row for row in rows[note["table"]] if row[id_column] == note["row"])
        swap = {note["of"]: note["row"]}
        calls = []
        for call in data["exp_tool_calls"]:
            arguments = gold_arguments(call.get("parameters", {}))
            changed = {key: swap.get(value, value) if isinstance(value, str) else value
                       for key, value in arguments.items()}
            for key in ("date_of_birth", "phone_e164", "zip", "email"):
                if key in changed and key in decoy and decoy[key]:
                    changed[key] = decoy[key]
            calls.append((call["name"], changed))
        misses.append(NearMiss(f"acts on the look-alike {note['row']} of {note['of']}",
                               tuple(calls), "T"))
    return misses


def turned_down_near_misses(data: Draft) -> list[NearMiss]:
    """The gold route with the caller's first choice in place of the working call (the tool
    turns it down, so T must fail)."""
    from mivas_env.generation.core import NearMiss

    misses = []
    for note in data.get("structure") or []:
        if note.get("kind") != "turned_down":
            continue
        calls = [(call["name"], gold_arguments(call.get("parameters", {})))
                 for call in data["exp_tool_calls"]]
        name, arguments = calls[note["call"]]
        calls[note["call"]] = (name, {**arguments, note["key"]: note["first"]})
        misses.append(NearMiss(f"{name} at the caller's first choice {note['first']}",
                               tuple(calls), "T"))
    return misses


def structure_near_misses(data: Draft) -> list[NearMiss]:
    """Every near-miss of the structure ``data`` declares (none at level 0)."""
    return look_alike_near_misses(data) + turned_down_near_misses(data) + \
        extra_lookup_near_misses(data)


# --- a first choice the tools turn down -----------------------------------------------------

def turned_down(data: Draft, world: World, rows: dict[str, list[dict[str, Any]]],
                rng: random.Random) -> tuple[dict[str, Any], dict[str, Any], list[str]] | None:
    """(the note, the caller's ``first_choice`` behaviour, the openings) for the first gold
    call that books a time the caller chose, when a time on the same day is turned down by
    the tool server at that point of the gold route; None otherwise."""
    caller = data.get("caller") or {}
    facts: dict[str, str] = caller.get("facts") or {}
    calls = data.get("exp_tool_calls", [])
    for index, call in enumerate(calls):
        slot = CHOSEN_TIME.get(call["name"])
        start = (call.get("parameters") or {}).get("start_time")
        if slot is None or not isinstance(start, str) or slot not in facts:
            continue
        said = CLOCK.findall(facts[slot])
        moment = datetime.fromisoformat(start)
        if len(said) != 1 or int(said[0][0]) % 12 != moment.hour % 12 \
                or int(said[0][1]) != moment.minute:
            continue
        first = _first_choice(data, world, rows, index, moment, rng)
        if first is None:
            return None
        moment_first, error_code, blockers = first
        for table, added in blockers.items():
            rows.setdefault(table, []).extend(added)
        clock = f"{moment.hour % 12 or 12}:{moment.minute:02d}"
        first_clock = f"{moment_first.hour % 12 or 12}:{moment_first.minute:02d}"
        wrong = CLOCK.sub(first_clock, facts[slot], count=1)
        openings = [_said_at(line, clock, first_clock) for line in caller.get("opening", [])]
        note = {"kind": "turned_down", "call": index, "tool": call["name"],
                "key": "start_time", "first": moment_first.isoformat(timespec="minutes"),
                "error_code": error_code, "slot": slot}
        if blockers:  # someone else's bookings take the first choice
            note["taken_by"] = [row[next(iter(row))] for added in blockers.values()
                                for row in added]
        behaviour = {"kind": "first_choice", "slot": slot, "wrong": wrong}
        return note, behaviour, openings
    return None


def _said_at(line: str, clock: str, first_clock: str) -> str:
    """``line`` with the clock time ``clock`` said as ``first_clock``."""
    return CLOCK.sub(lambda m: first_clock if m[0] == clock else m[0], line)


def _first_choice(data: Draft, world: World, rows: dict[str, list[dict[str, Any]]],
                  index: int, moment: datetime, rng: random.Random
                  ) -> tuple[datetime, str, dict[str, list[dict[str, Any]]]] | None:
    """A time on the gold call's day, in the same half of the day, that the tool server turns
    down after the gold calls before it (with its error code): one the world already refuses,
    else one it refuses once someone else's booking takes it (an appointment, an attorney's
    calendar block: returned as rows to add, when the gold route runs the same with them)."""
    industry = world.definition
    server = server_class(world.industry)(
        Database(world_with(world.industry, world.seed, rows or None)), industry)
    calls = data["exp_tool_calls"]
    for call in calls[:index]:
        if industry.tools[call["name"]].access != "session":
            server.call(call["name"], gold_arguments(call.get("parameters", {})))
    steps = [m for k in range(1, 7) for m in (-30 * k, 30 * k)]
    rng.shuffle(steps)
    name = calls[index]["name"]
    gold = gold_arguments(calls[index].get("parameters", {}))
    candidates = [moment + timedelta(minutes=minutes) for minutes in steps]
    candidates = [c for c in candidates if c.date() == moment.date()
                  and (c.hour < 12) == (moment.hour < 12) and 8 <= c.hour < 18][:MAX_TRIES]
    free = []
    for candidate in candidates:
        trial = type(server)(server.db.copy(), industry)
        output = trial.call(name, {**gold, "start_time": candidate.isoformat(timespec="minutes")})
        if not output["ok"] and output.get("error_code") in ("conflict", "outside_hours"):
            return candidate, str(output["error_code"]), {}
        if output["ok"] and abs(candidate - moment) >= timedelta(minutes=60):
            free.append(candidate)
    for candidate in free[:2]:
        blocked = _block(server, world, rows, calls, name, gold, candidate, rng)
        if blocked is not None:
            return candidate, blocked[0], blocked[1]
    return None


BLOCKERS = {"book_appointment": "appointments", "reschedule_appointment": "appointments",
            "hold_consultation": "calendar_blocks"}


def _block(server: Any, world: World, rows: dict[str, list[dict[str, Any]]],
           calls: Sequence[Mapping[str, Any]], name: str, gold: dict[str, Any],
           candidate: datetime, rng: random.Random
           ) -> tuple[str, dict[str, list[dict[str, Any]]]] | None:
    """Rows (someone else's bookings) that make the tool turn ``candidate`` down, with the
    error code, when the whole gold route still runs as before with them; None otherwise."""
    table = BLOCKERS[name]
    start = candidate.isoformat(timespec="minutes")
    added: list[dict[str, Any]] = []
    for _ in range(3):  # each booking takes the provider the tool would have chosen
        trial = type(server)(server.db.copy(), server.industry)
        for row in added:
            trial.db.insert(table, row)
        output = trial.call(name, {**gold, "start_time": start})
        if not output["ok"]:
            if output.get("error_code") not in ("conflict", "outside_hours") or not added:
                return None
            more = {**rows, table: [*rows.get(table, []), *added]}
            if _route_oks(world, more, calls) != _route_oks(world, rows, calls):
                return None
            return str(output["error_code"]), {table: added}
        taken = [*world.rows(table), *rows.get(table, []), *added]
        added.append(_booking(world, table, output["data"], gold, start, taken, rng))
    return None


def _booking(world: World, table: str, booked: Mapping[str, Any], gold: Mapping[str, Any],
             start: str, taken: Sequence[Row], rng: random.Random) -> dict[str, Any]:
    """Someone else's booking of what ``booked`` (the tool's answer) took at ``start``."""
    if table == "calendar_blocks":
        kinds = sorted({str(row["kind"]) for row in world.rows(table)}) or ["meeting"]
        return {"block_id": _new_id(taken, "block_id", "blk_"),
                "attorney_id": booked["attorney_id"], "start_time": start,
                "end_time": booked["end_time"], "kind": kinds[rng.randrange(len(kinds))]}
    values = set(gold.values())
    others = [row["patient_id"] for row in world.rows("patients")
              if row["patient_id"] not in values]
    return {"appointment_id": _new_id(taken, "appointment_id", "appt_"),
            "patient_id": others[rng.randrange(len(others))],
            "provider_id": booked["provider_id"], "location_id": booked["location_id"],
            "start_time": start, "visit_type": booked["visit_type"], "status": "booked",
            "cancel_reason": None}


def _route_oks(world: World, rows: dict[str, list[dict[str, Any]]],
               calls: Sequence[Mapping[str, Any]]) -> list[tuple[bool, Any]]:
    """Each gold call's ``ok`` and error code, the route run in the world with ``rows``."""
    industry = world.definition
    server = server_class(world.industry)(
        Database(world_with(world.industry, world.seed, rows or None)), industry)
    out = []
    for call in calls:
        if industry.tools[call["name"]].access != "session":
            output = server.call(call["name"], gold_arguments(call.get("parameters", {})))
            out.append((output["ok"], output.get("error_code")))
    return out


# --- one more lookup (or desk) on the gold route ----------------------------------------------

def extra_lookup(data: Draft, world: World, rng: random.Random) -> tuple[dict[str, Any], Draft] | None:
    """(the note, the changed caller, gold calls and handoff path) for an industry whose routes
    allow one more lookup; None otherwise."""
    maker = EXTRA_LOOKUPS.get(world.industry)
    return maker(data, world, rng) if maker is not None else None


def _route_allows(data: Draft, world: World, tool: str) -> bool:
    """Whether one more read with ``tool`` fits the gold route: it has calls, none ends the
    call itself (an escalation) and none is already that read."""
    industry = world.definition
    calls = data.get("exp_tool_calls", [])
    return any(industry.tools[call["name"]].access != "session" for call in calls) and not any(
        call["name"] in industry.terminal_tools or call["name"] == tool for call in calls)


def _one_more_read(data: Draft, world: World, read: dict[str, Any], question: str,
                   says: str, answer: str, asks: str) -> tuple[dict[str, Any], Draft] | None:
    """The caller's extra ``question`` (at the end of its openings), answered by ``read`` at
    the end of the gold route, after one more desk when the route ends at one without that
    tool; the goal takes the read and ``says``, the agent's answer ``answer``."""
    industry = world.definition
    calls = list(data.get("exp_tool_calls", []))
    desk = industry.entry_node
    for call in calls:
        desk = industry.transfer_tools.get(call["name"]) or desk
    added: list[dict[str, Any]] = []
    handoffs = list(data.get("exp_handoff_path", []))
    if read["name"] not in industry.tools_at(desk):
        hops = sorted(name for name, target in industry.transfer_tools.items()
                      if target is not None and name in industry.tools_at(desk)
                      and read["name"] in industry.tools_at(target))
        if not hops:
            return None
        added.append({"name": hops[0]})
        handoffs.append(hops[0])
    added.append(read)
    caller = dict(data["caller"])
    caller["opening"] = [f"{line} {question}" for line in caller.get("opening", [])]
    goal = dict(caller.get("goal") or {})
    goal["description"] = f"{goal.get('description', '')} And {asks}."
    goal["tools_ok"] = [*goal.get("tools_ok", []), read["name"]]
    goal["agent_says_all"] = [*goal.get("agent_says_all", []), says]
    caller["goal"] = goal
    caller["agent_answer"] = f"{caller['agent_answer']} {answer}" \
        if caller.get("agent_answer") else answer
    note = {"kind": "extra_lookup", "call": len(calls) + len(added) - 1, "tool": read["name"],
            "asks": asks, "desk": added[0]["name"] if len(added) > 1 else None}
    return note, {"caller": caller, "exp_tool_calls": [*calls, *added],
                  "exp_handoff_path": handoffs}


def _office_hours(data: Draft, world: World, rng: random.Random
                  ) -> tuple[dict[str, Any], Draft] | None:
    """Healthcare: the caller also asks when the office of its route closes on a weekday, a
    ``get_location`` read. Not for a route with no office in it."""
    from mivas_env.generation.spoken import clock, clock_ampm

    if not _route_allows(data, world, "get_location"):
        return None
    offices = []
    for call in data["exp_tool_calls"]:
        for key, value in gold_arguments(call.get("parameters", {})).items():
            if key == "location_id" and isinstance(value, str):
                offices.append(value)
            elif key == "location_ids" and isinstance(value, list) and value:
                offices.append(str(value[-1]))
    location = world.first("locations", location_id=offices[-1]) if offices else None
    if location is None:
        return None
    days = [day for day, hours in location["hours"].items() if hours]
    weekday = days[rng.randrange(len(days))]
    closes = location["hours"][weekday].split("-")[1]
    office, day = location["name"], weekday.capitalize()
    return _one_more_read(
        data, world, {"name": "get_location", "parameters": {"location_id": location["location_id"]}},
        f"Oh, and what time does the {office} office close on {day}s?", clock(closes),
        f"The {office} office closes at {clock_ampm(closes)} on {day}s.",
        f"{office} closing time on {day}s")


# Customer support: (policy topic, the caller's question, what the answer must say, the answer).
POLICY_QUESTIONS = (
    ("returns", "Oh, and how long do I have to return something?", "30 days",
     "You can return most items within 30 days of delivery."),
    ("shipping", "Oh, and how long does shipping usually take?", "five business days",
     "Orders arrive in three to five business days, and shipping is free."),
    ("price_adjustment", "Oh, and if the price drops after I buy, can I get the difference?",
     "14 days", "If the price drops within 14 days of delivery, billing can refund the "
                "difference once."),
    ("refunds", "Oh, and how long does a refund take to reach my card?", "10 business days",
     "A refund to the original payment method takes 5 to 10 business days."))


def _policy_question(data: Draft, world: World, rng: random.Random
                     ) -> tuple[dict[str, Any], Draft] | None:
    """Customer support: the caller also asks a store policy question, a ``get_policy``
    read (of a topic whose text says the answer)."""
    if not _route_allows(data, world, "get_policy"):
        return None
    texts = {str(row["topic"]): str(row["text"]) for row in world.rows("policies")}
    options = [q for q in POLICY_QUESTIONS if q[2] in texts.get(q[0], "")]
    if not options:
        return None
    topic, question, says, answer = options[rng.randrange(len(options))]
    return _one_more_read(data, world, {"name": "get_policy", "parameters": {"topic": topic}},
                          question, says, answer, f"the {topic.replace('_', ' ')} policy")


EXTRA_LOOKUPS = {"healthcare": _office_hours, "customer_support": _policy_question}


def extra_lookup_near_misses(data: Draft) -> list[NearMiss]:
    """The gold route without the extra lookup (T must fail)."""
    from mivas_env.generation.core import NearMiss

    misses = []
    for note in data.get("structure") or []:
        if note.get("kind") == "extra_lookup":
            calls = [(call["name"], gold_arguments(call.get("parameters", {})))
                     for i, call in enumerate(data["exp_tool_calls"]) if i != note["call"]]
            misses.append(NearMiss(f"skips the extra {note['tool']}", tuple(calls), "T"))
    return misses


__all__ = ["LOOK_ALIKE_TABLES", "STRUCTURE_KINDS", "StructureKind", "apply_structure",
           "extra_lookup", "extra_lookup_near_misses",
           "look_alike_near_misses", "look_alikes", "structure_near_misses", "turned_down",
           "turned_down_near_misses"]
