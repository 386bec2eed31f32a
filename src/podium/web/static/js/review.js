// The post-game review page (/review/{table_id}, issue 29 item 6): the finished game replayed move by move as your
// seat saw it (buttons and the arrow keys, forward and back), each of your decisions against the hard bot's with
// what it cost in win share, and your costliest moments first, each a link to its position.
//
// The server computes the review in a process of its own (server/review.py); this page asks again while it runs and
// shows how far it got. It reads only your seat's views and your own decisions: nothing you could not see in play.
import { api, storedSeat } from "./api.js";
import { button, h, replaceChildrenKeepFocus } from "./dom.js";
import { errorLine, lang, onLanguageChange, t } from "./i18n.js";
import { actionText, ensureRenderer, gameTitle, loaded } from "./table/renderer.js";
import { $, displayName, hooks, page, tableId } from "./table/state.js";

const POLL_MS = 700;
const review = { frames: [], moments: [], costliest: [], at: 0, status: "waiting", done: 0, total: 0 };

const pct = (share) => new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(share * 100);
const momentAt = (ply) => review.moments.find((m) => m.ply === ply) || null;

// Hard's decision in the player's words: each step said by the renderer from its JSON.
function suggestedText(moment, ctx) {
  return moment.suggested.map((text, i) => actionText(loaded.renderer, { action: moment.suggested_actions[i], text }, ctx)).join(", ");
}

function playedText(moment, ctx) {
  const frames = review.frames.slice(moment.ply + 1, moment.ply + 1 + moment.played.length);
  return frames.map((f) => actionText(loaded.renderer, f.last, ctx)).join(", ");
}

function contextAt(at) {
  const frame = review.frames[at];
  return {
    game: frame.view.game,
    view: frame.view,
    legal: [],
    table: page.table,
    seat: page.seat,
    version: at,
    myTurn: false,
    busy: true,
    ui: {},
    hint: null,
    name: displayName,
    shortName: displayName,
    act() {},
    rerender() {},
    requestHint() {},
    find: () => undefined,
    filter: () => [],
  };
}

function moveLine(at, ctx) {
  const last = review.frames[at].last;
  if (!last) return t("review.start");
  return t("review.last_move", { move: moveSaid(last, ctx) });
}

function moveSaid(last, ctx) {
  const r = loaded.renderer;
  const text = (r && r.moveText && r.moveText(last.action, ctx, last.seat)) || t("log.move", { name: displayName(last.seat), move: actionText(r, last, ctx) });
  return text;
}

function cost(moment) {
  if (moment.cost == null) return t("review.cost_unknown");
  if (moment.cost < 0.005) return t("review.cost_none");
  return t("review.cost", { pct: pct(moment.cost) });
}

function momentPanel(ctx) {
  const moment = momentAt(review.at);
  if (!moment) {
    const mine = review.frames[review.at].view.current_player === page.seat;
    return h("p", { class: "muted" }, mine ? t("review.only_move") : t("review.not_yours"));
  }
  const same = moment.played.join("\n") === moment.suggested.join("\n");
  return [
    h("h2", null, t("review.your_decision", { n: moment.ply + 1 })),
    h("p", null, h("strong", null, t("review.you_played")), " ", playedText(moment, ctx)),
    h("p", null, h("strong", null, t("review.hard_plays")), " ", suggestedText(moment, ctx), same ? ` — ${t("review.same")}` : ""),
    h("p", { class: same ? "muted" : "review-cost" }, cost(moment)),
  ];
}

function costliestList(ctx) {
  if (!review.costliest.length) return h("p", { class: "muted" }, t("review.no_costly"));
  return h(
    "ol",
    { class: "costliest-list" },
    review.costliest.map((ply) => {
      const moment = momentAt(ply);
      const label = t("review.moment", { n: ply + 1, move: playedText(moment, ctx), cost: cost(moment) });
      return h("li", null, button(label, () => go(ply), { class: ply === review.at ? "link current" : "link", dataset: { key: `costly-${ply}` } }));
    }),
  );
}

