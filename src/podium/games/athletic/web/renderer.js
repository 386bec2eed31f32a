// Athletic Games: five piles in the centre, your hand below. Select a hand card, then a pile (play or fill);
// or select a pile's top card, then another pile (move). The Hint button asks the server's solver for the best turn.
import { button, h } from "/static/js/dom.js";
import { gameMessages } from "/static/js/i18n.js";
import { card, colouredFace, emptySlot, medal } from "/static/js/cards.js";
import { othersInOrder, playerHeader, scoreTable } from "/static/js/common.js";

// This game's texts in the player's language (i18n.json beside this file; the shell's messages as fallback).
const t = await gameMessages(import.meta.url);

// ---- the cards: a value and a sport, written "7r" (the letter: r g b y o p)
const COLOURS = {
  r: { name: "red", shape: "circle", band: "var(--red)", ink: "var(--red)" },
  g: { name: "green", shape: "triangle", band: "var(--green)", ink: "var(--green)" },
  b: { name: "blue", shape: "square", band: "var(--blue)", ink: "var(--blue)" },
  y: { name: "yellow", shape: "star", band: "var(--yellow)", ink: "var(--yellow-ink)", bandInk: "#3a2e00" },
  o: { name: "orange", shape: "diamond", band: "var(--orange)", ink: "#b34f00" },
  p: { name: "purple", shape: "cross", band: "var(--purple)", ink: "var(--purple)" },
};

function cardParts(text) {
  const letter = text.slice(-1).toLowerCase();
  const value = text.slice(0, -1);
  const colour = COLOURS[letter] || { name: letter, shape: "circle", band: "#555", ink: "#333" };
  return { value, letter, colour, label: `${colour.name} ${value}` };
}

// One card, face down when `text` is null (see `card` in cards.js for the options).
function athleticCard(text, opts) {
  if (text == null) return card(null, opts);
  const { value, letter, colour, label } = cardParts(text);
  return card({ ...colouredFace(value, letter, colour), text, label }, opts);
}

// A card written for the log: "red 7".
function cardWord(text) {
  return text == null ? "a hidden card" : cardParts(text).label;
}

const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

function statusText(ctx) {
  const v = ctx.view;
  if (!ctx.myTurn) return "";
  const sel = ctx.ui.selection;
  if (sel && sel.kind === "card") return `Now click a highlighted pile for ${cardWord(sel.card)} (or the card again to cancel).`;
  if (sel && sel.kind === "pile") return `Now click the pile to move pile ${sel.pile + 1}'s top card onto.`;
  const placed = v.placed_this_turn;
  return `Place cards from your hand on the piles (same value, or same sport ±1), move pile tops, fill empty slots; then end your turn.${placed ? ` Placed this turn: ${placed}.` : ""}`;
}

function hintStep(ctx) {
  const hint = ctx.hint;
  if (!hint || !hint.actions || !hint.actions.length) return null;
  return hint.actions[0];
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
  const what = top ? cardWord(top) : "empty slot";
  if (entry) {
    onClick = () => ctx.act(entry.action);
    label = `${entry.text} — pile ${index + 1} (${what})`;
  } else if (selected) {
    onClick = () => {
      ctx.ui.selection = null;
      ctx.rerender();
    };
    label = `Pile ${index + 1} (${what}): selected to move; click again to cancel`;
  } else if (movable) {
    onClick = () => {
      ctx.ui.selection = { kind: "pile", pile: index };
      ctx.rerender();
    };
    label = `Pile ${index + 1} (${what}): select its top card to move it`;
  } else {
    label = `Pile ${index + 1}: ${what}${pile.length > 1 ? `, ${pile.length} cards` : ""}`;
  }
  if (ctx.busy) onClick = null;
  const face = top
    ? athleticCard(top, { size: "lg", label, selected: sel && sel.kind === "pile" ? selected : undefined, target: !!entry, hint: hinted, key: `pile-${index}`, onClick })
    : emptySlot(label, { size: "lg", text: "empty", target: !!entry, hint: hinted, key: `pile-${index}`, onClick });
  const under = pile.slice(0, -1).reverse();
  const shown = under.slice(0, 4);
  return h(
    "figure",
    { class: `pile athletic-pile ${movable ? "movable" : ""}`, dataset: { pile: index } },
    h("figcaption", null, `Pile ${index + 1}`),
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
    { class: "hand", role: "group", "aria-label": "Your hand" },
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
        label: `${cardWord(text)}${usable ? (selected ? ", selected" : `, can go on pile ${[...new Set(uses.map((e) => e.action.pile + 1))].join(" or ")}`) : ""}`,
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
      { class: "fan", role: "img", "aria-label": `${size} cards in hand` },
      Array.from({ length: Math.min(size, 10) }, () => h("span", { class: "mini-back" })),
      h("span", { class: "fan-count" }, `${size} card${size === 1 ? "" : "s"}`),
    ),
  );
}

