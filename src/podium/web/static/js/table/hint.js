// The hint, in every game (issue 29): what the hard bot would play now and the best few choices with its estimate of
// your win share after each. The server computes it from your own view only. A hint belongs to the position it was
// asked for, and to the positions you reach by following it: in a game where hard weighs whole turns, the whole
// turn stays shown while you play it step by step, the steps done struck through and the next one offered.
import { button, h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { actionText, loaded } from "./renderer.js";
import { page } from "./state.js";

const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

// A hint arrived for the position at `version`.
export function hintArrived(msg, version) {
  page.hint = { ...msg, version, done: 0 };
}

// A sync moved the game from `previous` to `msg.version`: the hint stays if our move was its next step.
export function followHint(msg, previous) {
  const hint = page.hint;
  if (!hint || msg.version === previous) return;
  const next = hint.actions && hint.actions[hint.done];
  const followed = msg.version === previous + 1 && hint.version + hint.done === previous && msg.last && msg.last.seat === page.seat && next && same(msg.last.action, next);
  if (followed) hint.done += 1;
  else page.hint = null;
}

// The hint for the position shown, or null: `done` steps of its turn are played, `next` is the step to play now.
export function currentHint() {
  const hint = page.hint;
  if (!hint || hint.version + hint.done !== page.version) return null;
  if (hint.choices && hint.choices.length && hint.done >= hint.actions.length) return null;
  return { ...hint, next: hint.actions ? hint.actions[hint.done] || null : null };
}

function say(action, text, ctx) {
  return actionText(loaded.renderer, { action, text }, ctx);
}

function share(value) {
  if (value == null) return t("hint.no_estimate");
  return t("hint.share", { pct: new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(value * 100) });
}

function choiceItem(choice, ctx, done) {
  const steps = choice.steps.map((s, i) => h("li", { class: choice.chosen && i < done ? "done" : choice.chosen && i === done ? "next" : "" }, say(choice.actions[i], s, ctx)));
  const label = h("span", { class: "hint-label" }, choice.chosen ? t("hint.hard_plays") : t("hint.also"));
  const estimate = h("span", { class: "hint-share" }, `(${share(choice.share)})`);
  if (steps.length > 1) return h("li", { class: choice.chosen ? "chosen" : "" }, label, " ", estimate, h("ol", { class: "hint-steps" }, steps));
  return h("li", { class: choice.chosen ? "chosen" : "" }, label, " ", h("span", { class: "hint-move" }, say(choice.actions[0], choice.steps[0], ctx)), " ", estimate);
}

// Hard's choice first, then the others best first (hard may prefer a choice its playouts rate a little lower: it
// plays the one searched most).
function hardFirst(choices) {
  return [...choices.filter((c) => c.chosen), ...choices.filter((c) => !c.chosen)];
}

// The hint area under your legal actions: the button, and the hint of this position once it came.
export function hintPanel(ctx) {
  if (!ctx.myTurn) return null;
  const hint = ctx.hint;
  const children = [button(ctx.ui.hintWaiting ? t("hint.thinking") : t("hint.button"), ctx.requestHint, { class: "hint-btn", disabled: ctx.ui.hintWaiting || ctx.busy, "aria-label": t("hint.label"), dataset: { key: "hint" } })];
  if (hint) {
    const entry = hint.next ? ctx.find((a) => same(a, hint.next)) : null;
    const body = hint.choices && hint.choices.length
      ? h("ol", { class: "hint-choices" }, hardFirst(hint.choices).map((c) => choiceItem(c, ctx, hint.done)))
      : h("p", { title: hint.note || null }, t("hint.none_in_time"));
    children.push(
      h(
        "div",
        { class: "hint-box", role: "status" },
        body,
        entry ? button(t("hint.do", { move: say(entry.action, entry.text, ctx) }), () => ctx.act(entry.action), { class: "primary", disabled: ctx.busy, dataset: { key: "hint-do" } }) : null,
      ),
    );
  }
  return h("div", { class: "hint-area" }, children);
}
