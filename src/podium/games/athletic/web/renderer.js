// Athletic Games: five piles in the centre, your hand below. Select a hand card, then a pile (play or fill);
// or select a pile's top card, then another pile (move). The hint (the page's) highlights its next step here.
import { button, h } from "/static/js/dom.js";
import { gameMessages } from "/static/js/i18n.js";
import { colouredDeck, deckColour, emptySlot, medal, palette } from "/static/js/cards.js";
import { gameRenderer, moveLine, othersInOrder, othersRow, playerHeader, scoreTable } from "/static/js/common.js";

// This game's texts in the player's language (i18n.json beside this file; the shell's messages as fallback).
const t = await gameMessages(import.meta.url);

// ---- the cards: a value and a sport, written "7r" (the letter: r g b y o p)
const COLOURS = {
  ...palette(t, "rgby"),
  o: deckColour(t, "o", { shape: "diamond", band: "var(--orange)", ink: "#b34f00" }),
  p: deckColour(t, "p", { shape: "cross", band: "var(--purple)", ink: "var(--purple)" }),
};

const DECK = colouredDeck(COLOURS, t);
// One card, face down when `text` is null (see `card` in cards.js for the options).
const athleticCard = DECK.card;
// A card written for the log: "red 7".
const cardWord = DECK.word;

// An action said from its JSON: {type: "play"|"fill", card, pile}, {type: "move", from, to}, {type: "end"}.
function actionText(action) {
  switch (action.type) {
    case "play":
      return t("action.play", { card: cardWord(action.card), n: action.pile + 1 });
    case "fill":
      return t("action.fill", { card: cardWord(action.card), n: action.pile + 1 });
    case "move":
      return t("action.move", { from: action.from + 1, to: action.to + 1 });
    case "end":
      return t("action.end");
    default:
      return null;
  }
}

const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

function statusText(ctx) {
  const v = ctx.view;
  if (!ctx.myTurn) return "";
  const sel = ctx.ui.selection;
  if (sel && sel.kind === "card") return t("status.card_selected", { card: cardWord(sel.card) });
  if (sel && sel.kind === "pile") return t("status.pile_selected", { n: sel.pile + 1 });
  const placed = v.placed_this_turn;
  return `${t("status.turn")}${placed ? t("status.placed", { count: placed }) : ""}`;
}

// The hint's next step (the shell's hint panel shows the whole turn): highlighted on the table.
function hintStep(ctx) {
  return ctx.hint ? ctx.hint.next : null;
}

function pileView(ctx, index) {
  const v = ctx.view;
  const pile = v.piles[index];
  const sel = ctx.ui.selection;
  const top = pile.length ? pile[pile.length - 1] : null;
  let entry = null;
  if (sel && sel.kind === "card") entry = ctx.find((a) => (a.type === "play" || a.type === "fill") && a.card === sel.card && a.pile === index);
  else if (sel && sel.kind === "pile") entry = ctx.find((a) => a.type === "move" && a.from === sel.pile && a.to === index);
  const movable = !sel && ctx.legal.some((e) => e.action.type === "move" && e.action.from === index);
  const step = hintStep(ctx);
  const hinted = !!step && ((step.type === "move" && (step.from === index || step.to === index)) || (step.type !== "move" && step.pile === index));
  const selected = !!sel && sel.kind === "pile" && sel.pile === index;
  let onClick = null;
  let label;
  const what = top ? cardWord(top) : t("pile.empty_slot");
  if (entry) {
    onClick = () => ctx.act(entry.action);
    label = t("pile.label_action", { move: actionText(entry.action) || entry.text, n: index + 1, what });
  } else if (selected) {
    onClick = () => {
      ctx.ui.selection = null;
      ctx.rerender();
    };
    label = t("pile.label_selected", { n: index + 1, what });
  } else if (movable) {
    onClick = () => {
      ctx.ui.selection = { kind: "pile", pile: index };
      ctx.rerender();
    };
    label = t("pile.label_movable", { n: index + 1, what });
  } else {
    label = `${t("pile.label", { n: index + 1, what })}${pile.length > 1 ? t("pile.label_count", { count: pile.length }) : ""}`;
  }
  if (ctx.busy) onClick = null;
  const face = top
    ? athleticCard(top, { size: "lg", label, selected: sel && sel.kind === "pile" ? selected : undefined, target: !!entry, hint: hinted, key: `pile-${index}`, onClick })
    : emptySlot(label, { size: "lg", text: t("pile.empty"), target: !!entry, hint: hinted, key: `pile-${index}`, onClick });
  const under = pile.slice(0, -1).reverse();
  const shown = under.slice(0, 4);
  return h(
    "figure",
    { class: `pile athletic-pile ${movable ? "movable" : ""}`, dataset: { pile: index } },
    h("figcaption", null, t("pile.caption", { n: index + 1 })),
    face,
    // The small cards: what lies under the top card, newest first (every card of the centre was played face up,
    // A-8; they come back only when the draw pile is remade from them, A-6). Labelled, so a newcomer knows.
    h(
      "div",
      { class: "under", role: "group", "aria-label": under.length ? t("pile.under_list", { cards: under.map((c) => cardWord(c)).join(", ") }) : t("pile.under_none") },
      under.length ? h("span", { class: "under-label", "aria-hidden": "true" }, t("pile.under")) : null,
      h("span", { class: "under-cards" }, shown.map((c) => athleticCard(c, { size: "xs" })), under.length > shown.length ? h("span", { class: "more", title: t("pile.more", { count: under.length - shown.length }) }, `+${under.length - shown.length}`) : null),
    ),
  );
}

