// The page's language: English, Hungarian or Norwegian bokmål, chosen from the browser's languages, switchable
// with the menu in the top bar, remembered in localStorage. Every text the player reads goes through `t(key, params)`.
//
// Dictionaries are JSON files `{"en": {...}, "hu": {...}, "nb": {...}}`: the shell's own in /static/i18n/shell.json,
// each game's beside its renderer (`i18n.json`, loaded by the renderer with `gameMessages(import.meta.url)`, which
// returns a `t` that looks in the game's dictionary first, then the shell's). A value may hold `{name}` placeholders;
// a key with a count has the variants `key.one` and `key.other` (Intl.PluralRules of the language picks one).
// tests/web/test_i18n.py checks that every key used exists in every language.

export const LANGUAGES = { en: "English", hu: "Magyar", nb: "Norsk bokmål" };
const STORE = "podium.lang";

// "nb-NO", "no", "nn" -> nb; "hu-HU" -> hu; "en-GB" -> en; anything else -> null.
export function languageOf(tag) {
  const base = String(tag || "").toLowerCase().split(/[-_]/)[0];
  if (base === "nb" || base === "no" || base === "nn") return "nb";
  if (base === "hu") return "hu";
  if (base === "en") return "en";
  return null;
}

function stored() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null;
  }
}

// The player's choice if they made one, else the first of the browser's languages we speak, else English.
export function chooseLanguage(choice, preferred) {
  if (choice && LANGUAGES[choice]) return choice;
  for (const tag of preferred || []) {
    const found = languageOf(tag);
    if (found) return found;
  }
  return "en";
}

// `lang` is a live binding: a language switch (setLanguage) changes it without reloading the page.
export let lang = chooseLanguage(stored(), navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = lang;
let plurals = new Intl.PluralRules(lang);
const dictionaries = []; // every dictionary loaded, each {all, mine, en}: a switch points `mine` at the new language

async function loadDictionary(url) {
  let all = {};
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    all = await response.json();
  } catch (err) {
    console.error(`messages ${url} did not load: ${err.message}`);
  }
  const dictionary = { all, mine: all[lang] || {}, en: all.en || {} };
  dictionaries.push(dictionary);
  return dictionary;
}

const shell = await loadDictionary("/static/i18n/shell.json");

function lookup(dicts, key, params) {
  const count = params && typeof params.count === "number" ? params.count : null;
  const keys = count == null ? [key] : [`${key}.${plurals.select(count)}`, `${key}.other`, key];
  for (const d of dicts) for (const k of keys) if (typeof d[k] === "string") return d[k];
  return null;
}

function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (params[name] == null ? whole : String(params[name])));
}

// `sources()` gives the dictionaries to look in, in order, at the time of the call (so after a switch, the new ones).
function translator(sources) {
  const say = (key, params) => {
    const found = lookup(sources(), key, params);
    if (found == null) {
      console.warn(`no message ${key} in ${lang}`);
      return key;
    }
    return fill(found, params);
  };
  say.has = (key) => lookup(sources(), key) != null; // for texts that only sometimes have a message
  return say;
}

// The shell's messages (a game's renderer uses the `t` that gameMessages gives it).
export const t = translator(() => [shell.mine, shell.en]);

// True when the shell has this key.
export const has = t.has;

const games = new Map(); // dictionary URL -> Promise of its translator

// A game's messages, from `i18n.json` beside its renderer: `const t = await gameMessages(import.meta.url)`.
export function gameMessages(rendererUrl) {
  const url = new URL("i18n.json", rendererUrl).href;
  if (!games.has(url)) games.set(url, loadDictionary(url).then((game) => translator(() => [game.mine, shell.mine, game.en, shell.en])));
  return games.get(url);
}

// The messages of a game of GET /api/games (the lobby's titles and option names); the shell's for a game without
// a renderer of its own.
export function messagesOf(game) {
  return game && game.renderer ? gameMessages(new URL(game.renderer, location.href).href) : Promise.resolve(t);
}

// A bot's name and description as the lobby and the table show them: the levels every game has (easy, medium,
// hard, random) in the player's words; another bot keeps its name, and its description stays the server's (in
// English: a technical note with its options).
export function botName(name) {
  return name && has(`bot.${name}`) ? t(`bot.${name}`) : name;
}

export function botDescription(bot) {
  return lang !== "en" && has(`bot.${bot.name}.doc`) ? t(`bot.${bot.name}.doc`) : bot.description;
}

// A server error, said in the player's language from its code; the server's English detail stays available (the
// caller shows it as a tooltip, or after the sentence where it is the only explanation, e.g. an engine's reason).
export function errorText(code, detail) {
  const key = `error.${code}`;
  return has(key) ? t(key) : t("error.other", { code: String(code || "").replace(/_/g, " "), detail: detail || "" });
}

// Codes whose sentence only says that something was refused: the server's own words (English) are the only ones that
// say what (the engine's reason for an illegal move; the option, its value and what is allowed for a bad request).
const EXPLAINED_BY_DETAIL = new Set(["illegal", "bad_request"]);

// A server error as the player reads it: the sentence, and where only the server's words say what was wrong, those.
export function errorLine(code, detail) {
  return EXPLAINED_BY_DETAIL.has(code) && detail ? `${errorText(code, detail)} (${detail})` : errorText(code, detail);
}

// Switch the page's language without reloading it: the dictionaries already loaded answer in the new language at
// once, the static texts are translated again, and the page's modules draw themselves again on `podium:language`
// (the table keeps its socket, its log and its game; the lobby what was typed).
export function setLanguage(code) {
  if (!LANGUAGES[code] || code === lang) return;
  try {
    localStorage.setItem(STORE, code);
  } catch {
    /* private mode: the choice lasts this page only */
  }
  lang = code;
  document.documentElement.lang = code;
  plurals = new Intl.PluralRules(code);
  for (const dictionary of dictionaries) dictionary.mine = dictionary.all[code] || {};
  translatePage();
  const select = document.getElementById("lang");
  if (select) {
    select.value = code;
    select.title = t("shell.language");
    select.previousElementSibling.textContent = t("shell.language");
  }
  document.dispatchEvent(new CustomEvent("podium:language", { detail: code }));
}

// `draw()` again after every language switch.
export function onLanguageChange(draw) {
  document.addEventListener("podium:language", () => draw());
}

// Texts of the static pages: `data-i18n="key"` sets the text, `data-i18n-attr="attr:key attr:key"` attributes.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, t(key));
    }
  }
}

// The language menu, put at the end of the page's top bar.
export function mountLanguageMenu() {
  const bar = document.querySelector(".topbar");
  if (!bar || bar.querySelector(".lang-menu")) return;
  const label = document.createElement("label");
  label.className = "lang-menu";
  const text = document.createElement("span");
  text.className = "sr-only";
  text.textContent = t("shell.language");
  const select = document.createElement("select");
  select.id = "lang";
  select.title = t("shell.language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  label.append(text, select);
  bar.append(label);
}

translatePage();
mountLanguageMenu();
