// What the lobby says about a game before anyone plays it, from the game's own dictionary (`i18n.json` beside its
// renderer, see i18n.js), so the shell names no game:
//   "game.wins"    one line on what wins, shown under the game's name.
// A game without a renderer, or without the key, simply gets none.
import { lang } from "./i18n.js";

const notes = new Map(); // renderer URL -> Promise of {wins} (read in the page's language at the time it is read)

export function gameNotes(game) {
  if (!game || !game.renderer) return Promise.resolve({ wins: null });
  const url = new URL("i18n.json", new URL(game.renderer, location.href)).href;
  if (!notes.has(url)) {
    notes.set(
      url,
      fetch(url)
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}))
        .then((all) => {
          const pick = (key) => ((all[lang] || {})[key] ?? (all.en || {})[key] ?? null);
          return {
            get wins() {
              return pick("game.wins");
            },
          };
        }),
    );
  }
  return notes.get(url);
}
