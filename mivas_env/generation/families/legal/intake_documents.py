"""C12 intake documents: after the intake, request the caller's document by their channel."""

import re

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import FAMILY_MATTER, MATTERS, intake_lock, new_intake

CODE = "C12"
TEXT = kit.family_templates(__name__)  # the caller's words for each delivery channel


def make(draw: kit.Draw) -> kit.Draft | None:
    rng = draw.rng
    matter = rng.choice([m for m in (*MATTERS, FAMILY_MATTER) if m.documents])
    intake = new_intake(draw, matter)
    document, doc_words = rng.choice(matter.documents)
    delivery = rng.choice(TEXT.words("deliveries"))
    intake_id = draw.firm.next_id("intakes")
    said = TEXT.words(f"says {delivery}")
    return intake_lock(
        draw, intake, TEXT.line("about", document=document, delivery=delivery),
        calls=[kit.call("request_documents", reference_id=intake_id, document_type=document,
                        delivery=delivery)],
        answer=" " + TEXT.line(f"answer {delivery}", doc=re.sub(r"\b(my|our)\b", "your", doc_words)),
        tools=["request_documents"], says_any=said,
        facts={"document_type": doc_words, "document_delivery": draw.say(TEXT[delivery])},
        reactions=[kit.react(TEXT.words(f"other than {delivery}"), [TEXT.line(f"push {delivery}")],
                             unless=said)])
