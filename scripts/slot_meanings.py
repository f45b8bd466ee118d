"""Write each shipped industry's slot meanings (``slots.<slot>.means``/``topic``) into its
industry.json from the table below, keeping the file's layout. Idempotent: a second run changes
no byte. The table is the authoring copy; industry.json is what the caller reads.
``--check``: write nothing, exit 1 naming each industry.json the table would change."""

from __future__ import annotations

import json
import sys
from pathlib import Path

MEANS: dict[str, dict[str, list[str]]] = {
    "healthcare": {
        "full_name": ["@name", "whose ~chart|~appointment|~file|~record|~visit|~booking"],
        "date_of_birth": ["@birth"],
        "phone": ["@phone", "@number ~@phone"],
        "carrier": ["@insurance", "@insurance @name", "who_covers|who_insures",
                    "through|issued|issuer|which_company|what_company|who ~@insurance|~@card"],
        "member_id": ["@member_id", "@member_id|@number|id ~@card|~@insurance", "@number|id @card",
                      "id|@number ~^insurance"],
        "location": ["@office", "where ~@come_in", "practice|practices ~which|~@want"],
        "visit_type": ["@kind @visit", "what_brings_you|what_brings_you_in",
                       "follow_up|physical|sick_visit|new_patient_visit|annual_physical|checkup",
                       "@kind ~@come_in", "@purpose"],
        "preferred_date": ["@when ~@come_in", "@when ~@want", "@when ~@visit",
                           "@when ~@particular", "@when ~work|~okay|~good|~fine|~suit",
                           "@when ~free|~available"],
        "appointment_time": ["@time ~@want", "what|which @time", "@time ~@visit",
                             "which_one|one_of_those|which_of_those|which_of_these|any_of_those"
                             "|any_of_these|which ~@time|~open|~available",
                             "morning|afternoon|pm|am_or_pm ~@want",
                             "earlier_one|later_one|earlier_ones|later_ones|earlier_or_later|early_or_late",
                             "@time ~work|~okay|~good|~fine|~suit"],
        "provider": ["@provider", "@provider ~@particular", "@provider @name",
                     "somebody|someone|anyone ~@particular|~specific", "dr|doctor or_dr|or_doctor"],
        "cancel_reason": ["@why ~@cancel", "@cancel ~@why", "what|why ~@cancel",
                          "stopping_you|keeping_you_from|what_came_up|what_has_come_up"
                          "|scheduling_conflict|scheduling_thing"],
        "waitlist_notes": ["@waitlist ~@when|~@time|~@want", "@when|@time ~@waitlist !",
                           "@when|@time ~@usually",
                           "days_or_times|days_and_times|day_or_time|day_and_time|times_or_days"
                           "|dates_or_times|dates_and_times ~@waitlist ! !",
                           "@days ~@want|~@usually|~work|~good|~suit|~best|~convenient|~easiest|~free"
                           "|~available|~prefer !",
                           "what|which|any|particular|certain @days !",
                           "your_availability|general_availability|availability_like|availability_is"
                           "|availability_preferences !", "availability ~@waitlist !"],
    },
    "legal": {
        "full_name": ["@name"],
        "phone": ["@phone", "@number ~@phone"],
        "practice_area": ["@kind @matter", "@kind ~help|~law|~legal|~lawyer|~attorney",
                          "area|type|kind|sort|field ~of_law|~legal",
                          "personal_injury|employment|immigration|criminal|family_law|estate_planning"
                          "|landlord_tenant|real_estate|bankruptcy|divorce|custody|injury"
                          "|work_thing|legally_speaking|legal_side",
                          "@matter ~regarding|~regard|~nature|~concerning|~involving",
                          "what_are_you_calling|what_is_the_call|what_is_this_call ~about|~regarding"],
        "incident_date": ["@when ~@incident", "@when ~was|~did|~were|~ago|~happen",
                          "@when ~know|~remember|~recall", "date_of_loss|dol"],
        "incident_state": ["@state ~@incident", "which_state|what_state|in_which_state",
                           "where ~@incident|~was|~did|~were",
                           "new_york|new_jersey|connecticut|pennsylvania|somewhere_else|out_of_state"],
        "opposing_party": ["@opposing", "@opposing @name"],
        "for_whom": ["@for_whom", "@for_whom|client @name"],
        "matter_summary": ["@summary", "@summary ~@matter"],
        "attorney": ["@attorney", "@attorney ~@particular|~@want", "@attorney @name",
                     "whose_calendar|whose_schedule|whose_diary",
                     "mr|ms|mrs|miss or_mr|or_ms|or_mrs|or_miss"],
        "message": ["@message"],
        "office": ["@office", "manhattan|newark", "where ~@want|~@consultation|~meet|~best|~works"],
        "consultation_date": ["@when ~@consultation", "@when ~in_mind !",
                              "@when ~@want|~would|~will|~could|~can|~good|~works|~@particular",
                              "@when ~work|~okay|~good|~fine|~suit",
                              "your_availability|availability_like|general_availability"],
        "consultation_time": ["@time ~@want|~@consultation", "what|which @time",
                              "morning|afternoon ~@want",
                              "earlier_one|later_one|earlier_ones|later_ones|earlier_or_later|early_or_late"
                              "|earlier_slot|later_slot|earlier_time|later_time",
                              "day_and_time|date_and_time|day_or_time|date_or_time|day_time"
                              "|days_and_times !", "@time ~work|~okay|~good|~fine|~suit",
                              "@time ~available|~free"],
        "document_type": ["@document", "@document ~@kind|~what|~which|~any",
                          "what_documents|which_documents|what_docs|any_documents|what_paperwork"
                          "|what_documentation|what_papers !",
                          "what_are_you_sending|what_will_you_send|what_are_you_bringing"
                          "|what_will_you_bring|what_can_you_send|what_will_you_be_sending !"],
        "document_delivery": ["@delivery @document", "@delivery ~@want", "how ~@document !",
                              "how ~@delivery", "secure_link|by_mail|drop_off|upload"],
    },
    "customer_support": {
        "full_name": ["@name", "@name ~@account", "whose ~@account|~@order"],
        "zip": ["@zip", "@zip ~@account"],
        "email": ["@email", "@email ~@account", "address ~@email"],
        "phone": ["@phone", "@number ~@phone", "@phone ~@account", "@number ~@account"],
        "order_id": ["order_number|order_id|order_no|confirmation_number|reference_number"
                     "|order_reference|which_order|what_order|order_code|order_confirmation",
                     "@order ~@number|~id|~code|~reference", "@number ~@order",
                     "which_order|what_order|what_is_the_order|the_order_number"],
        "item": ["@item", "what|which @item", "@item ~@return"],
        "return_reason": ["@why @return", "@why @item",
                          "what_is_wrong_with_it|wrong_with_it|problem_with_it|issue_with_it", "@why"],
        "cancel_reason": ["@why @cancel", "@cancel ~@why", "@why"],
        "refund_amount": ["@amount ~@refund", "@amount ~@want"],
        "refund_method": ["@refund_method @refund", "@refund_method ~@want", "how|form|way @refund",
                          "original_payment|store_credit|payment_method|original_card|gift_card"],
        "new_address_line1": ["@address", "@address ~@new|~^new_address"],
        "new_address_line2": ["@apartment", "@apartment ~@address|~^new_address"],
        "new_address_city": ["@city", "@city ~@address|~^new_address"],
        "new_address_state": ["which_state|what_state|province",
                              "which_state|what_state|state ~@address|~^new_address|~@new",
                              "state ~provide|~tell|~give|~what|~which|~and", "state_name"],
        "new_address_zip": ["@zip ~@new|~^new_address|~@address", "zip_there|zip_code_there",
                            "@zip ~there"],
        "recipient_name": ["@recipient", "@recipient @name",
                           "@name ~@recipient|~@address|~^new_address|~parcel|"
                           "~package|~shipment|~delivery|~label"],
        "product": ["@product"],
        "policy_topic": ["@policy", "which_one|which|what ~@policy !"],
    },
}
ANSWERS: dict[str, dict[str, list[str]]] = {
    "healthcare": {"full_name": ["who", "whose"], "date_of_birth": ["when"], "carrier": ["who"],
                   "location": ["where"], "visit_type": ["why"], "preferred_date": ["when"],
                   "appointment_time": ["when"], "provider": ["who", "whom"],
                   "cancel_reason": ["why"], "waitlist_notes": ["when"]},
    "legal": {"full_name": ["who"], "incident_date": ["when"], "incident_state": ["where"],
              "opposing_party": ["who", "whom"], "for_whom": ["who", "whom", "whose"],
              "attorney": ["who", "whom"], "office": ["where"], "consultation_date": ["when"],
              "consultation_time": ["when"]},
    "customer_support": {"full_name": ["who", "whose"], "return_reason": ["why"],
                         "cancel_reason": ["why"], "new_address_line1": ["where"],
                         "new_address_city": ["where"], "recipient_name": ["who", "whom"]},
}
# Listed keywords that the meanings cover and that read another slot's question as this one
# ("what day and time work for you" is not a waitlist question).
DROP_KEYWORDS = {
    "healthcare": {"waitlist_notes": ["days or times work", "days and times work",
                                      "work best for you", "any preferences for"]},
    # "What time of day would you like?" asks for a time
    # "What date did you want?" asks for the consultation's day, not the incident's
    "legal": {"consultation_date": ["come in", "day works", "day would work", "day would you like"],
              "incident_date": ["what date did"]},
}
TOPICS = {
    "healthcare": {"carrier": "insurance", "member_id": "insurance"},
    "customer_support": {slot: "new_address" for slot in (
        "new_address_line1", "new_address_line2", "new_address_city", "new_address_state",
        "new_address_zip", "recipient_name")}}


def main() -> int:
    check = "--check" in sys.argv[1:]
    stale = []
    root = Path(__file__).resolve().parent.parent / "tasks"
    for industry, means in MEANS.items():
        path = root / industry / "industry.json"
        text = path.read_text()
        data = json.loads(text)
        indent = 2 if text.startswith('{\n  "') else 1
        if json.dumps(data, indent=indent, ensure_ascii=False) + "\n" != text:
            print(f"{path}: not in json.dumps(indent={indent}) layout", file=sys.stderr)
            return 2
        for slot, patterns in means.items():
            entry = data["slots"][slot]
            entry["means"] = patterns
            drop = DROP_KEYWORDS.get(industry, {}).get(slot, [])
            entry["keywords"] = [k for k in entry["keywords"] if k not in drop]
            answers = ANSWERS.get(industry, {}).get(slot)
            if answers:
                entry["answers"] = answers
            topic = TOPICS.get(industry, {}).get(slot)
            if topic:
                entry["topic"] = topic
        new = json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
        if new != text:
            stale.append(path)
            if not check:
                path.write_text(new)
    for path in stale if check else ():
        print(f"{path}: slot meanings differ from scripts/slot_meanings.py", file=sys.stderr)
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
