// Cards drawn with CSS and inline SVG. Every card shows its colour *and* a symbol plus a letter, so that
// colour-blind players can tell the suits and sports apart.
import { h, svg } from "./dom.js";

const SHAPE_PATHS = {
  circle: () => svg("circle", { cx: 10, cy: 10, r: 8 }),
  triangle: () => svg("polygon", { points: "10,1.5 18.8,17.5 1.2,17.5" }),
  square: () => svg("rect", { x: 2.5, y: 2.5, width: 15, height: 15 }),
  star: () => svg("polygon", { points: "10,1 12.6,7.4 19.5,7.6 14.1,11.9 16,18.6 10,14.7 4,18.6 5.9,11.9 0.5,7.6 7.4,7.4" }),
  diamond: () => svg("polygon", { points: "10,0.8 19.2,10 10,19.2 0.8,10" }),
  cross: () => svg("polygon", { points: "7,1 13,1 13,7 19,7 19,13 13,13 13,19 7,19 7,13 1,13 1,7 7,7" }),
};

export function shapeIcon(shape, className = "shape") {
  return svg("svg", { viewBox: "0 0 20 20", class: className, "aria-hidden": "true", focusable: "false" }, SHAPE_PATHS[shape]());
}

// ---- Golf: a standard 52-card deck, written "7h", "Ts", "Kd" (four-colour suits, symbols always shown).
const GOLF_RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const GOLF_RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
export const GOLF_SUITS = {
  c: { symbol: "♣", name: "clubs" },
  d: { symbol: "♦", name: "diamonds" },
  h: { symbol: "♥", name: "hearts" },
  s: { symbol: "♠", name: "spades" },
};

export function golfCardParts(text) {
  const rankChar = text.slice(0, -1).toUpperCase();
  const suit = text.slice(-1).toLowerCase();
  const rank = rankChar === "10" ? "10" : GOLF_RANKS[rankChar] || rankChar;
  const rankName = rankChar === "10" ? "10" : GOLF_RANK_NAMES[rankChar] || rankChar;
  return { rank, suit, label: `${rankName} of ${GOLF_SUITS[suit].name}` };
}

// ---- Athletic Games (sports r g b y o p) and Olympicards (colours r g b y k): value + letter.
export const SPORT_COLOURS = {
  athletic: {
    r: { name: "red", shape: "circle" },
    g: { name: "green", shape: "triangle" },
    b: { name: "blue", shape: "square" },
    y: { name: "yellow", shape: "star" },
    o: { name: "orange", shape: "diamond" },
    p: { name: "purple", shape: "cross" },
  },
  olympicards: {
    r: { name: "red", shape: "circle" },
    g: { name: "green", shape: "triangle" },
    b: { name: "blue", shape: "square" },
    y: { name: "yellow", shape: "star" },
    k: { name: "black", shape: "diamond" },
  },
};

export function valueCardParts(game, text) {
  const letter = text.slice(-1).toLowerCase();
  const value = text.slice(0, -1);
  const colour = SPORT_COLOURS[game][letter] || { name: letter, shape: "circle" };
  return { value, letter, colour, label: `${colour.name} ${value}` };
}

export function cardLabel(game, text) {
  if (text == null) return "face-down card";
  return game === "golf" ? golfCardParts(text).label : valueCardParts(game, text).label;
}

function cardFace(game, text) {
  if (game === "golf") {
    const { rank, suit } = golfCardParts(text);
    const symbol = GOLF_SUITS[suit].symbol;
    return {
      classes: `face golf suit-${suit}`,
      children: [
        h("span", { class: "corner tl", "aria-hidden": "true" }, h("b", null, rank), h("i", null, symbol)),
        h("span", { class: "pip", "aria-hidden": "true" }, symbol),
        h("span", { class: "corner br", "aria-hidden": "true" }, h("b", null, rank), h("i", null, symbol)),
      ],
    };
  }
  const { value, letter, colour } = valueCardParts(game, text);
  return {
    classes: `face sport col-${letter}`,
    children: [
      h("span", { class: "band", "aria-hidden": "true" }, shapeIcon(colour.shape), h("span", { class: "letter" }, letter.toUpperCase())),
      h("span", { class: "value", "aria-hidden": "true" }, value),
      h("span", { class: "foot", "aria-hidden": "true" }, shapeIcon(colour.shape), h("span", null, value)),
    ],
  };
}

/**
 * One card. `text` null = face down. Options:
 *   onClick    makes it a button (with aria-label and aria-pressed when `selected` is given)
 *   label      accessible name (default: the card's name)
 *   selected   highlighted as chosen; target: highlighted as a place the selection may go; hint: part of the hint
 *   size       "sm" | "lg"; badge: small text in a corner (e.g. "only you"); key: data-key for focus keeping
 */
export function card(game, text, opts = {}) {
  const face = text == null ? { classes: "back", children: [h("span", { class: "back-mark", "aria-hidden": "true" }, opts.backText || "")] } : cardFace(game, text);
  const classes = ["card", face.classes];
  if (opts.size) classes.push(`card-${opts.size}`);
  if (opts.selected) classes.push("selected");
  if (opts.target) classes.push("target");
  if (opts.hint) classes.push("hinted");
  if (opts.dim) classes.push("dim");
  if (opts.extraClass) classes.push(opts.extraClass);
  const label = opts.label || cardLabel(game, text);
  const children = [...face.children];
  if (opts.badge) children.push(h("span", { class: "badge", "aria-hidden": "true" }, opts.badge));
  const dataset = { card: text == null ? "" : text };
  if (opts.key) dataset.key = opts.key;
  if (opts.onClick) {
    return h(
      "button",
      {
        type: "button",
        class: classes.join(" ") + " clickable",
        "aria-label": label,
        "aria-pressed": opts.selected == null ? null : String(!!opts.selected),
        title: opts.title || label,
        dataset,
        onclick: opts.onClick,
      },
      children,
    );
  }
  return h("div", { class: classes.join(" "), role: "img", "aria-label": label, title: opts.title || label, dataset }, children);
}

export function emptySlot(label, opts = {}) {
  const classes = ["card", "empty"];
  if (opts.target) classes.push("target");
  if (opts.hint) classes.push("hinted");
  if (opts.size) classes.push(`card-${opts.size}`);
  const dataset = opts.key ? { key: opts.key } : {};
  const children = [h("span", { class: "empty-mark", "aria-hidden": "true" }, opts.text || "")];
  if (opts.onClick) {
    return h("button", { type: "button", class: classes.join(" ") + " clickable", "aria-label": label, title: label, dataset, onclick: opts.onClick }, children);
  }
  return h("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label, dataset }, children);
}

// A medal: colour plus its initial (G/S/B) so it is readable without colour.
export function medal(kind, count) {
  const names = { gold: "G", silver: "S", bronze: "B", medal: "★" };
  return h(
    "span",
    { class: `medal medal-${kind}`, title: `${kind}${count != null ? ` × ${count}` : ""}`, "aria-label": `${count != null ? count + " " : ""}${kind}` },
    h("span", { class: "disc", "aria-hidden": "true" }, names[kind] || "★"),
    count != null ? h("span", { class: "count", "aria-hidden": "true" }, `×${count}`) : null,
  );
}
