"""What the caller understands of an agent's line: which slots it asks for, by meaning rather
than by phrase list, and what else it is doing (a read-back, a spelling request, a hold, a
transfer, "anything else?", "how can I help?").

Two layers. The shared English layer lives here: how a line is cut into sentences and words
(contractions expanded, possessives dropped, "e-mail" -> "email", "d.o.b." -> "dob"), the
concepts most industries ask about (``@name``, ``@phone``, ``@birth``...), and the cues of
requests, negation and dialogue acts. Each industry declares its slots' meanings as data in
``industry.json`` (``slots.<slot>.means``): patterns over concepts and words, so a new industry
brings its own. A pattern is a space-separated list of groups that must all appear close
together in one sentence; a group is alternatives separated by ``|``, each a concept
(``@phone``) or words joined by ``_`` (``street_address``). The slot's ``keywords`` are
patterns too (one literal group each).

A sentence asks for a slot when one of the slot's patterns matches it and the sentence is a
request: a question mark, a request word (what, could you, please, tell me...), a question's
word order ("is this for yourself"), or a bare noun phrase ("and your date of birth").
Overlapping readings go to the more specific pattern; a tie goes to the context (the slot asked
last, the slots the active desk's tools take), then to a slot the caller has a fact for.
Everything here is linear in the line's length: a dictionary lookup per word, no regex that can
backtrack."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

# --- the shared English layer --------------------------------------------------------------


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Concepts: phrases that mean the same thing in an agent's question. Multi-word phrases are
# matched word by word; a word also matches its plural and -ed/-ing forms (see ``stem``).
CONCEPTS: dict[str, tuple[str, ...]] = {
    "name": ("name", "full name", "first name", "last name", "surname", "family name",
             "legal name", "first and last", "who am i speaking", "who am i talking",
             "whom am i speaking", "who is calling", "who is this", "who do i have",
             "who have i got", "who is on the line", "spell your name", "what are you called"),
    "birth": ("birth", "born", "dob", "birthday", "birthdate", "date of birth"),
    "phone": ("phone", "telephone", "cell", "cellphone", "mobile", "landline", "callback",
              "call back", "contact number", "reach you", "call you", "text you",
              "reach you at", "best number", "good number", "number to call",
              "number to reach", "number to text", "number for texts", "number for the text",
              "text it to", "text that to", "send the text", "send a text", "phone number"),
    "number": ("number", "digits"),
    "card": ("insurance card", "card", "id card", "member card", "insurance id card",
             "health card", "benefits card"),
    "email": ("email", "email address", "mail address", "emails"),
    "insurance": ("insurance", "insurer", "insured", "coverage", "covered", "carrier",
                  "health plan", "insurance plan", "your plan", "which plan", "what plan",
                  "medical plan", "health insurance", "who covers you", "plan with",
                  "plan through"),
    "member_id": ("member id", "member number", "member i d", "subscriber id",
                  "subscriber number", "policy number", "policy id", "insurance id",
                  "insurance number", "id number", "id on your card", "id on the card",
                  "card number", "member", "membership number", "id from your card",
                  "number on your card", "number on the card", "number on your insurance card",
                  "identification number"),
    "office": ("office", "location", "branch", "site", "clinic", "which one of our",
               "where would you like to be seen", "where would you like to come",
               "which of our", "closest to you", "most convenient", "nearest",
               "where do you want to go", "where would you like to go"),
    "visit": ("visit", "appointment", "appt", "checkup", "check up", "come in for",
              "coming in for", "be seen for", "what brings you", "seen for", "physical"),
    "kind": ("kind", "type", "sort", "reason for", "what for", "what is it for",
             "what is this for", "what is the visit for", "what brings you"),
    "when": ("when", "what day", "which day", "what date", "which date", "date", "day",
             "how soon", "what time frame", "timeframe", "what week", "which week"),
    "time": ("time", "times", "slot", "slots", "o clock", "morning or afternoon",
             "what hour", "which hour", "opening", "openings", "one of those"),
    "want": ("would you like", "do you want", "would you prefer", "do you prefer", "prefer",
             "preferred", "preference", "works for you", "work for you", "works best",
             "suit you", "suits you", "good for you", "better for you", "would work",
             "you want", "you would like", "hoping", "looking", "want to", "like to",
             "take", "grab", "book", "choose", "pick", "go with", "best for you"),
    "come_in": ("come in", "be seen", "get in", "schedule", "book", "see the doctor",
                "come see us", "coming in", "appointment", "visit", "see someone",
                "see us", "be in", "stop by", "swing by"),
    "provider": ("provider", "doctor", "physician", "clinician", "dr", "nurse practitioner",
                 "practitioner", "see anyone in particular", "see someone in particular",
                 "who would you like to see", "who do you want to see", "who you would like to see",
                 "who would you like to be seen by", "who do you usually see", "pcp",
                 "primary care"),
    "particular": ("particular", "specific", "preferred", "preference", "prefer", "usual",
                   "regular", "anyone", "someone", "who"),
    "cancel": ("cancel", "cancelling", "canceling", "cancellation", "cancelled", "canceled",
               "cancel it"),
    "why": ("why", "reason", "what is wrong", "what happened", "how come", "what made you",
            "what is prompting", "what prompted", "what is the problem", "what is the issue",
            "the problem", "the issue", "what went wrong", "wrong with", "the matter with",
            "any particular reason", "what is behind", "reasons"),
    "waitlist": ("opening", "openings", "waitlist", "wait list", "waiting list",
                 "cancellation list", "sooner", "earlier", "frees up", "free up",
                 "becomes available", "comes up", "opens up", "open up"),
    # legal
    "matter": ("matter", "case", "legal issue", "legal matter", "legal problem",
               "area of law", "practice area", "type of law", "kind of law", "what is this about",
               "what is this regarding", "what is this in regards to", "what is this concerning",
               "what is it about", "what is it regarding", "what can we help",
               "what do you need help with", "what kind of help", "what sort of help",
               "legal help", "what is going on", "what brings you", "what are you calling about",
               "reason for your call", "reason for calling", "why are you calling",
               "nature of", "what is the call about", "help you with", "claim", "situation",
               "lawyer for", "attorney for", "need a lawyer"),
    "incident": ("happen", "happened", "happening", "occur", "occurred", "incident",
                 "accident", "injury", "injured", "injuries", "hurt", "fired", "let go",
                 "terminated", "laid off", "arrive", "arrived", "arrival", "land", "landed",
                 "enter", "entered", "judgment", "judgement", "sentenced", "sentencing",
                 "convicted", "conviction", "arrested", "arrest", "crash", "collision",
                 "last day", "bitten", "bite", "fell", "fall", "slip", "slipped", "dismissed",
                 "it take place", "this take place", "take place", "took place", "start",
                 "started", "begin", "began", "signed", "served", "filed", "ticket",
                 "ticketed", "diagnosed", "surgery", "event", "events", "wreck"),
    "state": ("which state", "what state", "in which state", "what state was", "state was",
              "state did", "state is", "state was that", "which us state", "what us state",
              "what part of the country", "where", "state"),
    "opposing": ("other side", "other party", "opposing party", "opposing side", "opposing",
                 "against", "sue", "suing", "lawsuit against", "dispute with", "problem with",
                 "trouble with", "issue with", "conflict with", "claim against",
                 "complaint against", "having the problem with", "having trouble with",
                 "having issues with", "having a dispute with", "employer", "landlord",
                 "other driver", "driver", "who hit you", "who hit", "defendant",
                 "company you", "business you", "who was responsible", "who is responsible",
                 "responsible party", "at fault", "who owns", "owner", "the other person",
                 "who are you up against", "up against", "who is involved", "who else is involved",
                 "the other", "name of the company", "name of the business",
                 "name of the store", "name of the hotel", "name of the nursing home",
                 "who did this", "who caused", "who do you work for", "who did you work for",
                 "worked for", "work for", "who is it with", "who is this with", "who with",
                 "with whom", "other people", "the person", "the company", "dog",
                 "insurance company", "hospital", "doctor", "contractor", "seller", "buyer",
                 "spouse", "ex", "partner", "business partner"),
    "for_whom": ("for yourself", "for you", "for someone else", "on behalf", "on whose behalf",
                 "who is this for", "whom is this for", "who is the matter for",
                 "who would the client be", "who is the client", "the client",
                 "for a family member", "for a relative", "for a friend", "for another person",
                 "the one who needs", "who needs the help", "who needs help",
                 "who is the person", "calling for", "calling on behalf", "is it for you",
                 "are you the one", "who the client", "who would be the client",
                 "the client be", "about you", "about yourself", "for someone", "yourself"),
    "summary": ("what happened", "describe", "description", "tell me about", "tell me more",
                "walk me through", "fill me in", "in a nutshell", "briefly", "brief",
                "summary", "summarize", "summarise", "what are you hoping", "what outcome",
                "what would you like us to do", "what do you want us to do", "what is going on",
                "details", "the story", "explain", "overview", "what do you hope",
                "what would you like to happen", "what are you looking to", "what you are hoping",
                "what you would like us to do", "what went on", "what took place",
                "a bit about", "little about", "more about", "give me the gist", "gist",
                "what is the background", "background", "what led to"),
    "attorney": ("attorney", "attorneys", "lawyer", "lawyers", "counsel", "partner",
                 "who would you like to speak", "who would you like to talk",
                 "who do you want to speak", "who do you want to talk", "who are you trying",
                 "who you are trying", "anyone in particular", "someone in particular",
                 "someone specific", "anyone specific", "particular person",
                 "who should i", "which of our", "who is it for", "who is the message for",
                 "who would you like to reach", "who do you want to reach",
                 "who are you looking for", "who were you hoping", "who you would like",
                 "whom would you like", "who in particular", "who specifically",
                 "trying to reach", "want to reach", "like to reach", "hoping to reach",
                 "who were you calling for", "who are you calling for", "paralegal"),
    "message": ("message", "pass on", "pass along", "let them know", "let him know",
                "let her know", "what should i tell", "what would you like me to tell",
                "what do you want me to tell", "note for", "what should i say",
                "what would you like me to say", "what do you want me to say", "tell them",
                "tell him", "tell her", "relay", "leave word", "what should the note say",
                "what would you like to say", "what do you want to say", "what to tell",
                "what shall i tell", "what can i tell", "pass that on", "pass it on",
                "what would you like to leave", "what do you want to leave", "leave a note",
                "what should the message", "what is the message", "note"),
    "consultation": ("consultation", "consult", "meeting", "meet", "appointment",
                     "come in", "sit down", "sit-down", "see an attorney", "see a lawyer",
                     "meet with", "book", "schedule", "set up", "visit"),
    "document": ("document", "documents", "paperwork", "papers", "records", "record",
                 "letter", "letters", "contract", "contracts", "evidence", "photos",
                 "pictures", "files", "file", "copies", "copy", "forms", "form", "notice",
                 "report", "reports", "bills", "receipts", "statements", "proof",
                 "anything in writing", "in writing", "written", "lease", "emails"),
    "delivery": ("send", "sending", "mail", "mailing", "upload", "drop off", "drop them off",
                 "drop it off", "bring", "secure link", "link", "get them to us", "get us",
                 "get it to us", "deliver", "delivery", "share them", "share the",
                 "fax", "email them", "get those to us", "get the documents to us",
                 "provide them", "hand them", "how would you like to get", "how do you want to get",
                 "pass them", "submit", "how can you get", "how will you get", "get those over",
                 "send over", "send us", "text you a link", "in person", "post"),
    # customer support
    "account": ("account", "on file", "on the order", "on the account", "on your account",
                "for the account", "registered", "associated", "linked", "profile",
                "we have on file", "under", "billing", "account holder"),
    "zip": ("zip", "zip code", "zipcode", "postal", "postal code", "post code", "postcode"),
    "order": ("order", "orders", "purchase", "order number", "confirmation number",
              "order id", "order no", "order #", "reference number", "order reference"),
    "item": ("item", "items", "product", "products", "thing", "which one", "which of the",
             "what did you buy", "what did you order", "what you bought", "what you ordered",
             "article", "piece", "what is it", "what was it", "which thing", "merchandise",
             "which part of", "which of those", "which of these"),
    "return": ("return", "returning", "send back", "send it back", "sending back",
               "sending it back", "bring back", "take back", "exchange", "returned"),
    "amount": ("how much", "amount", "what amount", "sum", "dollar", "dollars", "total",
               "figure", "value", "price"),
    "refund": ("refund", "refunded", "money back", "reimburse", "reimbursed",
               "reimbursement", "credit back", "paid back", "refunds"),
    "refund_method": ("original payment", "store credit", "payment method", "back to your card",
                      "back on your card", "to your card", "on your card", "credit card",
                      "original card", "card you paid with", "card you used", "the card",
                      "credit", "gift card", "method", "how would you like the refund",
                      "how would you like to be refunded", "how do you want the refund",
                      "how do you want to be refunded", "how should we refund",
                      "how should i refund", "how would you like your money",
                      "how do you want your money", "where should the refund go",
                      "where would you like the refund", "where do you want the refund",
                      "form of refund", "way", "how would you like it", "how do you want it",
                      "refunded to", "refund to", "paid with", "payment"),
    "address": ("address", "street", "street address", "where should we ship",
                "where should it ship", "where should it go", "where should we send",
                "where should i send", "where do you want it", "where would you like it",
                "ship it to", "ship to", "shipping address", "delivery address",
                "deliver to", "deliver it to", "send it to", "mailing address",
                "where to ship", "where to send", "where to deliver", "line 1",
                "address line 1", "house number", "street number", "where it should go",
                "where should we deliver", "where it should be shipped", "where it should ship",
                "redirect", "ship"),
    "new": ("new", "updated", "different", "change", "changed", "instead", "redirect",
            "now", "correct", "right", "where should", "where do you want", "where would you like",
            "ship", "shipping", "deliver", "delivery", "send", "going", "going to"),
    "apartment": ("apartment", "apt", "unit", "suite", "flat", "floor", "line 2",
                  "address line 2", "second line", "building", "room", "number on the door",
                  "door number"),
    "city": ("city", "town", "municipality", "what city", "which city", "city name"),
    "recipient": ("recipient", "addressed to", "whose name", "who should it be addressed",
                  "name on the parcel", "name on the package", "name on the box",
                  "name on the label", "name on the shipment", "name on the delivery",
                  "who will receive", "who is receiving", "who will be receiving",
                  "name for the delivery", "who should we address", "who should we ship",
                  "who is it going to", "who will sign", "who should the package",
                  "who should the parcel", "whose attention", "attention of", "care of",
                  "who is the package for", "who is the parcel for", "name should go on",
                  "under what name", "under which name", "what name should", "which name should",
                  "who should it go to", "who it should go to", "who receives",
                  "who gets the package", "who gets it", "name for the shipping",
                  "name for shipping", "shipping name", "deliver it to whom",
                  "to whom", "for whom", "receiver", "addressee"),
    "product": ("product", "products", "model", "which product", "what product", "device",
                "gadget", "what are you looking at", "what are you interested in",
                "what are you asking about", "item", "what is it", "which one",
                "what were you looking at", "what are you shopping", "shopping for",
                "interested in", "looking at", "considering", "thinking of buying",
                "thinking about buying", "want to buy", "like to buy", "asking about",
                "question about", "curious about"),
    "policy": ("policy", "policies", "rule", "rules", "terms", "warranty", "guarantee",
               "return window", "shipping times", "price match", "what would you like to know",
               "what do you want to know", "what can i tell you", "what would you like to learn",
               "what do you need to know", "which topic", "what topic", "what information",
               "what are you curious", "what question", "what is your question",
               "what did you want to know", "what was your question", "hear about",
               "learn about", "know about", "information about", "info about", "details about",
               "details on", "info on"),
}

# Words that show a sentence asks for something (beyond a question mark).
REQUEST_WORDS = _set(
    "what which who whom whose when where how why please tell give need provide confirm spell "
    "verify share read say repeat require requires required")
# A question's word order: a sentence that starts (after discourse markers) with one of these.
QUESTION_START = _set(
    "is are was were do does did can could would will may might have has should shall any "
    "anything got")
# Discourse markers an agent puts before a question ("Perfect, thanks, and ...").
MARKERS = _set(
    "okay ok great perfect thanks thank you so alright right sure lovely wonderful excellent "
    "awesome and now next lastly finally also then cool gotcha understood good fine super "
    "fantastic brilliant yes yeah yep no nope well oh ah um uh hmm mhm alrighty one more last "
    "thing first of all to start before begin let us ,")
# What a bare noun phrase may hold besides the slot's words ("and your date of birth, too").
FILLERS = _set(
    "the your a an my please too also again as well then there here and or for of on in at to "
    "with this that those these it about what how the caller's patient's account's just only "
    "quickly real quick one last thing current full best ,")
# A negation: what follows it, to the end of its clause, is not asked for.
NEGATIONS: tuple[tuple[str, ...], ...] = tuple(tuple(p.split()) for p in (
    "no need", "do not need", "does not need", "will not need", "no longer need", "not need",
    "not necessary", "not needed", "need not", "unnecessary", "never mind", "nevermind", "skip",
    "forget", "without", "do not give", "do not tell", "do not say", "do not share",
    "do not provide", "do not bother", "do not worry", "do not read", "do not spell",
    "do not repeat", "no need to", "not required", "not going to need", "not ask",
    "we are not going to need", "we will not need", "i will not need", "not asking",
    "already have", "already got", "got your",
    "i have got your", "we have got your", "on file", "not be needed", "not be necessary",
    "hold off on", "leave out", "leave off", "set aside", "ignore", "not important",
    "no need for", "do not need your", "we can skip", "you can skip", "not worry about"))
# A slot named and then said not to be needed: "your phone isn't needed", "... can wait".
NEGATED_AFTER: tuple[tuple[str, ...], ...] = tuple(tuple(p.split()) for p in (
    "is not needed", "are not needed", "not needed", "is not necessary", "not necessary",
    "is not required", "not required", "unnecessary", "can wait", "is optional",
    "is not important", "is on file", "will not be needed", "not be needed",
    "is not going to be needed"))
# Words that end a clause: a negation's reach stops there.
CLAUSE_BREAKS = _set(
    "but just only instead except though although however rather ,")
DETERMINERS = _set("your the a an any my")
# A third person's name, not the caller's: "their full name", "the driver's name".
THIRD_PERSON = _set(
    "their his her its whose them him")

# Dialogue acts, each a set of phrases (matched on the words of the line).
ACTS: dict[str, tuple[str, ...]] = {
    "readback": ("is that right", "is that correct", "is this right", "is this correct",
                 "did i get that right", "did i get it right", "did i get everything right",
                 "have i got that right", "have i got it right", "read that back",
                 "read it back", "read this back", "repeat that back", "repeat it back",
                 "can you confirm", "just to confirm", "to confirm", "so that is",
                 "so that would be", "so it is", "you said", "did you say", "i have you down",
                 "i have got", "i heard", "i have it as", "i have that as", "i have your",
                 "let me read", "let me repeat",
                 "confirming", "just to make sure", "to make sure", "making sure",
                 "correct", "right", "is that it", "does that sound right", "sound right",
                 "that is", "so you are", "i am showing", "i see", "i show", "i have down",
                 "i wrote down", "i have written", "i noted", "i have noted", "let me confirm",
                 "to double check", "double check", "double-check", "just checking",
                 "checking", "verify", "yes or no"),
    "spell": ("spell", "spelled", "spelling", "letter by letter", "spell that",
              "how is that written", "how do you write", "how is that written out"),
    "help": ("how can i help", "how may i help", "what can i do for you", "how can i assist",
             "how may i assist", "what can i help you with", "what do you need today",
             "how can we help", "what brings you", "what are you calling about",
             "what is the reason for your call", "what can we do for you",
             "how can i be of help", "how can i be of assistance", "how may i direct",
             "reason for your call", "what can i help with", "what do you need help with",
             "how can i help you today", "what can i do for you today", "why are you calling",
             "what is this call about", "how are we helping", "what do you need"),
    "anything_else": ("anything else", "something else", "any other", "anything more",
                      "is there more", "what else", "all for today", "everything for today",
                      "all i can help", "anything further", "other questions",
                      "other question", "help with anything", "all you needed",
                      "all you need", "that all", "that be all", "everything you needed"),
    "hold": ("one moment", "one second", "one sec", "just a moment", "just a second",
             "just a sec", "bear with me", "hold on", "hold please", "please hold",
             "hang on", "give me a moment", "give me a second", "give me a sec",
             "let me check", "let me look", "let me pull", "let me see", "let me find",
             "let me take a look", "let me verify", "let me confirm that", "a moment",
             "a second", "while i check", "while i look", "while i pull", "checking now",
             "looking that up", "looking it up", "pulling that up", "pulling it up",
             "bringing up", "wait a moment", "momentarily", "real quick", "let me get",
             "stay on the line", "shortly", "i will check", "i am checking",
             "i am looking", "let me just"),
    "request": ("let me get", "let me have", "let me grab", "let me take", "go ahead with",
                "i will get", "i will take", "i will grab", "i would like", "i will need",
                "we will need", "i am going to need", "we are going to need", "i just need",
                "i am going to get", "i will just need", "can i get", "can i have",
                "could i get", "may i have", "i need", "we need", "i would need",
                "run me through", "mind sharing", "mind giving", "mind telling", "walk me"),
    "transfer": ("transfer", "transferring", "connect you", "connecting you", "put you through",
                 "putting you through", "hand you over", "handing you over", "pass you over",
                 "passing you over", "pass you to", "passing you to", "forward you",
                 "forwarding you", "send you over", "sending you over", "route you",
                 "routing you", "get you over to", "bring in", "loop in", "move you over"),
}


def stem(word: str) -> str:
    """A word without its plural or -ed/-ing ending ("happened" -> "happen", "cancelling" ->
    "cancel", "injuries" -> "injury"): so one lexicon word matches its forms."""
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]  # stopped -> stop
            elif base.endswith("ll"):
                base = base[:-1]  # cancelled -> cancel
            return base
    if word.endswith("es") and word[-3:-2] in ("s", "x", "z") or word.endswith(("ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# --- cutting a line into sentences and words -----------------------------------------------

_CONTRACTIONS = (("won't", "will not"), ("can't", "can not"), ("cannot", "can not"),
                 ("shan't", "shall not"), ("ain't", "is not"), ("n't", " not"), ("'re", " are"),
                 ("'ve", " have"), ("'ll", " will"), ("'d", " would"), ("'m", " am"),
                 ("let's", "let us"))
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|#|[,:()\u2014\u2013]| - ")
_BREAK = re.compile(r"[.!;\n]+|\?+")
_DOTTED = re.compile(r"\b(?:[a-z]\.){2,}")  # d.o.b. -> dob, i.d. -> id
_SPOKEN_JOIN = (("e mail", "email"), ("e-mail", "email"), ("call-back", "callback"),
                ("d o b", "dob"), ("i d", "id"), ("z i p", "zip"))


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of an agent's line: its words (normalised), their stems, and whether it
    ended with a question mark."""

    words: tuple[str, ...]
    stems: tuple[str, ...]
    question: bool


