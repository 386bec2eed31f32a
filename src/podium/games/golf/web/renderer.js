// Golf (four-card and six-card) in the browser: your cards at the bottom, the stock and discard pile in the middle,
// the others above. Served from the golf package (its spec's `web`); the shell's helpers come from /static/js/.
import { button, h } from "/static/js/dom.js";
import { gameMessages } from "/static/js/i18n.js";
import { card, emptySlot } from "/static/js/cards.js";
import { othersInOrder, playerHeader, scoreTable } from "/static/js/common.js";

// This game's texts in the player's language (i18n.json beside this file; the shell's messages as fallback).
const t = await gameMessages(import.meta.url);

// ---- the cards: a standard 52-card deck, written "7h", "Ts", "Kd" (four-colour suits, symbols always shown)
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const SUITS = {
  c: { symbol: "♣", name: "clubs" },
  d: { symbol: "♦", name: "diamonds" },
  h: { symbol: "♥", name: "hearts" },
  s: { symbol: "♠", name: "spades" },
};

function cardParts(text) {
  const rankChar = text.slice(0, -1).toUpperCase();
  const suit = text.slice(-1).toLowerCase();
  const rank = rankChar === "10" ? "10" : RANKS[rankChar] || rankChar;
  const rankName = rankChar === "10" ? "10" : RANK_NAMES[rankChar] || rankChar;
  const info = SUITS[suit] || { symbol: suit, name: suit };
  return { rank, suit, symbol: info.symbol, label: `${rankName} of ${info.name}` };
}

function face(text) {
  const { rank, suit, symbol, label } = cardParts(text);
  return {
    text,
    label,
    classes: `face golf suit-${suit}`,
    children: [
      h("span", { class: "corner tl", "aria-hidden": "true" }, h("b", null, rank), h("i", null, symbol)),
      h("span", { class: "pip", "aria-hidden": "true" }, symbol),
      h("span", { class: "corner br", "aria-hidden": "true" }, h("b", null, rank), h("i", null, symbol)),
    ],
  };
}

// One card, face down when `text` is null (see `card` in cards.js for the options).
function golfCard(text, opts) {
  return card(text == null ? null : face(text), opts);
}

// A card written for the log: "7♥".
function cardWord(text) {
  if (text == null) return "a hidden card";
  const { rank, symbol } = cardParts(text);
  return `${rank}${symbol}`;
}

const SLOT_VERBS = {
  peek: (i) => `Peek at your card ${i + 1}`,
  flip: (i) => `Turn your card ${i + 1} face up`,
  swap: (i) => `Swap the drawn card into slot ${i + 1}`,
};

function statusText(ctx) {
  const v = ctx.view;
  const has = (type) => ctx.legal.some((e) => e.action.type === type);
  switch (v.phase) {
    case "peek":
      return ctx.myTurn ? "Choose two of your cards to look at — click them." : "The players look at two of their cards.";
    case "initial_flip":
      return ctx.myTurn ? "Turn two of your cards face up — click them." : "The players turn two cards face up.";
    case "start":
      if (!ctx.myTurn) return "";
      return `Draw from the stock or take the top discard${has("knock") ? ", or knock to end the round" : ""}.`;
    case "drawn":
      if (!ctx.myTurn) return "";
      return has("discard") ? "Click one of your cards to swap the drawn card in, or discard it." : "Click one of your cards to swap the card in.";
    case "knock":
      return ctx.myTurn ? "Knock to end the round, or pass." : "";
    case "flip":
      return ctx.myTurn ? `Turn one of your face-down cards face up${has("pass") ? ", or pass" : ""}.` : "";
    default:
      return "";
  }
}

function slotAction(ctx, slot) {
  return ctx.find((a) => a.slot === slot && (a.type === "peek" || a.type === "flip" || a.type === "swap"));
}

