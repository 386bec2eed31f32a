// Pieces shared by the game renderers (the games' own and the generic one): seats, player headers, score tables.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// Seats in play order starting after `me` (so that the viewer's own seat can be drawn last, at the bottom).
export function othersInOrder(n, me) {
  const start = me == null ? 0 : me + 1;
  const out = [];
  for (let k = 0; k < n; k++) {
    const seat = (start + k) % n;
    if (seat !== me) out.push(seat);
  }
  return out;
}

// The other players' row: it scrolls sideways inside itself when they do not fit (podium.css .opponents), so a
// keyboard can reach it (tabindex 0) and scroll it with the arrow keys.
export function othersRow(className, children) {
  return h("div", { class: className, tabindex: "0", role: "group", "aria-label": t("table.others") }, children);
}

export function playerHeader(ctx, seat, extra) {
  const current = ctx.view.current_player === seat;
  const info = ctx.table.seats[seat] || {};
  return h(
    "div",
    { class: "player-head" },
    h("span", { class: `turn-dot ${current ? "on" : ""}`, "aria-hidden": "true" }),
    h("span", { class: "player-name", title: ctx.name(seat) }, ctx.name(seat)),
    info.kind === "human" && !info.connected && info.taken ? h("span", { class: "away", title: t("conn.closed") }, t("player.away")) : null,
    current ? h("span", { class: "sr-only" }, t("player.to_play")) : null,
    extra,
  );
}

export function scoreTable(title, columns, rows) {
  return h(
    "div",
    { class: "scores-panel" },
    h("h2", null, title),
    h(
      "table",
      { class: "score-table" },
      h("thead", null, h("tr", null, columns.map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", null, rows.map((row) => h("tr", { class: row.cls || "" }, row.cells.map((cell, i) => (i === 0 ? h("th", { scope: "row" }, h("span", { class: "name-cut", title: cell }, cell)) : h("td", null, cell)))))),
    ),
  );
}

// The log's line for a seat's move, from the game's messages: `log.act.<type>` says another player's move in the third
// person ("Alice peeks at card 2", "medium bot peeks at card 2"), `log.act.<type>.you` the viewer's own ("You peek at
// your card 2"). Null where the game has no words for the move (the page then says the action after the name).
export function moveLine(tg, action, ctx, seat, params) {
  const key = `log.act.${action.type}`;
  if (!tg.has(key)) return null;
  return tg(seat != null && seat === ctx.seat ? `${key}.you` : key, { name: ctx.shortName(seat), ...params });
}

export function ordinal(n) {
  return n >= 1 && n <= 3 ? t(`ordinal.${n}`) : t("ordinal.n", { n });
}

// A game renderer's module export from what the game draws and says (`parts`): the title and why the game ended come
// from the game's messages (`tg`, its `gameMessages`): `game.title`, and `reason.<code>` where the game has the words
// (null otherwise: the page says the code as words). A renderer may give its own `title` or `reasonText` in `parts`.
// `parts.scoreLabel` may be a function: said in the page's language each time it is read, as the title is.
export function gameRenderer(tg, parts) {
  const reasonText = (code) => (tg.has(`reason.${code}`) ? tg(`reason.${code}`) : null);
  const { scoreLabel, ...rest } = parts;
  return {
    get title() {
      return tg("game.title");
    },
    get scoreLabel() {
      return typeof scoreLabel === "function" ? scoreLabel() : scoreLabel;
    },
    reasonText,
    ...rest,
  };
}
