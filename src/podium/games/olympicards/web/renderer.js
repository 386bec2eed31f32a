// Olympicards: the sport card in the middle, everyone's plays in this sport around it, your hand below.
// Click cards to build a play (the legal plays are also offered ready-made), or withdraw to take the next award.
import { button, h } from "/static/js/dom.js";
import { gameMessages, lang } from "/static/js/i18n.js";
import { colouredDeck, deckColour, medal, palette } from "/static/js/cards.js";
import { gameRenderer, moveLine, ordinal, othersRow, playerHeader, scoreTable } from "/static/js/common.js";

// This game's texts in the player's language (i18n.json beside this file; the shell's messages as fallback).
const t = await gameMessages(import.meta.url);

// ---- the cards: a value and a colour, written "7r" (the letter: r g b y k)
const COLOURS = {
  ...palette(t, "rgby"),
  k: deckColour(t, "k", { shape: "diamond", band: "var(--black)", ink: "var(--black)" }),
};

const DECK = colouredDeck(COLOURS, t);
// One card, face down when `text` is null (see `card` in cards.js for the options).
const olympicardsCard = DECK.card;
// A card written for the log: "red 7".
const cardWord = DECK.word;

// ---- sports, awards and actions in the player's language. A sport comes by its name (the built-in sets' names
// have translations; a sport of the player's own file keeps its name); its rule is the file's English text in
// English, and in another language it is said from the sport's fields (shape, measure, progression, target).
function sportName(name) {
  return name && t.has(`sport.${name}`) ? t(`sport.${name}`) : name;
}

function sportRule(sport) {
  if (lang === "en" && sport.text) return sport.text;
  const parts = [sport.min_cards === sport.max_cards ? t("rule.exactly", { count: sport.min_cards }) : t("rule.between", { min: sport.min_cards, max: sport.max_cards })];
  if (sport.max_cards > 1 && t.has(`rule.shape.${sport.shape}`)) parts.push(t(`rule.shape.${sport.shape}`));
  const measure = t(`rule.measure.${sport.measure}`);
  if (sport.progression !== "none" && t.has(`rule.progression.${sport.progression}`)) parts.push(t(`rule.progression.${sport.progression}`, { measure }));
  if (sport.flip && t.has(`rule.target.${sport.target_relation}`)) parts.push(t(`rule.target.${sport.target_relation}`, { measure }));
  return parts.join(", ");
}

const medalName = (m) => (t.has(`medal.${m}`) ? t(`medal.${m}`) : m);

// What withdrawing now earns (O-6, O-7), from the view's `next_award` {cards, medal, start_card, medal_to}.
function awardText(award) {
  if (award.medal_to === "other") return t("award.two", { count: award.cards, medal: medalName(award.medal) });
  const parts = [];
  if (award.cards) parts.push(t("award.cards", { count: award.cards }));
  if (award.medal) parts.push(medalName(award.medal));
  if (award.start_card) parts.push(t("award.start_card"));
  return parts.length ? parts.join(", ") : t("award.nothing");
}

function actionText(action) {
  switch (action.type) {
    case "play":
      return t("action.play", { cards: action.cards.map((c) => cardWord(c)).join(" + ") });
    case "withdraw":
    case "accept":
    case "postpone":
      return t(`action.${action.type}`);
    default:
      return null;
  }
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
  if (v.phase === "decide") return ctx.myTurn ? t("status.decide", { sport: sportName(v.sport.name) }) : t("status.decide_others", { sport: v.sport ? sportName(v.sport.name) : t("sport.the") });
  if (!ctx.myTurn) return "";
  const n = plays(ctx).length;
  const award = v.next_award ? t("status.award", { award: awardText(v.next_award) }) : "";
  return n ? `${t("status.play", { rule: sportRule(v.sport) })}${award}` : `${t("status.must_withdraw")}${award}`;
}

