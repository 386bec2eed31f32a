"""The Olympicards `Game`: codecs for actions, determinization and the rules summary."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, cast

from podium.core.config import GameConfig
from podium.core.contract import Chance, Game, Information, Utility, View
from podium.core.errors import ConfigError, MalformedAction
from podium.core.rng import Rng
from podium.games.olympicards import actions
from podium.games.olympicards.actions import OlyAction
from podium.games.olympicards.cards import (
    COLOUR_NAMES,
    COLOURS,
    DECK_SIZE,
    NO_CARD,
    NUM_KINDS,
    full_deck,
    parse_card,
)
from podium.games.olympicards.config import Config
from podium.games.olympicards.phase import OlympicardsPhase
from podium.games.olympicards.scoring import AWARDS, TWO_PLAYER_AWARDS, award_text
from podium.games.olympicards.sports import SPORTS_PER_SET
from podium.games.olympicards.state import OlympicardsState
from podium.games.olympicards.views import typed_view


class Olympicards(Game):
    name = "olympicards"
    title = "Olympicards"
    min_players = 2
    max_players = 7
    config_type = Config
    information = Information.IMPERFECT  # O-2: the hands are hidden
    utility = Utility.ZERO_SUM  # the encoding's utilities: the win shared among the tied winners
    chance = Chance.EXPLICIT  # the shuffles (O-2), dealt as chance nodes under the `chance` option

    def max_steps(self, config: GameConfig, num_players: int) -> int | None:
        # Per sport: one decision (a postponed card is played without one), at most max(players, 3) withdrawals
        # (O-6, O-7), and plays of at least one card each from hands that hold at most the 90 cards (O-1). Every
        # decision is a turn (the default `max_turns`).
        return SPORTS_PER_SET * (1 + max(num_players, 3) + DECK_SIZE)

    state_type = OlympicardsState

    def __init__(self) -> None:
        self._configs: dict[str, Config] = {}

    def deal(self, config: GameConfig, num_players: int, seed: int) -> OlympicardsState:
        return OlympicardsState.new(cast(Config, config), num_players, seed)  # new_game checked the config's type

    def parse_action(self, text: str, config: GameConfig | None = None) -> OlyAction:
        return actions.parse(text)

    def action_from_json(self, data: Any, config: GameConfig | None = None) -> OlyAction:
        return actions.from_json(data)

    def action_from_id(self, action_id: int, config: GameConfig) -> OlyAction:
        size = self.num_actions(config)
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < size:
            raise MalformedAction(f"{action_id!r} is not an Olympicards action id (0..{size - 1})")
        return actions.from_id(action_id)

    def num_actions(self, config: GameConfig) -> int:
        if not isinstance(config, Config):
            raise ConfigError(f"Olympicards needs an Olympicards config, not {type(config).__name__}")
        return actions.space_size(config.sport_set.max_cards)

    def max_chance_outcomes(self, config: GameConfig) -> int:
        if not isinstance(config, Config):
            raise ConfigError(f"Olympicards needs an Olympicards config, not {type(config).__name__}")
        # Shuffles deal card kinds (0..44) and, for the sport pile, sport numbers.
        return max(NUM_KINDS, len(config.sport_set.sports))

    def _config(self, options: Mapping[str, Any]) -> Config:
        key = json.dumps(options, sort_keys=True)
        config = self._configs.get(key)
        if config is None:
            config = self._configs[key] = Config.from_options(options)
        return config

    def determinize(self, view: View, rng: Rng) -> OlympicardsState:
        """A state consistent with `view`: the unseen performance cards (the other hands and the draw pile) and the
        face-down sport cards are dealt uniformly at random; everything public is copied from the view."""
        return self.determinizer(view)(rng)

    def determinizer(self, view: View) -> Callable[[Rng], OlympicardsState]:
        """`determinize` with the view read once: a search samples thousands of worlds from one view, and reading
        it (card texts, sport names, the unseen cards) was 40% of the search's time. Each sample copies a state
        prepared from the view, shuffles and deals into it (`determinize` is its one sample)."""
        seen = typed_view(view)
        config = self._config(seen["config"])
        n = seen["num_players"]
        viewer = seen["player"]
        index = {sport.name: i for i, sport in enumerate(config.sport_set.sports)}
        sport = seen["sport"]["index"] if seen["sport"] is not None else -1
        target = parse_card(seen["target"]) if seen["target"] is not None else NO_CARD
        done = [index[name] for name in seen["sports_done"]]
        plays = [[tuple(sorted(parse_card(c) for c in play)) for play in plays] for plays in seen["plays"]]
        last_any = seen["last_any"]
        last = tuple(sorted(parse_card(c) for c in last_any["cards"])) if last_any is not None else None
        last_player = last_any["player"] if last_any is not None else -1
        discard = [parse_card(c) for c in seen["discard"]]

        unseen = Counter(full_deck())
        known_hands: dict[int, list[int]] = {}
        if seen["hands"] is not None:
            known_hands = {p: [parse_card(c) for c in cards] for p, cards in enumerate(seen["hands"])}
        elif viewer is not None and seen["hand"] is not None:
            known_hands = {viewer: [parse_card(c) for c in seen["hand"]]}
        unseen.subtract([*discard, *(k for seat in plays for play in seat for k in play)])
        if target != NO_CARD:
            unseen[target] -= 1
        for cards in known_hands.values():
            unseen.subtract(cards)
        unseen_cards = list(unseen.elements())
        # Per seat: its known hand, or how many cards to deal it from the front of the shuffled pool.
        seats: list[list[int] | int] = [known_hands[p] if p in known_hands else seen["hand_sizes"][p] for p in range(n)]

        hidden = set(range(len(config.sport_set.sports))) - set(done)
        if sport >= 0:
            hidden.discard(sport)
        sport_pile = seen["sport_pile"]
        for name in sport_pile:
            if name is not None:
                hidden.discard(index[name])
        hidden_sports = sorted(hidden)
        pile_known = [index[name] if name is not None else -1 for name in sport_pile]
        pile_up = [name is not None for name in sport_pile]
        records = [[index[name] for name in names] for names in seen["world_records"]]
        medals = [[m["gold"], m["silver"], m["bronze"]] for m in seen["medals"]]
        phase = OlympicardsPhase[seen["phase"].upper()]
        start = seen["start_player"]
        round_no = seen["round"]
        order = list(seen["round_order"])
        pos = seen["turn"]
        out = list(seen["withdrawn"])
        withdrawals = list(seen["withdrawals"])
        sport_rounds = list(seen["sport_rounds"])
        postponed = seen["postponed"]

        # Everything but the dealt cards, built once; each sample is a copy of it with its own deal (`deal_unseen`),
        # instead of the constructor's keywords and counting.
        dealt_seats = [(p, size) for p, size in enumerate(seats) if isinstance(size, int)]
        proto = OlympicardsState.from_parts(
            config,
            n,
            Rng(0),
            hands=[[] if isinstance(size, int) else size for size in seats],
            draw=[],
            discard=discard,
            pile=[max(i, 0) for i in pile_known],
            pile_up=pile_up,
            done=done,
            records=records,
            medals=medals,
            phase=phase,
            sport=sport,
            start=start,
            round_no=round_no,
            order=order,
            pos=pos,
            target=target,
            plays=plays,
            last=last,
            last_player=last_player,
            out=out,
            withdrawals=withdrawals,
            sport_rounds=sport_rounds,
            postponed=postponed,
        )
        face_down = [i for i, known in enumerate(pile_known) if known < 0]

        def sample(rng: Rng) -> OlympicardsState:
            state = proto.clone()
            state.deal_unseen(rng, unseen_cards, dealt_seats, face_down, hidden_sports)
            return state

        return sample

    def rules_summary(self, config: GameConfig) -> str:
        if not isinstance(config, Config):
            raise ConfigError(f"Olympicards needs an Olympicards config, not {type(config).__name__}")
        sset = config.sport_set
        colours = ", ".join(f"{c} {name}" for c, name in zip(COLOURS, COLOUR_NAMES, strict=True))
        lines = [
            "Olympicards - 2 to 7 players.",
            "",
            f"90 performance cards: values 1-9 in five colours ({colours}), two of each; a card is written value then"
            " colour, e.g. 7r. Everyone gets 6 cards. Nine sports are played, one after the other.",
            "",
            "A new sport card: if the top sport card is face up (postponed earlier) it is played. Otherwise it is"
            " turned over and the start player chooses: 'accept' it, or 'postpone' it (it goes face up under the"
            " pile and the next card must be played). The last card of the pile cannot be postponed.",
            "",
            "A sport is played in rounds. A round starts with the start player (or the next player still in) and goes"
            " clockwise; each player still in either plays cards that follow the sport card ('play 7r', 'play 3b 3g'),"
            " or withdraws ('withdraw'; compulsory when no play is legal). Sports with a target turn over the top card"
            " of the draw pile at the start of each round. The last player still in may go on playing, then withdraws."
            " Two copies of the same card are one choice. A player's first play in a sport is free of the rule that"
            " compares it with earlier plays.",
            "",
            "Decisions where the rule book is silent: a round's order is fixed when it begins; when the start"
            " card moves to a player who has withdrawn, the next round starts with the first player still in after"
            " them. With two players a withdrawal does not clear the withdrawer's earlier plays. A target goes to the"
            " discard when its round ends; with no card left to turn over, the round has no target and its rule does"
            " not apply.",
            "",
        ]
        lines.append("Awards on withdrawal (1st, 2nd, ... to withdraw):")
        for n, row in AWARDS.items():
            lines.append(f"  {n} players: " + " | ".join(award_text(a) for a in row))
        lines.append(
            "  2 players: a sport has three withdrawals by either player; the withdrawer stays in and takes "
            + " | ".join(award_text(a, two_player=True) for a in TWO_PLAYER_AWARDS)
            + "; the 1st withdrawer takes the start card. Players alternate strictly."
        )
        lines += [
            "",
            "The start card always goes to the first player to withdraw. Played cards and targets go to a face-up"
            " discard pile after the sport (targets after their round); an empty draw pile is refilled by shuffling"
            " the discard; if there are still not enough cards, the player takes what there is.",
            "",
            "End: gold 4, silver 2, bronze 1 point. Most points wins; a tie goes to the most cards in hand, then the"
            " win is shared.",
            f"World records (world_record = {str(config.world_record).lower()}): gold in a starred sport taken with an"
            " empty hand keeps the sport card, worth 2 points.",
            "",
            f"Options: world_record = {str(config.world_record).lower()}, first_player = "
            f"{config.first_player if config.first_player is not None else 'none (0: seat 1)'}, "
            f"sports = {config.sports}",
            "",
            f"Sport cards ({sset.title}; * = star):",
        ]
        for i, sport in enumerate(sset.sports, 1):
            star = " *" if sport.star else ""
            lines.append(f"  {i}. {sport.name}{star}: {sport.describe()}")
        return "\n".join(lines)


GAME = Olympicards()
