"""The macro menu's slot-filling policy on its own (mivas_env.wrappers.slot_filling): it is
driven by moves and the lines that come back, with no environment behind it."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.wrappers.slot_filling import Macro, SlotFilling
from rewards import load_industry

HEALTHCARE = load_industry("healthcare")
FACTS = {"full_name": "Dana Whitfield", "date_of_birth": "March 14, 1991"}


def policy() -> SlotFilling:
    filling = SlotFilling(HEALTHCARE)
    filling.reset("reception", "Hi, I'd like to check something.", FACTS)
    return filling


def ok(data: object) -> str:
    return json.dumps({"ok": True, "data": data})


def test_a_tool_call_is_filled_from_the_callers_answers_in_the_tools_formats() -> None:
    filling = policy()
    filling.observe(Macro("ask", "full_name"), "Sure, it's Dana Whitfield.", "reception", 1,
                    ended=False)
    filling.observe(Macro("ask", "date_of_birth"), "March 14, 1991.", "reception", 2, ended=False)
    assert filling.act(Macro("tool", "lookup_patient")) == {
        "tool": "lookup_patient",
        "arguments": {"full_name": "Dana Whitfield", "date_of_birth": "1991-03-14"}}


def test_an_answer_holding_the_callers_words_is_cut_to_them() -> None:
    filling = policy()
    filling.observe(Macro("ask", "full_name"), "Sure, Dana Whitfield. Is this going to take long?",
                    "reception", 1, ended=False)
    assert filling.memory.revealed == {"full_name": "Dana Whitfield"}


def test_an_id_comes_from_the_record_of_an_earlier_result_and_the_answer_reads_it() -> None:
    filling = policy()
    filling.observe(Macro("tool", "lookup_patient"), ok({"patient_id": "pat_0042", "name": "Dana"}),
                    "reception", 1, ended=False)
    assert filling.arguments("get_patient_appointments") == {"patient_id": "pat_0042"}
    assert filling.act(Macro("answer")) == "Here is what I found: pat_0042; Dana."


def test_a_repeated_call_moves_on_to_the_callers_next_alternative() -> None:
    filling = policy()
    filling.observe(Macro("ask", "location"), "Park Avenue, or else Windermere.", "coverage", 1,
                    ended=False)
    first = filling.arguments("get_location")["location_id"]
    filling.observe(Macro("tool", "get_location"), ok({"location_id": first}), "coverage", 2,
                    ended=False)
    assert (first, filling.arguments("get_location")["location_id"]) == (
        "loc_park_ave", "loc_windermere")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["tool", "transfer", "end", "ask", "pick"]),
                          st.booleans()), max_size=12))
def test_the_policy_counts_exactly_the_calls_made_before_the_call_ended(
        moves: list[tuple[str, bool]]) -> None:
    filling = policy()
    targets = {"tool": "list_locations", "transfer": "transfer_to_coverage", "end": "",
               "ask": "phone", "pick": "visit_type"}
    made: dict[str, int] = {}
    over = False
    for turn, (kind, ends) in enumerate(moves, start=1):
        move = Macro(kind, targets[kind], "new_patient" if kind == "pick" else "")
        if kind in ("tool", "transfer", "end") and not over:
            name = move.target or "end_call"
            made[name] = made.get(name, 0) + 1
        filling.observe(move, ok({}), "reception", turn, ended=ends)
        over = over or ends
    assert dict(filling.memory.calls) == made


def test_reset_forgets_the_call() -> None:
    filling = policy()
    filling.observe(Macro("pick", "visit_type", "sick_visit"), "Okay.", "scheduling", 1,
                    ended=False)
    filling.observe(Macro("tool", "list_locations"), ok([]), "scheduling", 2, ended=True)
    filling.reset("reception", "Hello again.", FACTS)
    memory = filling.memory
    assert (memory.picks, dict(memory.calls), memory.over, memory.heard) == (
        {}, {}, False, ["Hello again."])
