"""What the speech channel does to a call: measured word error rate against the setting, how often
a name survives each noise level under the grader's own rules, the oracle (unaffected), and a
naive voice agent (copies what it heard) against a careful one (spelling and read-back), as pass
rates on the shipped suite.

    python benchmarks/bench_channel.py [--wers 0,0.05,0.1,0.2] [--seeds 1] [--agent-channel] [--json]

Every figure is deterministic: the same arguments print the same tables.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import Any

from mivas_env import MivasEnv, load_tasks
from mivas_env.agents.baselines import OracleAgent
from mivas_env.agents.voice import CarefulVoiceAgent, NaiveVoiceAgent
from mivas_env.caller.scripted import answer_templates, spell_out
from mivas_env.evaluation.runner import run_episode
from mivas_env.speech.channel import AsrNoise, word_errors
from mivas_env.speech.heard import read_name, read_spelling
from mivas_env.speech.spoken import spoken
from rewards.compile import compiled_industry
from rewards.names import names_match
from rewards.normalize import is_blank

NAME_SLOTS = ("full_name", "recipient_name", "opposing_party", "for_whom")


def caller_lines() -> list[str]:
    """Every line the shipped callers can say: openings, answers, reactions, nudges."""
    lines: list[str] = []
    for task in load_tasks():
        spec = task.caller
        lines += spec.opening + spec.nudges + spec.thanks + spec.unknown
        lines += [line for reaction in spec.reactions for line in reaction.say]
        lines += [template.format(value=value) for slot, value in spec.facts.items()
                  for template in answer_templates(spec, slot)]
    return list(dict.fromkeys(lines))


def measured_wer(wers: list[float], seeds: int) -> list[dict[str, Any]]:
    said = [spoken(line) for line in caller_lines()]
    rows = []
    for wer in wers:
        words = errors = 0
        confidence = 0.0
        for seed in range(seeds):
            for i, line in enumerate(said):
                heard, conf, _ = AsrNoise(wer, f"bench:{seed}:{i}").hear(line)
                words += len(line.split())
                errors += word_errors(line, heard)
                confidence += conf
        rows.append({"wer_setting": wer, "wer_measured": round(errors / words, 4),
                     "mean_confidence": round(confidence / (len(said) * seeds), 3),
                     "lines": len(said) * seeds, "words": words})
    return rows


def names() -> list[str]:
    """The person and party names the shipped callers say (as the lockfile writes them)."""
    found = []
    for task in load_tasks():
        for slot in NAME_SLOTS:
            value = task.caller.facts.get(slot)
            if value:
                # "My mother, Marta Rojas - M-A-R-T-A." -> "Marta Rojas": the capitalised words
                words = [w for w in re.findall(r"[A-Z][A-Za-z'-]+", value)
                         if w not in ("My", "It's") and not re.fullmatch(r"[A-Z](-[A-Z])+", w)]
                if words:
                    found.append(" ".join(words))
    return sorted(set(found))


def _rules() -> dict[str, Callable[[str, str], bool]]:
    """The grader's three name rules, taken from the shipped industries' own parameters."""
    casefold = compiled_industry("healthcare").params["lookup_patient"]["full_name"]
    fuzzy = compiled_industry("legal").params["create_intake"]["opposing_party"]
    presence = compiled_industry("legal").params["create_intake"]["full_name"]
    assert (casefold.kind, fuzzy.kind, presence.kind) == ("fact", "fuzzy_name", "presence")
    return {
        "exact after casefold": lambda gold, live: casefold.normalize(live) == casefold.normalize(gold),
        "fuzzy name": lambda gold, live: names_match(gold, live),
        "presence only": lambda gold, live: not is_blank(live),
    }


def name_survival(wers: list[float], seeds: int) -> list[dict[str, Any]]:
    """Share of names that still satisfy each rule after the channel: said once ("my name is
    ..."), and spelled letter by letter (what a careful agent asks for)."""
    rules = _rules()
    pool = names()
    rows = []
    for wer in wers:
        for how in ("said", "spelled"):
            counts = dict.fromkeys(rules, 0)
            total = 0
            for seed in range(seeds):
                for i, name in enumerate(pool):
                    noise = AsrNoise(wer, f"names:{how}:{seed}:{i}")
                    if how == "said":
                        heard, _, _ = noise.hear(spoken(f"My name is {name}."))
                        live = read_name(heard)
                    else:
                        heard, _, _ = noise.hear(spoken(spell_out(name)))
                        live = " ".join(w.capitalize() for w in read_spelling(heard))
                    total += 1
                    for rule, match in rules.items():
                        counts[rule] += match(name, live)
            rows.append({"wer_setting": wer, "how": how, "names": total,
                         **{rule: round(n / total, 4) for rule, n in counts.items()}})
    return rows


AGENTS: dict[str, Callable[[], Any]] = {"oracle": OracleAgent, "naive": NaiveVoiceAgent,
                                        "careful": CarefulVoiceAgent}


def pass_rates(wers: list[float], seeds: int, agent_channel: bool = False) -> list[dict[str, Any]]:
    tasks = load_tasks()
    rows = []
    for wer in wers:
        row: dict[str, Any] = {"wer_setting": wer}
        for name, make in AGENTS.items():
            env = MivasEnv(tasks=tasks, channel="asr", wer=wer, agent_channel=agent_channel)
            passed = sum(run_episode(env, make(), task, 1000 * seed + i).passed
                         for seed in range(seeds) for i, task in enumerate(tasks))
            row[name] = round(passed / (len(tasks) * seeds), 4)
        rows.append(row)
    return rows


def table(rows: list[dict[str, Any]], percent: set[str]) -> str:
    keys = list(rows[0])
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    for row in rows:
        cells = [f"{row[k]:.1%}" if k in percent else str(row[k]) for k in keys]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--wers", default="0,0.05,0.1,0.2",
                        help="comma-separated word error rate settings")
    parser.add_argument("--seeds", type=int, default=1, help="repeats (different noise) per cell")
    parser.add_argument("--agent-channel", action="store_true",
                        help="the agents' speech reaches the caller through the channel too")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wers = [float(w) for w in args.wers.split(",")]
    result = {"wer": measured_wer(wers, max(args.seeds, 1)),
              "names": name_survival(wers, max(args.seeds, 3)),
              "pass_rates": pass_rates(wers, args.seeds, args.agent_channel)}
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return
    print("Channel word error rate (all shipped caller lines):")
    print(table(result["wer"], {"wer_setting", "wer_measured"}))
    print("\nName survival under the grader's rules:")
    print(table(result["names"], {"wer_setting", "exact after casefold", "fuzzy name",
                                  "presence only"}))
    both = ", agent speech through the channel too" if args.agent_channel else ""
    print(f"\nPass rate on the shipped suite ({len(load_tasks())} tasks x {args.seeds} seed(s)"
          f"{both}):")
    print(table(result["pass_rates"], {"wer_setting", *AGENTS}))


if __name__ == "__main__":
    main()
