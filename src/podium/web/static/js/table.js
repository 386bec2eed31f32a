// The table page (/t/{table_id}): joins or watches a table, keeps one WebSocket to it, and draws every `sync`
// with the game's renderer. Everything shown comes from the server's view for this seat.
//
// The page names no game: the renderer is the module the game's package serves (`renderer` in GET /api/games),
// loaded when the table's game is known; a game without one, or whose renderer fails to load, is drawn by the
// generic renderer (its view and its legal actions as buttons).
import { api, ApiError, forgetSeat, joinTable, storedName, storedSeat, storeSeat, tableUrl } from "./api.js";
import { button, h, loadStylesheet, replaceChildrenKeepFocus } from "./dom.js";
import { botName, errorText, t } from "./i18n.js";
import { Connection } from "./connection.js";
import { ordinal } from "./common.js";
import generic from "./generic.js";
import { mountRulesButton } from "./rules.js";

const LOG_LIMIT = 200;

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

const page = {
  table: null,
  view: null,
  legal: [],
  version: -1,
  result: null,
  seat: null, // our seat, null when watching
  token: null,
  conn: null,
  log: [],
  ui: {}, // renderer scratch space (selection, hint) that survives re-renders
  hint: null,
  busy: false,
  rematching: false, // a rematch request is running
  joinOpen: false,
  joinForm: null, // { key: the free seats, node }: the join form kept from render to render
  panelsKey: null, // what the game's panels were last drawn from (panelsKey)
};

// ---------------------------------------------------------------- the game's renderer

const loaded = { game: null, renderer: null };
const backlog = []; // messages that arrived before the renderer: handled once it is there, so no event is lost

// The renderer of the table's game once it has loaded (null until then: the page shows the seats meanwhile).
function renderer() {
  const game = (page.table && page.table.game) || (page.view && page.view.game);
  if (game) ensureRenderer(game);
  return loaded.renderer;
}

function ensureRenderer(game) {
  if (loaded.game === game) return;
  loaded.game = game;
  loaded.renderer = null;
  loadRenderer(game).then((r) => {
    if (loaded.game !== game) return;
    loaded.renderer = r;
    document.body.dataset.renderer = r === generic ? "generic" : game;
    for (const msg of backlog.splice(0)) handleMessage(msg);
    render();
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

function baseName(info, seat) {
  if (info && info.kind === "bot") return t("seat.bot", { bot: botName(info.bot || info.name || "bot") });
  return info && info.name ? info.name : t("seat.n", { n: seat + 1 });
}

// Names as shown: a bot is "random bot"; two seats with the same name get their seat numbers.
function seatName(seat) {
  if (seat == null) return "—";
  const seats = (page.table && page.table.seats) || [];
  const name = baseName(seats[seat], seat);
  const twins = seats.filter((info, k) => baseName(info, k) === name).length;
  return twins > 1 ? `${name} ${seat + 1}` : name;
}

function displayName(seat) {
  return seat === page.seat ? t("seat.you", { name: seatName(seat) }) : seatName(seat);
}

// An action in the player's language: the renderer says it from the action's JSON (`actionText`; a legal entry and a
// sync's `last` both carry it); the server's English text when the renderer cannot. No notation is parsed here.
function actionText(r, entry, ctx) {
  const action = entry.action;
  const said = r && r.actionText && action ? r.actionText(action, ctx) : null;
  return said || entry.text;
}

// The game's title in the player's language (the renderer's `title`), else the server's.
function gameTitle(r) {
  return (r && r.title) || page.table.title || page.table.game;
}

// Why the game ended, from the result's reason code: the renderer's words, else the code as words.
function reasonText(r, reason) {
  return (r && r.reasonText && r.reasonText(reason)) || String(reason).replace(/_/g, " ");
}

// A server error in the player's language; an engine's reason for refusing a move (`illegal`) is the only
// explanation of it, so it follows the sentence in the server's words.
function errorLine(code, detail) {
  return code === "illegal" && detail ? `${errorText(code, detail)} (${detail})` : errorText(code, detail);
}

// `detail`: the server's own words (English), kept as the toast's tooltip.
function toast(message, kind = "error", detail = "") {
  const box = $("toast");
  box.textContent = message;
  box.title = detail;
  box.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.className = "toast"), kind === "error" ? 6000 : 3000);
}

function addLog(text, cls) {
  page.log.push({ text, cls, version: page.version });
  if (page.log.length > LOG_LIMIT) page.log.splice(0, page.log.length - LOG_LIMIT);
}

// ---------------------------------------------------------------- context handed to the renderers

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
    hint: page.hint && page.hint.version === page.version ? page.hint : null,
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

// ---------------------------------------------------------------- messages

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
      onSync(msg);
      break;
    case "ack":
      break;
    case "hint":
      page.ui.hintWaiting = false;
      page.hint = { ...msg, version: page.version };
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
  const r = renderer();
  if (msg.version !== previous) {
    page.ui.selection = null;
    page.ui.moveFrom = null;
    if (previous < 0 || msg.version > previous + 1 || msg.version < previous) {
      addLog(msg.version ? t("log.synced", { n: msg.version }) : t("log.new_game"), "sys");
    }
    if (msg.last && previous >= 0 && msg.version > previous) addLog(t("log.move", { name: displayName(msg.last.seat), move: actionText(r, msg.last, makeContext()) }), "move");
    if (previous >= 0 && msg.version > previous && r && r.describe) {
      const ctx = { ...makeContext(), before }; // `before`: the seat's view before this sync
      for (const event of msg.events || []) {
        const line = r.describe(event, ctx);
        if (line) addLog(line, "event");
      }
    }
  }
  if (previousStatus && previousStatus !== msg.table.status) {
    if (msg.table.status === "playing") addLog(t("log.starts"), "sys");
    if (msg.table.status === "finished") addLog(t("log.over"), "sys");
  }
  render();
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
    // Refused even as a spectator: the table does not exist (or no longer).
    onStatus("closed");
    $("conn").textContent = t("conn.closed");
    $("notice").hidden = false;
    $("notice").replaceChildren(h("p", { class: "error", title: msg.message }, t("table.cannot_watch", { reason: errorText(msg.code, msg.message) })), h("p", null, h("a", { href: "/" }, t("table.back"))));
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

// ---------------------------------------------------------------- rendering

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
    replaceChildrenKeepFocus($("board"), r.board(ctx));
    const status = statusLine(ctx, r);
    replaceChildrenKeepFocus($("turn"), status);
    replaceChildrenKeepFocus($("result"), resultPanel(ctx, r));
    replaceChildrenKeepFocus($("legal"), legalList(ctx));
    const scores = r.scores(ctx);
    replaceChildrenKeepFocus($("scores"), scores);
    $("scores").hidden = scores == null; // a renderer may have no score table (the generic one, for a view without scores)
  }
  renderLog();
  $("actions").hidden = page.seat == null || page.table.status === "finished";
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