function sportCard(ctx) {
  const v = ctx.view;
  const sport = v.sport;
  const total = v.sports_done.length + (sport ? 1 : 0) + v.sport_pile.length;
  const record = sport && sport.star ? (v.config.world_record ? t("sport.record_possible") : "★") : null;
  return h(
    "section",
    { class: "sport-area", "aria-label": t("sport.current") },
    sport
      ? h(
          "div",
          { class: `sport-card ${v.phase === "decide" ? "deciding" : ""}`, role: "group", "aria-label": t("sport.label", { n: v.sport_number, sport: sportName(sport.name) }) },
          h("div", { class: "sport-no" }, t("sport.of", { n: v.sport_number, total })),
          h("div", { class: "sport-name" }, sportName(sport.name), record ? h("span", { class: "star", title: t("sport.starred") }, ` ${record}`) : null),
          h("div", { class: "sport-text" }, sportRule(sport)),
          h("div", { class: "sport-meta" }, t("sport.per_play", { n: sport.min_cards === sport.max_cards ? sport.min_cards : `${sport.min_cards}–${sport.max_cards}`, count: sport.max_cards }), v.round ? t("sport.round", { n: v.round }) : ""),
        )
      : v.is_over
        ? null // every sport is played: no empty sport card on the end screen
        : h("p", { class: "muted" }, t("sport.none")),
    v.target ? h("figure", { class: "pile target-card" }, olympicardsCard(v.target, { size: "lg", label: t("target.label", { card: cardWord(v.target) }) }), h("figcaption", null, t("target.caption"))) : null,
    h(
      "div",
      { class: "sport-pile-info" },
      h("p", { dataset: { key: "draw-pile" } }, t("info.piles", { draw: v.draw_size, discard: v.discard.length })),
      h("p", null, t("info.to_come", { n: v.sport_pile.length }), v.sport_pile.some((s) => s) ? t("info.postponed", { sports: v.sport_pile.filter((s) => s).map(sportName).join(", ") }) : ""),
      v.sports_done.length ? h("p", { class: "muted small" }, t("info.done", { sports: v.sports_done.map(sportName).join(", ") })) : null,
    ),
  );
}

function medalsOf(v, seat) {
  const m = v.medals[seat];
  return h("span", { class: "medals" }, ["gold", "silver", "bronze"].map((k) => (m[k] ? medal(k, m[k]) : null)), h("span", { class: "points" }, t("points.short", { count: v.points[seat] })));
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
            { class: `play ${i === seatPlays.length - 1 ? "latest" : ""}`, role: "img", "aria-label": t("plays.label", { n: i + 1, cards: p.map((c) => cardWord(c)).join(" + ") }) },
            p.map((c) => olympicardsCard(c, { size: "sm" })),
          ),
        )
      : h("span", { class: "muted small" }, v.phase === "play" ? t("plays.none") : ""),
  );
}

