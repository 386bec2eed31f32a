// The lobby (/): create a table (game, players, seats with bots, rule options) and join open tables.
import { api, joinTable, storedName, storeName, storeSeat } from "./api.js";
import { button, h } from "./dom.js";
import { gameNotes } from "./gameinfo.js";
import { rulesButton } from "./rules.js";
import { botDescription, botName, errorLine, lang, messagesOf, onLanguageChange, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
const gameT = new Map(); // game name -> its messages (the shell's for a game without a renderer)

// A game's messages; its title and option names in the player's language where the game's dictionary has them.
function tOf(game) {
  return (game && gameT.get(game.name)) || t;
}

function titleOf(game, fallback) {
  const tg = tOf(game);
  return tg.has("game.title") ? tg("game.title") : (game && game.title) || fallback;
}

function currentGame() {
  return games.find((g) => g.name === $("game").value) || games[0];
}

// ---------------------------------------------------------------- rule options, built from GET /api/games

function choicesOf(option) {
  if (Array.isArray(option.allowed)) return option.allowed;
  const text = String(option.allowed || "");
  if (text.startsWith("integer")) return null;
  const tokens = text.split("|").map((t) => t.trim());
  return tokens.length > 1 && tokens.every((t) => /^[A-Za-z0-9_.-]+$/.test(t) && !isPlaceholder(t)) ? tokens : null;
}

// "PATH.toml" in "default | test | PATH.toml" stands for something to type, not a value to pick.
function isPlaceholder(token) {
  return /^[A-Z]{2,}(\.[a-z]+)?$/.test(token);
}

function suggestionsOf(option) {
  if (Array.isArray(option.allowed)) return [];
  return String(option.allowed || "")
    .split("|")
    .map((t) => t.trim())
    .filter((t) => /^[A-Za-z0-9_.-]+$/.test(t) && !isPlaceholder(t));
}

function integerRange(option) {
  const text = String(option.allowed || "");
  let m = text.match(/integer\s+(-?\d+)\s*\.\.\s*(-?\d+)/);
  if (m) return { min: m[1], max: m[2] };
  m = text.match(/integer\s*>=\s*(-?\d+)/);
  if (m) return { min: m[1] };
  return text.startsWith("integer") ? {} : null;
}

// An option's name and explanation from the game's dictionary (`option.NAME`, `option.NAME.doc`), else the server's.
function optionWords(option, tg) {
  const key = `option.${option.name}`;
  return {
    label: tg.has(key) ? tg(key) : option.name.replace(/_/g, " "),
    doc: tg.has(`${key}.doc`) ? tg(`${key}.doc`) : option.doc || "",
  };
}

function optionControl(option, tg = t) {
  const id = `opt-${option.name}`;
  const { label, doc } = optionWords(option, tg);
  let input;
  const choices = choicesOf(option);
  // The allowed values in the server's notation: in English always; in another language only where a value is to be
  // typed (a menu, a number field and a checkbox already offer exactly what is allowed).
  const typed = !choices && !(integerRange(option) && typeof option.default === "number") && typeof option.default !== "boolean";
  const allowedKey = `option.${option.name}.allowed`; // the game's words for what may be typed
  const allowedText = lang !== "en" && tg.has(allowedKey) ? tg(allowedKey) : option.allowed;
  const allowed = option.allowed && !Array.isArray(option.allowed) && (lang === "en" || typed) ? ` (${allowedText})` : "";
  const help = h("span", { class: "muted small doc", id: `${id}-doc` }, doc, allowed);
  if (typeof option.default === "boolean" || option.allowed === "true | false") {
    input = h("input", { type: "checkbox", id, checked: !!option.default, "aria-describedby": `${id}-doc` });
    input.dataset.kind = "bool";
  } else if (choices) {
    const values = choices.map((c) => (typeof c === "string" ? c : JSON.stringify(c)));
    const opts = [];
    if (option.default == null) opts.push(h("option", { value: "" }, t("lobby.default")));
    // a value is sent as the game writes it; shown in the player's words where the game's dictionary has them
    const word = (v) => (tg.has(`option.${option.name}.${v}`) ? tg(`option.${option.name}.${v}`) : v);
    for (const v of values) opts.push(h("option", { value: v, selected: v === String(option.default) }, word(v)));
    input = h("select", { id, "aria-describedby": `${id}-doc` }, opts);
    input.dataset.kind = "choice";
  } else if (integerRange(option) && typeof option.default === "number") {
    const range = integerRange(option);
    input = h("input", { type: "number", id, value: option.default, min: range.min, max: range.max, step: 1, "aria-describedby": `${id}-doc` });
    input.dataset.kind = "int";
  } else {
    const suggestions = suggestionsOf(option);
    const listId = suggestions.length ? `${id}-list` : null;
    input = h("input", { type: "text", id, list: listId, placeholder: option.default == null ? t("lobby.default") : String(option.default), "aria-describedby": `${id}-doc` });
    input.dataset.kind = "text";
    if (listId) input = h("span", { class: "with-list" }, input, h("datalist", { id: listId }, suggestions.map((t) => h("option", { value: t }))));
  }
  const field = input.matches("[id]") ? input : input.querySelector(`#${CSS.escape(id)}`);
  field.dataset.option = option.name;
  field.dataset.default = JSON.stringify(option.default);
  return h("div", { class: `option option-${field.dataset.kind}` }, h("label", { for: id }, label), input, help);
}

function parseLoose(text) {
  const t = text.trim();
  if (/^-?\d+$/.test(t)) return Number(t);
  if (t === "true" || t === "false") return t === "true";
  if (t === "none" || t === "null") return null;
  return t;
}

// Only the options the player changed are sent, so the server's defaults stay the authority.
function collectOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const def = JSON.parse(input.dataset.default);
    let value;
    if (input.dataset.kind === "bool") value = input.checked;
    else if (input.dataset.kind === "int") value = input.value === "" ? def : Number(input.value);
    else if (input.dataset.kind === "choice") value = input.value === "" ? def : parseLoose(input.value);
    else value = input.value.trim() === "" ? def : parseLoose(input.value);
    if (JSON.stringify(value) !== JSON.stringify(def)) out[input.dataset.option] = value;
  }
  return out;
}

