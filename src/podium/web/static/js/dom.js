// Tiny DOM helpers. Text always goes in as text nodes (never innerHTML), so names typed by players cannot inject markup.

export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") el.style.cssText = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value != null) el.setAttribute(key, String(value));
  for (const child of children.flat(Infinity)) if (child) el.append(child);
  return el;
}

// Re-render `root` with new children while keeping keyboard focus on the element with the same data-key. Leading
// children that are already in place stay (a caller that keeps an element, like the join form, passes it again): an
// element taken out between a press and a release of the mouse on it would lose the click.
export function replaceChildrenKeepFocus(root, children) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.key : null;
  const wanted = [children].flat(Infinity).filter((child) => child != null && child !== false);
  let kept = 0;
  while (kept < wanted.length && root.childNodes[kept] === wanted[kept]) kept += 1;
  while (root.childNodes.length > kept) root.lastChild.remove();
  append(root, wanted.slice(kept));
  if (key) {
    const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

export function button(label, onclick, props = {}) {
  return h("button", { type: "button", ...props, onclick }, label);
}

// Add a stylesheet to the page once; resolves when it has loaded (or failed: a page without a game's styles is
// still usable), so that a renderer's first picture is drawn with its styles.
export function loadStylesheet(href) {
  const url = new URL(href, location.href).href;
  const known = [...document.querySelectorAll("link[rel=stylesheet]")].find((link) => link.href === url);
  if (known) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href: url });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}