// ---- play from memory (the table option `memory`, G-4: nobody looks at their face-down cards again). The view
// still tells this seat its own cards; with the option on, the page shows a face-down card of yours only at the
// moment you see it (the peek, the card you just put down) and as a back from your next action on.
function memoryOn(ctx) {
  return !!(ctx.table && ctx.table.memory) && ctx.seat != null;
}

// Called with each of this seat's events as it arrives (from `describe`): a peek or a swap is the glimpse shown
// until the player's next action. The glimpse lives in the page's memory only: a reload shows backs.
function noteGlimpse(event, ctx) {
  if (event.player == null || event.player !== ctx.seat) return;
  if (event.kind === "peek" || event.kind === "swap") ctx.ui.glimpse = [event.slot];
  else ctx.ui.glimpse = null;
}

// True when your card in `slot` is one you know but must now remember (drawn as a back).
function forgotten(ctx, slot, text, isPublic) {
  if (!memoryOn(ctx) || text == null || isPublic) return false;
  return !(ctx.ui.glimpse || []).includes(slot);
}

// The log's line for one of your own events in memory mode (undefined: the usual line): it never names a card
// that you have to remember.
function memoryLine(event, ctx) {
  if (!memoryOn(ctx) || event.player !== ctx.seat) return undefined;
  if (event.kind === "drawn") return null; // the drawn card is on the table while you hold it
  if (event.kind === "peek") return t("memory.log_peek", { n: event.slot + 1 });
  if (event.kind === "swap" && !(ctx.view.public[ctx.seat] || [])[event.slot]) return t("memory.log_swap", { n: event.slot + 1, discarded: cardWord(event.discarded) });
  return undefined;
}

function hand(ctx, seat, mine) {
  const v = ctx.view;
  const slots = v.slots;
  const cards = v.hands[seat] || [];
  const out = [];
  for (let i = 0; i < slots; i++) {
    const isPublic = v.public[seat][i];
    const remembered = mine && forgotten(ctx, i, cards[i], isPublic);
    const text = remembered ? null : cards[i];
    const ownerKnows = v.owner_knows[seat][i];
    const entry = mine ? slotAction(ctx, i) : null;
    let badge = null;
    if (text != null && !isPublic) badge = mine ? "only you" : null;
    else if (text == null && ownerKnows) badge = mine ? null : "seen";
    if (remembered) badge = t("memory.badge");
    const where = mine ? `your card ${i + 1}` : `${ctx.shortName(seat)}'s card ${i + 1}`;
    const what = text == null ? "face down" : cardWord(text);
    const label = entry ? `${SLOT_VERBS[entry.action.type](i)} (${what})` : `${where}: ${what}${badge === "seen" ? ", seen by its owner" : ""}`;
    out.push(
      h(
        "div",
        { class: "slot" },
        golfCard(text, {
          size: mine ? "lg" : undefined,
          badge,
          label,
          target: !!entry && !ctx.busy,
          key: `g-${seat}-${i}`,
          onClick: entry && !ctx.busy ? () => ctx.act(entry.action) : null,
          extraClass: text != null && !isPublic ? "private" : null,
        }),
        h("span", { class: "slot-no", "aria-hidden": "true" }, String(i + 1)),
      ),
    );
  }
  return h("div", { class: `golf-hand slots-${slots}` }, out);
}

// What the viewer knows of a seat's hand: the golf package scores it (`known_sum` in the view: G-8.4's column
// pairs count 0 once both cards are known), the client only says how many cards are still unknown.
function knownTotal(v, seat) {
  const sums = v.known_sum;
  if (!Array.isArray(sums) || typeof sums[seat] !== "number") return null; // an older server: say nothing rather than guess
  const unknown = (v.hands[seat] || []).filter((text) => text == null).length;
  return unknown ? `${sums[seat]} + ${unknown} unknown` : String(sums[seat]);
}

