"""``mivas eval --report PATH.html``: one self-contained static page (no server, no network, no
external scripts or fonts) with the run's settings, the per-industry table with a legend, then one
entry per episode, failures first: the gates with their explanations, the auxiliary judges if any,
and the transcript with each explanation next to the line it is about. Filters by industry, gate
and category; every entry has an anchor (``#ep-<industry>-<id>``), and filters can be set from the
address (``?industry=legal&gate=T``). Every string from a trace or an agent is escaped."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from mivas_env.reporting.episode_view import Explained, Line, aux_summary, explain, lines_from_messages

LEGEND = [("tasks", "episodes run"),
          ("pass", "share with T and H and D (r_eval = 1)"),
          ("exact", "share that passed on the exact expected route"),
          ("score_T", "mean share of expected tool calls hit"),
          ("score_H", "mean share of expected hops consumed in order"),
          ("DB", "share whose hangup database matched (D)")]


@dataclass
class EpisodeRecord:
    """What the report shows of one episode."""

    task_id: str
    industry: str
    category: str
    title: str
    seed: int
    verdict: dict[str, Any]
    messages: list[dict[str, Any]] = field(default_factory=list)
    hops: frozenset[str] = frozenset()
    ended_by: str = ""
    label: str = ""  # which run, when one page shows several (e.g. the agent's name)
    trial: int = 0  # which trial of the task (mivas eval --trials)
    level: int = 0  # a generated task's difficulty level, and its caller's behaviours
    behaviours: tuple[str, ...] = ()
    structure: tuple[str, ...] = ()  # what the level added to the task (generation.structure)

    @property
    def anchor(self) -> str:
        name = f"{self.label}-{self.task_id}" if self.label else self.task_id
        return "ep-" + _slug(name) + (f"-t{self.trial}" if self.trial else "")


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
header,main{max-width:1100px;margin:0 auto;padding:12px 20px}
h1{font-size:20px;margin:8px 0}h2{font-size:16px;margin:18px 0 6px}
table.summary{border-collapse:collapse;margin:6px 0}
table.summary td,table.summary th{border:1px solid #ccc;padding:3px 8px;text-align:right}
table.summary td:first-child,table.summary th:first-child{text-align:left}
dl.legend{display:grid;grid-template-columns:max-content auto;gap:2px 12px;font-size:12px;color:#444}
dl.legend dt{font-weight:600}dl.legend dd{margin:0}
.filters{position:sticky;top:0;background:#fafafa;padding:8px 0;border-bottom:1px solid #ddd;z-index:1}
.filters label{margin-right:14px}
section.episode{scroll-margin-top:48px;background:#fff;border:1px solid #ddd;
  border-left:6px solid #2e7d32;margin:10px 0;padding:4px 12px}
section.episode.fail{border-left-color:#c62828}
section.episode summary{cursor:pointer;font-weight:600;padding:4px 0}
.badge{display:inline-block;padding:0 6px;border-radius:3px;font-size:12px;margin-left:4px;
  color:#fff;background:#2e7d32}
.badge.fail{background:#c62828}.badge.na{background:#777}
.muted{color:#666;font-weight:400}
ul.gates li{margin:2px 0}
ol.transcript{list-style:none;padding:0}
ol.transcript li{margin:3px 0;padding:3px 6px;border-radius:3px;white-space:pre-wrap;word-break:break-word}
li.caller{background:#eef3fb}li.agent{background:#f3f3f3}
li.tool,li.transfer{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;background:#fffbe8}
li.transfer{background:#efe8ff}
.note{display:block;color:#b71c1c;font-family:system-ui,sans-serif;font-size:12px}
.note.hit{color:#2e7d32}
.who{font-weight:600;margin-right:6px}
a.link{font-size:12px;margin-left:8px}
"""

JS = """
(function(){
  var filters={industry:'',gate:'',category:''};
  var params=new URLSearchParams(location.search);
  function apply(){
    var shown=0;
    document.querySelectorAll('section.episode').forEach(function(s){
      var failed=' '+(s.getAttribute('data-failed')||'')+' ';
      var gate=filters.gate;
      var ok=(!filters.industry||s.getAttribute('data-industry')===filters.industry)&&
        (!filters.category||s.getAttribute('data-category')===filters.category)&&
        (!gate||(gate==='pass'?s.getAttribute('data-passed')==='1':
                 gate==='fail'?s.getAttribute('data-passed')==='0':failed.indexOf(' '+gate+' ')>=0));
      s.hidden=!ok; if(ok){shown++;}
    });
    document.getElementById('shown').textContent=String(shown);
  }
  document.querySelectorAll('select[data-filter]').forEach(function(sel){
    var key=sel.getAttribute('data-filter');
    var wanted=params.get(key);
    if(wanted!==null){
      for(var i=0;i<sel.options.length;i++){
        if(sel.options[i].value===wanted){sel.value=wanted;filters[key]=wanted;}
      }
    }
    sel.addEventListener('change',function(){filters[key]=sel.value;apply();});
  });
  function openLinked(){
    var id=decodeURIComponent(location.hash.slice(1));
    var el=id?document.getElementById(id):null;
    if(el){el.hidden=false;var d=el.querySelector('details');if(d){d.open=true;}el.scrollIntoView();}
  }
  window.addEventListener('hashchange',openLinked);
  apply();openLinked();
})();
"""