function replayControls() {
  const last = review.frames.length - 1;
  const at = review.at;
  return [
    h(
      "div",
      { class: "replay-buttons", role: "group", "aria-label": t("review.replay") },
      button("«", () => go(0), { "aria-label": t("review.first"), title: t("review.first"), disabled: at === 0, dataset: { key: "first" } }),
      button("◀", () => go(at - 1), { "aria-label": t("review.back"), title: t("review.back"), disabled: at === 0, dataset: { key: "back" } }),
      button("▶", () => go(at + 1), { "aria-label": t("review.forward"), title: t("review.forward"), disabled: at === last, dataset: { key: "forward" } }),
      button("»", () => go(last), { "aria-label": t("review.last"), title: t("review.last"), disabled: at === last, dataset: { key: "last" } }),
    ),
    h("p", { class: "replay-at", dataset: { at: String(at) } }, t("review.at", { n: at, total: last })),
    h("p", { class: "replay-move" }, moveLine(at, contextAt(at))),
    h("p", { class: "muted small" }, t("review.keys")),
  ];
}

function draw() {
  $("title").textContent = loaded.renderer ? `${t("review.title")}: ${gameTitle(loaded.renderer)}` : t("review.title");
  if (review.status !== "done" || !loaded.renderer) {
    drawWait();
    return;
  }
  $("review-wait").hidden = true;
  $("review-layout").hidden = false;
  document.body.dataset.at = String(review.at);
  const ctx = contextAt(review.at);
  replaceChildrenKeepFocus($("board"), loaded.renderer.board(ctx));
  replaceChildrenKeepFocus($("replay-body"), replayControls());
  replaceChildrenKeepFocus($("moment"), momentPanel(ctx));
  replaceChildrenKeepFocus($("costliest-body"), costliestList(ctx));
}

function drawWait() {
  const box = $("review-wait");
  box.hidden = false;
  if (review.status === "failed") {
    replaceChildrenKeepFocus(box, h("p", { class: "error" }, review.message));
    return;
  }
  const children = [h("p", null, review.total ? t("review.progress", { done: review.done, total: review.total }) : t("review.starting"))];
  children.push(h("progress", { max: String(review.total || 1), value: String(review.done), "aria-label": t("review.computing") }));
  replaceChildrenKeepFocus(box, children);
}

function go(at) {
  review.at = Math.max(0, Math.min(review.frames.length - 1, at));
  draw();
  $("announce").textContent = `${t("review.at", { n: review.at, total: review.frames.length - 1 })}. ${moveLine(review.at, contextAt(review.at))}`;
}

function onKey(event) {
  if (review.status !== "done" || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  const moves = { ArrowLeft: review.at - 1, ArrowRight: review.at + 1, Home: 0, End: review.frames.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
}

async function poll() {
  try {
    const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/review`, {}, page.token);
    review.status = answer.status;
    if (answer.status === "running") {
      review.done = answer.done;
      review.total = answer.total;
      draw();
      setTimeout(poll, POLL_MS);
      return;
    }
    if (answer.status === "failed") {
      review.message = answer.message;
    } else {
      review.frames = answer.frames;
      review.moments = answer.review.moments;
      review.costliest = answer.review.costliest;
      review.at = review.costliest.length ? review.costliest[0] : 0;
    }
  } catch (err) {
    review.status = "failed";
    review.message = errorLine(err.code, err.message);
  }
  draw();
}

async function main() {
  const stored = storedSeat(tableId);
  if (!stored) {
    review.status = "failed";
    review.message = t("review.no_seat");
    drawWait();
    return;
  }
  page.token = stored.token;
  page.seat = stored.seat;
  try {
    const table = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    // A replay: who is online now means nothing on its seats
    page.table = { ...table, seats: table.seats.map((seat) => ({ ...seat, connected: true })) };
  } catch (err) {
    review.status = "failed";
    review.message = errorLine(err.code, err.message);
    drawWait();
    return;
  }
  ensureRenderer(page.table.game);
  drawWait();
  poll();
}

hooks.rendererLoaded = draw;
document.addEventListener("keydown", onKey);
onLanguageChange(draw);
main();
