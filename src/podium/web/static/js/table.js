// The table page (/t/{table_id}): joins or watches a table, keeps one WebSocket to it, and draws every `sync`
// with the game's renderer. Everything shown comes from the server's view for this seat.
//
// The page names no game: the game's renderer is loaded when the table's game is known (table/renderer.js). This
// module is the page's entry: the messages of the socket and the drawing of the panels; its parts live in table/:
// the page's state and helpers (state.js), the renderer (renderer.js), the notice area with the join form
// (notice.js) and the end of the game (result.js).
import { forgetSeat, storedSeat } from "./api.js";
import { button, h, replaceChildrenKeepFocus } from "./dom.js";
import { errorLine, errorText, onLanguageChange, t } from "./i18n.js";
import { Connection } from "./connection.js";
import { mountRulesButton } from "./rules.js";
import { loadTableAndOfferJoin, renderNotice, showUnavailable } from "./table/notice.js";
import { actionText, ensureRenderer, gameTitle, loaded, renderer } from "./table/renderer.js";
import { announceMove, logMove, logNote, rebuildLog, renderLog } from "./table/log.js";
import { animateChanges, cardPlaces, pacedQueue } from "./table/motion.js";
import { resultPanel } from "./table/result.js";
import { currentHint, followHint, hintArrived, hintPanel } from "./table/hint.js";
import { $, displayName, hooks, page, seatName, tableId, toast } from "./table/state.js";

const backlog = []; // messages that arrived before the renderer: handled once it is there, so no event is lost

function makeContext() {
  const view = page.view;
  const legal = page.legal || [];
  const myTurn = page.seat != null && view && view.current_player === page.seat && legal.length > 0;
  return {
    game: view.game,
    view,
    legal,
    table: page.table,
    seat: page.seat,
    version: page.version,
    myTurn,
    busy: page.busy,
    ui: page.ui,
    hint: currentHint(),
    name: displayName,
    shortName: seatName,
    act,
    rerender: render,
    requestHint,
    // the legal entry ({id, text, action}) whose action matches `pred`, or undefined
    find: (pred) => legal.find((entry) => pred(entry.action)),
    filter: (pred) => legal.filter((entry) => pred(entry.action)),
  };
}

function act(action) {
  if (page.busy || !page.conn) return;
  if (!page.conn.sendAction(action, page.version)) {
    toast(t("table.not_sent"));
    return;
  }
  page.busy = true;
  page.ui.selection = null;
  render();
}

function requestHint() {
  if (!page.conn || !page.conn.send({ type: "hint" })) {
    toast(t("table.not_connected"));
    return;
  }
  page.ui.hintWaiting = true;
  render();
}

function onMessage(msg) {
  if (!loaded.renderer) {
    backlog.push(msg);
    if (msg.table && msg.table.game) ensureRenderer(msg.table.game);
    return;
  }
  handleMessage(msg);
}

function handleMessage(msg) {
  switch (msg.type) {
    case "welcome":
      page.seat = msg.seat;
      page.table = msg.table;
      break;
    case "sync":
      syncs(msg);
      break;
    case "ack":
      break;
    case "hint":
      page.ui.hintWaiting = false;
      hintArrived(msg, typeof msg.version === "number" ? msg.version : page.version); // the position it was asked for
      render();
      break;
    case "error":
      page.busy = false;
      page.ui.hintWaiting = false;
      if (msg.code !== "stale" || page.version === msg.version) toast(errorLine(msg.code, msg.message), "error", msg.message);
      render();
      break;
    case "pong":
      break;
    default:
      break;
  }
}

// Syncs are drawn one after another; the others' moves at a pace one can follow (table/motion.js).
const syncs = pacedQueue(onSync, (msg) => !!msg.last && msg.last.seat !== page.seat && msg.version > 0);

function onSync(msg) {
  document.body.dataset.syncs = String(Number(document.body.dataset.syncs || 0) + 1);
  const previous = page.version;
  const previousStatus = page.table && page.table.status;
  const before = page.view;
  page.table = msg.table;
  page.view = msg.view;
  page.legal = msg.legal || [];
  page.result = msg.result || null;
  page.version = msg.version;
  page.busy = false;
  followHint(msg, previous);
  const r = renderer();
  if (msg.version !== previous) {
    page.ui.selection = null;
    page.ui.moveFrom = null;
    if (previous >= 0 && msg.version === previous + 1 && msg.last) {
      logMove(msg.last, msg.events, msg.version);
      const ctx = { ...makeContext(), before }; // `before`: the seat's view before this sync
      if (r && r.observe) for (const event of msg.events || []) r.observe(event, ctx);
    } else {
      rebuildLog(); // the page comes to this table, or missed moves: the whole log from the server's record
    }
  }
  if (previousStatus && previousStatus !== msg.table.status) {
    if (msg.table.status === "playing") logNote("log.starts");
    if (msg.table.status === "finished") logNote("log.over");
  }
  render();
  if (previous >= 0 && msg.version === previous + 1 && r) announceMove(r, makeContext(), msg.version);
}

function onStatus(status, detail) {
  const el = $("conn");
  const labels = {
    connecting: t("conn.connecting"),
    connected: t("conn.connected"),
    reconnecting: detail != null ? t("conn.reconnecting_in", { s: (detail / 1000).toFixed(1) }) : t("conn.reconnecting"),
    offline: t("conn.offline"),
  };
  el.textContent = labels[status] || status;
  el.className = `conn conn-${status}`;
  el.dataset.status = status;
  document.body.dataset.conn = status;
}

