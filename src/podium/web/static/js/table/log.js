// The game log. What happened is kept as data (the moves with their actors, the events this page may see, the page's
// own notes) and said in words only when drawn, so a language switch says it all again. It is rebuilt from the
// server's record (GET /api/tables/{id}/log: the moves and the events as this receiver may see them, nothing hidden
// from it) whenever the page comes to a table or missed moves: after a reload, on a second device, after a gap.
import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { actionText } from "./renderer.js";
import { $, displayName, hooks, page, tableId } from "./state.js";

const LIMIT = 500; // entries kept (a long game has a few hundred moves); the panel shows the last ones
const SHOWN = 80;
let rebuilding = null;

function push(entry) {
  page.log.push(entry);
  if (page.log.length > LIMIT) page.log.splice(0, page.log.length - LIMIT);
}

// A note of the page's own ("the game starts"): a shell message and its parameters.
export function logNote(key, params) {
  push({ kind: "sys", key, params, version: page.version });
}

// A move of the live sync (its `last`: {seat, text, action}; the text is the log's words where the game has none)
// and the events that came with it.
export function logMove(move, events, version) {
  push({ kind: "move", seat: move.seat, text: move.text, action: move.action, version });
  for (const event of events || []) push({ kind: "event", event, version });
}

// The whole log again from the server's record, as this page may see it; entries that arrived after the version
// the server answered for stay after it. Concurrent calls share one request.
export function rebuildLog() {
  if (!rebuilding) {
    rebuilding = fetchLog().finally(() => {
      rebuilding = null;
      hooks.render();
    });
  }
  return rebuilding;
}

async function fetchLog() {
  let answer;
  try {
    answer = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/log`, undefined, page.token);
  } catch {
    if (!page.log.length) logNote("log.synced", { n: page.version }); // the log starts here, and says so
    return;
  }
  const rebuilt = [{ kind: "sys", key: "log.new_game", version: 0 }];
  for (const entry of answer.entries) logMoveInto(rebuilt, entry);
  if (page.table && page.table.status === "finished") rebuilt.push({ kind: "sys", key: "log.over", version: answer.version });
  const later = page.log.filter((entry) => entry.version > answer.version);
  page.log = [...rebuilt, ...later].slice(-LIMIT);
}

function logMoveInto(list, entry) {
  list.push({ kind: "move", seat: entry.seat, text: entry.text, action: entry.action, version: entry.version });
  for (const event of entry.events) list.push({ kind: "event", event, version: entry.version });
}

// One entry in words, for the page as it is now (its language, its seat), or null for an event the game does not say.
function lineOf(entry, r, ctx) {
  if (entry.kind === "sys") return t(entry.key, entry.params);
  if (entry.kind === "move") {
    const said = r && r.moveText ? r.moveText(entry.action, ctx, entry.seat) : null;
    return said || t("log.move", { name: displayName(entry.seat), move: actionText(r, entry, ctx) });
  }
  return r && r.describe ? r.describe(entry.event, ctx) : null;
}

// The live region (#announce): the lines of the move just drawn — another player's, each step of a bot's turn as it
// is shown, your own — so that a screen reader says what happened on the table as it happens.
export function announceMove(r, ctx, version) {
  const lines = page.log.filter((entry) => entry.version === version && entry.kind !== "sys").map((entry) => lineOf(entry, r, ctx));
  const said = lines.filter(Boolean).join(". ");
  if (said) $("announce").textContent = said;
}

export function renderLog(r, ctx) {
  const items = [];
  for (const entry of page.log) {
    const text = ctx ? lineOf(entry, r, ctx) : entry.kind === "sys" ? lineOf(entry, r, ctx) : null;
    if (text) items.push(h("li", { class: entry.kind, dataset: { version: entry.version } }, text));
  }
  const list = $("log-list");
  list.replaceChildren(...items.slice(-SHOWN));
  list.scrollTop = list.scrollHeight;
}
