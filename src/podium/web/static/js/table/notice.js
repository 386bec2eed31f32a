// The notice area above the board: joining (the join form), the seats while waiting, and the link to share.
import { api, joinTable, storedName, tableUrl } from "../api.js";
import { button, h, replaceChildrenKeepFocus } from "../dom.js";
import { errorLine, t } from "../i18n.js";
import { $, displayName, hooks, page, seatName, tableId, toast } from "./state.js";

// The notice area: joining, waiting for players, sharing the link.
export function renderNotice() {
  const table = page.table;
  const box = $("notice");
  const parts = [];
  // The join form is the same element while the free seats are the same, so it stays in place (see
  // replaceChildrenKeepFocus): a render between a press and a release of Join (a sync, the renderer arriving) would
  // otherwise take the button away under the pointer, and the join with it.
  if (page.seat == null && page.joinOpen) parts.push(joinForm(table));
  if (table.status === "waiting" || page.seat == null) parts.push(seatList(table));
  // While seats are free the link is what the page is for, above the table; once the game runs it is only for
  // spectators, and waits beside the log instead of pushing the game down (on a phone most of all).
  const waiting = table.status === "waiting";
  if (waiting) parts.push(shareBox());
  replaceChildrenKeepFocus(box, parts);
  box.hidden = parts.length === 0;
  const later = $("invite");
  later.hidden = waiting || table.status === "finished";
  replaceChildrenKeepFocus(later, later.hidden ? [] : [shareBox()]);
}

function seatList(table) {
  return h(
    "ul",
    { class: "seat-list", "aria-label": t("seats.label") },
    table.seats.map((s) =>
      seatItem(s),
    ),
  );
}

function seatItem(s) {
  const text = s.kind === "bot" ? seatName(s.seat) : s.taken ? (s.connected ? displayName(s.seat) : t("seats.away", { name: displayName(s.seat) })) : t("seats.free");
  return h(
    "li",
    { class: `seat ${s.taken ? "taken" : "free"} ${s.connected ? "online" : ""}`, title: t("seats.item", { n: s.seat + 1, text }) },
    h("span", { class: "dot", "aria-hidden": "true" }),
    t("seats.item", { n: s.seat + 1, text: "" }),
    text,
  );
}

function shareBox() {
  const url = tableUrl(tableId);
  const input = h("input", { type: "text", readonly: true, value: url, "aria-label": t("share.link_label"), class: "share-url", onfocus: (e) => e.target.select() });
  return h(
    "div",
    { class: "share" },
    h("label", { class: "share-label" }, t("share.invite"), " "),
    input,
    button(
      t("share.copy"),
      async () => {
        try {
          await navigator.clipboard.writeText(url);
          toast(t("share.copied"), "info");
        } catch {
          input.select();
          toast(t("share.copy_yourself"), "info");
        }
      },
      { dataset: { key: "copy" } },
    ),
  );
}

// The join form, the same element from render to render while the free seats are the same.
function joinForm(table) {
  const free = table.seats.filter((s) => s.kind === "human" && !s.taken && !s.reserved);
  if (!free.length || table.status === "finished") return null;
  const key = free.map((s) => s.seat).join(",");
  if (page.joinForm && page.joinForm.key === key) return page.joinForm.node;
  page.joinForm = { key, node: newJoinForm(free) };
  return page.joinForm.node;
}

function newJoinForm(free) {
  // When the free seats change the form is drawn anew: what the player typed or chose is kept in `page.joinDraft`.
  const draft = page.joinDraft || (page.joinDraft = { name: storedName(), seat: null });
  const nameInput = h("input", {
    type: "text", id: "join-name", name: "name", required: true, maxlength: 24, value: draft.name, autocomplete: "nickname",
    oninput: (event) => (draft.name = event.target.value),
  });
  const seatSelect = h(
    "select",
    { id: "join-seat", name: "seat", onchange: (event) => (draft.seat = Number(event.target.value)) },
    free.map((s) => h("option", { value: s.seat, selected: s.seat === draft.seat }, t("seat.n", { n: s.seat + 1 }))),
  );
  const form = h(
    "form",
    {
      class: "join-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const name = nameInput.value.trim();
        if (!name) {
          nameInput.focus();
          return;
        }
        try {
          const answer = await joinTable(tableId, name, Number(seatSelect.value));
          page.token = answer.token;
          page.seat = answer.seat;
          page.joinOpen = false;
          hooks.connect();
        } catch (err) {
          toast(t("join.failed", { reason: errorLine(err.code, err.message) }), "error", err.message);
          loadTableAndOfferJoin();
        }
      },
    },
    h("h2", null, t("join.title")),
    h("label", { for: "join-name" }, t("join.name")),
    nameInput,
    h("label", { for: "join-seat" }, t("join.seat")),
    seatSelect,
    h("button", { type: "submit", class: "primary" }, t("join.join")),
    button(t("join.watch"), () => {
      page.joinOpen = false;
      hooks.render();
    }),
  );
  return form;
}

export async function loadTableAndOfferJoin() {
  try {
    const table = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    page.table = page.table || table;
    page.joinOpen = table.status !== "finished" && table.seats.some((s) => s.kind === "human" && !s.taken && !s.reserved);
    hooks.render();
  } catch (err) {
    showUnavailable(err.status === 404 ? t("error.not_found") : t("table.cannot_load", { reason: errorLine(err.code, err.message) }), err.message);
  }
}

// A table that cannot be shown (unknown, expired): the reason and the way back, and no empty felt under them.
export function showUnavailable(message, detail) {
  const box = $("notice");
  box.hidden = false;
  box.replaceChildren(h("p", { class: "error", title: detail }, message), h("p", null, h("a", { href: "/" }, t("table.back"))));
  document.querySelector(".layout").hidden = true;
  $("turn").hidden = true;
  document.body.dataset.status = "unavailable";
}
