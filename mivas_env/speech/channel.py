"""The speech channel between caller and agent: what the other side of a phone call hears.

Three channels (``CHANNELS``):

- ``text``: the line as written (what the environment always passed; the default).
- ``spoken``: what a perfect speech recogniser prints: numbers, dates, times, money, emails and
  ids as words ("nine one seven five five five...", "march fourteenth nineteen ninety one",
  "d w at example dot com"), acronyms and spelled names letter by letter, no punctuation, no
  casing (``spoken()``).
- ``asr``: the spoken line with seeded recognition errors at a word error rate ``wer``
  (``AsrNoise``): names swapped for phonetically close words (jellyfish metaphone/soundex
  equivalents, or a sound-preserving respelling), homophones, dropped and inserted short words,
  digit-group errors (a confusable digit, a digit dropped or doubled), split and merged words.
  The same seed gives the same errors, in any process.

Saying values aloud is :mod:`mivas_env.speech.spoken`; reading heard words back into values
(``read_digits``, ``read_date``, ...) is :mod:`mivas_env.speech.heard`, the one reader. Their
names are still read here (the old path ``mivas_env.channel`` held them)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Literal

import jellyfish
from rapidfuzz.distance import Levenshtein

from mivas_env.speech.heard import read_date, read_digits, read_email, read_name, read_spelling
from mivas_env.speech.spoken import (
    DIGIT_WORDS,
    DIGITS,
    MAX_TOKEN_CHARS,
    MONTHS,
    cardinal,
    digits,
    ordinal,
    spoken,
    year,
)

__all__ = ["CHANNELS", "DEFAULT_WER", "DIGITS", "MAX_TOKEN_CHARS", "MONTHS", "SHORT_WORDS",
           "AsrNoise", "Channel", "ChannelName", "Heard", "cardinal", "digits", "every_string",
           "ordinal", "phonetic_neighbours", "read_date", "read_digits", "read_email",
           "read_name", "read_spelling", "respellings", "sound_alikes", "spoken", "word_errors",
           "year"]

ChannelName = Literal["text", "spoken", "asr"]
CHANNELS: tuple[ChannelName, ...] = ("text", "spoken", "asr")
DEFAULT_WER = 0.1
# The asr channel's default word error rate at each difficulty level of a generated task
# (mivas_env.generation.levels); hand-written tasks keep DEFAULT_WER.
LEVEL_WER: tuple[float, ...] = (0.0, 0.03, 0.06, 0.10, 0.15)

# --- the recognition noise model ------------------------------------------------------------

# Letters a recogniser confuses (the E-set and its neighbours).
_LETTER_CONFUSIONS = {
    "b": "dpve", "c": "tzeg", "d": "btge", "e": "bdp", "g": "jdc", "p": "btd", "t": "dpc",
    "v": "bz", "z": "cv", "m": "n", "n": "m", "f": "s", "s": "fx", "a": "jk", "j": "ag",
    "k": "aj", "i": "y", "y": "i", "q": "u", "u": "q", "o": "l", "l": "o", "r": "a", "h": "a",
    "w": "u", "x": "s"}
# Digits a recogniser confuses, and the teens/tens that sound alike.
_DIGIT_CONFUSIONS = {"zero": ("oh",), "one": ("nine", "won"), "two": ("to", "three"),
                     "three": ("two", "tree"), "four": ("for", "five"), "five": ("nine", "four"),
                     "six": ("sixty",), "seven": ("eleven",), "eight": ("ate", "eighty"),
                     "nine": ("five", "one")}
_SOUNDALIKE_NUMBERS = {"thirteen": "thirty", "fourteen": "forty", "fifteen": "fifty",
                       "sixteen": "sixty", "seventeen": "seventy", "eighteen": "eighty",
                       "nineteen": "ninety"}
_SOUNDALIKE_NUMBERS |= {v: k for k, v in _SOUNDALIKE_NUMBERS.items()}
_HOMOPHONE_SETS = (
    "to too two", "for four fore", "there their they're", "right write", "no know",
    "by buy bye", "one won", "eight ate", "here hear", "new knew", "our hour", "way weigh",
    "week weak", "mail male", "sale sail", "read red", "whole hole", "would wood",
    "wait weight", "its it's", "your you're", "where wear", "be bee", "see sea", "i eye",
    "dear deer", "a uh", "oh owe", "meet meat", "peace piece", "some sum", "son sun", "flu flew", "pain pane",
    "in inn", "claim clam", "fair fare", "higher hire", "die dye", "aloud allowed",
    "patience patients", "principal principle", "cell sell", "seller cellar", "board bored",
    "plain plane", "made maid", "not knot", "cent sent scent", "so sew", "knows nose",
    "weather whether", "than then", "accept except", "advice advise", "lose loose",
)
_HOMOPHONES: dict[str, tuple[str, ...]] = {}
for _line in _HOMOPHONE_SETS:
    _group = _line.split()
    for _word in _group:
        _HOMOPHONES[_word] = tuple(w for w in _group if w != _word)
SHORT_WORDS = ("a", "the", "and", "uh", "um", "so", "of", "to", "in", "it", "is", "i", "oh",
               "on", "at", "that")
# Sound-preserving respellings, tried when a word has no phonetic neighbour in the lexicon.
_RESPELLINGS = (("ph", "f"), ("f", "ph"), ("ck", "k"), ("c", "k"), ("k", "c"), ("qu", "kw"),
                ("ee", "ea"), ("ea", "ee"), ("y", "ie"), ("ie", "y"), ("ey", "y"), ("i", "y"),
                ("s", "z"), ("z", "s"), ("son", "sen"), ("sen", "son"), ("man", "mann"),
                ("ll", "l"), ("l", "ll"), ("tt", "t"), ("t", "tt"), ("nn", "n"), ("n", "nn"),
                ("ss", "s"), ("er", "or"), ("or", "er"), ("ai", "ay"), ("ay", "ai"),
                ("ou", "ow"), ("oo", "u"), ("th", "t"), ("w", "wh"), ("x", "ks"), ("ch", "sh"),
                ("sh", "ch"), ("g", "j"), ("j", "g"), ("a", "e"), ("e", "a"), ("o", "a"))


def _lexicon_words() -> list[str]:
    """Words the recogniser may output besides the line's own: the shipped callers' words and
    every name in the shipped worlds, plus common words (sorted, so draws are reproducible)."""
    from rewards import load_seed, tasks_dir
    from rewards.industry import INDUSTRIES
    from rewards.worlds import SPLITS
    from rewards.worlds.names import pool

    words: set[str] = set(_COMMON_WORDS.split())
    for name in INDUSTRIES:
        for path in sorted((tasks_dir() / name / "tasks").glob("*.json")):
            try:
                caller = json.loads(path.read_text(encoding="utf-8")).get("caller") or {}
            except (OSError, ValueError):
                continue
            words.update(spoken(" ".join(every_string(caller))).split())
        for rows in load_seed(name).values():
            for row in rows:
                for key, value in row.items():
                    if "name" in key and isinstance(value, str):
                        words.update(spoken(value).split())
    for split in SPLITS:  # the generated worlds' people, companies and streets
        names = pool(split)
        for value in (*names.first_names, *names.surnames, *names.company_words,
                      *names.street_names):
            words.update(spoken(value).split())
    return sorted(w for w in words if w.isalpha() and len(w) > 1)


def every_string(value: Any) -> Iterator[str]:
    """Every string inside a JSON-like value (dict values, list items, nested), in order."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from every_string(item)
    elif isinstance(value, list):
        for item in value:
            yield from every_string(item)


