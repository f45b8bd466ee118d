"""C12 intake documents: after the intake, request the document the caller has, by the
caller's channel (an upload link by text, mail, or drop-off)."""

from __future__ import annotations

import re

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import intake_lock, new_intake
from mivas_env.generation.families.legal.matters import FAMILY_MATTER, MATTERS
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)  # the caller's words for each delivery channel
DELIVERIES = ("drop_off", "mail", "upload_link_sms")
DELIVERY_SAYS = {"upload_link_sms": ["link", "text"], "mail": ["mail"], "drop_off": ["drop"]}
DELIVERY_ANSWER = {"upload_link_sms": "I've sent a secure upload link by text for {doc}.",
                   "mail": "Please mail {doc} to our office; I've noted the request.",
                   "drop_off": "You can drop off {doc} at our office; I've noted the request."}
DELIVERY_PUSH = {"upload_link_sms": (["mail", "drop off", "drop it off"],
                                     "Can't you just text me a link? It's on my phone."),
                 "mail": (["text", "link", "drop off"], "I'd really rather mail it."),
                 "drop_off": (["mail", "text", "link"], "I'd rather drop it off in person.")}


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    matter = rng.choice([m for m in (*MATTERS, FAMILY_MATTER) if m.documents])
    intake = new_intake(draw, matter)
    if intake is None:
        return None
    document, doc_words = rng.choice(matter.documents)
    delivery = rng.choice(DELIVERIES)
    facts = {"document_type": doc_words, "document_delivery": draw.say(TEXT[delivery])}
    words, push = DELIVERY_PUSH[delivery]
    intake_id = draw.firm.next_id("intakes", "intake_id", "int_")
    return intake_lock(
        draw, intake,
        "Write task at the intake desk: after the intake, request the document the caller has by "
        "the caller's channel. D checks the intakes and documents rows, T request_documents' "
        f"locked arguments, H the intake hop. Document {document} by {delivery}. ",
        extra_calls=[kit.call("request_documents", reference_id=intake_id, document_type=document,
                          delivery=delivery)],
        extra_answer=" " + DELIVERY_ANSWER[delivery].format(
            doc=re.sub(r"\b(my|our)\b", "your", doc_words)),
        extra_goal_tools=["request_documents"], extra_facts=facts,
        extra_says_any=DELIVERY_SAYS[delivery],
        extra_reactions=[kit.react(words, [push], unless=DELIVERY_SAYS[delivery])])


FAMILY = kit.legal_family("C12", "intake_documents", make)
