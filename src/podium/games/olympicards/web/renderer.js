// Olympicards: the sport card in the middle, everyone's plays in this sport around it, your hand below.
// Click cards to build a play (the legal plays are also offered ready-made), or withdraw to take the next award.
import { button, h } from "/static/js/dom.js";
import { gameMessages } from "/static/js/i18n.js";
import { card, colouredFace, medal } from "/static/js/cards.js";
import { ordinal, playerHeader, scoreTable } from "/static/js/common.js";

// This game's texts in the player's language (i18n.json beside this file; the shell's messages as fallback).
const t = await gameMessages(import.meta.url);

// ---- the cards: a value and a colour, written "7r" (the letter: r g b y k)
const COLOURS = {
  r: { name: "red", shape: "circle", band: "var(--red)", ink: "var(--red)" },
  g: { name: "green", shape: "triangle", band: "var(--green)", ink: "var(--green)" },
  b: { name: "blue", shape: "square", band: "var(--blue)", ink: "var(--blue)" },
  y: { name: "yellow", shape: "star", band: "var(--yellow)", ink: "var(--yellow-ink)", bandInk: "#3a2e00" },
  k: { name: "black", shape: "diamond", band: "var(--black)", ink: "var(--black)" },
};

function cardParts(text) {
  const letter = text.slice(-1).toLowerCase();
  const value = text.slice(0, -1);
  const colour = COLOURS[letter] || { name: letter, shape: "circle", band: "#555", ink: "#333" };
  return { value, letter, colour, label: `${colour.name} ${value}` };
}

// One card, face down when `text` is null (see `card` in cards.js for the options).
function olympicardsCard(text, opts) {
  if (text == null) return card(null, opts);
  const { value, letter, colour, label } = cardParts(text);
  return card({ ...colouredFace(value, letter, colour), text, label }, opts);
}

// A card written for the log: "red 7".
function cardWord(text) {
  return text == null ? "a hidden card" : cardParts(text).label;
}

const COLOUR_ORDER = "rgbyk";
const kindOf = (text) => COLOUR_ORDER.indexOf(text.slice(-1)) * 9 + Number(text.slice(0, -1));
const sortCards = (cards) => [...cards].sort((a, b) => kindOf(a) - kindOf(b));
const sameCards = (a, b) => a.length === b.length && sortCards(a).every((c, i) => c === sortCards(b)[i]);

function plays(ctx) {
  return ctx.legal.filter((e) => e.action.type === "play");
}

function selectedCards(ctx) {
  const sel = ctx.ui.selection;
  if (!sel || sel.kind !== "cards") return [];
  return sel.idx.map((i) => ctx.view.hand[i]).filter((t) => t != null);
}

function statusText(ctx) {
  const v = ctx.view;
  if (v.phase === "decide") return ctx.myTurn ? `As start player, play ${v.sport.name} now or postpone it (the next sport must then be played).` : `The start player decides whether to play ${v.sport ? v.sport.name : "the sport"}.`;
  if (!ctx.myTurn) return "";
  const n = plays(ctx).length;
  const award = v.next_award ? ` Withdrawing now gives: ${v.next_award.text}.` : "";
  return n ? `Pick cards for a play (${v.sport.text}), or withdraw.${award}` : `No legal play: you must withdraw.${award}`;
}

function sportCard(ctx) {
  const v = ctx.view;
  const sport = v.sport;
  const total = v.sports_done.length + (sport ? 1 : 0) + v.sport_pile.length;
  const record = sport && sport.star ? (v.config.world_record ? "★ world record possible" : "★") : null;
  return h(
    "section",
    { class: "sport-area", "aria-label": "Current sport" },
    sport
      ? h(
          "div",
          { class: `sport-card ${v.phase === "decide" ? "deciding" : ""}`, role: "group", "aria-label": `Sport ${v.sport_number}: ${sport.name}` },
          h("div", { class: "sport-no" }, `Sport ${v.sport_number} of ${total}`),
          h("div", { class: "sport-name" }, sport.name, record ? h("span", { class: "star", title: "starred sport" }, ` ${record}`) : null),
          h("div", { class: "sport-text" }, sport.text),
          h("div", { class: "sport-meta" }, `${sport.min_cards === sport.max_cards ? sport.min_cards : `${sport.min_cards}–${sport.max_cards}`} card${sport.max_cards > 1 ? "s" : ""} per play`, v.round ? ` · round ${v.round}` : ""),
        )
      : v.is_over
        ? null // every sport is played: no empty sport card on the end screen
        : h("p", { class: "muted" }, t("sport.none")),
    v.target ? h("figure", { class: "pile target-card" }, olympicardsCard(v.target, { size: "lg", label: `Round target: ${cardWord(v.target)}` }), h("figcaption", null, "Target")) : null,
    h(
      "div",
      { class: "sport-pile-info" },
      h("p", null, `Draw pile: ${v.draw_size} · discard: ${v.discard.length}`),
      h("p", null, `Sports to come: ${v.sport_pile.length}`, v.sport_pile.some((s) => s) ? ` (postponed: ${v.sport_pile.filter((s) => s).join(", ")})` : ""),
      v.sports_done.length ? h("p", { class: "muted small" }, `Done: ${v.sports_done.join(", ")}`) : null,
    ),
  );
}