// ---------------------------------------------------------------- seats

// A bot kept for measurements (`benchmark` in GET /api/games: a frozen baseline, a sparring partner) is no
// opponent to offer a player; it stays available to the CLI and the API.

function defaultBot(game) {
  const names = game.bots.map((b) => b.name);
  return ["medium", "heuristic", "random"].find((n) => names.includes(n)) || names[0] || "";
}

// The number of players within the game's range: a number typed beyond it (9 for a 2–5 player game) becomes the
// nearest allowed one, so the seat rows drawn are always seats the game has.
function playerCount(game) {
  const field = $("players");
  const typed = Number(field.value);
  const n = Number.isInteger(typed) ? Math.min(game.max_players, Math.max(game.min_players, typed)) : game.min_players;
  if (String(n) !== field.value && field.value !== "") field.value = String(n);
  return n;
}

function renderSeats() {
  const game = currentGame();
  const players = playerCount(game);
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(h("legend", null, t("seats.label")));
  box.append(h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, t("seat.n", { n: 1 })), h("span", null, t("lobby.you"))));
  for (let seat = 1; seat < players; seat++) {
    const id = `seat-${seat}`;
    const options = [h("option", { value: "human" }, t("lobby.friend"))];
    for (const bot of game.bots) options.push(h("option", { value: `bot:${bot.name}`, title: botDescription(bot) }, t("lobby.bot", { bot: botName(bot.name) })));
    const select = h("select", { id, "aria-label": t("seat.n", { n: seat + 1 }) }, options);
    const keep = previous[seat - 1];
    select.value = keep && [...select.options].some((o) => o.value === keep) ? keep : seat === 1 ? "human" : `bot:${defaultBot(game)}`;
    if (!select.value) select.value = "human";
    box.append(h("div", { class: "seat-row" }, h("label", { class: "seat-no", for: id }, t("seat.n", { n: seat + 1 })), select));
  }
}

function renderGame() {
  const game = currentGame();
  const players = $("players");
  players.min = game.min_players;
  players.max = game.max_players;
  if (players.value === "") players.value = game.min_players;
  $("game-info").textContent = t("lobby.player_range", { min: game.min_players, max: game.max_players });
  $("options").replaceChildren(...game.options.map((option) => optionControl(option, tOf(game))));
  renderSeats();
  renderIntro(game);
}

// Under the game's name: what wins (from the game's dictionary, gameinfo.js), and its rules one click away, so a
// first-time player learns the game here. A game's modes (such as playing from memory) are its rule options.
async function renderIntro(game) {
  const info = $("game-info");
  let intro = $("game-intro");
  if (!intro) {
    intro = h("div", { id: "game-intro", class: "game-intro", "aria-live": "polite" });
    info.after(intro);
  }
  const notes = await gameNotes(game);
  if (currentGame() !== game) return; // the player picked another game meanwhile
  intro.replaceChildren(
    h("p", { class: "game-wins small" }, notes.wins ? h("span", { class: "wins-text" }, notes.wins) : null, rulesButton(() => game.name, () => titleOf(game, game.title), { label: t("lobby.howToPlay") })),
  );
}