_COMMON_WORDS = (
    "about after again all also am an appointment are around as ask back bank bay been before "
    "being bell best better big bill book born both brown call came can card care case cell "
    "check city claim clean close code cold come could court cover date day dean deal dear "
    "does done down drive each early east end even every fall far feel fell few file fine "
    "first for found free friday from full gave get give go good got grant great green had "
    "hand has have he hear held help her here high him his hold home hope how just keep kind "
    "knew know last late law lay lead least left less let life light like line list little "
    "long look lost made mail main make man many march mark may me mean meet mile mill miller "
    "mine miss monday more morning most much must name near need never new next nice night "
    "none north note now number off office old once only open order other our out over paid "
    "park part pay people place plan please point post price read real right road room run "
    "said same saw say see seen sell send set she should show side since small some soon "
    "south stay still street such sure take tell than thank that the them then there these "
    "they thing think this those though three through thursday time today told too took "
    "town tuesday turn under until up upon us use very wait walk want was way we wednesday "
    "week well went were west what when where which while white who why will with word work "
    "would write year yes yet you young your")


@cache
def _phonetic_index() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    by_metaphone: dict[str, list[str]] = {}
    by_soundex: dict[str, list[str]] = {}
    for word in _lexicon_words():
        by_metaphone.setdefault(jellyfish.metaphone(word), []).append(word)
        by_soundex.setdefault(jellyfish.soundex(word), []).append(word)
    return ({k: tuple(v) for k, v in by_metaphone.items()},
            {k: tuple(v) for k, v in by_soundex.items()})


