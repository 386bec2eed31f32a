// Golf (four-card and six-card) in the browser: your cards at the bottom, the stock and discard pile in the middle,
// the others above. Served from the golf package (its spec's `web`); the shell's helpers come from /static/js/.
import { button, h } from "/static/js/dom.js";
import { gameMessages } from "/static/js/i18n.js";
import { card, emptySlot } from "/static/js/cards.js";
import { gameRenderer, moveLine, othersInOrder, othersRow, playerHeader, scoreTable } from "/static/js/common.js";

// This game's texts in the player's language (i18n.json beside this file; the shell's messages as fallback).
const t = await gameMessages(import.meta.url);

// ---- the cards: a standard 52-card deck, written "7h", "Ts", "Kd" (four-colour suits, symbols always shown)
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
// names in the page's language at the time they are said (the language can change while the page is open)
const rankName = (rankChar) => (rankChar === "10" || rankChar === "T" ? "10" : t.has(`rank.${rankChar}`) ? t(`rank.${rankChar}`) : rankChar);
const suitInfo = (suit) => (SYMBOLS[suit] ? { symbol: SYMBOLS[suit], name: t(`suit.${suit}`) } : { symbol: suit, name: suit });

function cardParts(text) {
  const rankChar = text.slice(0, -1).toUpperCase();
  const suit = text.slice(-1).toLowerCase();
  const rank = rankChar === "10" ? "10" : RANKS[rankChar] || rankChar;
  const info = suitInfo(suit);
  return { rank, suit, symbol: info.symbol, label: t("card.label", { rank: rankName(rankChar), suit: info.name }) };
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
  if (text == null) return t("card.hidden");
  const { rank, symbol } = cardParts(text);
  return `${rank}${symbol}`;
}

const SLOT_VERBS = {
  peek: (i) => t("slot.peek", { n: i + 1 }),
  flip: (i) => t("slot.flip", { n: i + 1 }),
  swap: (i) => t("slot.swap", { n: i + 1 }),
};

// An action of the legal list, said from its JSON ({type, slot?}).
function actionText(action) {
  if (action.slot != null && SLOT_VERBS[action.type]) return SLOT_VERBS[action.type](action.slot);
  return t.has(`action.${action.type}`) ? t(`action.${action.type}`) : null;
}

function statusText(ctx) {
  const v = ctx.view;
  const has = (type) => ctx.legal.some((e) => e.action.type === type);
  switch (v.phase) {
    case "peek":
      return ctx.myTurn ? t("status.peek") : t("status.peek_others");
    case "initial_flip":
      return ctx.myTurn ? t("status.initial_flip") : t("status.initial_flip_others");
    case "start":
      if (!ctx.myTurn) return "";
      return has("knock") ? t("status.start_knock") : t("status.start");
    case "drawn":
      if (!ctx.myTurn) return "";
      return has("discard") ? t("status.drawn_discard") : t("status.drawn");
    case "knock":
      return ctx.myTurn ? t("status.knock") : "";
    case "flip":
      return ctx.myTurn ? (has("pass") ? t("status.flip_pass") : t("status.flip")) : "";
    default:
      return "";
  }
}

function slotAction(ctx, slot) {
  return ctx.find((a) => a.slot === slot && (a.type === "peek" || a.type === "flip" || a.type === "swap"));
}

// ---- play from memory (Golf's rule option `memory`, G-4: nobody looks at their face-down cards again). The server
// leaves the cards you must remember out of your view; the moment you see one is told by that action's event (a
// peek names the card; the card you put down is the one you held). The page shows it from then until your next
// action: the glimpse lives in the page's memory only, so a reload shows backs.
function memoryOn(ctx) {
  return !!(ctx.view && ctx.view.config && ctx.view.config.memory) && ctx.seat != null;
}

// Called with each of this seat's events as it arrives (the renderer's `observe`; `ctx.before` is the view before it): the
// first of your events of a version forgets the last glimpse; a peek's card, or the card you put down, is the new one.
function noteGlimpse(event, ctx) {
  if (!memoryOn(ctx) || event.player == null || event.player !== ctx.seat) return;
  if (!ctx.ui.glimpse || ctx.ui.glimpse.version !== ctx.version) ctx.ui.glimpse = { version: ctx.version, cards: {} };
  const held = ctx.before && ctx.before.drawn;
  const card = event.kind === "peek" ? event.card : event.kind === "swap" ? event.card || held : null;
  if (card) ctx.ui.glimpse.cards[event.slot] = card;
}

