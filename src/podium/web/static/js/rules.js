// How to play, in the page: a game's whole rules document in a dialog, one click away at the table and in the lobby.
// The server renders the game's rules.md (or its translation) to an HTML fragment with raw HTML disabled
// (`GET /games/{name}/rules?lang=xx`, docs/protocol.md); this module only shows it. Names no game: the game comes
// from the table or the lobby's choice.
import { button, h, loadStylesheet } from "./dom.js";
import { lang, t } from "./i18n.js";

const cache = new Map(); // "game lang" -> Promise of the fragment's HTML, fetched once per page and language
let dialog = null;

loadStylesheet("/static/css/rules.css");

function fetchRules(game) {
  const key = `${game} ${lang}`;
  if (!cache.has(key)) {
    // players=true: the rules in a player's words where the game has them (no rule numbers, no commands); the
    // numbered reference stays for `podium rules --full` and the docs. A server without them sends the reference.
    const url = `/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang)}&players=true`;
    // The server says which language it served (English when the game has no translation): the panel is marked so.
    const promise = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return { html: await response.text(), lang: response.headers.get("Content-Language") || "en" };
    });
    promise.catch(() => cache.delete(key)); // a failed fetch is tried again at the next click
    cache.set(key, promise);
  }
  return cache.get(key);
}

function ensureDialog() {
  if (dialog) return dialog;
  const title = h("h2", { id: "rules-title", class: "rules-title" });
  // focusable (tabindex 0): a keyboard reaches the document and scrolls it with the arrow keys
  const body = h("div", { id: "rules-body", class: "rules-body", tabindex: "0", role: "document" });
  const close = button(t("rules.close"), () => dialog.close(), { class: "rules-close", dataset: { key: "rules-close" } });
  dialog = h("dialog", { id: "rules-dialog", class: "rules-dialog", "aria-labelledby": "rules-title" }, h("header", { class: "rules-head" }, title, close), body);
  // A click on the backdrop (outside the panel) closes it too; Esc does through the dialog element itself.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

// Open the rules of `game` (`title`: its name as shown).
export async function openRules(game, title) {
  const box = ensureDialog();
  box.querySelector("#rules-title").textContent = t("rules.title", { game: title || game });
  const body = box.querySelector("#rules-body");
  body.replaceChildren(h("p", { class: "muted" }, t("rules.loading")));
  box.dataset.game = game;
  if (!box.open) box.showModal();
  try {
    const rules = await fetchRules(game);
    if (box.dataset.game !== game) return; // another game's rules were asked for meanwhile
    // The fragment is the server's rendering of the game's own document with raw HTML disabled, not player input.
    body.innerHTML = rules.html;
    // a wide table scrolls sideways inside its frame: a keyboard reaches the frame and scrolls it with the arrows
    for (const wrap of body.querySelectorAll(".table-wrap")) wrap.tabIndex = 0;
    body.lang = rules.lang;
    body.scrollTop = 0;
    box.dataset.loaded = "true";
  } catch (err) {
    body.replaceChildren(h("p", { class: "error" }, t("rules.failed", { detail: err.message })));
  }
}

// The "Rules" button: `game()` and `title()` give the game to show when it is clicked.
// `props.label` replaces the button's text ("Rules").
export function rulesButton(game, title, props = {}) {
  const { label, ...rest } = props;
  return button(label || t("rules.button"), () => openRules(game(), title()), { class: "rules-open", "aria-haspopup": "dialog", dataset: { key: "rules-open" }, ...rest });
}

// The table page's button, put once into the top bar after the title.
export function mountRulesButton(game, title) {
  const bar = document.querySelector(".topbar");
  if (!bar || bar.querySelector(".rules-open")) return;
  const open = rulesButton(game, title);
  const heading = bar.querySelector("h1");
  if (heading) heading.after(open);
  else bar.append(open);
}