def _badge(label: str, state: bool | None) -> str:
    cls = "na" if state is None else ("" if state else "fail")
    text = "n/a" if state is None else ("pass" if state else "FAIL")
    return f'<span class="badge {cls}">{_e(label)} {text}</span>'


def _line_html(line: Line) -> str:
    if line.kind in ("caller", "agent"):
        who = "caller" if line.kind == "caller" else "agent"
        body = f'<span class="who">{who}:</span>{_e(line.text)}'
    else:
        mark = "⇢ transfer" if line.kind == "transfer" else "tool"
        status = "" if line.ok is None else (" ok" if line.ok else " refused")
        body = (f'<span class="who">{mark} #{_e(line.live_index)}{status}:</span>'
                f'{_e(line.name)}({_e(line.arguments)})')
        if line.result:
            body += f"\n→ {_e(line.result)}"
    notes = "".join(f'<span class="note{" hit" if note.startswith("T hit") else ""}">'
                    f'{_e(note)}</span>' for note in line.notes)
    return f'<li class="{line.kind}">{body}{notes}</li>'


def _episode_html(record: EpisodeRecord, view: Explained) -> str:
    verdict = record.verdict
    passed = bool(verdict.get("passed"))
    tools, handoff, db = (verdict.get("tools") or {}, verdict.get("handoff") or {},
                          verdict.get("db") or {})
    gates = [("T", tools.get("passed")), ("H", handoff.get("passed")),
             ("D", db.get("passed") if db.get("evaluated") else None)]
    badges = "".join(_badge(gate, state) for gate, state in gates)
    route = handoff.get("verdict", "")
    explanations = [f"<li>{_e(text)}</li>" for gate in ("T", "H", "D")
                    for text in view.gates[gate]]
    aux = "".join(f"<li><b>{_e(name)}</b>: {_e(aux_summary(value))}</li>"
                  for name, value in view.aux)
    transcript = "".join(_line_html(line) for line in view.lines)
    return (
        f'<section class="episode{"" if passed else " fail"}" id="{_e(record.anchor)}" '
        f'data-industry="{_e(record.industry)}" data-category="{_e(record.category)}" '
        f'data-passed="{int(passed)}" data-failed="{_e(" ".join(view.failed))}">'
        f'<details{"" if passed else " open"}><summary>{_e(record.label + " · ") if record.label else ""}'
        f'{_e(record.task_id)} '
        f'<span class="muted">{_e(record.title)} · {_e(record.category)}'
        f'{_level_html(record)}</span> '
        f'{_badge("result", passed)}{badges} <span class="muted">route: {_e(route)}'
        f'{" · ended by " + _e(record.ended_by) if record.ended_by else ""}'
        f' · seed {_e(record.seed)}' + (f' · trial {record.trial}' if record.trial else '') + '</span>'
        f'<a class="link" href="#{_e(record.anchor)}">link</a></summary>'
        + (f'<h3>Why it failed</h3><ul class="gates">{"".join(explanations)}</ul>'
           if explanations else "")
        + (f'<h3>Auxiliary judges (reported beside the result, never inside it)</h3>'
           f'<ul class="aux">{aux}</ul>' if aux else "")
        + f'<h3>Transcript</h3><ol class="transcript">{transcript}</ol></details></section>')


def _level_html(record: EpisodeRecord) -> str:
    if not record.level:
        return ""
    said = f" ({', '.join(record.behaviours)})" if record.behaviours else ""
    built = f"; structure: {'; '.join(record.structure)}" if record.structure else ""
    return f" · level {_e(record.level)}{_e(said)}{_e(built)}"


def structure_said(notes: list[dict[str, Any]] | None) -> tuple[str, ...]:
    """A lockfile's ``structure`` notes in a few words each."""
    out = []
    for note in notes or []:
        if note.get("kind") == "look_alike":
            out.append(f"look-alike {note.get('row')} of {note.get('of')} ({note.get('table')})")
        elif note.get("kind") == "turned_down":
            out.append(f"first choice {note.get('first')} turned down ({note.get('error_code')})")
        else:
            out.append(str(note.get("kind")))
    return tuple(out)