// Your card in `slot` as the page shows it: the view's, else the glimpse of it you just had.
function ownCard(ctx, slot, text, isPublic) {
  if (text != null || isPublic || !memoryOn(ctx) || !ctx.ui.glimpse) return text;
  return ctx.ui.glimpse.cards[slot] ?? null;
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
    const ownerKnows = v.owner_knows[seat][i];
    const text = mine ? ownCard(ctx, i, cards[i], isPublic) : cards[i];
    const remembered = mine && memoryOn(ctx) && text == null && ownerKnows && !isPublic;
    const entry = mine ? slotAction(ctx, i) : null;
    let badge = null;
    if (text != null && !isPublic) badge = mine ? t("badge.only_you") : null;
    else if (text == null && ownerKnows) badge = mine ? null : t("badge.seen");
    if (remembered) badge = t("memory.badge");
    const where = mine ? t("slot.yours", { n: i + 1 }) : t("slot.theirs", { name: ctx.shortName(seat), n: i + 1 });
    const what = text == null ? t("card.face_down_short") : cardWord(text);
    const label = entry ? `${SLOT_VERBS[entry.action.type](i)} (${what})` : `${where}: ${what}${text == null && ownerKnows && !mine ? t("slot.seen_by_owner") : ""}`;
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
  return unknown ? t("known.partial", { sum: sums[seat], count: unknown }) : String(sums[seat]);
}

function playerPanel(ctx, seat, mine) {
  const v = ctx.view;
  const badges = [];
  if (v.knocker === seat) badges.push(h("span", { class: "tag tag-warn" }, t("tag.knocked")));
  if (v.went_out === seat) badges.push(h("span", { class: "tag tag-warn" }, t("tag.all_up")));
  if (v.first_player === seat) badges.push(h("span", { class: "tag", title: t("tag.first_title") }, t("tag.first")));
  return h(
    "section",
    { class: `player golf-player ${mine ? "me" : ""} ${v.current_player === seat ? "current" : ""}`, "aria-label": t("player.cards", { name: ctx.name(seat) }), dataset: { seat } },
    playerHeader(ctx, seat, [h("span", { class: "score", title: t("score.total_title") }, t("score.points", { count: v.scores[seat] })), ...badges]),
    hand(ctx, seat, mine),
    knownTotal(v, seat) != null && !(mine && memoryOn(ctx)) ? h("p", { class: "muted small known-total", dataset: { seat } }, t("known.total", { total: knownTotal(v, seat) })) : null,
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
          label: draw ? t("stock.draw_label", { count: v.stock_size }) : t("stock.label", { count: v.stock_size }),
          target: !!draw && !ctx.busy,
          key: "stock",
          onClick: draw && !ctx.busy ? () => ctx.act(draw.action) : null,
        })
      : emptySlot(t("stock.empty"), { size: "lg", text: t("pile.empty") });
  const top = v.discard_top;
  const discardLabel = take ? t("discard.take_label", { card: cardWord(top) }) : discard ? t("discard.discard_label") : t("discard.label", { card: top ? cardWord(top) : t("pile.empty") });
  const pile =
    top != null
      ? golfCard(top, {
          size: "lg",
          label: discardLabel,
          target: !!discardAction && !ctx.busy,
          key: "discard",
          onClick: discardAction && !ctx.busy ? () => ctx.act(discardAction.action) : null,
        })
      : emptySlot(discardLabel, { size: "lg", text: t("discard.mark"), target: !!discardAction, key: "discard", onClick: discardAction && !ctx.busy ? () => ctx.act(discardAction.action) : null });
  const parts = [
    h("figure", { class: "pile" }, stock, h("figcaption", null, t("stock.caption", { n: v.stock_size }))),
    h("figure", { class: "pile" }, pile, h("figcaption", null, t("discard.caption", { n: v.discard.length }))),
  ];
  if (v.phase === "drawn") {
    const holder = v.current_player;
    parts.push(
      h(
        "figure",
        { class: "pile drawn" },
        // a card drawn from the stock comes into sight from there (table/motion.js); one taken from the discard
        // pile was in sight already and glides from it
        golfCard(v.drawn, { size: "lg", label: t("drawn.label", { name: ctx.shortName(holder), card: v.drawn ? cardWord(v.drawn) : t("card.hidden") }), extraClass: "lifted", key: "drawn", from: v.drawn_from === "stock" ? "stock" : null }),
        h("figcaption", null, holder === ctx.seat ? t("drawn.you", { from: fromWord(v.drawn_from) }) : t("drawn.they", { name: ctx.shortName(holder), from: fromWord(v.drawn_from) })),
      ),
    );
  }
  const buttons = [];
  for (const [type, label] of [
    ["draw", t("button.draw")],
    ["take", t("button.take")],
    ["discard", t("button.discard")],
    ["knock", t("button.knock")],
    ["pass", t("button.pass")],
  ]) {
    const entry = ctx.find((a) => a.type === type);
    if (entry) buttons.push(button(label, () => ctx.act(entry.action), { class: type === "knock" ? "warn" : "primary", disabled: ctx.busy, dataset: { key: `btn-${type}` } }));
  }
  return h(
    "section",
    { class: "centre golf-centre", "aria-label": t("centre.label") },
    h("div", { class: "piles" }, parts),
    buttons.length ? h("div", { class: "action-bar" }, buttons) : null,
    h("p", { class: "round-info" }, t("round.of", { n: v.round, total: v.rounds }), v.final_turns_left ? t("round.final_turns", { n: v.final_turns_left }) : ""),
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
        h("span", null, t("reveal.sum", { sum: last.sums[seat], score: `${last.scores[seat] >= 0 ? "+" : ""}${last.scores[seat]}` })),
      ),
    );
  }
  return h(
    "details",
    { class: "last-round", open },
    h("summary", null, t("reveal.summary", { n: last.round, how: endedBy(last.ended_by), names: last.winners.map(ctx.shortName).join(", ") })),
    rows,
  );
}