function medalsOf(v, seat) {
  const m = v.medals[seat];
  return h("span", { class: "medals" }, ["gold", "silver", "bronze"].map((k) => (m[k] ? medal(k, m[k]) : null)), h("span", { class: "points" }, `${v.points[seat]} pt${v.points[seat] === 1 ? "" : "s"}`));
}

function playsRow(ctx, seat) {
  const v = ctx.view;
  const seatPlays = v.plays[seat] || [];
  return h(
    "div",
    { class: "plays" },
    seatPlays.length
      ? seatPlays.map((p, i) =>
          h(
            "span",
            { class: `play ${i === seatPlays.length - 1 ? "latest" : ""}`, role: "img", "aria-label": `play ${i + 1}: ${p.map((c) => cardWord(c)).join(" + ")}` },
            p.map((c) => olympicardsCard(c, { size: "sm" })),
          ),
        )
      : h("span", { class: "muted small" }, v.phase === "play" ? "no play yet in this sport" : ""),
  );
}

function myPlays(ctx) {
  const seatPlays = ctx.view.plays[ctx.seat] || [];
  return seatPlays.length ? h("div", { class: "my-plays" }, h("span", { class: "muted small" }, "Your plays: "), playsRow(ctx, ctx.seat)) : null;
}

// A hidden hand as the player sees it across the table: a fanned row of card backs and the count. A big hand
// draws at most FAN_MAX backs, packed closer (the count says how many), so it never widens the page.
const FAN_MAX = 12;

function handBacks(count, seat) {
  const label = t("hand.count", { count });
  const shown = Math.min(count, FAN_MAX);
  const backs = Array.from({ length: shown }, () => h("span", { class: "fan-back", "aria-hidden": "true" }));
  return h(
    "div",
    { class: `hand-backs ${count > 7 ? "dense" : ""}`, role: "img", "aria-label": label, title: label, dataset: { seat, cards: count } },
    h("span", { class: "fan" }, backs),
    h("span", { class: "fan-count", "aria-hidden": "true" }, `× ${count}`),
  );
}

function playerArea(ctx, seat) {
  const v = ctx.view;
  const out = v.withdrawn[seat];
  const tags = [];
  if (v.start_player === seat) tags.push(h("span", { class: "tag", title: "start player card" }, "start player"));
  if (out) tags.push(h("span", { class: "tag tag-out" }, "withdrawn"));
  if (v.world_records[seat] && v.world_records[seat].length) tags.push(h("span", { class: "tag" }, `★ ${v.world_records[seat].join(", ")}`));
  return h(
    "section",
    { class: `player oly-player ${v.current_player === seat ? "current" : ""} ${out ? "out" : ""} ${seat === ctx.seat ? "me" : ""}`, "aria-label": ctx.name(seat), dataset: { seat } },
    playerHeader(ctx, seat, [medalsOf(v, seat), ...tags]),
    playsRow(ctx, seat),
    v.hands && seat !== ctx.seat ? h("div", { class: "hand revealed" }, v.hands[seat].map((c) => olympicardsCard(c, { size: "sm" }))) : handBacks(v.hand_sizes[seat], seat),
  );
}