function resultPanel(ctx, r) {
  const result = page.result || (page.table && page.table.result);
  if (!result) return null;
  const order = result.ranking.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place || a.seat - b.seat);
  const winners = result.winners.map(displayName).join(t("result.and"));
  const won = page.seat != null && result.winners.includes(page.seat);
  const children = [
    h("h2", null, t("result.title")),
    h("p", { class: "winner" }, won ? t("result.you_win") : "", t("result.winners", { count: result.winners.length, names: winners })),
    h(
      "table",
      { class: "ranking" },
      h("thead", null, h("tr", null, h("th", null, t("result.place")), h("th", null, t("result.player")), h("th", null, r.scoreLabel || t("result.score")))),
      h(
        "tbody",
        null,
        order.map(({ place, seat }) =>
          h("tr", { class: result.winners.includes(seat) ? "win" : "" }, h("td", null, ordinal(place)), h("td", null, h("span", { class: "name-cut", title: displayName(seat) }, displayName(seat))), h("td", null, String(result.scores[seat]))),
        ),
      ),
    ),
    h("p", { class: "muted" }, t("result.ended", { reason: reasonText(r, result.reason) }), result.lower_is_better ? t("result.lowest_wins") : ""),
    r.resultDetails ? r.resultDetails(ctx, result) : null,
    rematchControls(),
    h("p", null, h("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `podium-${tableId}.jsonl` }, t("result.record"))),
  ];
  return h("div", { class: "result-panel", role: "region", "aria-label": t("result.region") }, children);
}

function rematchControls() {
  const table = page.table;
  // Disabled while a rematch request runs, on every redraw too (the old table's sync naming the rematch arrives
  // before the answer): a double click sends one request.
  const props = { class: "primary", dataset: { key: "rematch" }, disabled: page.rematching };
  if (table.rematch) {
    return h("div", { class: "rematch" }, button(t("rematch.join"), () => joinRematch(table.rematch), props));
  }
  if (page.seat == null) return null;
  return h("div", { class: "rematch" }, button(t("rematch.start"), () => joinRematch(null), props));
}

// Start the rematch (`newId` null) or join the one announced. A player asks the server's rematch endpoint, which
// keeps their seat if it is free and answers a repeated call with the same seat; a spectator joins a free seat.
async function joinRematch(newId) {
  if (page.rematching) return;
  if (newId && storedSeat(newId)) {
    location.assign(`/t/${encodeURIComponent(newId)}`);
    return;
  }
  page.rematching = true;
  for (const el of document.querySelectorAll('[data-key="rematch"]')) el.disabled = true;
  try {
    let answer;
    if (page.seat != null) {
      answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, {}, page.token);
    } else {
      answer = await joinTable(newId, storedName() || t("seat.player"));
    }
    storeSeat(answer.table.id, answer.seat, answer.token);
    location.assign(`/t/${encodeURIComponent(answer.table.id)}`);
    return; // the button stays disabled while the next page loads
  } catch (err) {
    if (newId && err instanceof ApiError && err.status === 409) {
      location.assign(`/t/${encodeURIComponent(newId)}`); // every seat is taken: watch it
      return;
    }
    toast(t(newId ? "rematch.join_failed" : "rematch.failed", { reason: errorText(err.code, err.message) }), "error", err.message);
  }
  page.rematching = false;
  for (const el of document.querySelectorAll('[data-key="rematch"]')) el.disabled = false;
}

