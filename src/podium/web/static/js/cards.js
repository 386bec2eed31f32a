// Cards drawn with CSS and inline SVG, for every game's renderer: the game draws a card's face (`card(face)`), this
// module the card around it. A colour is always shown with a symbol or a letter too, so that colour-blind players
// can tell the cards apart.
import { h, svg } from "./dom.js";
import { t } from "./i18n.js";

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

// A card with a value and a colour (as in many card games): the colour band carries a shape and a letter too.
// `colour` = {name, shape, band, ink, bandInk?}: band and ink are CSS colours (the ink darker where the band is
// light, so the value stays readable on white).
export function colouredFace(value, letter, colour) {
  const style = `--c: ${colour.band}; --t: ${colour.ink}; --b: ${colour.bandInk || "#fff"}`;
  return {
    classes: "face coloured",
    style,
    children: [
      h("span", { class: "band", "aria-hidden": "true" }, shapeIcon(colour.shape), h("span", { class: "letter" }, colour.letter || letter.toUpperCase())),
      h("span", { class: "value", "aria-hidden": "true" }, value),
      h("span", { class: "foot", "aria-hidden": "true" }, shapeIcon(colour.shape), h("span", null, value)),
    ],
  };
}

// The colours that coloured decks share, by letter: the shape drawn with each (a colour is never shown by colour
// alone) and its CSS colours. `palette(gt, "rgby")` gives the letters a game uses, named in its words
// (`gt("colour.<letter>")`), for `colouredDeck`; a game adds its own colours beside them.
const PALETTE = {
  r: { shape: "circle", band: "var(--red)", ink: "var(--red)" },
  g: { shape: "triangle", band: "var(--green)", ink: "var(--green)" },
  b: { shape: "square", band: "var(--blue)", ink: "var(--blue)" },
  y: { shape: "star", band: "var(--yellow)", ink: "var(--yellow-ink)", bandInk: "#3a2e00" },
};

export function palette(gt, letters) {
  return Object.fromEntries([...letters].map((letter) => [letter, deckColour(gt, letter, PALETTE[letter])]));
}

// One colour of a deck: its look ({shape, band, ink, bandInk?}), named in the game's words (`colour.<letter>`) and
// lettered on the card in them too (`colour.<letter>.letter`: R in English, P for piros in Hungarian), read when
// drawn, so that a language switch redraws them in the new words.
export function deckColour(gt, letter, look) {
  return {
    ...look,
    get name() {
      return gt(`colour.${letter}`);
    },
    get letter() {
      return gt.has(`colour.${letter}.letter`) ? gt(`colour.${letter}.letter`) : letter.toUpperCase();
    },
  };
}

// The cards of a game whose cards are a value and a colour letter, written "7r": `colours` maps each letter to
// {name, shape, band, ink, bandInk?}, `gt` is the game's messages (its "card.label" and "card.hidden").
// `card(text, opts)` draws one (face down when `text` is null), `word(text)` names one for the log ("red 7").
export function colouredDeck(colours, gt) {
  function parts(text) {
    const letter = text.slice(-1).toLowerCase();
    const value = text.slice(0, -1);
    const colour = colours[letter] || { name: letter, shape: "circle", band: "#555", ink: "#333" };
    return { value, letter, colour, label: gt("card.label", { colour: colour.name, value }) };
  }
  return {
    card(text, opts) {
      if (text == null) return card(null, opts);
      const { value, letter, colour, label } = parts(text);
      return card({ ...colouredFace(value, letter, colour), text, label }, opts);
    },
    word(text) {
      return text == null ? gt("card.hidden") : parts(text).label;
    },
  };
}

/**
 * One card. `face` is what the game's renderer draws for a card it can see: {text, label, classes, children,
 * style?} (`text` the card as the view writes it, `label` its name for screen readers); null = face down. Options:
 *   onClick    makes it a button (with aria-label and aria-pressed when `selected` is given)
 *   label      accessible name (default: the card's name)
 *   selected   highlighted as chosen; target: highlighted as a place the selection may go; hint: part of the hint
 *   size       "sm" | "lg"; badge: small text in a corner (e.g. "only you"); key: data-key for focus keeping
 *   from       the data-key of the hidden place the card came from (a stock): it flies from there when it
 *              comes into sight (table/motion.js)
 */
export function card(face, opts = {}) {
  const text = face ? face.text : null;
  if (!face) face = { classes: "back", label: t("card.face_down"), children: [h("span", { class: "back-mark", "aria-hidden": "true" }, opts.backText || "")] };
  const classes = ["card", face.classes];
  if (opts.size) classes.push(`card-${opts.size}`);
  if (opts.selected) classes.push("selected");
  if (opts.target) classes.push("target");
  if (opts.hint) classes.push("hinted");
  if (opts.dim) classes.push("dim");
  if (opts.extraClass) classes.push(opts.extraClass);
  const label = opts.label || face.label;
  const children = [...face.children];
  // A button is named by its words in a visually hidden span, not aria-label: its drawn face (value, letter, suit)
  // is hidden from screen readers, and a label that did not contain what is drawn would not match it (WCAG 2.5.3).
  if (opts.onClick) children.push(h("span", { class: "sr-only" }, label));
  if (opts.badge) children.push(h("span", { class: "badge", "aria-hidden": "true" }, opts.badge));
  const dataset = { card: text == null ? "" : text };
  if (opts.key) dataset.key = opts.key;
  if (opts.from) dataset.from = opts.from;
  if (opts.fromOnly) dataset.fromOnly = "";
  if (opts.onClick) {
    return h(
      "button",
      {
        type: "button",
        class: classes.join(" ") + " clickable",
        "aria-pressed": opts.selected == null ? null : String(!!opts.selected),
        title: opts.title || label,
        style: face.style,
        dataset,
        onclick: opts.onClick,
      },
      children,
    );
  }
  return h("div", { class: classes.join(" "), role: "img", "aria-label": label, title: opts.title || label, style: face.style, dataset }, children);
}

export function emptySlot(label, opts = {}) {
  const classes = ["card", "empty"];
  if (opts.target) classes.push("target");
  if (opts.hint) classes.push("hinted");
  if (opts.size) classes.push(`card-${opts.size}`);
  const dataset = opts.key ? { key: opts.key } : {};
  const children = [h("span", { class: "empty-mark", "aria-hidden": "true" }, opts.text || "")];
  if (opts.onClick) {
    children.push(h("span", { class: "sr-only" }, label)); // its name, as a card button's (see `card`)
    return h("button", { type: "button", class: classes.join(" ") + " clickable", title: label, dataset, onclick: opts.onClick }, children);
  }
  return h("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label, dataset }, children);
}

// A medal: colour plus its initial (G/S/B in English) so it is readable without colour.
export function medal(kind, count) {
  const known = ["gold", "silver", "bronze", "medal"].includes(kind);
  const name = known ? t(`medal.${kind}`) : kind;
  const initial = known && kind !== "medal" ? t(`medal.${kind}.initial`) : "★";
  return h(
    "span",
    { class: `medal medal-${kind}`, role: "img", title: `${name}${count != null ? ` × ${count}` : ""}`, "aria-label": `${count != null ? count + " " : ""}${name}` },
    h("span", { class: "disc", "aria-hidden": "true" }, initial),
    count != null ? h("span", { class: "count", "aria-hidden": "true" }, `×${count}`) : null,
  );
}