@lru_cache(maxsize=65536)
def phonetic_neighbours(word: str) -> tuple[str, ...]:
    """Lexicon words that sound like ``word`` (same metaphone code, else same soundex code and
    close in spelling), nearest spelling first."""
    by_metaphone, by_soundex = _phonetic_index()
    same = [w for w in by_metaphone.get(jellyfish.metaphone(word), ()) if w != word]
    if not same:
        same = [w for w in by_soundex.get(jellyfish.soundex(word), ())
                if w != word and Levenshtein.distance(w, word) <= max(2, len(word) // 3)]
    return tuple(sorted(same, key=lambda w: (Levenshtein.distance(w, word), w))[:6])


@lru_cache(maxsize=65536)
def sound_alikes(word: str) -> tuple[str, ...]:
    """Lexicon words with the same soundex code, nearest spelling first (a looser neighbour)."""
    _, by_soundex = _phonetic_index()
    same = [w for w in by_soundex.get(jellyfish.soundex(word), ()) if w != word]
    return tuple(sorted(same, key=lambda w: (Levenshtein.distance(w, word), w))[:4])


@lru_cache(maxsize=65536)
def respellings(word: str) -> tuple[str, ...]:
    """Spellings of ``word`` that sound the same (one rewrite, same soundex code)."""
    code = jellyfish.soundex(word)
    out: list[str] = []
    for old, new in _RESPELLINGS:
        start = word.find(old, 1) if len(word) > 1 else -1
        if start < 0:
            continue
        candidate = word[:start] + new + word[start + len(old):]
        if candidate != word and candidate not in out and jellyfish.soundex(candidate) == code:
            out.append(candidate)
    return tuple(out)


@dataclass(frozen=True)
class Heard:
    """One line through the channel: as said, as a perfect recogniser prints it, as heard."""

    said: str
    spoken: str
    heard: str
    confidence: float
    errors: int = 0  # word errors the noise model made (substitutions + insertions + deletions)


# Error kinds with their draw weights and their word-error cost (a split is a substitution and
# an insertion; a merge a substitution and a deletion).
_KINDS = (("substitute", 0.5, 1), ("drop", 0.16, 1), ("insert", 0.14, 1), ("split", 0.1, 2),
          ("merge", 0.1, 2))
_KIND_NAMES = tuple(k for k, _, _ in _KINDS)
_KIND_WEIGHTS = tuple(w for _, w, _ in _KINDS)
_MEAN_COST = sum(weight * cost for _, weight, cost in _KINDS) / sum(w for _, w, _ in _KINDS)
# Measured word error rate runs about 12% under the drawn one (an alignment can undo a drop next
# to an insertion; a merge of two words may align as one substitution and one deletion, or
# cheaper): benchmarks/bench_channel.py measures the result.
_CALIBRATION = 1.14


@dataclass
class AsrNoise:
    """Seeded recognition errors at a target word error rate (errors per spoken word)."""

    wer: float = DEFAULT_WER
    seed: int | str | None = 0
    rng: random.Random = field(init=False)
    made: Counter[str] = field(default_factory=Counter)  # errors made so far, by kind

    def __post_init__(self) -> None:
        if not 0.0 <= self.wer <= 1.0:
            raise ValueError(f"wer must be within [0, 1], got {self.wer}")
        self.rng = random.Random(self.seed)

    def corrupt(self, words: list[str]) -> tuple[list[str], int, list[bool]]:
        """The heard words, the number of word errors made, and per heard word whether it is
        one the recogniser got wrong."""
        rate = min(1.0, self.wer / _MEAN_COST * _CALIBRATION)
        out: list[str] = []
        wrong: list[bool] = []
        errors = 0
        i = 0
        while i < len(words):
            word = words[i]
            if self.rng.random() >= rate:
                out.append(word)
                wrong.append(False)
                i += 1
                continue
            spelled = len(word) == 1 and any(
                0 <= j < len(words) and len(words[j]) == 1 for j in (i - 1, i + 1))
            kind = self._kind(word, words[i + 1] if i + 1 < len(words) else None, spelled)
            digit = word in DIGIT_WORDS or word in _SOUNDALIKE_NUMBERS
            if kind != "substitute":
                self.made["digit" if digit else kind] += 1
            if kind == "drop":
                errors += 1
            elif kind == "repeat":
                out += [word, word]
                wrong += [False, True]
                errors += 1
            elif kind == "insert":
                out += [word, self.rng.choice(SHORT_WORDS)]
                wrong += [False, True]
                errors += 1
            elif kind == "split":
                cut = self._cut(word)
                out += [word[:cut], word[cut:]]
                wrong += [True, True]
                errors += 2
            elif kind == "merge":
                out.append(word + words[i + 1])
                wrong.append(True)
                errors += 2
                i += 1
            elif kind == "spelled":
                out.append(self.rng.choice(_LETTER_CONFUSIONS.get(word, "e")))
                wrong.append(True)
                errors += 1
            else:
                heard, how = self._substitute(word)
                self.made["digit" if digit else how] += 1
                out.append(heard)
                wrong.append(True)
                errors += 1
            i += 1
        return out, errors, wrong

    def _kind(self, word: str, following: str | None, spelled: bool) -> str:
        if word in DIGIT_WORDS or word in _SOUNDALIKE_NUMBERS:  # digit-group errors
            return self.rng.choices(("substitute", "drop", "repeat"), (0.7, 0.15, 0.15))[0]
        if spelled:  # a letter of a spelled word
            return "spelled" if self.rng.random() < 0.9 else "drop"
        kind = self.rng.choices(_KIND_NAMES, _KIND_WEIGHTS)[0]
        if kind == "drop" and len(word) > 3:
            kind = "substitute"
        if kind == "split" and len(word) < 6:
            kind = "substitute"
        if kind == "merge" and (following is None or len(word) == 1 or len(following) == 1):
            kind = "insert"
        return kind

    def _cut(self, word: str) -> int:
        """Where a long word splits: between two consonants (east|lake), else before a
        consonant that starts a syllable (ma|ri|sol)."""
        vowels = "aeiouy"
        inner = range(2, len(word) - 2)
        cuts = [i for i in inner if word[i - 1] not in vowels and word[i] not in vowels
                and word[i + 1] in vowels and word[i - 1] != word[i]]
        cuts = cuts or [i for i in inner if word[i - 1] in vowels and word[i] not in vowels]
        return self.rng.choice(cuts) if cuts else len(word) // 2

    def _substitute(self, word: str) -> tuple[str, str]:
        """Another word for ``word`` and how it was found."""
        if word in _DIGIT_CONFUSIONS:
            return self.rng.choice(_DIGIT_CONFUSIONS[word]), "digit"
        if word in _SOUNDALIKE_NUMBERS:
            return _SOUNDALIKE_NUMBERS[word], "digit"
        if word in _HOMOPHONES and self.rng.random() < 0.8:
            return self.rng.choice(_HOMOPHONES[word]), "homophone"
        # Short words become other real words; long ones (names, mostly) may also come out
        # respelled the way they sound.
        options = phonetic_neighbours(word)[:2]
        if len(word) >= 6 or not options:
            options += respellings(word)[:3] if len(word) >= 6 else sound_alikes(word)[:2]
        if options:
            return self.rng.choice(options), "phonetic"
        return self.rng.choice(SHORT_WORDS), "other"

    def hear(self, spoken_line: str) -> tuple[str, float, int]:
        """A spoken line as heard, its recogniser confidence (0-1) and its word errors."""
        words = spoken_line.split()
        if not words:
            return "", 1.0, 0
        heard, errors, wrong = self.corrupt(words)
        scores = [self.rng.uniform(0.35, 0.8) if bad else self.rng.uniform(0.82, 0.99)
                  for bad in wrong]
        confidence = round(sum(scores) / len(scores), 3) if scores else 0.0
        return " ".join(heard), confidence, errors


@dataclass
class Channel:
    """One direction of a call's audio: ``hear(line)`` gives what the listener heard."""

    name: ChannelName = "text"
    wer: float = DEFAULT_WER
    seed: int | str | None = 0
    noise: AsrNoise | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.name not in CHANNELS:
            raise ValueError(f"channel must be one of {', '.join(CHANNELS)}, got {self.name!r}")
        if not 0.0 <= self.wer <= 1.0:
            raise ValueError(f"wer must be within [0, 1], got {self.wer}")
        if self.name == "asr":
            self.noise = AsrNoise(self.wer, self.seed)

    def hear(self, said: str) -> Heard:
        if self.name == "text":
            return Heard(said, spoken(said), said, 1.0)
        clean = spoken(said)
        if self.noise is None:
            return Heard(said, clean, clean, 1.0)
        heard, confidence, errors = self.noise.hear(clean)
        return Heard(said, clean, heard, confidence, errors)


def word_errors(reference: str, hypothesis: str) -> int:
    """Word-level edit distance (substitutions + insertions + deletions)."""
    ref, hyp = reference.split(), hypothesis.split()
    vocabulary = {w: chr(0x100 + i) for i, w in enumerate(dict.fromkeys(ref + hyp))}
    return int(Levenshtein.distance("".join(vocabulary[w] for w in ref),
                                    "".join(vocabulary[w] for w in hyp)))
