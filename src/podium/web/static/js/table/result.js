// The end of the game: the ranking, why it ended, the record, and the rematch.
import { api, ApiError, joinTable, storedName, storedSeat, storeSeat } from "../api.js";
import { button, h } from "../dom.js";
import { errorLine, t } from "../i18n.js";
import { ordinal } from "../common.js";
import { reasonText } from "./renderer.js";
import { displayName, page, tableId, toast } from "./state.js";

export function resultPanel(ctx, r) {
  const result = page.result || (page.table && page.table.result);
  if (!result) return null;
  const order = result.ranking.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place || a.seat - b.seat);
  const winners = result.winners.map(displayName).join(t("result.and"));
  const won = page.seat != null && result.winners.includes(page.seat);
  const children = [
    h("h2", null, t("result.title")),
    h("p", { class: "winner" }, won ? t("result.you_win") : "", t("result.winners", { count: result.winners.length, names: winners })),
    h(
      "table",
      { class: "ranking" },
      h("thead", null, h("tr", null, h("th", null, t("result.place")), h("th", null, t("result.player")), h("th", null, r.scoreLabel || t("result.score")))),
      h(
        "tbody",
        null,
        order.map(({ place, seat }) =>
          h("tr", { class: result.winners.includes(seat) ? "win" : "" }, h("td", null, ordinal(place)), h("td", null, h("span", { class: "name-cut", title: displayName(seat) }, displayName(seat))), h("td", null, String(result.scores[seat]))),
        ),
      ),
    ),
    h("p", { class: "muted" }, t("result.ended", { reason: reasonText(r, result.reason) }), result.lower_is_better ? t("result.lowest_wins") : ""),
    r.resultDetails ? r.resultDetails(ctx, result) : null,
    rematchControls(),
    h("p", null, h("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `podium-${tableId}.jsonl` }, t("result.record"))),
  ];
  return h("div", { class: "result-panel", role: "region", "aria-label": t("result.region") }, children);
}

function rematchControls() {
  const table = page.table;
  // Disabled while a rematch request runs, on every redraw too (the old table's sync naming the rematch arrives
  // before the answer): a double click sends one request.
  const props = { class: "primary", dataset: { key: "rematch" }, disabled: page.rematching };
  if (table.rematch) {
    return h("div", { class: "rematch" }, button(t("rematch.join"), () => joinRematch(table.rematch), props));
  }
  if (page.seat == null) return null;
  return h("div", { class: "rematch" }, button(t("rematch.start"), () => joinRematch(null), props));
}

// Start the rematch (`newId` null) or join the one announced. A player asks the server's rematch endpoint, which
// keeps their seat if it is free and answers a repeated call with the same seat; a spectator joins a free seat.
async function joinRematch(newId) {
  if (page.rematching) return;
  if (newId && storedSeat(newId)) {
    location.assign(`/t/${encodeURIComponent(newId)}`);
    return;
  }
  page.rematching = true;
  for (const el of document.querySelectorAll('[data-key="rematch"]')) el.disabled = true;
  try {
    let answer;
    if (page.seat != null) {
      answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, {}, page.token);
    } else {
      answer = await joinTable(newId, storedName() || t("seat.player"));
    }
    storeSeat(answer.table.id, answer.seat, answer.token);
    location.assign(`/t/${encodeURIComponent(answer.table.id)}`);
    return; // the button stays disabled while the next page loads
  } catch (err) {
    if (newId && err instanceof ApiError && err.status === 409) {
      location.assign(`/t/${encodeURIComponent(newId)}`); // every seat is taken: watch it
      return;
    }
    toast(t(newId ? "rematch.join_failed" : "rematch.failed", { reason: errorLine(err.code, err.message) }), "error", err.message);
  }
  page.rematching = false;
  for (const el of document.querySelectorAll('[data-key="rematch"]')) el.disabled = false;
}