def sentences(line: str) -> list[Sentence]:
    """The sentences of a line, each as normalised words (lower case, contractions expanded,
    possessive 's dropped, "#" read as "number")."""
    text = line.casefold().replace("’", "'").replace("‘", "'")
    text = _DOTTED.sub(lambda m: m[0].replace(".", "") + " ", text)
    for old, new in _SPOKEN_JOIN:
        if old in text:
            text = text.replace(old, new)
    for old, new in _CONTRACTIONS:
        if old in text:
            text = text.replace(old, new)
    out: list[Sentence] = []
    start = 0
    for match in _BREAK.finditer(text):
        _add(out, text[start:match.start()], "?" in match.group(0))
        start = match.end()
    _add(out, text[start:], False)
    return out


def _add(out: list[Sentence], chunk: str, question: bool) -> None:
    words: list[str] = []
    for token in _WORD.findall(chunk):
        if token in (",", ":", "(", ")", "\u2014", "\u2013", " - "):
            if words and words[-1] != ",":
                words.append(",")
            continue
        if token == "#":
            words.append("number")
            continue
        if "'" in token:
            head, _, tail = token.partition("'")
            token = head if tail == "s" else head + tail
        words.append(token)
    if words:
        out.append(Sentence(tuple(words), tuple(stem(w) for w in words), question))


