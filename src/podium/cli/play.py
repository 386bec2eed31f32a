"""The terminal play loop: humans and bots at one table, for any registered game.

Humans type an action's text form or the letter shown next to it. Menu items are lettered (a, b, … z, aa, ab …)
rather than numbered, so that they cannot be mistaken for the slot and pile numbers inside actions (`peek 3`); a
bare number is refused with a pointer to both. When several humans share the terminal (hot-seat), the screen is
cleared and the next human is asked to take over before their cards are shown.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from podium.agents.base import Agent
from podium.api.tui import TurnContext
from podium.cli.hints import HINT_HELP, show_hint
from podium.cli.tui import get_tui
from podium.cli.words import plural, seat_label
from podium.core.config import GameConfig
from podium.core.contract import Action, Event, Game, State
from podium.core.errors import ActionError, IllegalAction, PodiumError
from podium.core.record import Recorder
from podium.core.registry import game_names, get_game
from podium.sim.runner import make_bots

ReadLine = Callable[[str], str]

HELP = "Type an action's text (e.g. [bold]{example}[/]) or the letter shown next to it (e.g. [bold]a[/]). Other words:"


@dataclass
class Seat:
    name: str
    agent: Agent | None  # None = a human at this terminal


class QuitGame(Exception):
    pass


def menu_label(index: int) -> str:
    """The letters of menu item `index` (from 0): a … z, then aa, ab … zz, aaa …"""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("a") + rest) + label
    return label


def menu_index(text: str) -> int | None:
    """The menu item (from 0) that `text` names, if it is made of letters a-z only."""
    if not text or not all("a" <= ch <= "z" for ch in text):
        return None
    index = 0
    for ch in text:
        index = index * 26 + ord(ch) - ord("a") + 1
    return index - 1


class PlaySession:
    def __init__(
        self,
        game: Game,
        config: GameConfig,
        seed: int,
        humans: Sequence[int],
        bots: Sequence[str],
        *,
        console: Console,
        read_line: ReadLine | None = None,
        record: Path | None = None,
    ) -> None:
        num_players = len(humans) + len(bots)
        game.check_players(num_players)
        self.game = game
        self.seed = seed
        self.state: State = game.new_game(config, num_players, seed)
        self.console = console
        self.read_line: ReadLine = read_line or console.input
        # A session's own renderer: one may keep what it saw between calls (Golf's glimpses when played from memory),
        # and what one game's renderer kept must never show in another's.
        self.tui = copy.deepcopy(get_tui(game.name))
        bot_names = iter(bots)
        lineup = [("human" if seat in humans else next(bot_names)) for seat in range(num_players)]
        agents = make_bots(game, ["random" if name == "human" else name for name in lineup], seed)
        self.seats = [
            Seat("you" if len(humans) == 1 else f"player {seat + 1}", None)
            if name == "human"
            else Seat(f"{name} bot", agents[seat])
            for seat, name in enumerate(lineup)
        ]
        self.recorder = Recorder(record, self.state, seed, [s.name for s in self.seats]) if record else None
        self._last_human: int | None = None
        self._last_actor: int | None = None
        self._undo_stack: list[tuple[State, int]] = []  # the state before an undoable action, and the recap's length
        # Hot-seat: the screen is cleared between humans, so each is shown what everyone did since their last turn
        # (public information only): (seat that acted, or None for a summary everyone sees; what to print).
        self._recap: list[tuple[int | None, RenderableType]] = []
        self._recap_seen: dict[int, int] = {}

    # -- the loop -------------------------------------------------------------------------------------------

    def run(self) -> int:
        self._introduce()
        try:
            while not self.state.is_over:
                player = self.state.current_player
                assert player is not None
                seat = self.seats[player]
                if seat.agent and self.tui.table_before_bot_turn and self._last_actor != player:
                    self.console.print(self.tui.table(self.state.shown_view(self._viewer())))
                action = self._bot_turn(player, seat.agent) if seat.agent else self._human_turn(player)
                self._apply(player, action)
                self._last_actor = player
        except QuitGame:
            self.console.print("[yellow]Game left before the end.[/]" + self._record_note())
            return 0
        finally:
            if self.recorder is not None:
                self.recorder.finish(self.state)
                self.recorder.close()
        self._show_end()
        return 0

    def _introduce(self) -> None:
        names = ", ".join(f"{seat_label(i)}: {s.name}" for i, s in enumerate(self.seats))
        options = self.state.config.non_default()
        rules = ", ".join(f"{k}={v}" for k, v in options.items()) or "default rules"
        self.console.print(f"[bold]{self.game.title}[/] — {names} — {escape(rules)} — seed {self.seed}")

    def _viewer(self) -> int | None:
        humans = [i for i, s in enumerate(self.seats) if s.agent is None]
        return humans[0] if len(humans) == 1 else self._last_human

    def _bot_turn(self, player: int, agent: Agent) -> Action:
        return agent.act(self.state.view(player), self.state.legal_actions())

    def _apply(self, player: int, action: Action) -> None:
        before = self.state.clone() if self.seats[player].agent is None else None
        events = self.state.apply(action)
        if self.recorder is not None:
            self.recorder.add(player, action)
        line = f"[dim]{seat_label(player)} ({self.seats[player].name}):[/] {escape(action.text())}"
        seen = self.tui.describe(events, self._viewer())
        if before is None or seen:  # a human's own action is logged when it shows something, e.g. the cards drawn
            self.console.print(line + (f" [dim]·[/] {escape(seen)}" if seen else ""))
        if before is not None and self.tui.undoable(action, events) and self.state.current_player == player:
            self._undo_stack.append((before, len(self._recap)))
        else:
            self._undo_stack.clear()
        shown = self.tui.after_action(events, self.state, self._viewer())
        if shown is not None:
            self.console.print(shown)
        if self._hot_seat():
            public = self.tui.describe(events, None)
            self._recap.append((player, line + (f" [dim]·[/] {escape(public)}" if public else "")))
            summary = self.tui.after_action(events, self.state, None)
            if summary is not None:
                self._recap.append((None, summary))
            if before is not None:  # this human has just seen all of it
                self._recap_seen[player] = len(self._recap)
            if before is not None and self._shown_only_to(player, events):
                self._let_see(player)

    @staticmethod
    def _shown_only_to(player: int, events: list[Event]) -> bool:
        return any(e.visible_to is not None and player in e.visible_to for e in events)

    def _let_see(self, player: int) -> None:
        """Hot-seat: an action that showed its player a card (Golf's second peek) and handed the turn on would have
        the screen cleared for the next player before this one saw the card; they are shown it and take their time."""
        if self.state.is_over or self.state.current_player == player:
            return  # the end's table, or this player's own next prompt, shows it
        self.console.print(self.tui.table(self.state.shown_view(player)))
        self._read(f"{self.seats[player].name}: press Enter to hide your cards and pass the terminal ")

    def _hot_seat(self) -> bool:
        return sum(1 for s in self.seats if s.agent is None) > 1

    def _human_turn(self, player: int) -> Action:
        if self._hot_seat() and self._last_human not in (None, player):
            self.console.clear()
            self._read(f"Pass the terminal to {self.seats[player].name} ({seat_label(player)}) and press Enter ")
            self.console.clear()
            since = [shown for seat, shown in self._recap[self._recap_seen.get(player, 0) :] if seat != player]
            if since:
                self.console.print("[bold]Since your last turn:[/]")
                for shown in since:
                    self.console.print(shown)
        self._recap_seen[player] = len(self._recap)
        self._last_human = player
        self._show_table(player)
        while True:
            legal = self.state.legal_actions()
            line = self._read(f"{seat_label(player)} > ").strip()
            if not line:
                continue
            word, *args = line.split()
            word = word.lower()
            extra = self.tui.commands()
            if word in {"help", "?"}:
                self._show_help(legal, extra)
            elif word in {"quit", "exit"}:
                raise QuitGame
            elif word == "rules":
                self.console.print(escape(self.game.rules_summary(self.state.config)))
                self._show_actions(player, legal)  # the rules push the menu off the screen
            elif word == "actions":
                self._show_actions(player, legal)
            elif word == "table":
                self._show_table(player)
            elif word == "undo" and self.tui.undo_help is not None:
                self._undo(player)
            elif word in extra:
                extra[word][1](TurnContext(self.state, player, self.console, args))
                if word == "hint":  # the game's own hint (Athletic's proven plan), then hard's weighing
                    show_hint(self.state, player, self.console)
            elif word == "hint":
                show_hint(self.state, player, self.console)
            elif (elsewhere := self._elsewhere(word)) is not None:
                self.console.print(elsewhere)
            else:
                action = self._parse(line, legal)
                if action is not None:
                    return action

    def _parse(self, line: str, legal: list[Action]) -> Action | None:
        text = line.lower()
        index = menu_index(text)
        # One or two letters are always a menu item, never a game's one-letter alias (Golf's `d` = draw): `d` must
        # not mean peek 4 in one menu and draw after it. Longer labels (menus over 702 items) yield to real words.
        if index is not None and len(text) <= 2:
            if index < len(legal):
                return legal[index]
            last = menu_label(len(legal) - 1)
            self.console.print(f"[red]There is no menu item {escape(text)}:[/] the menu runs from a to {last}.")
            return None
        if text.isdigit():
            self._refuse_number(text, legal)
            return None
        # Two kinds of refusal, each with its own pointer: text that is no action (MalformedAction) points to `help`
        # and the forms in its message; an action the rules forbid now (IllegalAction) to `actions`, the legal ones.
        try:
            action = self.game.parse_action(line, self.state.config)
        except ActionError as exc:  # MalformedAction, or IllegalAction from a game that predates it: no action
            if index is not None and index < len(legal):
                return legal[index]
            self.console.print(f"[red]{escape(str(exc))}[/] (type [bold]help[/] for help)")
            return None
        if action not in legal:
            self.console.print(f"[red]{escape(self._why_not(action))}.[/] Type [bold]actions[/] for the legal ones.")
            return None
        return action

    def _why_not(self, action: Action) -> str:
        """The game's own reason why `action` is illegal now (tried on a copy), without its list of legal actions."""
        try:
            self.state.clone().apply(action)
        except IllegalAction as exc:
            return str(exc).split("; legal now:")[0]
        return f"{action.text()} is not allowed now"  # pragma: no cover - legal actions are caught before

    def _refuse_number(self, text: str, legal: list[Action]) -> None:
        # A number alone used to pick a menu item; in Golf it also read as `swap N`. Both readings are plausible,
        # so neither is guessed: the player is shown the letter and the text that would do what they may mean.
        matches = [(menu_label(i), a.text()) for i, a in enumerate(legal) if text in a.text().split()]
        label, example = matches[0] if matches else (menu_label(0), legal[0].text())
        self.console.print(
            f"[red]A number alone is not an action.[/] Type the letter shown next to an action "
            f"(a to {menu_label(len(legal) - 1)}) or the action's text, e.g. [bold]{label}[/] or "
            f"[bold]{escape(example)}[/]."
        )

    def _elsewhere(self, word: str) -> str | None:
        """A message for a command word that belongs to other games (e.g. `hint` in Olympicards), else None."""
        owners = []
        for name in game_names():
            if name == self.game.name:
                continue
            try:
                tui = get_tui(name)
                if word in tui.commands() or (word == "undo" and tui.undo_help is not None):
                    owners.append(get_game(name).title)
            except PodiumError:  # another game's broken plugin must not end this game
                continue
        if not owners:
            return None
        here = f"in {self.game.title} {self.tui.no_undo}" if word == "undo" else f"{self.game.title} has none"
        return f"[yellow]{escape(word)} exists only in {' and '.join(owners)}; {escape(here)}.[/]"

    def _undo(self, player: int) -> None:
        if not self._undo_stack:
            self.console.print(f"[yellow]Nothing to undo.[/] In {self.game.title}, {self.tui.undo_help}.")
            return
        self.state, recap_length = self._undo_stack.pop()
        del self._recap[recap_length:]
        if self.recorder is not None:
            self.recorder.undo_last()
        self.console.print("[green]Undone.[/]")
        self._show_table(player)

    def _read(self, prompt: str) -> str:
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise QuitGame from None

    # -- drawing ----------------------------------------------------------------------------------------------

    def _show_table(self, player: int) -> None:
        view = self.state.shown_view(player)  # a person's view: less what a rule option asks them to remember
        self.console.print(self.tui.table(view))
        self._show_actions(player, self.state.legal_actions())

    def _show_actions(self, player: int, legal: list[Action]) -> None:
        view = self.state.shown_view(player)
        # Items are never split across lines: a line break inside `play 5o 3` would misread as two items.
        line, gap = Text("Your move:"), " "
        for i, action in enumerate(legal):
            item = Text.assemble((menu_label(i), "bold cyan"), " ", self.tui.action_label(action, view))
            if line.plain.strip() and line.cell_len + len(gap) + item.cell_len > self.console.width:
                self.console.print(line)
                line, gap = Text("  "), ""
            line.append(gap)
            line.append_text(item)
            gap = "   "
        self.console.print(line)

    def _show_help(self, legal: list[Action], extra: dict[str, tuple[str, Callable[[TurnContext], None]]]) -> None:
        example = legal[0].text() if legal else "…"
        self.console.print(HELP.format(example=escape(example)))
        words = Table.grid(padding=(0, 2))
        words.add_column(style="bold", no_wrap=True)
        words.add_column()
        words.add_row("  help", "this text")
        words.add_row("  rules", "the rules")
        words.add_row("  actions", "list the legal actions again")
        words.add_row("  table", "redraw the table")
        if "hint" not in extra:
            words.add_row("  hint", HINT_HELP)
        for name, (text, _) in extra.items():
            words.add_row(f"  {name}", escape(text))
        if self.tui.undo_help is not None:
            words.add_row("  undo", f"take back an action: {self.tui.undo_help}")
        words.add_row("  quit", "leave the game (the record so far is kept)")
        self.console.print(words)

    def _show_end(self) -> None:
        viewer = self._viewer()
        self.console.print(self.tui.table(self.state.shown_view(viewer)))
        result = self.state.result()
        table = Table(title=f"{self.game.title} — game over ({result.reason.replace('_', ' ')})")
        table.add_column("place", justify="right")
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("score" + (" (lower is better)" if result.lower_is_better else ""), justify="right")
        for seat in sorted(range(len(self.seats)), key=lambda s: (result.ranking[s], s)):
            star = " ★" if seat in result.winners else ""
            table.add_row(
                str(result.ranking[seat]), str(seat + 1), self.seats[seat].name + star, str(result.scores[seat])
            )
        self.console.print(table)
        self.console.print(self._record_note().strip())

    def _record_note(self) -> str:
        if self.recorder is None:
            return ""
        return f" Record: {self.recorder.path} (podium replay {self.recorder.path})"


def lineup(game: Game, players: int | None, humans: Sequence[int], bots: Sequence[str]) -> list[str]:
    """The bot names for the non-human seats, from `--players`, `--seat` and `--bots`.

    One bot name fills every free seat; a list names one bot per free seat, in seat order. Without `--players`, a
    list of bots adds one seat per name; otherwise the table has a seat for every `--seat` (so two `--seat`s are a
    two-player hot-seat game), a bot beside a lone human, at least the game's minimum and up to the highest seat
    named. `humans` count from 0, as seats do everywhere but on the screen; the errors name them as typed."""
    if len(set(humans)) != len(humans):
        raise PodiumError("each --seat may be given once")
    for seat in humans:
        if seat < 0:
            raise PodiumError(f"--seat {seat + 1} does not exist: seats count from 1")
        if seat >= game.max_players:
            raise PodiumError(
                f"--seat {seat + 1} does not exist: {game.title} has seats 1 to {game.max_players}"
                f" (at most {game.max_players} players)"
            )
    if players is None:
        if len(bots) > 1:
            players = len(humans) + len(bots)
        else:
            players = max(game.min_players, len(humans) + (len(humans) == 1), max(humans, default=-1) + 1)
    game.check_players(players)
    for seat in humans:
        if not 0 <= seat < players:
            raise PodiumError(f"--seat {seat + 1} does not exist: with {players} players, seats are 1 to {players}")
    free = players - len(humans)
    if len(bots) == 1:
        return list(bots) * free
    if len(bots) != free:
        need = f"{plural(free, 'seat')} {'needs' if free == 1 else 'need'} a bot"
        raise PodiumError(f"{need} but --bots names {len(bots)}: give one name or {free}")
    return list(bots)
