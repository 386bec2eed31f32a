// The generic renderer: a game that ships no renderer of its own is still playable in the browser. It knows nothing
// of the game: it shows the view this seat is sent (its keys and values, lists as rows of chips, the players and
// whose turn it is, `scores` when the view has them) and the legal actions as buttons. The shell (table.js) adds
// the legal-actions list, the log and the result.
import { button, h } from "./dom.js";
import { playerHeader, scoreTable } from "./common.js";
import { t } from "./i18n.js";

// Keys every view has (core/contract.py `View`): shown as the players and the turn, not in the table of the rest.
const COMMON = new Set(["game", "config", "num_players", "player", "current_player", "is_over"]);

const words = (key) => String(key).replace(/_/g, " ");

function text(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("generic.yes") : t("generic.no");
  if (Array.isArray(value) && value.every((x) => x === null || typeof x !== "object")) return value.map(text).join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

// The contract's convention: `player` and `*_player` hold a seat (`current_player`), shown as the seat's name.
function isSeat(key, value, ctx) {
  return (key === "player" || String(key).endsWith("_player")) && Number.isInteger(value) && value >= 0 && value < ctx.view.num_players;
}

function scalar(value) {
  return value === null || value === undefined ? h("span", { class: "muted" }, "—") : text(value);
}

// A value of the view, readable: scalars as text, a list of scalars (cards, counts) as a row of chips, a list of
// lists or objects as a numbered list, an object as a small table of its keys.
function value(v, depth, ctx) {
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, t("generic.none"));
    if (v.every((x) => x === null || typeof x !== "object")) {
      return h("span", { class: "chips" }, v.map((x) => h("span", { class: x === null ? "chip hidden" : "chip" }, x === null ? "?" : scalar(x))));
    }
    return h("ol", { class: "generic-list" }, v.map((x) => h("li", null, value(x, depth + 1, ctx))));
  }
  if (v !== null && typeof v === "object") return entries(Object.entries(v), depth + 1, ctx);
  return scalar(v);
}

function entries(pairs, depth, ctx) {
  if (!pairs.length) return h("span", { class: "muted" }, t("generic.empty"));
  return h(
    "dl",
    { class: `generic-view depth-${Math.min(depth, 3)}` },
    pairs.map(([key, v]) => [
      h("dt", { translate: "no" }, words(key)), // the game's own word for its data: no message of ours to translate
      h("dd", { dataset: depth === 0 ? { key: `view-${key}` } : {} }, isSeat(key, v, ctx) ? ctx.name(v) : value(v, depth, ctx)),
    ]),
  );
}

function actionButtons(ctx) {
  if (!ctx.myTurn || !ctx.legal.length) return null;
  return h(
    "section",
    { class: "generic-actions", "aria-label": t("generic.your_move") },
    h("h2", null, t("generic.your_move")),
    h(
      "div",
      { class: "action-bar" },
      ctx.legal.map((entry) =>
        button(entry.text, () => ctx.act(entry.action), { class: "primary", disabled: ctx.busy, dataset: { key: `act-${entry.id}`, action: entry.text } }),
      ),
    ),
  );
}

function players(ctx) {
  const v = ctx.view;
  const seats = Array.from({ length: v.num_players }, (_, seat) => seat);
  return h(
    "section",
    { class: "generic-players", "aria-label": t("lobby.players") },
    seats.map((seat) =>
      h("div", { class: `player ${seat === ctx.seat ? "me" : ""} ${v.current_player === seat ? "current" : ""}`, dataset: { seat } }, playerHeader(ctx, seat)),
    ),
  );
}

function board(ctx) {
  const v = ctx.view;
  const rest = Object.entries(v).filter(([key]) => !COMMON.has(key));
  return [
    players(ctx),
    actionButtons(ctx),
    h("section", { class: "panel generic-state", "aria-label": t("generic.state_label") }, h("h2", null, ctx.seat == null ? t("generic.spectator_sees") : t("generic.you_see")), entries(rest, 0, ctx)),
  ];
}

function statusText(ctx) {
  return ctx.myTurn ? t("generic.choose") : "";
}

function scores(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.scores) || v.scores.length !== v.num_players) return null;
  const rows = v.scores.map((score, seat) => ({ cls: seat === ctx.seat ? "me" : "", cells: [ctx.name(seat), text(score)] }));
  return scoreTable(t("generic.scores"), [t("result.player"), t("result.score")], rows);
}

// A log line from any event: its kind, then its fields (seats named).
function describe(event, ctx) {
  const parts = Object.entries(event)
    .filter(([key]) => key !== "kind" && key !== "visible_to")
    .map(([key, v]) => `${words(key)} ${isSeat(key, v, ctx) ? ctx.shortName(v) : text(v)}`);
  return `↳ ${words(event.kind)}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

export default {
  statusText,
  board,
  scores,
  describe,
  get scoreLabel() {
    return t("result.score");
  },
};
