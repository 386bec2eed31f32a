// Moves you can follow: a card that changes place on the table glides from where it was to where it is now, a card
// that comes into sight from a hidden place the renderer names (`data-from`: the `data-key` of, say, the stock) flies
// from there, any other card that comes into sight fades in, and the moves of the others (a bot's turn of several steps most of all) are shown
// one at a time at a readable pace, even when the server sends them all at once (a burst after a reconnect, bots
// without a delay). `prefers-reduced-motion: reduce` turns all of it off: every change is drawn at once.
//
// Cards are matched by what the view says they are (`data-card`, the card's text, set by cards.js): a card seen
// before and after a redraw has moved (of two with the same text, the nearer one); a face-down card has no text, so
// nothing about it is guessed. A place where cards only ever come from its `data-from` (`data-from-only`: say, a hand
// that only the draw pile feeds) takes no card that was elsewhere: a card of the same text that left the table in the
// same redraw is not taken for where the new one came from.
const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: true };
export const motionOn = () => !reduced.matches;

export const PACE_MS = 650; // the least time another player's move stays on the screen before the next one is drawn
const GLIDE_MS = 420;
const FADE_MS = 260;
const FACES = ".card[data-card]:not([data-card=''])";

// Where each card seen on the board is now (its text -> the boxes of the cards with that text: a deck may hold two
// cards of the same text), to compare with after the redraw.
export function cardPlaces(root) {
  if (!motionOn()) return null;
  const places = new Map();
  for (const el of root.querySelectorAll(FACES)) {
    const place = { box: el.getBoundingClientRect(), from: el.dataset.from };
    const boxes = places.get(el.dataset.card);
    if (boxes) boxes.push(place);
    else places.set(el.dataset.card, [place]);
  }
  return places;
}

// Whether a card drawn now may be the one that was at `place` before.
function mayHaveBeen(el, place) {
  return el.dataset.fromOnly === undefined || place.from === el.dataset.from;
}

// Which card of the redraw each box of before was (cards of the same text: each box goes to the nearest one left);
// a card that no box goes to is new. Returns card element -> its box before.
function matchTwins(root, before) {
  const groups = new Map();
  for (const el of root.querySelectorAll(FACES)) {
    const group = groups.get(el.dataset.card);
    if (group) group.push(el);
    else groups.set(el.dataset.card, [el]);
  }
  const was = new Map();
  for (const [text, els] of groups) {
    const left = els.map((el) => [el, el.getBoundingClientRect()]);
    for (const place of before.get(text) || []) {
      const { box } = place;
      const distance = ([, now]) => Math.abs(now.left - box.left) + Math.abs(now.top - box.top);
      let best = -1;
      for (let i = 0; i < left.length; i += 1) {
        if (mayHaveBeen(left[i][0], place) && (best < 0 || distance(left[i]) < distance(left[best]))) best = i;
      }
      if (best < 0) continue;
      was.set(left[best][0], box);
      left.splice(best, 1);
    }
  }
  return was;
}

// After a redraw: each card that was somewhere else glides from there; a card not on the board before flies from the
// hidden place it came from (`data-from`) when that place is on the board, else fades in. Counted in
// body[data-glides], body[data-flights] and body[data-fades] (the browser tests read them).
export function animateChanges(before, root) {
  if (!before || !before.size || !motionOn()) return;
  let glides = 0;
  let flights = 0;
  let fades = 0;
  const boxes = matchTwins(root, before);
  for (const el of root.querySelectorAll(FACES)) {
    const was = boxes.get(el);
    const now = el.getBoundingClientRect();
    const source = !was && el.dataset.from ? root.querySelector(`[data-key="${CSS.escape(el.dataset.from)}"]`) : null;
    if (!was && !source) {
      el.animate([{ opacity: 0, transform: "scale(.8)" }, { opacity: 1, transform: "none" }], { duration: FADE_MS, easing: "ease-out" });
      fades += 1;
      continue;
    }
    const from = was || source.getBoundingClientRect();
    const dx = from.left - now.left;
    const dy = from.top - now.top;
    if (Math.abs(dx) + Math.abs(dy) < 3) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 5 }, { transform: "none", zIndex: 5 }], { duration: GLIDE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
    if (was) glides += 1;
    else flights += 1;
  }
  const data = document.body.dataset;
  data.glides = String(Number(data.glides || 0) + glides);
  data.flights = String(Number(data.flights || 0) + flights);
  data.fades = String(Number(data.fades || 0) + fades);
}

// The syncs in the order they came, each drawn by `draw`; another player's move is drawn no sooner than PACE_MS
// after the one before it (while motion is on): a bot's steps that come at once, or quickly one after another, are
// shown one at a time. A move of your own is drawn at once.
export function pacedQueue(draw, isOthers) {
  const waiting = [];
  let running = false;
  let shownAt = -Infinity; // when the last move of another player was drawn
  async function run() {
    running = true;
    while (waiting.length) {
      const msg = waiting.shift();
      const paced = motionOn() && isOthers(msg);
      const wait = paced ? shownAt + PACE_MS - performance.now() : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      draw(msg);
      if (paced) shownAt = performance.now();
    }
    running = false;
  }
  return (msg) => {
    waiting.push(msg);
    if (!running) run();
  };
}