function handView(ctx) {
  const v = ctx.view;
  const sel = ctx.ui.selection;
  const step = hintStep(ctx);
  return h(
    "div",
    { class: "hand", role: "group", "aria-label": t("hand.yours") },
    v.hand.map((text, i) => {
      const uses = ctx.legal.filter((e) => (e.action.type === "play" || e.action.type === "fill") && e.action.card === text);
      const selected = !!sel && sel.kind === "card" && sel.card === text;
      const usable = uses.length > 0;
      return athleticCard(text, {
        size: "lg",
        selected: usable ? selected : undefined,
        hint: !!step && step.card === text && step.type !== "move",
        extraClass: usable ? "playable" : ctx.myTurn ? "stuck" : null,
        key: `hand-${text}`,
        from: "draw-pile", // a card new in your hand was drawn (A-5; an undone step's card was in sight already)
        label: `${cardWord(text)}${usable ? (selected ? t("hand.selected") : t("hand.can_go", { piles: [...new Set(uses.map((e) => e.action.pile + 1))].join(t("hand.or")) })) : ""}`,
        onClick:
          usable && !ctx.busy
            ? () => {
                ctx.ui.selection = selected ? null : { kind: "card", card: text };
                ctx.rerender();
              }
            : null,
      });
    }),
  );
}

function opponent(ctx, seat) {
  const v = ctx.view;
  const size = v.hand_sizes[seat];
  return h(
    "section",
    { class: `player athletic-player ${v.current_player === seat ? "current" : ""}`, "aria-label": ctx.name(seat), dataset: { seat } },
    playerHeader(ctx, seat, medalRow(v, seat)),
    h(
      "div",
      { class: "fan", role: "img", "aria-label": t("fan.label", { count: size }) },
      Array.from({ length: Math.min(size, 10) }, () => h("span", { class: "mini-back" })),
      h("span", { class: "fan-count" }, t("fan.count", { count: size })),
    ),
  );
}

function medalRow(v, seat) {
  const goal = v.config.medals_to_win;
  return h("span", { class: "medal-row", role: "img", "aria-label": t("medals.of", { n: v.medals[seat], goal }), title: t("medals.title", { n: v.medals[seat], goal }) }, medal("medal", v.medals[seat]), h("span", { class: "muted small" }, `/${goal}`));
}

function board(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const end = ctx.find((a) => a.type === "end");
  const sel = ctx.ui.selection;
  return [
    othersRow("opponents", othersInOrder(v.num_players, me).map((seat) => opponent(ctx, seat))),
    h(
      "section",
      { class: "centre athletic-centre", "aria-label": t("centre.label") },
      h("div", { class: "piles five" }, v.piles.map((_, i) => pileView(ctx, i))),
      v.piles.some((pile) => pile.length > 1) ? h("p", { class: "under-legend small" }, t("pile.legend")) : null,
      h(
        "p",
        { class: "round-info", dataset: { key: "draw-pile" } },
        t("info.draw", { n: v.draw_size, turn: v.turn }),
        v.reshuffles ? t("info.reshuffled", { n: v.reshuffles }) : "",
      ),
    ),
    me != null
      ? h(
          "section",
          { class: `player me ${v.current_player === me ? "current" : ""}`, "aria-label": t("hand.yours"), dataset: { seat: me } },
          playerHeader(ctx, me, [medalRow(v, me), v.placed_this_turn ? h("span", { class: "tag" }, t("tag.placed", { n: v.placed_this_turn })) : null]),
          handView(ctx),
          h(
            "div",
            { class: "action-bar" },
            end ? button(t("button.end"), () => ctx.act(end.action), { class: "primary", disabled: ctx.busy, dataset: { key: "end" } }) : null,
            sel
              ? button(t("button.cancel"), () => {
                  ctx.ui.selection = null;
                  ctx.rerender();
                }, { dataset: { key: "cancel" } })
              : null,
          ),
        )
      : null,
  ];
}

function scores(ctx) {
  const v = ctx.view;
  const rows = [];
  for (let seat = 0; seat < v.num_players; seat++) {
    rows.push({ cls: seat === ctx.seat ? "me" : "", cells: [ctx.name(seat), String(v.medals[seat]), String(v.hand_sizes[seat])] });
  }
  return scoreTable(t("scores.title", { goal: v.config.medals_to_win }), [t("result.player"), t("scores.medals"), t("scores.cards")], rows);
}

function describe(event, ctx) {
  switch (event.kind) {
    case "medal":
      return t("log.medal", { name: ctx.name(event.player), n: event.medals, goal: ctx.view.config.medals_to_win });
    case "draw":
      return t("log.draw", { name: ctx.name(event.player), count: event.count });
    case "draw_cards":
      return event.player === ctx.seat && event.cards.length ? t("log.drew", { cards: event.cards.map((c) => cardWord(c)).join(", ") }) : null;
    case "reshuffle":
      return t("log.reshuffle", { n: event.cards });
    case "turn_end":
      return event.placed ? null : t("log.nothing", { name: ctx.name(event.player) });
    default:
      return null;
  }
}

// The log's line for a move: "Alice plays red 7 on pile 2", "You end your turn".
function moveText(action, ctx, seat) {
  const at = (pile) => (pile != null ? pile + 1 : "");
  return moveLine(t, action, ctx, seat, { card: action.card ? cardWord(action.card) : "", n: at(action.pile), from: at(action.from), to: at(action.to) });
}

export default gameRenderer(t, { statusText, board, scores, describe, moveText, actionText, scoreLabel: () => t("scores.medals"), styles: [new URL("athletic.css", import.meta.url).href] });
