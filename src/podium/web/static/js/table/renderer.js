// The game's renderer: the module the game's package serves (`renderer` in GET /api/games), loaded when the table's
// game is known; a game without one, or whose renderer fails to load, is drawn by the generic renderer. And what the
// page says with it: actions, the game's title, why it ended.
import { api } from "../api.js";
import { loadStylesheet } from "../dom.js";
import { t } from "../i18n.js";
import generic from "../generic.js";
import { hooks, page, toast } from "./state.js";

export const loaded = { game: null, renderer: null };

// The renderer of the table's game once it has loaded (null until then: the page shows the seats meanwhile).
export function renderer() {
  const game = (page.table && page.table.game) || (page.view && page.view.game);
  if (game) ensureRenderer(game);
  return loaded.renderer;
}

export function ensureRenderer(game) {
  if (loaded.game === game) return;
  loaded.game = game;
  loaded.renderer = null;
  loadRenderer(game).then((r) => {
    if (loaded.game !== game) return;
    loaded.renderer = r;
    document.body.dataset.renderer = r === generic ? "generic" : game;
    hooks.rendererLoaded();
  });
}

async function loadRenderer(game) {
  let url = null;
  try {
    const info = (await api("GET", "/api/games")).find((g) => g.name === game);
    url = info ? info.renderer : null;
  } catch (err) {
    toast(t("table.renderer_unknown", { detail: err.message }));
  }
  let r = generic;
  if (url) {
    try {
      r = (await import(url)).default;
      if (!r || typeof r.board !== "function") throw new Error("it exports no renderer");
    } catch (err) {
      console.error(err);
      toast(t("table.renderer_failed", { game, detail: err.message }));
      r = generic;
    }
  }
  await Promise.all((r.styles || []).map(loadStylesheet));
  return r;
}

// An action in the player's language: the renderer says it from the action's JSON (`actionText`; a legal entry and a
// sync's `last` both carry it); the server's English text when the renderer cannot. No notation is parsed here.
export function actionText(r, entry, ctx) {
  const action = entry.action;
  const said = r && r.actionText && action ? r.actionText(action, ctx) : null;
  return said || entry.text;
}

// The game's title in the player's language (the renderer's `title`), else the server's.
export function gameTitle(r) {
  return (r && r.title) || page.table.title || page.table.game;
}

// Why the game ended, from the result's reason code: the renderer's words, else the code as words.
export function reasonText(r, reason) {
  return (r && r.reasonText && r.reasonText(reason)) || String(reason).replace(/_/g, " ");
}
