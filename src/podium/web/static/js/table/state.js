// The table page's state and the helpers every part of it uses: the page (what the last sync said, our seat and
// token, the log), names as shown, the toast and the log. See table.js, the page's entry module.
import { botName, t } from "../i18n.js";

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
export const $ = (id) => document.getElementById(id);

export const page = {
  table: null,
  view: null,
  legal: [],
  version: -1,
  result: null,
  seat: null, // our seat, null when watching
  token: null,
  conn: null,
  log: [], // the game log's entries (table/log.js)
  ui: {}, // renderer scratch space (selection, hint) that survives re-renders
  hint: null,
  busy: false,
  rematching: false, // a rematch request is running
  joinOpen: false,
  joinForm: null, // { key: the free seats, node }: the join form kept from render to render
  panelsKey: null, // what the game's panels were last drawn from (panelsKey)
};

// The page's own steps that its parts call back, set once by table.js (the entry module), so that no part imports
// the entry: draw the page, (re)connect, and go on once the game's renderer has loaded.
export const hooks = { render() {}, connect() {}, rendererLoaded() {} };

function baseName(info, seat) {
  if (info && info.kind === "bot") return t("seat.bot", { bot: botName(info.bot || info.name || "bot") });
  return info && info.name ? info.name : t("seat.n", { n: seat + 1 });
}

// Names as shown: a bot is "random bot"; two seats with the same name get their seat numbers.
export function seatName(seat) {
  if (seat == null) return "—";
  const seats = (page.table && page.table.seats) || [];
  const name = baseName(seats[seat], seat);
  const twins = seats.filter((info, k) => baseName(info, k) === name).length;
  return twins > 1 ? `${name} ${seat + 1}` : name;
}

export function displayName(seat) {
  return seat === page.seat ? t("seat.you", { name: seatName(seat) }) : seatName(seat);
}

// `detail`: the server's own words (English), kept as the toast's tooltip.
export function toast(message, kind = "error", detail = "") {
  const box = $("toast");
  box.textContent = message;
  box.title = detail;
  box.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.className = "toast"), kind === "error" ? 6000 : 3000);
}