async function createTable(event) {
  event.preventDefault();
  const error = $("create-error");
  error.textContent = "";
  const name = $("your-name").value.trim();
  if (!name) {
    error.textContent = t("lobby.need_name");
    $("your-name").focus();
    return;
  }
  const game = currentGame();
  const players = playerCount(game);
  const seats = [{ kind: "human" }];
  for (let seat = 1; seat < players; seat++) {
    const value = $(`seat-${seat}`).value;
    seats.push(value.startsWith("bot:") ? { kind: "bot", bot: value.slice(4) } : { kind: "human" });
  }
  const body = { game: game.name, players, options: collectOptions(), seats, name, seat: 0 };
  $("create").disabled = true;
  try {
    const answer = await api("POST", "/api/tables", body);
    storeName(name);
    storeSeat(answer.table.id, answer.seat, answer.token);
    location.assign(`/t/${encodeURIComponent(answer.table.id)}`);
  } catch (err) {
    error.textContent = t("lobby.create_failed", { reason: errorLine(err.code, err.message) });
    error.title = err.message;
    $("create").disabled = false;
  }
}

// ---------------------------------------------------------------- open tables

async function refreshTables() {
  const list = $("open-tables");
  let tables;
  try {
    tables = await api("GET", "/api/tables");
  } catch (err) {
    list.replaceChildren(h("li", { class: "error", title: err.message }, t("lobby.tables_failed", { reason: errorLine(err.code, err.message) })));
    return;
  }
  if (!tables.length) {
    list.replaceChildren(h("li", { class: "muted" }, t("lobby.no_tables")));
    return;
  }
  list.replaceChildren(
    ...tables.map((table) => {
      const seats = table.seats.map((s) => (s.kind === "bot" ? t("lobby.seat_bot", { bot: botName(s.bot) }) : s.taken ? s.name || t("seat.player") : t("seats.free")));
      const free = table.seats.filter((s) => s.kind === "human" && !s.taken).length;
      const info = games.find((g) => g.name === table.game);
      const title = titleOf(info, table.title || table.game);
      const defaults = Object.fromEntries(((info && info.options) || []).map((o) => [o.name, o.default]));
      const options = Object.entries(table.options || {})
        .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k]))
        .map(([k, v]) => `${optionWords({ name: k }, tOf(info)).label}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
      return h(
        "li",
        { class: "open-table", dataset: { table: table.id } },
        h("div", null, h("strong", null, title), " · ", t("lobby.table_players", { count: table.num_players }), " · ", t("lobby.table_free", { count: free })),
        h("div", { class: "muted small" }, seats.join(", "), options.length ? ` · ${options.join(", ")}` : ""),
        h(
          "div",
          { class: "row" },
          button(t("join.join"), () => join(table.id), { class: "primary", "aria-label": t("lobby.join_label", { title, seats: seats.join(", ") }) }),
          h("a", { href: `/t/${encodeURIComponent(table.id)}`, class: "button-link" }, t("lobby.watch")),
        ),
      );
    }),
  );
}

async function join(tableId) {
  const name = $("your-name").value.trim();
  if (!name) {
    $("create-error").textContent = t("lobby.need_name_first");
    $("your-name").focus();
    return;
  }
  try {
    await joinTable(tableId, name);
    location.assign(`/t/${encodeURIComponent(tableId)}`);
  } catch (err) {
    $("create-error").textContent = t("join.failed", { reason: errorLine(err.code, err.message) });
    $("create-error").title = err.message;
    refreshTables();
  }
}

// Another language, no reload: everything drawn again in it, what the player chose or typed kept.
function redrawInLanguage() {
  const fields = [...$("options").querySelectorAll("[data-option]")].map((el) => [el.id, el.type === "checkbox" ? el.checked : el.value]);
  const chosen = $("game").value;
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.name }, titleOf(g, g.name))));
  $("game").value = chosen;
  renderGame();
  for (const [id, value] of fields) {
    const el = $(id);
    if (el && el.type === "checkbox") el.checked = value;
    else if (el) el.value = value;
  }
  refreshTables();
}

async function main() {
  $("your-name").value = storedName();
  $("create-form").addEventListener("submit", createTable);
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("input", renderSeats);
  $("refresh").addEventListener("click", refreshTables);
  try {
    games = await api("GET", "/api/games");
  } catch (err) {
    $("create-error").textContent = t("lobby.no_server", { reason: errorLine(err.code, err.message) });
    return;
  }
  await Promise.all(games.map(async (g) => gameT.set(g.name, await messagesOf(g))));
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.name }, titleOf(g, g.name))));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) $("game").value = wanted;
  renderGame();
  refreshTables();
  setInterval(() => {
    if (document.visibilityState === "visible") refreshTables();
  }, 5000);
  onLanguageChange(redrawInLanguage);
  document.body.dataset.ready = "true";
}

main();