function board(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const others = othersInOrder(v.num_players, me);
  const fresh = v.is_over || v.phase === "peek" || v.phase === "initial_flip" || (v.phase === "start" && v.turns === 0);
  return [
    othersRow("opponents", others.map((seat) => playerPanel(ctx, seat, false))),
    // the piles and your cards side by side where the table is wide, one above the other on a phone
    h("div", { class: "golf-main" }, centre(ctx), me != null ? playerPanel(ctx, me, true) : null),
    me != null && memoryOn(ctx) ? h("p", { class: "memory-note small" }, t("memory.note")) : null,
    lastRound(ctx, fresh && !!v.last_round),
  ];
}

function scores(ctx) {
  const v = ctx.view;
  const rounds = v.round_scores.length;
  const columns = [t("result.player"), ...Array.from({ length: rounds }, (_, i) => t("scores.round", { n: i + 1 })), t("scores.total")];
  const rows = [];
  for (let seat = 0; seat < v.num_players; seat++) {
    rows.push({ cls: seat === ctx.seat ? "me" : "", cells: [ctx.name(seat), ...v.round_scores.map((r) => String(r[seat])), String(v.scores[seat])] });
  }
  return scoreTable(t("scores.title"), columns, rows);
}

function describe(event, ctx) {
  const remembered = memoryLine(event, ctx);
  if (remembered !== undefined) return remembered;
  const mine = event.player != null && event.player === ctx.seat;
  const who = event.player != null ? ctx.shortName(event.player) : "";
  // `you` variants: "you took" / "Alice took" read differently in every language, so each is a message of its own
  const say = (key, params) => t(mine ? `${key}.you` : key, { name: who, ...params });
  switch (event.kind) {
    case "deal":
      return t("log.deal", { n: event.round, name: ctx.name(event.first_player), card: cardWord(event.discard) });
    case "drawn":
      return event.player === ctx.seat ? t("log.drawn.you", { card: cardWord(event.card) }) : null;
    case "take":
      return say("log.take", { card: cardWord(event.card) });
    case "swap":
      return say("log.swap", { card: event.card ? cardWord(event.card) : t("card.a_card"), n: event.slot + 1, discarded: cardWord(event.discarded) });
    case "discard":
      return say("log.discard", { card: cardWord(event.card) });
    case "peek":
      return event.player === ctx.seat ? t("log.peek.you", { n: event.slot + 1, card: cardWord(event.card) }) : null;
    case "flip":
      return say("log.flip", { n: event.slot + 1, card: cardWord(event.card) });
    case "knock":
      return say("log.knock");
    case "round_end":
      return t("log.round_end", { n: event.round, how: endedBy(event.ended_by), sums: event.sums.map((s, i) => `${ctx.shortName(i)} ${s}`).join(", "), names: event.winners.map(ctx.shortName).join(", ") });
    default:
      return null;
  }
}

// Why a round or the game ended, from the engine's code ("knock", "stock_empty", "rounds_complete" …).
function endedBy(code) {
  const key = `ended.${code}`;
  return t.has(key) ? t(key) : String(code).replace(/_/g, " ");
}

// Where the drawn card came from ("stock" or "discard").
function fromWord(code) {
  return t.has(`from.${code}`) ? t(`from.${code}`) : String(code);
}

// The log's line for a move: "Alice peeks at card 2", "You peek at your card 2".
function moveText(action, ctx, seat) {
  return moveLine(t, action, ctx, seat, { n: action.slot != null ? action.slot + 1 : "" });
}

export default gameRenderer(t, { statusText, board, scores, describe, observe: noteGlimpse, moveText, actionText, reasonText: endedBy, scoreLabel: () => t("score.label"), styles: [new URL("golf.css", import.meta.url).href] });
