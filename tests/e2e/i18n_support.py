"""Finding untranslated text on a page: every text the player can see (text nodes of visible elements, and the
aria-label and title attributes) is compared with the English messages of the shell's and the games'
dictionaries whose translation differs; a text that is such an English message (its {placeholders} matching
anything) is reported."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SHELL = REPO / "src" / "podium" / "web" / "static" / "i18n" / "shell.json"
DICTIONARIES = [SHELL, *sorted((REPO / "src" / "podium" / "games").glob("*/web/i18n.json"))]
LETTERS = re.compile(r"[^\W\d_]", re.UNICODE)
PLACE = "[^,;:!?]{1,40}"


def english_patterns(lang: str) -> list[str]:
    """Regular expressions (JavaScript syntax, whole text) of the English messages that `lang` says otherwise."""
    theirs: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for path in DICTIONARIES:
        data = json.loads(path.read_text(encoding="utf-8"))
        theirs |= {v.strip() for v in data[lang].values()}
        pairs += [(en, data[lang][key]) for key, en in data["en"].items()]
    out = []
    for en, translated in pairs:
        if en.strip() == translated.strip():
            continue  # the same in both languages ("Golf", "Sprint", "{name}: {move}")
        literal = re.sub(r"\{\w+\}", "", en)
        if len(LETTERS.findall(literal)) < 4:
            continue  # "R{n}", "{n}th", "G": too short to tell a language by
        parts = re.split(r"(\{\w+\})", en.strip())
        # a placeholder stands for a name, a number or a card, never for a clause of a longer (server) text
        pattern = "".join(PLACE if part.startswith("{") else re.escape(part) for part in parts)
        compiled = re.compile(pattern, re.DOTALL)
        if any(compiled.fullmatch(text) for text in theirs):
            continue  # an English message that reads like one of this language's ("{name} ({n})" …)
        out.append(pattern)
    return sorted(set(out))


FIND = """
(patterns) => {
  const res = patterns.map((p) => new RegExp(`^(?:${p})$`, "s"));
  const english = (text) => res.some((re) => re.test(text));
  // [translate=no]: a game's own words for its data, shown as they are (the generic renderer's view keys)
  const skipped = "#lang, script, style, template, [translate=no]";
  const visible = (el) => !!el && !el.closest(skipped) && el.checkVisibility({ visibilityProperty: true });
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    if (text && visible(walker.currentNode.parentElement) && english(text)) found.push(text);
  }
  // (a placeholder shows an option's default value, which is a word of the game's notation, not a message)
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    if (el.closest("#lang")) continue;
    for (const attr of ["aria-label", "title"]) {
      const text = (el.getAttribute(attr) || "").trim();
      if (text && english(text)) found.push(`${attr}: ${text}`);
    }
  }
  if (english(document.title)) found.push(`document.title: ${document.title}`);
  return found;
}
"""


def untranslated(page: Any, lang: str) -> list[str]:
    """The English texts `page` shows although it speaks `lang` (empty when everything is translated)."""
    assert page.evaluate("document.documentElement.lang") == lang
    return list(page.evaluate(FIND, english_patterns(lang)))
