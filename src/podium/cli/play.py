"""The terminal play loop: humans and bots at one table, for any registered game.

Humans type an action's text form or the number shown next to it. When several humans share the terminal
(hot-seat), the screen is cleared and the next human is asked to take over before their cards are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from podium.agents.base import Agent
from podium.cli.tui import get_tui
from podium.cli.tui.base import TurnContext
from podium.core.config import GameConfig
from podium.core.contract import Action, Game, State
from podium.core.errors import IllegalAction, PodiumError
from podium.core.record import Recorder
from podium.sim.runner import make_bots

ReadLine = Callable[[str], str]

HELP = """Type an action's text (e.g. [bold]{example}[/]) or its number from the list.
Other words: [bold]help[/] this text · [bold]rules[/] the rules · [bold]actions[/] list the legal actions again ·
[bold]table[/] redraw the table · {extra}[bold]quit[/] leave the game (the record so far is kept)"""


@dataclass
class Seat:
    name: str
    agent: Agent | None  # None = a human at this terminal


class QuitGame(Exception):
    pass


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
        self.tui = get_tui(game.name)
        bot_names = iter(bots)
        lineup = [("human" if seat in humans else next(bot_names)) for seat in range(num_players)]
        agents = make_bots(game, ["random" if name == "human" else name for name in lineup], seed)
        self.seats = [
            Seat("you" if len(humans) == 1 else f"player {seat}", None)
            if name == "human"
            else Seat(f"{name} bot", agents[seat])
            for seat, name in enumerate(lineup)
        ]
        self.recorder = Recorder(record, self.state, seed, [s.name for s in self.seats]) if record else None
        self._last_human: int | None = None
        self._undo_stack: list[State] = []

    # -- the loop -------------------------------------------------------------------------------------------

    def run(self) -> int:
        self._introduce()
        try:
            while not self.state.is_over:
                player = self.state.current_player
                assert player is not None
                seat = self.seats[player]
                action = self._bot_turn(player, seat.agent) if seat.agent else self._human_turn(player)
                self._apply(player, action)
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
        names = ", ".join(f"seat {i}: {s.name}" for i, s in enumerate(self.seats))
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
        if before is None:
            seen = self.tui.describe(events, self._viewer())
            line = f"[dim]seat {player} ({self.seats[player].name}):[/] {escape(action.text())}"
            self.console.print(line + (f" [dim]·[/] {escape(seen)}" if seen else ""))
        if before is not None and self.tui.undoable(action, events) and self.state.current_player == player:
            self._undo_stack.append(before)
        else:
            self._undo_stack.clear()
        shown = self.tui.after_action(events, self.state, self._viewer())
        if shown is not None:
            self.console.print(shown)

    def _human_turn(self, player: int) -> Action:
        humans = sum(1 for s in self.seats if s.agent is None)
        if humans > 1 and self._last_human not in (None, player):
            self.console.clear()
            self._read(f"Pass the terminal to {self.seats[player].name} (seat {player}) and press Enter ")
            self.console.clear()
        self._last_human = player
        self._show_table(player)
        while True:
            legal = self.state.legal_actions()
            line = self._read(f"seat {player} > ").strip()
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
            elif word == "actions":
                self._show_actions(player, legal)
            elif word == "table":
                self._show_table(player)
            elif word == "undo":
                self._undo(player)
            elif word in extra:
                extra[word][1](TurnContext(self.state, player, self.console, args))
            else:
                action = self._parse(line, legal)
                if action is not None:
                    return action

    def _parse(self, line: str, legal: list[Action]) -> Action | None:
        if line.isdigit():
            index = int(line)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            self.console.print(f"[red]There is no action {index}; choose 1 to {len(legal)}.[/]")
            return None
        try:
            action = self.game.parse_action(line)
        except IllegalAction as exc:
            self.console.print(f"[red]{escape(str(exc))}[/] (type [bold]help[/] for help)")
            return None
        if action not in legal:
            allowed = ", ".join(a.text() for a in legal)
            self.console.print(f"[red]{escape(action.text())!s} is not allowed now.[/] Legal: {escape(allowed)}")
            return None
        return action

    def _undo(self, player: int) -> None:
        if not self._undo_stack:
            self.console.print("[yellow]Nothing to undo: only actions of your current turn that revealed nothing.[/]")
            return
        self.state = self._undo_stack.pop()
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
        view = self.state.view(player)
        self.console.print(self.tui.table(view))
        self._show_actions(player, self.state.legal_actions())

    def _show_actions(self, player: int, legal: list[Action]) -> None:
        view = self.state.view(player)
        items = [f"[cyan]{i}[/] {escape(self.tui.action_label(a, view))}" for i, a in enumerate(legal, 1)]
        self.console.print("Your move: " + "   ".join(items))

    def _show_help(self, legal: list[Action], extra: dict[str, tuple[str, Callable[[TurnContext], None]]]) -> None:
        extra_text = "".join(f"[bold]{name}[/] {escape(text)} · " for name, (text, _) in extra.items())
        extra_text += "[bold]undo[/] take back your last action of this turn if it revealed nothing · "
        example = legal[0].text() if legal else "…"
        self.console.print(HELP.format(example=escape(example), extra=extra_text))

    def _show_end(self) -> None:
        viewer = self._viewer()
        self.console.print(self.tui.table(self.state.view(viewer)))
        result = self.state.result()
        table = Table(title=f"{self.game.title} — game over ({result.reason.replace('_', ' ')})")
        table.add_column("place", justify="right")
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("score" + (" (lower is better)" if result.lower_is_better else ""), justify="right")
        for seat in sorted(range(len(self.seats)), key=lambda s: (result.ranking[s], s)):
            star = " ★" if seat in result.winners else ""
            table.add_row(str(result.ranking[seat]), str(seat), self.seats[seat].name + star, str(result.scores[seat]))
        self.console.print(table)
        self.console.print(self._record_note().strip())

    def _record_note(self) -> str:
        if self.recorder is None:
            return ""
        return f" Record: {self.recorder.path} (podium replay {self.recorder.path})"


def lineup(game: Game, players: int | None, humans: Sequence[int], bots: Sequence[str]) -> list[str]:
    """The bot names for the non-human seats, from `--players`, `--seat` and `--bots`.

    One bot name fills every free seat; a list names one bot per free seat, in seat order."""
    if len(set(humans)) != len(humans):
        raise PodiumError("each --seat may be given once")
    if players is None:
        players = len(humans) + len(bots) if len(bots) > 1 else max(game.min_players, len(humans) + 1)
    game.check_players(players)
    for seat in humans:
        if not 0 <= seat < players:
            raise PodiumError(f"--seat {seat} does not exist: seats are 0 to {players - 1}")
    free = players - len(humans)
    if len(bots) == 1:
        return list(bots) * free
    if len(bots) != free:
        raise PodiumError(f"{free} seat(s) need a bot but --bots names {len(bots)}: give one name or {free}")
    return list(bots)
