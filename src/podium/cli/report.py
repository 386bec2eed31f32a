"""`podium report`: runs the report's simulations with a progress bar per run (the plan said first), then writes
the HTML page and the JSON of every figure beside it."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from podium.cli.simulate import check_outputs, progress_bar, where
from podium.core.errors import PodiumError
from podium.report.estimate import estimate_seconds
from podium.report.figures import report_json
from podium.report.messages import Words
from podium.report.plots import check_matplotlib
from podium.report.render import render
from podium.report.run import ReportOptions, check, collect, ladder_bots, planned_games, rules_report_words
from podium.sim.backends import backend_session, check_backend


def minutes(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def json_path(out: Path) -> Path:
    return out.with_suffix(".json")


def run_report(options: ReportOptions, out: Path, lang: str, console: Console) -> dict[str, object]:
    """Check everything, say what will be played, play it, write `out` and `out` with `.json`."""
    if out.suffix.lower() not in (".html", ".htm"):
        raise PodiumError(f"--out {str(out)!r}: the report is an HTML page, give a name ending in .html")
    check_outputs(out)
    check_outputs(json_path(out))
    words = Words(lang, rules_report_words(options.game))
    check_matplotlib()
    game, configs = check(options)
    backend = check_backend(options.where.get("backend", "local"), options.where.get("workers", 1),
                            options.where.get("address"))  # fmt: skip
    variants = len(configs)
    total = 0
    for n, fair, ladder in planned_games(options):
        console.print(
            f"{n} players: fairness {fair} games × {variants} variant(s) ({options.bot} in every seat), "
            f"bot ladder {ladder} games × {variants} ({', '.join(ladder_bots(options))})",
            soft_wrap=True,
        )
        total += (fair + ladder) * variants
    console.print(
        f"{total} games on {where(backend, options.where.get('workers', 1), options.where.get('address'))}; "
        "timing a probe game per bot…",
        soft_wrap=True,
    )
    seconds = estimate_seconds(game, configs, options)
    console.print(
        f"estimated time: about {minutes(seconds)} if the cores are free (each run then shows its time left)",
        soft_wrap=True,
    )
    with backend_session(backend, options.where.get("workers", 1), options.where.get("address")):
        collected = collect(options, lambda what, n: progress_bar(console, what, n))
    doc = report_json(collected)
    try:
        out.write_text(render(doc, words), encoding="utf-8")
        json_path(out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise PodiumError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from None
    seconds = sum(block["seconds"] for block in doc["players"])
    console.print(f"{game.title}: report written to {out} and {json_path(out)} ({seconds:.0f} s of play)")
    return doc