function renderLog() {
  const list = $("log-list");
  list.replaceChildren(...page.log.slice(-60).map((entry) => h("li", { class: entry.cls }, entry.text)));
  list.scrollTop = list.scrollHeight;
}

// The notice area: joining, waiting for players, sharing the link.
function renderNotice() {
  const table = page.table;
  const box = $("notice");
  const parts = [];
  // The join form is the same element while the free seats are the same, so it stays in place (see
  // replaceChildrenKeepFocus): a render between a press and a release of Join (a sync, the renderer arriving) would
  // otherwise take the button away under the pointer, and the join with it.
  if (page.seat == null && page.joinOpen) parts.push(joinForm(table));
  if (table.status === "waiting" || page.seat == null) parts.push(seatList(table));
  if (table.status !== "finished") parts.push(shareBox());
  replaceChildrenKeepFocus(box, parts);
  box.hidden = parts.length === 0;
}

function seatList(table) {
  return h(
    "ul",
    { class: "seat-list", "aria-label": t("seats.label") },
    table.seats.map((s) =>
      seatItem(s),
    ),
  );
}

function seatItem(s) {
  const text = s.kind === "bot" ? seatName(s.seat) : s.taken ? (s.connected ? displayName(s.seat) : t("seats.away", { name: displayName(s.seat) })) : t("seats.free");
  return h(
    "li",
    { class: `seat ${s.taken ? "taken" : "free"} ${s.connected ? "online" : ""}`, title: t("seats.item", { n: s.seat + 1, text }) },
    h("span", { class: "dot", "aria-hidden": "true" }),
    t("seats.item", { n: s.seat + 1, text: "" }),
    text,
  );
}

function shareBox() {
  const url = tableUrl(tableId);
  const input = h("input", { type: "text", readonly: true, value: url, "aria-label": t("share.link_label"), class: "share-url", onfocus: (e) => e.target.select() });
  return h(
    "div",
    { class: "share" },
    h("label", null, t("share.invite"), " "),
    input,
    button(
      t("share.copy"),
      async () => {
        try {
          await navigator.clipboard.writeText(url);
          toast(t("share.copied"), "info");
        } catch {
          input.select();
          toast(t("share.copy_yourself"), "info");
        }
      },
      { dataset: { key: "copy" } },
    ),
  );
}

// The join form, the same element from render to render while the free seats are the same.
function joinForm(table) {
  const free = table.seats.filter((s) => s.kind === "human" && !s.taken);
  if (!free.length || table.status === "finished") return null;
  const key = free.map((s) => s.seat).join(",");
  if (page.joinForm && page.joinForm.key === key) return page.joinForm.node;
  page.joinForm = { key, node: newJoinForm(free) };
  return page.joinForm.node;
}

function newJoinForm(free) {
  // When the free seats change the form is drawn anew: what the player typed or chose is kept in `page.joinDraft`.
  const draft = page.joinDraft || (page.joinDraft = { name: storedName(), seat: null });
  const nameInput = h("input", {
    type: "text", id: "join-name", name: "name", required: true, maxlength: 24, value: draft.name, autocomplete: "nickname",
    oninput: (event) => (draft.name = event.target.value),
  });
  const seatSelect = h(
    "select",
    { id: "join-seat", name: "seat", onchange: (event) => (draft.seat = Number(event.target.value)) },
    free.map((s) => h("option", { value: s.seat, selected: s.seat === draft.seat }, t("seat.n", { n: s.seat + 1 }))),
  );
  const form = h(
    "form",
    {
      class: "join-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const name = nameInput.value.trim();
        if (!name) {
          nameInput.focus();
          return;
        }
        try {
          const answer = await joinTable(tableId, name, Number(seatSelect.value));
          page.token = answer.token;
          page.seat = answer.seat;
          page.joinOpen = false;
          connect();
        } catch (err) {
          toast(t("join.failed", { reason: errorText(err.code, err.message) }), "error", err.message);
          loadTableAndOfferJoin();
        }
      },
    },
    h("h2", null, t("join.title")),
    h("label", { for: "join-name" }, t("join.name")),
    nameInput,
    h("label", { for: "join-seat" }, t("join.seat")),
    seatSelect,
    h("button", { type: "submit", class: "primary" }, t("join.join")),
    button(t("join.watch"), () => {
      page.joinOpen = false;
      render();
    }),
  );
  return form;
}

async function loadTableAndOfferJoin() {
  try {
    const table = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    page.table = page.table || table;
    page.joinOpen = table.status !== "finished" && table.seats.some((s) => s.kind === "human" && !s.taken);
    render();
  } catch (err) {
    $("notice").replaceChildren(h("p", { class: "error", title: err.message }, err.status === 404 ? t("error.not_found") : t("table.cannot_load", { reason: errorText(err.code, err.message) })), h("p", null, h("a", { href: "/" }, t("table.back"))));
  }
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

main();