function handArea(ctx) {
  const v = ctx.view;
  const legalPlays = plays(ctx);
  const usable = new Set(legalPlays.flatMap((e) => e.action.cards));
  const sel = ctx.ui.selection && ctx.ui.selection.kind === "cards" ? ctx.ui.selection.idx : [];
  const chosen = selectedCards(ctx);
  const match = chosen.length ? legalPlays.find((e) => sameCards(e.action.cards, chosen)) : null;
  const withdraw = ctx.find((a) => a.type === "withdraw");
  const accept = ctx.find((a) => a.type === "accept");
  const postpone = ctx.find((a) => a.type === "postpone");
  const handCards = v.hand.map((text, i) => {
    const selected = sel.includes(i);
    const canUse = usable.has(text);
    return olympicardsCard(text, {
      size: "lg",
      selected: canUse ? selected : undefined,
      extraClass: canUse ? "playable" : null,
      key: `hand-${i}`,
      label: `${cardWord(text)}${selected ? ", selected" : ""}`,
      onClick:
        canUse && !ctx.busy
          ? () => {
              const idx = selected ? sel.filter((k) => k !== i) : [...sel, i];
              ctx.ui.selection = idx.length ? { kind: "cards", idx } : null;
              ctx.rerender();
            }
          : null,
    });
  });
  const bar = [];
  if (accept) bar.push(button(`Play ${v.sport.name}`, () => ctx.act(accept.action), { class: "primary", disabled: ctx.busy, dataset: { key: "accept" } }));
  if (postpone) bar.push(button("Postpone it", () => ctx.act(postpone.action), { disabled: ctx.busy, dataset: { key: "postpone" } }));
  if (legalPlays.length) {
    bar.push(
      button(match ? `Play ${chosen.map((c) => cardWord(c)).join(" + ")}` : chosen.length ? "Not a legal play" : "Select cards to play", () => match && ctx.act(match.action), {
        class: "primary",
        disabled: !match || ctx.busy,
        dataset: { key: "play-selected" },
      }),
    );
  }
  if (withdraw) {
    bar.push(
      button(`Withdraw${v.next_award ? ` (${v.next_award.text})` : ""}`, () => ctx.act(withdraw.action), {
        class: "warn",
        disabled: ctx.busy,
        "aria-label": `Withdraw from ${v.sport ? v.sport.name : "the sport"}${v.next_award ? `; award: ${v.next_award.text}` : ""}`,
        dataset: { key: "withdraw" },
      }),
    );
  }
  const quick = legalPlays.length
    ? h(
        "div",
        { class: "quick-plays" },
        h("span", { class: "muted small" }, "Legal plays:"),
        legalPlays.slice(0, 40).map((e) =>
          h(
            "button",
            { type: "button", class: "quick-play", "aria-label": e.text, title: e.text, disabled: ctx.busy, dataset: { key: `quick-${e.id}` }, onclick: () => ctx.act(e.action) },
            e.action.cards.map((c) => olympicardsCard(c, { size: "xs" })),
          ),
        ),
      )
    : null;
  return h(
    "section",
    { class: `player me oly-me ${v.current_player === ctx.seat ? "current" : ""}`, "aria-label": "Your hand", dataset: { seat: ctx.seat } },
    playerHeader(ctx, ctx.seat, [medalsOf(v, ctx.seat), v.start_player === ctx.seat ? h("span", { class: "tag" }, "start player") : null, v.withdrawn[ctx.seat] ? h("span", { class: "tag tag-out" }, "withdrawn") : null]),
    myPlays(ctx),
    h("div", { class: "hand", role: "group", "aria-label": "Your hand" }, handCards),
    bar.length ? h("div", { class: "action-bar" }, bar) : null,
    quick,
  );
}

function board(ctx) {
  const v = ctx.view;
  const order = [];
  for (let k = 0; k < v.num_players; k++) if (k !== ctx.seat || !v.hand) order.push(k);
  return [
    sportCard(ctx),
    h("div", { class: "oly-players" }, order.map((seat) => playerArea(ctx, seat))),
    ctx.seat != null && v.hand ? handArea(ctx) : null,
  ];
}

function scores(ctx) {
  const v = ctx.view;
  const rows = [];
  for (let seat = 0; seat < v.num_players; seat++) {
    const m = v.medals[seat];
    rows.push({ cls: seat === ctx.seat ? "me" : "", cells: [ctx.name(seat), `${m.gold}`, `${m.silver}`, `${m.bronze}`, String(v.points[seat])] });
  }
  return scoreTable("Medals (gold 4, silver 2, bronze 1)", ["Player", "G", "S", "B", "Points"], rows);
}

function describe(event, ctx) {
  const who = event.player != null ? ctx.name(event.player) : "";
  switch (event.kind) {
    case "sport":
      return `Sport ${event.number}: ${event.sport}`;
    case "sport_turned":
      return `${event.sport} is turned over${event.decision ? "" : " and must be played"}`;
    case "postpone":
      return `${who} postpones ${event.sport}`;
    case "withdraw":
      return `↳ ${who} withdraws (${ordinal(event.order)})${event.cards ? ` and takes ${event.cards} card${event.cards === 1 ? "" : "s"}` : ""}`;
    case "start_card":
      return `↳ ${who} takes the start player card`;
    case "medal":
      return `★ ${who} wins ${event.medal}`;
    case "world_record":
      return `★ ${who} sets a world record in ${event.sport}`;
    case "drew":
      return event.player === ctx.seat && event.cards.length ? `↳ you drew ${event.cards.map((c) => cardWord(c)).join(", ")}` : null;
    case "reshuffle":
      return "The discard pile is shuffled into a new draw pile";
    case "target":
      return event.card ? `Round target: ${cardWord(event.card)}` : null;
    default:
      return null;
  }
}

export default { statusText, board, scores, describe, styles: [new URL("olympicards.css", import.meta.url).href], scoreLabel: "Points" };