def _summary_html(summary: dict[str, Any]) -> str:
    levels = [(f"level {level}", s["overall"]) for level, s in summary.get("levels", {}).items()]
    rows = [*summary.get("industries", {}).items(), ("overall", summary.get("overall", {})),
            *levels]
    head = "".join(f"<th>{_e(name)}</th>" for name, _ in LEGEND)
    body = ""
    for name, s in rows:
        if not s:
            continue
        body += (f"<tr><td>{_e(name)}</td><td>{_e(s['tasks'])}</td>"
                 f"<td>{s['pass_rate']:.1%}</td><td>{s['exact_rate']:.1%}</td>"
                 f"<td>{s['mean_score_T']:.3f}</td><td>{s['mean_score_H']:.3f}</td>"
                 f"<td>{s['db_pass_rate']:.1%}</td></tr>")
    legend = "".join(f"<dt>{_e(name)}</dt><dd>{_e(text)}</dd>" for name, text in LEGEND)
    return (f'<table class="summary"><tr><th>industry</th>{head}</tr>{body}</table>'
            f'<dl class="legend">{legend}</dl>')


def _per_task_html(summary: dict[str, Any]) -> str:
    """Each task's passing trials out of K (``per_task``), the least reliable first."""
    per_task = summary.get("per_task") or {}
    if not per_task:
        return ""
    trials = int(summary.get("trials") or 1)
    rows = sorted(per_task.items(), key=lambda item: (sum(item[1]), _natural(item[0])))
    body = "".join(f'<tr><td><a href="#ep-{_e(_slug(task))}">{_e(task)}</a></td>'
                   f"<td>{sum(row)}/{len(row)}</td><td>{_e(' '.join(map(str, row)))}</td></tr>"
                   for task, row in rows)
    return (f"<details><summary>Passes per task ({len(rows)} tasks x {trials} "
            f"trial{'s' if trials > 1 else ''})</summary><table class=\"summary\">"
            f"<tr><th>task</th><th>passes</th><th>by trial (seed order)</th></tr>{body}"
            f"</table></details>")


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)


def _select(key: str, label: str, options: list[tuple[str, str]]) -> str:
    opts = "".join(f'<option value="{_e(value)}">{_e(text)}</option>' for value, text in options)
    return f'<label>{_e(label)} <select data-filter="{_e(key)}">{opts}</select></label>'


def render_report(records: list[EpisodeRecord], settings: dict[str, Any],
                  summary: dict[str, Any]) -> str:
    """The whole report page as one HTML string."""
    views = [(record, explain(record.verdict, lines_from_messages(record.messages, record.hops)))
             for record in records]
    views.sort(key=lambda rv: (bool(rv[0].verdict.get("passed")), rv[0].industry,
                               _natural(rv[0].task_id)))
    industries = sorted({r.industry for r in records})
    categories = sorted({r.category for r in records})
    failed = sum(1 for r in records if not r.verdict.get("passed"))
    filters = (_select("industry", "Industry", [("", "all"), *((i, i) for i in industries)])
               + _select("gate", "Gate", [("", "all"), ("fail", "failed"), ("pass", "passed"),
                                           ("T", "failed T (tools)"), ("H", "failed H (handoffs)"),
                                           ("D", "failed D (database)")])
               + _select("category", "Category", [("", "all"), *((c, c) for c in categories)])
               + '<span class="muted">showing <span id="shown">'
               + f"{len(records)}</span> of {len(records)}</span>")
    setting_items = "".join(f"<li><b>{_e(k)}</b>: {_e(v)}</li>" for k, v in settings.items())
    episodes = "".join(_episode_html(record, view) for record, view in views)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>MIVAS report: {_e(settings.get('agent', ''))}</title><style>{CSS}</style></head>"
        f"<body><header><h1>MIVAS evaluation report</h1><ul>{setting_items}</ul>"
        f"{_summary_html(summary)}{_per_task_html(summary)}"
        f"<p>{failed} of {len(records)} episodes failed; failures are "
        f"listed first, open.</p></header><main><div class=\"filters\">{filters}</div>"
        f"{episodes}</main><script>{JS}</script></body></html>")


def _natural(task_id: str) -> tuple[int, ...]:
    import re

    return tuple(int(n) for n in re.findall(r"\d+", task_id))


class ReportCollector:
    """An ``evaluate(on_episode=...)`` hook that keeps what the report needs of each episode."""

    def __init__(self, label: str = "") -> None:
        self.records: list[EpisodeRecord] = []
        self.label = label

    def __call__(self, task: Any, seed: int, info: dict[str, Any],
                 messages: list[dict[str, Any]]) -> None:
        self.records.append(EpisodeRecord(
            task_id=task.full_id, industry=task.industry, category=task.lock.category,
            title=task.lock.title, seed=seed, verdict=info.get("verdict") or {},
            messages=messages, hops=task.compiled.industry.hops,
            ended_by=str(info.get("ended_by") or ""), label=self.label,
            trial=int(info.get("trial") or 0),
            level=task.lock.level or 0, behaviours=tuple(
                " ".join(str(part) for part in (b.kind, b.slot) if part)
                for b in task.caller.behaviours),
            structure=structure_said(task.lock.structure)))