function playerPanel(ctx, seat, mine) {
  const v = ctx.view;
  const badges = [];
  if (v.knocker === seat) badges.push(h("span", { class: "tag tag-warn" }, "knocked"));
  if (v.went_out === seat) badges.push(h("span", { class: "tag tag-warn" }, "all face up"));
  if (v.first_player === seat) badges.push(h("span", { class: "tag", title: "first player this round" }, "dealt first"));
  return h(
    "section",
    { class: `player golf-player ${mine ? "me" : ""} ${v.current_player === seat ? "current" : ""}`, "aria-label": `${ctx.name(seat)}'s cards`, dataset: { seat } },
    playerHeader(ctx, seat, [h("span", { class: "score", title: "total score" }, `${v.scores[seat]} pts`), ...badges]),
    hand(ctx, seat, mine),
    knownTotal(v, seat) != null && !(mine && memoryOn(ctx)) ? h("p", { class: "muted small known-total", dataset: { seat } }, `Known total: ${knownTotal(v, seat)}`) : null,
  );
}

function centre(ctx) {
  const v = ctx.view;
  const draw = ctx.find((a) => a.type === "draw");
  const take = ctx.find((a) => a.type === "take");
  const discard = ctx.find((a) => a.type === "discard");
  const discardAction = take || discard;
  const stock =
    v.stock_size > 0
      ? golfCard(null, {
          size: "lg",
          backText: String(v.stock_size),
          label: draw ? `Draw from the stock (${v.stock_size} cards)` : `Stock: ${v.stock_size} cards`,
          target: !!draw && !ctx.busy,
          key: "stock",
          onClick: draw && !ctx.busy ? () => ctx.act(draw.action) : null,
        })
      : emptySlot("Stock: empty", { size: "lg", text: "empty" });
  const top = v.discard_top;
  const discardLabel = take ? `Take the top discard (${cardWord(top)})` : discard ? "Discard the drawn card" : `Discard pile: ${top ? cardWord(top) : "empty"}`;
  const pile =
    top != null
      ? golfCard(top, {
          size: "lg",
          label: discardLabel,
          target: !!discardAction && !ctx.busy,
          key: "discard",
          onClick: discardAction && !ctx.busy ? () => ctx.act(discardAction.action) : null,
        })
      : emptySlot(discardLabel, { size: "lg", text: "discard", target: !!discardAction, key: "discard", onClick: discardAction && !ctx.busy ? () => ctx.act(discardAction.action) : null });
  const parts = [
    h("figure", { class: "pile" }, stock, h("figcaption", null, `Stock · ${v.stock_size}`)),
    h("figure", { class: "pile" }, pile, h("figcaption", null, `Discard · ${v.discard.length}`)),
  ];
  if (v.phase === "drawn") {
    const holder = v.current_player;
    parts.push(
      h(
        "figure",
        { class: "pile drawn" },
        golfCard(v.drawn, { size: "lg", label: `Card in ${ctx.shortName(holder)}'s hand: ${v.drawn ? cardWord(v.drawn) : "hidden"}`, extraClass: "lifted", key: "drawn" }),
        h("figcaption", null, holder === ctx.seat ? `You drew (${v.drawn_from})` : `${ctx.shortName(holder)} drew (${v.drawn_from})`),
      ),
    );
  }
  const buttons = [];
  for (const [type, label] of [
    ["draw", "Draw from stock"],
    ["take", "Take discard"],
    ["discard", "Discard it"],
    ["knock", "Knock"],
    ["pass", "Pass"],
  ]) {
    const entry = ctx.find((a) => a.type === type);
    if (entry) buttons.push(button(label, () => ctx.act(entry.action), { class: type === "knock" ? "warn" : "primary", disabled: ctx.busy, dataset: { key: `btn-${type}` } }));
  }
  return h(
    "section",
    { class: "centre golf-centre", "aria-label": "Stock and discard pile" },
    h("div", { class: "piles" }, parts),
    buttons.length ? h("div", { class: "action-bar" }, buttons) : null,
    h("p", { class: "round-info" }, `Round ${v.round} of ${v.rounds}`, v.final_turns_left ? ` · final turns left: ${v.final_turns_left}` : ""),
  );
}