# --- the compiled lexicon of one industry ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class Phrase:
    """A phrase of the lexicon (its words' stems) and the cues it is evidence for."""

    stems: tuple[str, ...]
    cues: frozenset[str]


@dataclass(frozen=True, slots=True)
class Pattern:
    """One way of asking for a slot: groups of cues that must all appear within ``WINDOW``
    words of one another; ``weight`` is its specificity."""

    slot: str
    groups: tuple[frozenset[str], ...]
    weight: float
    claims: tuple[bool, ...] = ()  # per group: its words belong to this reading (not "~")


WINDOW = 9  # words: how far apart a pattern's groups may be


@dataclass(frozen=True, slots=True)
class Match:
    """A slot a sentence asks for: where its words are and how specific the reading is."""

    slot: str
    weight: float
    positions: frozenset[int]
    first: int


def _phrase_stems(phrase: str) -> tuple[str, ...]:
    words: list[str] = []
    for sentence in sentences(phrase):
        words.extend(sentence.stems)
    return tuple(words)


class Lexicon:
    """Phrases indexed by their first word's stem; the cues each phrase is evidence for."""

    def __init__(self) -> None:
        self.index: dict[str, list[Phrase]] = {}
        self._pending: dict[tuple[str, ...], set[str]] = {}

    def add(self, phrase: str, cue: str) -> None:
        stems = _phrase_stems(phrase)
        if stems:
            self._pending.setdefault(stems, set()).add(cue)

    def freeze(self) -> None:
        for stems, cues in self._pending.items():
            self.index.setdefault(stems[0], []).append(Phrase(stems, frozenset(cues)))
        for phrases in self.index.values():
            phrases.sort(key=lambda p: -len(p.stems))

    def find(self, stems: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
        """Every cue the words evidence, with the (start, end) spans that evidence it. The
        longest phrase wins: a phrase inside a longer one found here is not evidence of its
        own ("date" in "date of birth", "insurance" in "insurance card")."""
        hits: list[tuple[int, int, frozenset[str]]] = []
        n = len(stems)
        reach = 0  # the end of the longest phrase found so far
        for i, word in enumerate(stems):
            for phrase in self.index.get(word, ()):  # longest first
                size = len(phrase.stems)
                if i + size <= n and (size == 1 or tuple(stems[i:i + size]) == phrase.stems):
                    if i + size <= reach and (not hits or hits[-1][0] != i
                                              or hits[-1][1] != i + size):
                        continue  # inside a longer phrase
                    hits.append((i, i + size, phrase.cues))
                    reach = max(reach, i + size)
        found: dict[str, list[tuple[int, int]]] = {}
        for start, end, cues in hits:
            for cue in cues:
                found.setdefault(cue, []).append((start, end))
        return found


@dataclass
class Understanding:
    """How one industry's slots are asked for, compiled once (see the module docstring)."""

    patterns: list[Pattern]
    lexicon: Lexicon
    topics: dict[str, str] = field(default_factory=dict)  # slot -> topic
    order: dict[str, int] = field(default_factory=dict)  # slot -> declaration order
    acts: Lexicon = field(default_factory=Lexicon)
    negations: Lexicon = field(default_factory=Lexicon)

    def read(self, line: str, *, last_asked: Sequence[str] = (), desk: Collection[str] = (),
             known: Collection[str] = ()) -> Reading:
        """What the line asks for and does (see ``Reading``)."""
        reading = Reading()
        for sentence in sentences(line):
            self._read_sentence(sentence, reading, last_asked, desk, known)
            reading.offset += len(sentence.words)
        return reading

    def _read_sentence(self, sentence: Sentence, reading: Reading, last_asked: Sequence[str],
                       desk: Collection[str], known: Collection[str]) -> None:
        stems = sentence.stems
        acts = self.acts.find(stems)
        reading.acts.update(acts)
        request = "request" in acts or _is_request(sentence)
        cues = self.lexicon.find(stems)
        _drop_third_person(sentence.words, cues)
        topic_of_last = {self.topics[s] for s in last_asked if s in self.topics}
        matches = self._matches(cues, topic_of_last)
        if not matches and request and last_asked:
            matches = self._elliptical(cues, last_asked)
        if not matches:
            if request:
                reading.unplaced_request = reading.unplaced_request or _strong_request(sentence)
            return
        chosen = self._resolve(matches, last_asked, desk, known)
        if not request:
            request = _bare_phrase(sentence, chosen)
        negated = self._negated(stems, chosen)
        reading.negated.update(negated)
        if not request:
            reading.mentioned.extend(m.slot for m in chosen if m.slot not in negated)
            return
        for match in chosen:
            if match.slot not in negated and match.slot not in reading.asked:
                reading.asked.append(match.slot)
                reading.where[match.slot] = reading.offset + match.first

    def _matches(self, cues: dict[str, list[tuple[int, int]]], topics: set[str]) -> list[Match]:
        if not cues:
            return []
        present = set(cues)
        for topic in topics:  # the topic of the slot asked last counts as said
            present.add("^" + topic)
        out: list[Match] = []
        for pattern in self.patterns:
            if not all(group & present for group in pattern.groups):
                continue
            match = _place(pattern, cues)
            if match is not None:
                out.append(match)
        return out

    def _elliptical(self, cues: dict[str, list[tuple[int, int]]],
                    last_asked: Sequence[str]) -> list[Match]:
        """"And the number?" right after a phone question: a request that names no slot but
        shares a cue with the slot asked last is about that slot."""
        for slot in last_asked:
            for pattern in self.patterns:
                if pattern.slot != slot:
                    continue
                shared = [cue for group in pattern.groups for cue in group if cue in cues]
                if shared:
                    spans = [span for cue in shared for span in cues[cue]]
                    positions = frozenset(i for a, b in spans for i in range(a, b))
                    return [Match(slot, 0.5, positions, min(positions))]
        return []

    def _resolve(self, matches: list[Match], last_asked: Sequence[str], desk: Collection[str],
                 known: Collection[str]) -> list[Match]:
        """The readings kept: the most specific first; a reading whose words another kept
        reading already took is dropped (ties go to the context, then to what the caller
        knows, then to the industry's order)."""
        best: dict[str, Match] = {}
        for match in matches:
            old = best.get(match.slot)
            if old is None or match.weight > old.weight:
                best[match.slot] = match

        def rank(match: Match) -> tuple[float, int, int, int, int]:
            return (-match.weight, match.slot not in last_asked, match.slot not in desk,
                    match.slot not in known, self.order.get(match.slot, 0))

        kept: list[Match] = []
        taken: set[int] = set()
        for match in sorted(best.values(), key=rank):
            if match.positions & taken:
                continue
            kept.append(match)
            # the words right beside a reading belong to its noun phrase ("the zip code of the
            # new address" is one slot, not a zip and an address)
            taken |= match.positions | {min(match.positions) - 1, max(match.positions) + 1}
        return sorted(kept, key=lambda m: m.first)

    def _negated(self, stems: Sequence[str], chosen: list[Match]) -> set[str]:
        """Slots the sentence says are not needed: after a negation in the same clause
        ("no need for your phone"), or named and then waved off ("your phone can wait")."""
        if not chosen:
            return set()
        negated = {m.slot for m in chosen if _negated_before(stems, m.first)}
        found = self.negations.find(stems)
        if not found:
            return negated
        breaks = [i for i, word in enumerate(stems) if word in CLAUSE_BREAKS]
        for cue, spans in found.items():
            for start, end in spans:
                if cue == "before":  # the negation covers what follows, to the clause's end
                    stop = min([b for b in breaks if b >= end] + [len(stems)])
                    negated |= {m.slot for m in chosen if start <= m.first < stop}
                else:  # "... is not needed": the slot just before it
                    before = [m for m in chosen if max(m.positions) < start
                              and start - max(m.positions) <= 3]
                    if before:
                        negated.add(before[-1].slot)
        return negated


@dataclass
class Reading:
    """What an agent's line asks and does.

    ``asked``: slots it requests, in the order they were asked; ``negated``: slots it says are
    not needed; ``mentioned``: slots named outside a request ("I'll note your phone");
    ``acts``: dialogue acts (readback, spell, help, anything_else, hold, transfer);
    ``unplaced_request``: a request for something no slot covers."""

    asked: list[str] = field(default_factory=list)
    negated: set[str] = field(default_factory=set)
    mentioned: list[str] = field(default_factory=list)
    acts: set[str] = field(default_factory=set)
    unplaced_request: bool = False
    where: dict[str, int] = field(default_factory=dict)
    offset: int = 0


def _place(pattern: Pattern, cues: dict[str, list[tuple[int, int]]]) -> Match | None:
    """The best placement of a pattern's groups (all within ``WINDOW`` words of one another:
    the most words covered, then the tightest), or None."""
    options: list[tuple[bool, list[tuple[int, int]]]] = []
    for group, claims in zip(pattern.groups, pattern.claims, strict=True):
        spans = [span for cue in group if cue in cues for span in cues[cue]]
        if spans:  # a group met only by the context (a topic) has no words
            options.append((claims, spans))
    if not options:
        return None
    best: tuple[int, int, list[tuple[int, int]]] | None = None
    for anchor in options[0][1]:
        chosen = [anchor]
        for _, spans in options[1:]:
            free = [s for s in spans if not _overlaps(s, chosen)] or spans
            chosen.append(min(free, key=lambda s: (abs(s[0] - anchor[0]), s[0] - s[1])))
        covered = sum(b - a for a, b in chosen)
        width = max(s[1] for s in chosen) - min(s[0] for s in chosen)
        if width - covered > WINDOW:
            continue
        if best is None or (covered, -width) > (best[0], -best[1]):
            best = (covered, width, chosen)
    if best is None:
        return None
    spans = best[2]
    claimed = [span for (claims, _), span in zip(options, spans, strict=True) if claims] or spans
    positions = set(i for a, b in claimed for i in range(a, b))
    # a claiming group's other words that touch the claimed ones are claimed too ("the new
    # address": "new" met the group, "address" belongs to the same reading)
    touching = [span for claims, group_spans in options if claims for span in group_spans]
    grew = True
    while grew:
        grew = False
        for a, b in touching:
            if (a - 1 in positions or b in positions) and not positions.issuperset(range(a, b)):
                positions.update(range(a, b))
                grew = True
    extra = sum(b - a - 1 for a, b in spans) * 0.25
    return Match(pattern.slot, pattern.weight + extra, frozenset(positions), min(positions))


def _overlaps(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(span[0] < b and a < span[1] for a, b in spans)


def _negated_before(stems: Sequence[str], first: int) -> bool:
    """"No date of birth needed", "without your phone": a slot's words right after a no."""
    before = stems[max(0, first - 2):first]
    if before and before[-1] in DETERMINERS:
        before = before[:-1]
    return bool(before) and before[-1] in ("no", "not", "without", "never")


def _drop_third_person(words: Sequence[str], cues: dict[str, list[tuple[int, int]]]) -> None:
    """"Their full name", "his number": a name or phone that belongs to someone else is not
    the caller's."""
    for cue in ("@name", "@phone", "@birth", "@email"):
        spans = cues.get(cue)
        if spans:
            kept = [(a, b) for a, b in spans if not (a > 0 and words[a - 1] in THIRD_PERSON)]
            if kept:
                cues[cue] = kept
            else:
                del cues[cue]


def _content(sentence: Sentence) -> tuple[str, ...]:
    """The sentence's words after its leading discourse markers ("Perfect, thanks, and ...")."""
    words = sentence.words
    i = 0
    while i < len(words) and words[i] in MARKERS:
        i += 1
    return words[i:]


def _is_request(sentence: Sentence) -> bool:
    if sentence.question:
        return True
    content = _content(sentence)
    if content and content[0] in QUESTION_START:
        return True
    return any(word in REQUEST_WORDS for word in sentence.words)


def _strong_request(sentence: Sentence) -> bool:
    """A request addressed to the caller in a question's form: the caller cannot place it, so it
    asks what is wanted (a statement with a "what" in it is not one)."""
    content = _content(sentence)
    if not content:
        return False
    second_person = any(w in ("you", "your", "yours", "yourself") for w in content)
    opener = content[0] in QUESTION_START or content[0] in (
        "what", "which", "who", "whom", "whose", "when", "where", "how", "why", "please",
        "tell", "give", "spell", "provide", "share", "confirm", "verify", "read", "say")
    return second_person and (sentence.question or opener)


def _bare_phrase(sentence: Sentence, chosen: list[Match]) -> bool:
    """"And your date of birth" (no question mark on a speech channel): a sentence that is
    nothing but the slot's words and fillers is a request."""
    content = _content(sentence)
    offset = len(sentence.words) - len(content)
    taken = set().union(*(m.positions for m in chosen)) if chosen else set()
    return bool(taken) and all(
        offset + i in taken or word in FILLERS for i, word in enumerate(content))


# --- compiling an industry's meanings --------------------------------------------------------

def _parse_pattern(slot: str, text: str, lexicon: Lexicon) -> Pattern:
    groups: list[frozenset[str]] = []
    claims: list[bool] = []
    for group in text.split():
        claims.append(not group.startswith("~"))
        cues: set[str] = set()
        for alternative in group.split("|"):
            alternative = alternative.lstrip("~")
            if alternative.startswith(("@", "^")):
                cues.add(alternative)
            else:
                words = alternative.replace("_", " ")
                cue = "=" + words
                lexicon.add(words, cue)
                cues.add(cue)
        groups.append(frozenset(cues))
    return Pattern(slot, tuple(groups), float(len(groups)), tuple(claims))


def compile_understanding(slots: Mapping[str, tuple[Iterable[str], Iterable[str], str | None]]
                          ) -> Understanding:
    """An ``Understanding`` from each slot's (keywords, means, topic)."""
    lexicon = Lexicon()
    used = {cue[1:] for _, means, _ in slots.values() for text in means
            for cue in re.split(r"[\s|~]+", text) if cue.startswith("@")}
    for concept in sorted(used):
        if concept not in CONCEPTS:
            raise ValueError(f"unknown concept @{concept} (known: {', '.join(sorted(CONCEPTS))})")
        for phrase in CONCEPTS[concept]:  # only the concepts this industry's slots use
            lexicon.add(phrase, "@" + concept)
    patterns: list[Pattern] = []
    topics: dict[str, str] = {}
    for slot, (keywords, means, topic) in slots.items():
        for keyword in keywords:
            stems = _phrase_stems(keyword)
            if stems:
                cue = "=" + " ".join(stems)
                lexicon.add(keyword, cue)
                # a listed keyword is as specific as a pattern of as many groups as words
                patterns.append(Pattern(slot, (frozenset([cue]),), float(min(len(stems), 3)),
                                        (True,)))
        for text in means:
            patterns.append(_parse_pattern(slot, text, lexicon))
        if topic:
            topics[slot] = topic
    lexicon.freeze()
    acts = Lexicon()
    for act, phrases in ACTS.items():
        for phrase in phrases:
            acts.add(phrase, act)
    acts.freeze()
    negations = Lexicon()
    for words in NEGATIONS:
        negations.add(" ".join(words), "before")
    for words in NEGATED_AFTER:
        negations.add(" ".join(words), "after")
    negations.freeze()
    return Understanding(patterns, lexicon, topics, {s: i for i, s in enumerate(slots)},
                         acts, negations)


@cache
def industry_understanding(industry_name: str) -> Understanding:
    """The compiled understanding of an industry's slots (from its ``industry.json``)."""
    from rewards import load_industry

    slots = load_industry(industry_name).slots
    return compile_understanding({name: (slot.keywords, slot.means, slot.topic)
                                  for name, slot in slots.items()})


def keyword_understanding(slot_keywords: Mapping[str, Iterable[str]]) -> Understanding:
    """An understanding from bare keyword lists (a caller built without an industry)."""
    return _keyword_understanding(tuple((slot, tuple(words)) for slot, words in
                                        slot_keywords.items()))


@cache
def _keyword_understanding(items: tuple[tuple[str, tuple[str, ...]], ...]) -> Understanding:
    return compile_understanding({slot: (words, (), None) for slot, words in items})
