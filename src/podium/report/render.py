"""The report as one self-contained HTML page, drawn from its JSON document alone (`figures.report_json`): inline
CSS, plots as inline SVG, no script, no link, no font or image fetched — it opens without a network.

Each section has an id (`p2-fairness`, `p2-length`, `p2-skill`, `p2-compare`, `p2-rules`, `repro`, `reading`) and
each plot a `data-figure` name, which the browser test looks for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from podium.api.tui import seat_number
from podium.report.messages import Words
from podium.report.plots import Bars, bar_chart, histograms, matrix

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;max-width:1100px;margin:0 auto;padding:1em 1.5em;color:#222}
h1{font-size:1.6em}h2{border-bottom:2px solid #ccc;margin-top:2em}h3{margin-top:1.6em}
figure{margin:1em 0}figure svg{max-width:100%;height:auto}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th:first-child,td:first-child{text-align:left}.beyond{color:#b00020;font-weight:600}
pre{background:#f4f4f4;padding:.6em;white-space:pre-wrap;word-break:break-all}.note{color:#555;font-size:.92em}
nav ul{columns:2}
"""


def pct(x: float) -> str:
    return f"{x:.1%}"


def num(x: float) -> str:
    return f"{x:.2f}"


def table(head: Sequence[str], rows: Iterable[Sequence[str]], flagged: Sequence[bool] = ()) -> str:
    out = ["<table><tr>", *(f"<th>{escape(h)}</th>" for h in head), "</tr>"]
    for i, row in enumerate(rows):
        cls = ' class="beyond"' if i < len(flagged) and flagged[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def figure(name: str, svg: str) -> str:
    return f'<figure data-figure="{escape(name)}">{svg}</figure>'


def para(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{escape(text)}</p>' if cls else f"<p>{escape(text)}</p>"


def render(doc: dict[str, Any], t: Words) -> str:
    title = t("title", game=doc["title"])
    body = [f"<h1>{escape(title)}</h1>", para(t("intro", bot=doc["options"]["bot"]))]
    toc = ["<nav><strong>" + escape(t("toc")) + "</strong><ul>"]
    for block in doc["players"]:
        n = block["players"]
        toc.append(f'<li><a href="#p{n}">{escape(t("players", n=n))}</a></li>')
        body.append(player_section(doc, block, t))
    toc.append(f'<li><a href="#repro">{escape(t("s.repro"))}</a></li>')
    toc.append(f'<li><a href="#reading">{escape(t("s.reading"))}</a></li></ul></nav>')
    body.insert(2, "".join(toc))
    body.append(repro(doc, t))
    body.append(f'<section id="reading"><h2>{escape(t("s.reading"))}</h2>{para(t("reading"))}</section>')
    return (
        f'<!DOCTYPE html>\n<html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def variant_label(doc: dict[str, Any], name: str, t: Words) -> str:
    return (
        name if name else (", ".join(f"{k}={v}" for k, v in doc["variants"][0]["rules"].items()) or t("default_rules"))
    )


def player_section(doc: dict[str, Any], block: dict[str, Any], t: Words) -> str:
    """A player count's sections in the order of SECTIONS, each `<section id="p{n}-{kind}">` with its heading; a
    section with nothing to show (no variants to compare) is left out."""
    n = block["players"]
    parts = [f'<section id="p{n}" data-players="{n}"><h2>{escape(t("players", n=n))}</h2>']
    for kind, draw in SECTIONS:
        inner = draw(doc, block, t)
        if inner:
            parts.append(f'<section id="p{n}-{kind}" class="{kind}"><h3>{escape(t("s." + kind))}</h3>')
            parts += [*inner, "</section>"]
    parts.append("</section>")
    return "\n".join(parts)


def _suffix(name: str) -> str:
    return f" ({name})" if name else ""


def fairness_parts(doc: dict[str, Any], block: dict[str, Any], t: Words) -> list[str]:
    n = block["players"]
    out: list[str] = []
    series = []
    rows: list[list[str]] = []
    flags: list[bool] = []
    for v in block["variants"]:
        fair = v["fairness"]
        label = variant_label(doc, v["name"], t)
        beyond = [p for p in fair["by_position"] if p["beyond_chance"]]
        for p in beyond:
            low, high = p["win_share_ci95"]
            out.append(para(t("verdict.beyond", pos=p["position"] + 1, share=pct(p["win_share"]), low=pct(low),
                              high=pct(high), n=n, variant=_suffix(v["name"]), fair=pct(fair["fair_share"])),
                            "beyond"))  # fmt: skip
        if not beyond:
            width = f"{fair['interval_width'] * 100:.1f}"
            out.append(para(t("verdict.fair", n=n, variant=_suffix(v["name"]), fair=pct(fair["fair_share"]),
                              width=width)))  # fmt: skip
        series.append(
            Bars(label if len(block["variants"]) > 1 else "", [p["win_share"] for p in fair["by_position"]],
                 [p["win_share_ci95"] for p in fair["by_position"]])
        )  # fmt: skip
        for p in fair["by_position"]:
            score = p["mean_score"]
            rows.append([label, t("pos", n=p["position"] + 1), pct(p["win_share"]),
                         f"{pct(p['win_share_ci95'][0])} – {pct(p['win_share_ci95'][1])}",
                         f"{num(score['mean'])} [{num(score['ci95'][0])}, {num(score['ci95'][1])}]"])  # fmt: skip
            flags.append(p["beyond_chance"])
    labels = [t("pos", n=i + 1) for i in range(n)]
    fair_share = block["variants"][0]["fairness"]["fair_share"]
    chart = bar_chart(t("s.fairness"), labels, series, t("win_share"), line=fair_share, percent=True,
                      label_axis=t("position"))  # fmt: skip
    out.append(figure(f"p{n}-fairness", chart))
    out.append(para(t("fair_line", share=pct(fair_share)), "note"))
    lower = " (" + t("lower_better") + ")" if block["variants"][0]["fairness"]["lower_is_better"] else ""
    out.append(table([t("variant"), t("position"), t("win_share"), t("interval"), t("mean_score") + lower], rows,
                     flags))  # fmt: skip
    first = block["variants"][0]["fairness"]
    out.append(para(t("games_note", games=first["games"], bot=doc["options"]["bot"]), "note"))
    return out


def length_parts(doc: dict[str, Any], block: dict[str, Any], t: Words) -> list[str]:
    n = block["players"]
    out: list[str] = []
    many = len(block["variants"]) > 1
    for key in ("decisions", "turns"):
        series = [
            (variant_label(doc, v["name"], t) if many else "",
             Counter({int(k): c for k, c in v["length"][key]["hist"].items()}))
            for v in block["variants"]
        ]  # fmt: skip
        out.append(figure(f"p{n}-{key}", histograms(t(key), series, t(key), t("share_games"))))
    head = [t("variant"), "", t("mean"), t("interval"), t("median"), t("p90"), t("p99"), t("max")]
    rows = []
    for v in block["variants"]:
        label = variant_label(doc, v["name"], t)
        for key in ("decisions", "turns"):
            d = v["length"][key]
            rows.append([label, t(key), f"{d['mean']:.1f}", f"{d['ci95'][0]:.1f} – {d['ci95'][1]:.1f}",
                         str(d["p50"]), str(d["p90"]), str(d["p99"]), str(d["max"])])  # fmt: skip
        m = v["length"]["minutes"]
        rows.append([label, t("minutes"), f"{m['mean']:.1f}", "", f"{m['p50']:.1f}", f"{m['p90']:.1f}",
                     f"{m['p99']:.1f}", f"{m['max']:.1f}"])  # fmt: skip
    out.append(table(head, rows))
    seconds = block["variants"][0]["length"]["seconds_per_decision"]
    out.append(para(t("pace_note", seconds=f"{seconds:g}"), "note"))
    ended = []
    for v in block["variants"]:
        label = variant_label(doc, v["name"], t)
        ended += [[label, reason.replace("_", " "), str(c)] for reason, c in v["length"]["reasons"].items()]
        ended += [[label, key.replace("_", " "), num(x)] for key, x in v["length"]["detail_means"].items()]
    out.append(table([t("variant"), t("ended") + " / " + t("details"), t("value")], ended))
    return out


def skill_parts(doc: dict[str, Any], block: dict[str, Any], t: Words) -> list[str]:
    n = block["players"]
    out: list[str] = []
    many = len(block["variants"]) > 1
    rating_series = []
    rows = []
    for i, v in enumerate(block["variants"]):
        s = v["skill"]
        label = variant_label(doc, v["name"], t)
        share = s["skill_share"]
        out.append(para(t("skill_line", variant=_suffix(v["name"]), share=pct(share["share"]),
                          low=pct(share["ci95"][0]), high=pct(share["ci95"][1]), n=share["n"])))  # fmt: skip
        name = f"p{n}-matrix" + (f"-{i}" if i else "")
        title = t("win_matrix") + (f" ({label})" if many else "")
        out.append(figure(name, matrix(title, s["bots"], s["win_matrix"], t("row_bot"), t("column_bot"))))
        rating_series.append(Bars(label if many else "", [r["elo"] for r in s["ratings"]],
                                  [r["ci95"] for r in s["ratings"]]))  # fmt: skip
        for bot, r, w in zip(s["bots"], s["ratings"], s["win_rates"], strict=True):
            rows.append([label, bot, f"{r['elo']:.0f}", f"{r['ci95'][0]:.0f} – {r['ci95'][1]:.0f}",
                         pct(w["share"]), f"{pct(w['ci95'][0])} – {pct(w['ci95'][1])}"])  # fmt: skip
        out.append(para(t("ladder_note", games=s["games"], deals=s["deals"], seatings=s["seatings"]), "note"))
    bots = block["variants"][0]["skill"]["bots"]
    out.append(figure(f"p{n}-ratings", bar_chart(t("ratings"), bots, rating_series, t("rating"))))
    head = [t("variant"), "bot", t("rating"), t("interval"), t("win_rate"), t("interval")]
    out.append(table(head, rows))
    return out


def compare_parts(doc: dict[str, Any], block: dict[str, Any], t: Words) -> list[str]:
    n = block["players"]
    out: list[str] = []
    for k, d in enumerate(block["differences"], start=1):
        out.append(f"<h4>{escape(t('diff_title', variant=d['variant'], base=d['against'], games=d['games']))}</h4>")
        items = [(t("diff_pos", pos=p["position"] + 1), p, True) for p in d["win_share_by_position"]]
        items += [(t("diff_score", seat=seat_number(s["seat"])), s, False) for s in d["score_by_seat"]]
        items += [(t("diff_decisions"), d["decisions"], False), (t("diff_turns"), d["turns"], False)]
        items.append((t("diff_skill"), d["skill_share"], True))
        rows, flags = [], []
        for label, item, share in items:
            fmt = pct if share else num
            word = t("beyond_chance") if item["beyond_chance"] else t("within_chance")
            rows.append([label, fmt(item["mean"]) if share else f"{item['mean']:+.2f}",
                         f"{fmt(item['ci95'][0])} – {fmt(item['ci95'][1])}", word])  # fmt: skip
            flags.append(item["beyond_chance"])
        shares = [(lab, it) for lab, it, share in items if share]
        chart = bar_chart(t("difference"), [lab for lab, _ in shares],
                          [Bars("", [it["mean"] for _, it in shares], [it["ci95"] for _, it in shares])],
                          t("difference") + " (%)", line=0.0, percent=True)  # fmt: skip
        out.append(figure(f"p{n}-compare-{k}", chart))
        out.append(table(["", t("difference"), t("interval"), ""], rows, flags))
        out.append(para(t("winners_changed", n=d["winners_changed"], games=d["games"]), "note"))
    return out


def rules_parts(doc: dict[str, Any], block: dict[str, Any], t: Words) -> list[str]:
    n = block["players"]
    out: list[str] = []
    figures = block["variants"][0]["rules"]
    if not figures:
        out.append(para(t("no_rules")))
    for f_index, first in enumerate(figures):
        title = t(first["key"])
        out.append(f"<h4>{escape(title)}</h4>")
        named = [(variant_label(doc, v["name"], t), v["rules"][f_index]) for v in block["variants"]]
        # labels that depend on the data (bins of lengths) differ between variants: then one chart per variant
        same = all(fig["labels"] == first["labels"] for _, fig in named)
        groups = [named] if same else [[item] for item in named]
        for g, group in enumerate(groups):
            name = f"p{n}-rules-{first['key']}" + (f"-{g}" if g else "")
            out.append(rules_figure(name, group, len(named) > 1, t))
        if first["note"]:
            out.append(para(t(first["note"], **first["params"]), "note"))
    return out


Draw = Callable[[dict[str, Any], dict[str, Any], Words], list[str]]
SECTIONS: tuple[tuple[str, Draw], ...] = (
    ("fairness", fairness_parts),
    ("length", length_parts),
    ("skill", skill_parts),
    ("compare", compare_parts),
    ("rules", rules_parts),
)
"""A player count's sections: the id's and the class's suffix (the heading is the key `s.<kind>`), what draws it."""


def rules_figure(name: str, group: list[tuple[str, dict[str, Any]]], many: bool, t: Words) -> str:
    """One game figure over the variants of `group` (which share its labels): the chart, then a table with a row
    per label and a column (with its interval) per variant and series."""
    first = group[0][1]
    labels = first["labels"]
    bars, head, columns = [], [""], []
    flags: dict[str, str] = {}
    for label, fig in group:
        flags.update(fig["flags"])
        for s in fig["series"]:
            title = t(s["name"]) + (f" ({label})" if many else "")
            shares = "shares" in s
            values = s["shares"] if shares else s["values"]
            shown = title if len(fig["series"]) > 1 or len(group) > 1 else ""
            bars.append(Bars(shown, values, s["ci95"] if shares else None))
            head.append(title)
            columns.append([pct(v) if shares else num(v) for v in values])
            if shares:
                head.append(t("interval"))
                columns.append([f"{pct(lo)} – {pct(hi)}" for lo, hi in s["ci95"]])
    head.append(t("flag"))
    rows = [[t(lab), *(col[i] for col in columns), t(flags[lab]) if lab in flags else ""] for i, lab in
            enumerate(labels)]  # fmt: skip
    percent = all("shares" in s for s in first["series"])
    axis = t(first["axis"]) + (" (%)" if percent else "")
    title = t(first["key"]) + (f" ({group[0][0]})" if many and len(group) == 1 else "")
    chart = bar_chart(title, [t(lab) for lab in labels], bars, axis, percent=percent,
                      label_axis=t(first["label_axis"]) if first["label_axis"] else None)  # fmt: skip
    return figure(name, chart) + table(head, rows, [lab in flags for lab in labels])


def repro(doc: dict[str, Any], t: Words) -> str:
    options = doc["options"]
    rows = [[t("seed"), str(options["seed"])], [t("version"), doc["podium"]]]
    rows += [[key, str(value)] for key, value in options.items() if key != "seed"]
    seconds = sum(block["seconds"] for block in doc["players"])
    return (
        f'<section id="repro"><h2>{escape(t("s.repro"))}</h2>'
        f"<p>{escape(t('command'))}:</p><pre>{escape(doc['command'])} --out report.html</pre>"
        + table([t("options"), t("value")], rows)
        + para(t("seconds", seconds=f"{seconds:.0f}"), "note")
        + "</section>"
    )