function onFatal(msg) {
  if (!page.token) {
    // Refused even as a spectator: the table does not exist (or no longer). The lobby's answer, if it came first,
    // says it best ("There is no such table"): it stays.
    onStatus("closed");
    $("conn").textContent = t("conn.closed");
    if (document.body.dataset.status === "unavailable") return;
    showUnavailable(t("table.cannot_watch", { reason: errorText(msg.code, msg.message) }), msg.message);
    return;
  }
  // Our stored token is no longer valid (e.g. the seat was never ours): forget it and watch instead.
  forgetSeat(tableId);
  page.token = null;
  page.seat = null;
  toast(t("table.seat_refused", { reason: errorText(msg.code, msg.message) }), "error", msg.message);
  connect();
  loadTableAndOfferJoin();
}

function connect() {
  if (page.conn) page.conn.stop();
  const token = page.token;
  page.conn = new Connection(tableId, () => (token ? { type: "hello", token } : { type: "hello", spectator: true }), {
    onMessage,
    onStatus,
    onFatal,
  });
  page.conn.start();
}

function render() {
  if (!page.table) return;
  const r = renderer();
  $("title").textContent = gameTitle(r);
  document.body.dataset.game = page.table.game;
  mountRulesButton(() => page.table.game, () => gameTitle(loaded.renderer));
  document.body.dataset.status = page.table.status;
  if (!page.view || !r) {
    renderNotice();
    return;
  }
  const ctx = makeContext();
  document.body.dataset.myTurn = String(ctx.myTurn);
  document.body.dataset.version = String(page.version);
  document.body.dataset.seat = page.seat == null ? "" : String(page.seat);
  document.title = `${ctx.myTurn ? t("table.your_turn_mark") : ""}${gameTitle(r)} — podium`;
  renderNotice();
  const key = panelsKey(ctx);
  if (key !== page.panelsKey) {
    page.panelsKey = key;
    const places = cardPlaces($("board"));
    replaceChildrenKeepFocus($("board"), r.board(ctx));
    animateChanges(places, $("board"));
    const status = statusLine(ctx, r);
    replaceChildrenKeepFocus($("turn"), status);
    replaceChildrenKeepFocus($("result"), resultPanel(ctx, r));
    replaceChildrenKeepFocus($("legal"), legalList(ctx));
    replaceChildrenKeepFocus($("hint"), hintPanel(ctx));
    const scores = r.scores(ctx);
    replaceChildrenKeepFocus($("scores"), scores);
    $("scores").hidden = scores == null; // a renderer may have no score table (the generic one, for a view without scores)
  }
  renderLog(r, ctx);
  $("actions").hidden = page.seat == null || page.table.status === "finished" || page.table.status === "abandoned";
}

// Everything the game's panels (board, turn, result, moves, scores) are drawn from but who is online, which only the
// seat list shows. They are drawn anew only when it changes: a sync that only says a player came or went leaves
// them in place, since a button replaced between the press and the release of the mouse loses the click.
function panelsKey(ctx) {
  const seats = page.table.seats.map(({ connected, ...seat }) => seat);
  const drawnFrom = [document.body.dataset.renderer, page.view, page.legal, page.result, page.version, page.seat, page.busy];
  return JSON.stringify([{ ...page.table, seats }, ...drawnFrom, page.rematching, page.ui, ctx.hint]);
}

function statusLine(ctx, r) {
  const table = page.table;
  if (table.status === "waiting") {
    const free = table.seats.filter((s) => !s.taken).length;
    return h("p", { class: "status waiting" }, t("status.waiting", { count: free }));
  }
  if (table.status === "abandoned") return h("p", { class: "status over" }, t("status.abandoned"));
  if (table.status === "finished" || ctx.view.is_over) return h("p", { class: "status over" }, t("status.over"));
  const who = ctx.view.current_player;
  if (ctx.myTurn) {
    return h("p", { class: "status mine" }, h("strong", null, t("status.yours")), " ", r.statusText(ctx));
  }
  return h("p", { class: "status theirs" }, t("status.theirs", { name: displayName(who) }), " ", ctx.seat == null ? r.statusText(ctx) : "");
}

function legalList(ctx) {
  if (!ctx.legal.length) return h("p", { class: "muted" }, ctx.seat == null ? t("legal.watching") : t("legal.wait"));
  return h(
    "ul",
    { class: "legal-list" },
    ctx.legal.map((entry) =>
      h(
        "li",
        null,
        button(actionText(loaded.renderer, entry, ctx), () => act(entry.action), {
          class: "legal",
          disabled: ctx.busy,
          "aria-label": t("legal.play", { move: actionText(loaded.renderer, entry, ctx) }),
          dataset: { key: `legal-${entry.id}`, action: entry.text },
        }),
      ),
    ),
  );
}

function main() {
  if (!tableId) {
    location.assign("/");
    return;
  }
  const stored = storedSeat(tableId);
  if (stored) {
    page.token = stored.token;
    page.seat = stored.seat;
  } else {
    loadTableAndOfferJoin();
  }
  connect();
}

// Another language, no reload: the page draws itself again in it, the socket, the game and the log stay.
onLanguageChange(() => {
  const rules = document.querySelector(".topbar .rules-open");
  if (rules) rules.remove(); // mounted again, with its words, by render
  if (document.body.dataset.conn) onStatus(document.body.dataset.conn);
  page.panelsKey = null;
  render();
});

hooks.render = render;
hooks.connect = connect;
hooks.rendererLoaded = () => {
  for (const msg of backlog.splice(0)) handleMessage(msg);
  render();
};
main();
