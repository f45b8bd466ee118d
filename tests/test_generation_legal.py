"""Legal worlds (rewards/worlds/legal.py) and task families (mivas_env/generation/families/legal/):
world 0 is the shipped seed byte for byte, other worlds vary but keep the catalog, and every
family writes instances that are true in their world and pass the core's self-check."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.generation import Stats, generate, generate_one, load_world
from mivas_env.generation.families.legal import FAMILIES
from mivas_env.generation.families.legal.common import Firm
from mivas_env.generation.families.legal.intake import MATTERS as SCENES
from mivas_env.generation.families.legal.spelling import misspellings
from rewards import load_industry, load_seed, tasks_dir
from rewards.names import names_match
from rewards.worlds import SPLIT_SEEDS, SPLITS, pool
from rewards.worlds.legal import (
    EMPLOYER_KINDS,
    FIXED_TABLES,
    LEGAL_FORMS,
    PI_SCENARIOS,
    build,
    match_keys,
)
from rewards.worlds.names import words

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (1, 2, 777, 1_000_003, 2_000_011)


def _split(seed: int) -> str:
    return next(split for split, seeds in SPLIT_SEEDS.items() if seed in seeds)


# --- worlds ---------------------------------------------------------------------------------

def test_world_zero_reproduces_the_shipped_seed_byte_for_byte() -> None:
    shipped = (tasks_dir() / "legal" / "seed.json").read_text(encoding="utf-8")
    built = json.dumps(build(0, pool(None)), indent=1, ensure_ascii=False) + "\n"
    assert built == shipped


def test_a_world_is_the_same_for_the_same_seed_and_differs_between_seeds() -> None:
    first = build(17, pool("train"))
    assert build(17, pool("train")) == first
    other = build(18, pool("train"))
    for table in ("clients", "matters", "adverse_parties", "calendar_blocks"):
        assert other[table] != first[table], table


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_worlds_keep_the_catalog_the_industry_names(seed: int) -> None:
    tables = build(seed, pool(_split(seed)))
    shipped = load_seed("legal")
    assert list(tables) == list(shipped)
    assert set(FIXED_TABLES) < set(load_industry("legal").catalog_tables)
    for table in FIXED_TABLES:
        assert tables[table] == shipped[table], table
    for table in load_industry("legal").write_tables:
        assert tables[table] == [], table


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_worlds_are_consistent(seed: int) -> None:
    tables = build(seed, pool(_split(seed)))
    attorneys = {row["attorney_id"]: row for row in tables["attorneys"]}
    clients = {row["client_id"] for row in tables["clients"]}
    matters = {row["matter_id"]: row for row in tables["matters"]}
    assert len(clients) == len(tables["clients"]) >= 28
    assert len({row["phone_e164"] for row in tables["clients"]}) == len(clients)
    for matter in matters.values():
        assert matter["client_id"] in clients
        assert matter["practice_area"] in attorneys[matter["attorney_id"]]["practice_areas"]
    assert all(row["matter_id"] in matters for row in tables["adverse_parties"])
    closed = {row["date"] for row in tables["office_closures"]}
    by_attorney: dict[str, list[tuple[str, str]]] = {}
    for block in tables["calendar_blocks"]:
        start, end = block["start_time"], block["end_time"]
        day = datetime.fromisoformat(start)
        windows = attorneys[block["attorney_id"]]["schedule"][
            ("mon", "tue", "wed", "thu", "fri")[day.weekday()]]
        assert start[:10] not in closed
        assert any(s <= start[11:] and end[11:] <= e for s, e in windows), block
        spans = by_attorney.setdefault(block["attorney_id"], [])
        assert not any(s < end and start < e for s, e in spans), block
        spans.append((start, end))


@pytest.mark.parametrize("seed", SEEDS)
def test_no_two_parties_of_a_generated_world_match_under_the_fuzzy_rule(seed: int) -> None:
    tables = build(seed, pool(_split(seed)))
    names = [row["full_name"] for row in tables["clients"]]
    names += [row["name"] for row in tables["adverse_parties"]]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not names_match(a, b), (a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_world_people_and_companies_come_from_the_split_pool(seed: int) -> None:
    split = _split(seed)
    names = pool(split)
    tables = build(seed, names)
    firsts, surnames, companies = set(names.first_names), set(names.surnames), \
        set(names.company_words)
    for row in tables["clients"]:
        if row["kind"] == "person":
            first, last = row["full_name"].split(" ", 1)
            assert first in firsts and last in surnames, row
        else:
            assert row["full_name"].split(" ")[0] in companies, row
    for row in tables["adverse_parties"]:
        assert row["name"].split(" ")[0] in firsts | companies, row


# --- families -------------------------------------------------------------------------------

def _readme_categories() -> list[tuple[str, str]]:
    text = (tasks_dir() / "legal" / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^\| (C\d+) \| `([a-z_]+)` \|", text, flags=re.MULTILINE)


def test_there_is_one_family_per_readme_category() -> None:
    assert [(f.code, f.category) for f in FAMILIES] == _readme_categories()
    assert all(f.industry == "legal" for f in FAMILIES)
    assert [f.code for f in FAMILIES if f.refusal] == ["C11"]


def _instances(split: str, per_family: int, seed: int = 0) -> Iterator[tuple[str, Any]]:
    for family in FAMILIES:
        stats = Stats()
        for instance in generate("legal", split, per_family, seed, family=family.code,
                                 stats=stats):
            yield family.code, instance
        assert stats.made[family.code] == per_family
        assert stats.dropped[family.code] == 0, stats.reasons.get(family.code)


@pytest.fixture(scope="module")
def by_split() -> dict[str, list[tuple[str, Any]]]:
    """Every family in every split, several instances each, all through the self-check."""
    counts = {"train": 3, "test": 2, "bench": 1}
    return {split: list(_instances(split, counts[split], 100)) for split in SPLITS}


def test_every_family_passes_the_self_check_in_every_split(
        by_split: dict[str, list[tuple[str, Any]]]) -> None:
    for split, found in by_split.items():
        assert {code for code, _ in found} == {f.code for f in FAMILIES}, split
        for code, instance in found:
            assert instance.data["world"]["seed"] in SPLIT_SEEDS[split], (code, split)
            assert instance.data["category"] == instance.family.category


def test_generation_is_deterministic_within_a_process() -> None:
    for family in FAMILIES:
        one = generate_one("legal", "train", 5, family=family.code)
        assert one.json() == generate_one("legal", "train", 5, family=family.code).json()


def test_generation_is_deterministic_across_processes() -> None:
    code = ("from mivas_env.generation import generate_one\n"
            "import sys\n"
            "for c in ('C4', 'C8', 'C10'):\n"
            "    sys.stdout.write(generate_one('legal', 'test', 1_234, family=c).json())\n")
    outputs = set()
    for hashseed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, check=True, cwd=ROOT)
        outputs.add(done.stdout)
    here = "".join(generate_one("legal", "test", 1_234, family=c).json()
                   for c in ("C4", "C8", "C10"))
    assert outputs == {here}


def _people(data: dict[str, Any]) -> set[str]:
    """The names of people and parties an instance mentions in its gold calls."""
    out: set[str] = set()
    for call in data["exp_tool_calls"]:
        for key in ("full_name", "caller_name", "opposing_party", "for_whom"):
            value = call.get("parameters", {}).get(key)
            values = value["any_of"] if isinstance(value, dict) else [value]
            out.update(v for v in values if isinstance(v, str))
    out.add(data["caller"]["facts"]["full_name"])
    return out


# The fixed words of company names ("Markets", "LLC"): the distinctive word comes from the pool.
KIND_WORDS = {w for kind in (*EMPLOYER_KINDS, *LEGAL_FORMS, *(k for _, ks in PI_SCENARIOS
                                                               for k, _ in ks),
                             *(scene.party for scene in SCENES)) for w in words(kind)}


def _vocabulary(split: str) -> set[str]:
    p = pool(split)
    return {w for group in (p.first_names, p.surnames, p.company_words)
            for name in group for w in words(name)}


def test_instance_names_come_from_their_split_pool_only(
        by_split: dict[str, list[tuple[str, Any]]]) -> None:
    vocab = {split: _vocabulary(split) for split in SPLITS}
    shipped = {w for row in load_seed("legal")["clients"] for w in words(row["full_name"])}
    shipped |= {w for row in load_seed("legal")["adverse_parties"] for w in words(row["name"])}
    for split, found in by_split.items():
        foreign = set().union(*(vocab[s] for s in SPLITS if s != split)) - vocab[split]
        for code, instance in found:
            tables = load_world("legal", instance.data["world"]["seed"]).tables
            recorded = [row["full_name"] for row in tables["clients"]]
            recorded += [row["name"] for row in tables["adverse_parties"]]
            for name in _people(instance.data):
                name_words = set(words(name)) - KIND_WORDS
                assert not name_words & foreign, (split, code, name, name_words & foreign)
                assert not name_words & shipped - vocab[split], (split, code, name)
                # Every word is the split's, or the name is a caller's spelling of a party.
                assert name_words <= vocab[split] or any(
                    names_match(known, name) and set(words(known)) - KIND_WORDS <= vocab[split]
                    for known in recorded), (split, code, name)


def test_test_split_openings_never_appear_in_train(
        by_split: dict[str, list[tuple[str, Any]]]) -> None:
    train = {line for _, inst in by_split["train"] for line in inst.data["caller"]["opening"]}
    for _, inst in by_split["test"]:
        assert not set(inst.data["caller"]["opening"]) & train


def _world_of(data: dict[str, Any]) -> Firm:
    return Firm(load_world("legal", data["world"]["seed"]))


def test_fuzzy_party_instances_spell_the_party_in_a_way_the_rule_accepts() -> None:
    for seed in range(12):
        data = generate_one("legal", "train", seed, family="C4").data
        heard, records = re.search(r"spells the other party '(.+?)' and the firm's records "
                                   r"have '(.+?)'", data["description"]).groups()  # type: ignore[union-attr]
        assert heard != records
        assert names_match(records, heard) and names_match(heard, records)
        assert heard in data["caller"]["facts"]["opposing_party"]
        party_args = [c["parameters"]["opposing_party"] for c in data["exp_tool_calls"]
                      if "opposing_party" in c.get("parameters", {})]
        assert party_args and set(party_args) == {records}
        firm = _world_of(data)
        assert firm.relations(heard) == {"adverse_party"}
        assert not firm.conflict(heard)


def test_conflict_refusals_name_a_real_client_of_that_world() -> None:
    for seed in range(8):
        data = generate_one("legal", "train", seed, family="C5").data
        check = next(c for c in data["exp_tool_calls"] if c["name"] == "run_conflict_check")
        value = check["parameters"]["opposing_party"]
        firm = _world_of(data)
        for name in (value["any_of"] if isinstance(value, dict) else [value]):
            assert firm.conflict(name), name
        assert data["exp_db_state"] == "seed"


def test_deadlines_told_are_the_worlds_rule() -> None:
    kinds = set()
    for seed in range(40):
        data = generate_one("legal", "train", seed, family="C1").data
        call = data["exp_tool_calls"][1]
        result = _world_of(data).call("check_filing_deadline", **call["parameters"])
        assert result["ok"] == call["output"]["ok"]
        if not result["ok"]:  # no rule for that state: the gold locks the refusal
            assert call["output"]["error_code"] == result["error_code"] == "unsupported_state"
            kinds.add("unsupported")
            continue
        if not result["data"]["has_deadline"]:  # a divorce: no deadline, and the agent says so
            assert "no filing deadline" in data["caller"]["agent_answer"]
            kinds.add("none")
            continue
        deadline = date.fromisoformat(result["data"]["deadline"])
        said = f"{deadline:%B} {deadline.day}, {deadline.year}".lower()
        assert said in data["caller"]["goal"]["agent_says_all"]
        assert said in data["caller"]["agent_answer"].lower()
        kinds.add("passed" if result["data"]["passed"] else "ahead")
    assert kinds == {"unsupported", "passed", "ahead", "none"}


def test_held_slots_are_free_and_the_refused_time_is_not() -> None:
    for seed in range(8):
        data = generate_one("legal", "train", seed, family="C8").data
        hold = next(c for c in data["exp_tool_calls"] if c["name"] == "hold_consultation")
        start = hold["parameters"]["start_time"]
        starts = start["any_of"] if isinstance(start, dict) else [start]
        firm = _world_of(data)
        free = firm.free_starts(hold["parameters"]["attorney_id"],
                                date.fromisoformat(starts[0][:10]))
        assert set(starts) <= set(free)
        refused = re.search(r" and (\d\d:\d\d) is not", data["description"])
        if refused:
            assert f"{starts[0][:10]}T{refused.group(1)}" not in free


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(pool("train").surnames), st.sampled_from(pool("train").first_names))
def test_every_misspelling_offered_is_matched_by_the_grader_rule(surname: str, first: str) -> None:
    name = f"{first} {surname}"
    for variant in misspellings(name):
        assert variant.casefold() != name.casefold()
        assert names_match(name, variant) and names_match(variant, name)


_NAME_TOKENS = st.sampled_from([*pool("train").first_names[:200], *pool("train").surnames[:300],
                                "J.", "O", "Mc", "LLC", "Inc.", "Co.", "P.C."])


@settings(max_examples=300, deadline=None)
@given(st.lists(_NAME_TOKENS, min_size=1, max_size=4), st.data())
def test_names_that_match_share_a_match_key(tokens: list[str], data: st.DataObject) -> None:
    name = " ".join(tokens)
    others = [*misspellings(name), "".join(tokens), " ".join(reversed(tokens)),
              f"{tokens[-1]}, {' '.join(tokens[:-1])}" if len(tokens) > 1 else name,
              " ".join(t for t in tokens if len(t.strip(".")) > 1) or name,
              " ".join(data.draw(st.lists(_NAME_TOKENS, min_size=1, max_size=4)))]
    for other in others:
        if names_match(name, other) or names_match(other, name):
            assert match_keys(name) & match_keys(other), (name, other)


def test_legal_servers_keep_a_bounded_number_of_world_catalogs() -> None:
    import mivas_env.industries.base as server_module
    from mivas_env.industries import Database
    from mivas_env.industries.base import SEED_MEMO_LIMIT as CATALOG_CACHE_SIZE
    from mivas_env.industries.legal import LegalServer

    first = build(3, pool("train"))
    client = first["clients"][0]["full_name"]
    early = LegalServer(Database(first), load_industry("legal"))
    assert early.call("run_conflict_check", {"opposing_party": client})["data"]["conflict"]
    for seed in range(100, 100 + CATALOG_CACHE_SIZE + 6):
        tables = build(seed, pool("train"))
        LegalServer(Database(tables), load_industry("legal")).call(
            "run_conflict_check", {"opposing_party": client})
    assert len(server_module._SEED_MEMOS) <= CATALOG_CACHE_SIZE
    # A server whose catalog left the cache still answers from its own world.
    assert early.call("run_conflict_check", {"opposing_party": client})["data"]["conflict"]
    again = LegalServer(Database(first), load_industry("legal"))
    assert again.call("run_conflict_check", {"opposing_party": client})["data"]["conflict"]