function myPlays(ctx) {
  const seatPlays = ctx.view.plays[ctx.seat] || [];
  return seatPlays.length ? h("div", { class: "my-plays" }, h("span", { class: "muted small" }, t("plays.yours"), " "), playsRow(ctx, ctx.seat)) : null;
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
  if (v.start_player === seat) tags.push(h("span", { class: "tag", title: t("tag.start_title") }, t("tag.start")));
  if (out) tags.push(h("span", { class: "tag tag-out" }, t("tag.withdrawn")));
  if (v.world_records[seat] && v.world_records[seat].length) tags.push(h("span", { class: "tag" }, `★ ${v.world_records[seat].map(sportName).join(", ")}`));
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
      from: "draw-pile", // a card new in your hand came from the draw pile (an award, O-6 and O-7) ...
      fromOnly: true, // ... and only from there: a played card never comes back to a hand
      label: `${cardWord(text)}${selected ? t("hand.selected") : ""}`,
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
  if (accept) bar.push(button(t("button.accept", { sport: sportName(v.sport.name) }), () => ctx.act(accept.action), { class: "primary", disabled: ctx.busy, dataset: { key: "accept" } }));
  if (postpone) bar.push(button(t("button.postpone"), () => ctx.act(postpone.action), { disabled: ctx.busy, dataset: { key: "postpone" } }));
  if (legalPlays.length) {
    bar.push(
      button(match ? t("button.play", { cards: chosen.map((c) => cardWord(c)).join(" + ") }) : chosen.length ? t("button.not_legal") : t("button.select"), () => match && ctx.act(match.action), {
        class: "primary",
        disabled: !match || ctx.busy,
        dataset: { key: "play-selected" },
      }),
    );
  }
  if (withdraw) {
    bar.push(
      button(v.next_award ? t("button.withdraw_award", { award: awardText(v.next_award) }) : t("button.withdraw"), () => ctx.act(withdraw.action), {
        class: "warn",
        disabled: ctx.busy,
        title: t("button.withdraw_from", { sport: v.sport ? sportName(v.sport.name) : t("sport.the") }), // its words on it are its name
        dataset: { key: "withdraw" },
      }),
    );
  }
  const quick = legalPlays.length
    ? h(
        "div",
        { class: "quick-plays" },
        h("span", { class: "muted small" }, t("plays.legal")),
        legalPlays.slice(0, 40).map((e) =>
          h(
            "button",
            { type: "button", class: "quick-play", title: actionText(e.action), disabled: ctx.busy, dataset: { key: `quick-${e.id}`, action: e.text }, onclick: () => ctx.act(e.action) },
            e.action.cards.map((c) => olympicardsCard(c, { size: "xs" })),
            h("span", { class: "sr-only" }, actionText(e.action)), // its name (the small cards are pictures)
          ),
        ),
      )
    : null;
  return h(
    "section",
    { class: `player me oly-me ${v.current_player === ctx.seat ? "current" : ""}`, "aria-label": t("hand.yours"), dataset: { seat: ctx.seat } },
    playerHeader(ctx, ctx.seat, [medalsOf(v, ctx.seat), v.start_player === ctx.seat ? h("span", { class: "tag" }, t("tag.start")) : null, v.withdrawn[ctx.seat] ? h("span", { class: "tag tag-out" }, t("tag.withdrawn")) : null]),
    myPlays(ctx),
    h("div", { class: "hand", role: "group", "aria-label": t("hand.yours") }, handCards),
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
    othersRow("oly-players", order.map((seat) => playerArea(ctx, seat))),
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
  return scoreTable(t("scores.title"), [t("result.player"), t("medal.gold.initial"), t("medal.silver.initial"), t("medal.bronze.initial"), t("scores.points")], rows);
}

function describe(event, ctx) {
  const who = event.player != null ? ctx.name(event.player) : "";
  switch (event.kind) {
    case "sport":
      return t("log.sport", { n: event.number, sport: sportName(event.sport) });
    case "sport_turned":
      return t(event.decision ? "log.turned" : "log.turned_must", { sport: sportName(event.sport) });
    case "postpone":
      return t("log.postpone", { name: who, sport: sportName(event.sport) });
    case "withdraw":
      return event.cards ? t("log.withdraw_cards", { name: who, order: ordinal(event.order), count: event.cards }) : t("log.withdraw", { name: who, order: ordinal(event.order) });
    case "start_card":
      return t("log.start_card", { name: who });
    case "medal":
      return t("log.medal", { name: who, medal: medalName(event.medal) });
    case "world_record":
      return t("log.world_record", { name: who, sport: sportName(event.sport) });
    case "drew":
      return event.player === ctx.seat && event.cards.length ? t("log.drew", { cards: event.cards.map((c) => cardWord(c)).join(", ") }) : null;
    case "reshuffle":
      return t("log.reshuffle");
    case "target":
      return event.card ? t("target.label", { card: cardWord(event.card) }) : null;
    default:
      return null;
  }
}

// The log's line for a move: "Alice plays red 7 + blue 7", "You withdraw".
function moveText(action, ctx, seat) {
  return moveLine(t, action, ctx, seat, { cards: action.cards ? action.cards.map((c) => cardWord(c)).join(" + ") : "" });
}

export default gameRenderer(t, { statusText, board, scores, describe, moveText, actionText, scoreLabel: () => t("scores.points"), styles: [new URL("olympicards.css", import.meta.url).href] });