function lastRound(ctx, open) {
  const last = ctx.view.last_round;
  if (!last) return null;
  const n = ctx.view.num_players;
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    rows.push(
      h(
        "div",
        { class: `reveal-row ${last.winners.includes(seat) ? "win" : ""}` },
        h("span", { class: "player-name", title: ctx.name(seat) }, ctx.name(seat)),
        h("span", { class: `golf-hand mini slots-${last.hands[seat].length}` }, last.hands[seat].map((t) => golfCard(t, { size: "sm" }))),
        h("span", null, `sum ${last.sums[seat]} → ${last.scores[seat] >= 0 ? "+" : ""}${last.scores[seat]}`),
      ),
    );
  }
  return h(
    "details",
    { class: "last-round", open },
    h("summary", null, `Round ${last.round} revealed — ended by ${String(last.ended_by).replace(/_/g, " ")}; won by ${last.winners.map(ctx.shortName).join(", ")}`),
    rows,
  );
}

function board(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const others = othersInOrder(v.num_players, me);
  const fresh = v.is_over || v.phase === "peek" || v.phase === "initial_flip" || (v.phase === "start" && v.turns === 0);
  return [
    h("div", { class: "opponents" }, others.map((seat) => playerPanel(ctx, seat, false))),
    centre(ctx),
    me != null ? playerPanel(ctx, me, true) : null,
    me != null && memoryOn(ctx) ? h("p", { class: "memory-note small" }, t("memory.note")) : null,
    lastRound(ctx, fresh && !!v.last_round),
  ];
}

function scores(ctx) {
  const v = ctx.view;
  const rounds = v.round_scores.length;
  const columns = ["Player", ...Array.from({ length: rounds }, (_, i) => `R${i + 1}`), "Total"];
  const rows = [];
  for (let seat = 0; seat < v.num_players; seat++) {
    rows.push({ cls: seat === ctx.seat ? "me" : "", cells: [ctx.name(seat), ...v.round_scores.map((r) => String(r[seat])), String(v.scores[seat])] });
  }
  return scoreTable("Scores (lowest wins)", columns, rows);
}

function describe(event, ctx) {
  noteGlimpse(event, ctx);
  const remembered = memoryLine(event, ctx);
  if (remembered !== undefined) return remembered;
  const mine = event.player != null && event.player === ctx.seat;
  const who = mine ? "you" : event.player != null ? ctx.shortName(event.player) : "";
  const whose = mine ? "your" : `${who}'s`;
  switch (event.kind) {
    case "deal":
      return `Round ${event.round} dealt; ${ctx.name(event.first_player)} starts; the discard shows ${cardWord(event.discard)}`;
    case "drawn":
      return event.player === ctx.seat ? `↳ you drew ${cardWord(event.card)}` : null;
    case "take":
      return `↳ ${who} took ${cardWord(event.card)}`;
    case "swap":
      return `↳ ${who} put ${event.card ? cardWord(event.card) : "a card"} in slot ${event.slot + 1} and discarded ${cardWord(event.discarded)}`;
    case "discard":
      return `↳ ${who} discarded ${cardWord(event.card)}`;
    case "peek":
      return event.player === ctx.seat ? `↳ your card ${event.slot + 1} is ${cardWord(event.card)}` : null;
    case "flip":
      return `↳ ${whose} card ${event.slot + 1} is ${cardWord(event.card)}`;
    case "knock":
      return `${mine ? "You knock" : `${who} knocks`}: everyone else has one more turn`;
    case "round_end":
      return `Round ${event.round} over (${String(event.ended_by).replace(/_/g, " ")}): ${event.sums.map((s, i) => `${ctx.shortName(i)} ${s}`).join(", ")} — won by ${event.winners.map(ctx.shortName).join(", ")}`;
    default:
      return null;
  }
}

export default { statusText, board, scores, describe, scoreLabel: "Points", styles: [new URL("golf.css", import.meta.url).href] };
