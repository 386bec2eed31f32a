"""Moves you can follow (issue 29, point 3): a card that changes place glides from where it was, a card that comes
into sight fades in, and a bot's turn of several steps is drawn one step at a time at a readable pace even when the
server sends the steps at once (the test server's bots move without delay); `prefers-reduced-motion: reduce` turns
all of it off."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import click_and_wait, create_table, join_table, legal, wait_my_turn

PACE_MS = 650  # table/motion.js

# Every time the page draws a new version, the time it did (body[data-version] observed as it changes).
WATCH_VERSIONS = """() => {
  window.drawn = [];
  new MutationObserver(() => window.drawn.push([Number(document.body.dataset.version), performance.now()]))
    .observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
}"""


def counter(page: Any, name: str) -> int:
    return int(page.evaluate(f"Number(document.body.dataset.{name} || 0)"))


def golf_to_my_turn(page: Any, friend: Any) -> None:
    # a friend who does not move: nothing else changes the table while the test looks at it
    url = create_table(page, "golf", name="Mo", seats=["human"], options={"peek": "near", "rounds": 1})
    join_table(friend, url, "Flo")
    wait_my_turn(page)


def golf_to_a_drawn_card(page: Any, friend: Any) -> None:
    golf_to_my_turn(page, friend)
    click_and_wait(page, '[data-key="stock"]')  # the drawn card comes into sight beside the piles


# Every animation started on a card: the card, its first keyframe's transform, and where the card and the place with
# the given data-key were at that moment (the offset from one to the other), kept after the animation ends.
RECORD_ANIMATIONS = """(key) => {
  window.started = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const stock = document.querySelector(`[data-key="${key}"]`).getBoundingClientRect();
    const here = this.getBoundingClientRect();
    window.started.push({
      card: this.dataset.card || "", transform: frames[0].transform || "",
      offset: [stock.left - here.left, stock.top - here.top],
    });
    return animate.call(this, frames, options);
  };
}"""


@pytest.mark.parametrize("motion", [True, False], ids=["motion", "reduced-motion"])
def test_a_card_drawn_from_the_stock_flies_from_the_stock(motion: bool, new_page: Callable[..., Any]) -> None:
    # G-4: the drawn card comes from the stock, a hidden place: it flies from there rather than fading in
    page = new_page(motion=motion)
    golf_to_my_turn(page, new_page())
    page.evaluate(RECORD_ANIMATIONS, "stock")
    click_and_wait(page, '[data-key="stock"]')
    drawn = page.get_attribute('[data-key="drawn"]', "data-card")
    assert drawn
    started = page.evaluate("window.started")
    if not motion:
        assert started == [] and counter(page, "flights") == 0 and counter(page, "fades") == 0
        return
    assert counter(page, "flights") == 1 and counter(page, "fades") == 0
    (flight,) = [a for a in started if a["card"] == drawn]
    # its first frame puts it where the stock is: the offset from the drawn card's place to the stock's
    assert starts_at(flight, *flight["offset"]), flight


def starts_at(animation: dict[str, Any], dx: float, dy: float) -> bool:
    """Whether the animation's first frame shifts its card by (dx, dy), and that is a real move (a fade-in, whose first
    frame only scales, is not)."""
    transform: str = animation["transform"]
    if not transform.startswith("translate("):
        return False
    x, y = (float(n) for n in transform.removeprefix("translate(").removesuffix(")").replace("px", "").split(","))
    return abs(x - dx) < 1 and abs(y - dy) < 1 and abs(dx) + abs(dy) > 20


def test_cards_drawn_into_the_hand_fly_from_the_draw_pile(new_page: Callable[..., Any]) -> None:
    # a turn ended without placing a card draws 3 cards, which fly into the hand from the draw pile
    page = new_page(motion=True)
    create_table(page, "athletic", name="Ada", seats=["bot:random"])
    wait_my_turn(page)
    hand = ".me .hand [data-card]"
    before = set(page.locator(hand).evaluate_all("els => els.map(e => e.dataset.card)"))
    page.evaluate(RECORD_ANIMATIONS, "draw-pile")
    click_and_wait(page, '[data-key="end"]')  # your own move is drawn at once
    drawn = set(page.locator(hand).evaluate_all("els => els.map(e => e.dataset.card)")) - before
    assert len(drawn) == 3
    first: dict[str, dict[str, Any]] = {}  # each drawn card's first animation (later redraws may make it glide)
    for animation in page.evaluate("window.started"):
        if animation["card"] in drawn:
            first.setdefault(animation["card"], animation)
    assert len(first) == 3 and all(starts_at(a, *a["offset"]) for a in first.values()), first
    assert counter(page, "flights") >= 3


@pytest.mark.parametrize("motion", [True, False], ids=["motion", "reduced-motion"])
def test_a_discarded_card_glides_to_the_pile(motion: bool, new_page: Callable[..., Any]) -> None:
    page = new_page(motion=motion)
    golf_to_a_drawn_card(page, new_page())
    drawn = page.get_attribute('[data-key="drawn"]', "data-card")
    assert drawn
    fades = counter(page, "fades")
    glides = counter(page, "glides")
    click_and_wait(page, '[data-key="btn-discard"]')
    assert page.get_attribute('[data-key="discard"]', "data-card") == drawn  # the same card, now on the pile
    running = page.evaluate(
        "c => document.querySelector(`#board .card[data-card='${c}']`).getAnimations().length", drawn
    )
    if motion:
        assert counter(page, "glides") > glides  # it moved from the hand to the discard pile ...
        assert running >= 1  # ... as an animation, running now
        assert fades == 0 and counter(page, "flights") == 1  # and the drawn card had flown in from the stock
    else:
        assert counter(page, "glides") == 0 and counter(page, "fades") == 0
        assert running == 0


@pytest.mark.parametrize("motion", [True, False], ids=["motion", "reduced-motion"])
def test_a_bots_turn_unfolds_step_by_step(motion: bool, new_page: Callable[..., Any]) -> None:
    page = new_page(motion=motion)
    # the heuristic plays every card it can: a turn of several steps, which the server sends at once
    create_table(page, "athletic", name="Ada", seats=["bot:heuristic"])
    wait_my_turn(page)
    page.evaluate(WATCH_VERSIONS)
    for _ in range(6):
        start = int(page.evaluate("document.body.dataset.version"))
        click_and_wait(page, '[data-key="end"]')
        wait_my_turn(page)
        drawn = [(v, t) for v, t in page.evaluate("window.drawn") if v > start + 1]  # the bot's steps
        if len(drawn) >= 3:
            break
        page.evaluate("window.drawn = []")
        if "end" not in legal(page):
            pytest.skip("the game ended before the bot had a turn of three steps")
    assert len(drawn) >= 3, drawn
    gaps = [b[1] - a[1] for a, b in itertools.pairwise(drawn)]
    if motion:
        assert min(gaps) >= PACE_MS * 0.9, gaps  # one step at a time, each on the screen long enough to follow
    else:
        assert min(gaps) < PACE_MS * 0.9, gaps  # drawn as they come: the bot's quick steps closer than the pace


def test_cards_won_by_withdrawing_fly_from_the_draw_pile(new_page: Callable[..., Any]) -> None:
    # O-6 with three players: the first to withdraw from a sport takes 3 cards from the draw pile, which fly into the
    # hand from the draw pile's line
    page = new_page(motion=True)
    create_table(page, "olympicards", name="Olga", seats=["bot:random", "bot:random"])
    wait_my_turn(page)
    click_and_wait(page, '[data-key="accept"]')  # seat 0 decides on the first sport (O-4)
    wait_my_turn(page)
    if "withdraw" not in legal(page) or page.locator(".tag-out").count():
        pytest.skip("a bot withdrew first: the first withdrawal's award is not yours")
    hand = ".oly-me .hand [data-card]"
    before = Counter(page.locator(hand).evaluate_all("els => els.map(e => e.dataset.card)"))
    page.evaluate(RECORD_ANIMATIONS, "draw-pile")
    click_and_wait(page, '[data-key="withdraw"]')  # your own move is drawn at once
    drawn = Counter(page.locator(hand).evaluate_all("els => els.map(e => e.dataset.card)")) - before
    assert sum(drawn.values()) == 3
    # Olympicards has two of each card: a card won may already be in the hand, and that one slides to its new place
    # (its animation starts elsewhere); each card won flies from the draw pile.
    started = page.evaluate("window.started")
    flights = Counter(a["card"] for a in started if a["card"] in drawn and starts_at(a, *a["offset"]))
    assert all(flights[card] >= count for card, count in drawn.items()), (drawn, started)


# A table drawn by hand: a card "7" lies in front of you (a played card), a "2" in your hand, and the draw pile; then
# the played "7" leaves the table and a "7" comes into your hand, in one redraw. Returns the counters it left.
SAME_TEXT_LEAVES_AND_ARRIVES = """async (fromOnly) => {
  const { animateChanges, cardPlaces } = await import("/static/js/table/motion.js");
  const root = document.createElement("div");
  document.body.append(root);
  const card = (text, left, top, hand) => {
    const el = document.createElement("div");
    el.className = "card";
    el.dataset.card = text;
    if (hand) el.dataset.from = "draw-pile";
    if (hand && fromOnly) el.dataset.fromOnly = "";
    el.style.cssText = `position: absolute; left: ${left}px; top: ${top}px; width: 40px; height: 60px`;
    return el;
  };
  const pile = card("", 500, 20, false);
  pile.dataset.key = "draw-pile";
  root.replaceChildren(pile, card("7", 300, 20, false), card("2", 20, 300, true));
  const before = cardPlaces(root);
  root.replaceChildren(pile, card("2", 20, 300, true), card("7", 80, 300, true));
  for (const name of ["glides", "flights", "fades"]) delete document.body.dataset[name];
  animateChanges(before, root);
  const { glides, flights, fades } = document.body.dataset;
  return { glides: Number(glides), flights: Number(flights), fades: Number(fades) };
}"""


def test_a_hand_fed_only_by_the_draw_pile_takes_no_card_from_elsewhere(new_page: Callable[..., Any]) -> None:
    # O-6: a withdrawal sends your played cards to the discard and brings cards from the draw pile into your hand;
    # a won card with the same text as a played one flies from the draw pile, it is not the played one sliding over
    page = new_page(motion=True)
    page.goto("/")
    assert page.evaluate(SAME_TEXT_LEAVES_AND_ARRIVES, True) == {"glides": 0, "flights": 1, "fades": 0}
    # where a hand may take a card back from the table (an undone step, A-4.5), the same redraw is that card's glide
    assert page.evaluate(SAME_TEXT_LEAVES_AND_ARRIVES, False) == {"glides": 1, "flights": 0, "fades": 0}