function medalRow(v, seat) {
  const goal = v.config.medals_to_win;
  return h("span", { class: "medal-row", "aria-label": `${v.medals[seat]} of ${goal} medals`, title: `${v.medals[seat]} / ${goal} medals` }, medal("medal", v.medals[seat]), h("span", { class: "muted small" }, `/${goal}`));
}

function hintPanel(ctx) {
  if (!ctx.myTurn) return null;
  const hint = ctx.hint;
  const children = [button(ctx.ui.hintWaiting ? "Thinking…" : "Hint", ctx.requestHint, { class: "hint-btn", disabled: ctx.ui.hintWaiting || ctx.busy, "aria-label": "Hint: show the best turn", dataset: { key: "hint" } })];
  if (hint) {
    const step = hintStep(ctx);
    const entry = step ? ctx.find((a) => same(a, step)) : null;
    children.push(
      h(
        "div",
        { class: "hint-box", role: "status" },
        h("p", null, hint.placed === null ? (hint.note || "No hint in time.") : hint.placed ? `Best turn: place ${hint.placed} card${hint.placed === 1 ? "" : "s"}${hint.placed === ctx.view.hand.length ? " — your whole hand, a medal!" : ""}.` : "No card can be placed: end your turn."),
        hint.steps.length ? h("ol", { class: "hint-steps" }, hint.steps.map((s, i) => h("li", { class: i === 0 ? "next" : "" }, s))) : null,
        entry ? button(`Do “${entry.text}”`, () => ctx.act(entry.action), { class: "primary", disabled: ctx.busy, dataset: { key: "hint-do" } }) : null,
      ),
    );
  }
  return h("div", { class: "hint-area" }, children);
}

function board(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const end = ctx.find((a) => a.type === "end");
  const sel = ctx.ui.selection;
  return [
    h("div", { class: "opponents" }, othersInOrder(v.num_players, me).map((seat) => opponent(ctx, seat))),
    h(
      "section",
      { class: "centre athletic-centre", "aria-label": "The five piles" },
      h("div", { class: "piles five" }, v.piles.map((_, i) => pileView(ctx, i))),
      v.piles.some((pile) => pile.length > 1) ? h("p", { class: "under-legend small" }, t("pile.legend")) : null,
      h(
        "p",
        { class: "round-info" },
        `Draw pile: ${v.draw_size} · turn ${v.turn}${v.reshuffles ? ` · reshuffled ${v.reshuffles}×` : ""}`,
      ),
    ),
    me != null
      ? h(
          "section",
          { class: `player me ${v.current_player === me ? "current" : ""}`, "aria-label": "Your hand", dataset: { seat: me } },
          playerHeader(ctx, me, [medalRow(v, me), v.placed_this_turn ? h("span", { class: "tag" }, `placed ${v.placed_this_turn}`) : null]),
          handView(ctx),
          h(
            "div",
            { class: "action-bar" },
            end ? button("End turn", () => ctx.act(end.action), { class: "primary", disabled: ctx.busy, dataset: { key: "end" } }) : null,
            sel
              ? button("Cancel selection", () => {
                  ctx.ui.selection = null;
                  ctx.rerender();
                }, { dataset: { key: "cancel" } })
              : null,
          ),
          hintPanel(ctx),
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
  return scoreTable(`Medals (first to ${v.config.medals_to_win} wins)`, ["Player", "Medals", "Cards"], rows);
}

function describe(event, ctx) {
  switch (event.kind) {
    case "medal":
      return `★ ${ctx.name(event.player)} emptied their hand: a medal (${event.medals}/${ctx.view.config.medals_to_win})`;
    case "draw":
      return `↳ ${ctx.name(event.player)} draws ${event.count} card${event.count === 1 ? "" : "s"}`;
    case "draw_cards":
      return event.player === ctx.seat && event.cards.length ? `↳ you drew ${event.cards.map((c) => cardWord(c)).join(", ")}` : null;
    case "reshuffle":
      return `The centre's buried cards are shuffled into a new draw pile (${event.cards})`;
    case "turn_end":
      return event.placed ? null : `↳ ${ctx.name(event.player)} placed nothing`;
    default:
      return null;
  }
}

export default { statusText, board, scores, describe, styles: [new URL("athletic.css", import.meta.url).href], scoreLabel: "Medals" };
