"""The seeded generator a game state owns.

A state's randomness must survive `clone()` and `to_dict()` cheaply and exactly, so the generator is
SplitMix64: its whole state is one 64-bit integer. Python's `random.Random` would cost a 625-word copy per clone.
"""

from __future__ import annotations

import sys
from collections.abc import MutableSequence
from functools import lru_cache
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")

# Explicit chance (podium.core.chance): while a chance script is set, every `shuffle` of a state's generator is played
# from the script's chosen cards instead of random numbers. None the rest of the time, so a shuffle pays one check.
_chance_script: Any = None


def set_chance_script(script: Any) -> Any:
    """Make `script` (an object with `shuffle(items)`, or None) play every shuffle; returns the one it replaces."""
    global _chance_script
    previous, _chance_script = _chance_script, script
    return previous


def chance_script_active() -> bool:
    """A chance script plays the shuffles now: a game building a state inside `podium.core.chance` deals for it."""
    return _chance_script is not None


# Shuffles whose last index is at least this (7 items or more) take their draws from `_indices`; shorter ones cost
# fewer instructions one by one (callgrind: 5 items 28k against 33k, 9 items 54k against 42k).
_PACKED_FROM = 6 if sys.byteorder == "little" else 1 << 62


@lru_cache(maxsize=256)
def _lanes(count: int) -> tuple[int, int, int, tuple[int, ...], int, int]:
    """The constants of `_indices` for `count` 128-bit lanes: 1 in each lane, the golden ratio times 1, 2, … (lane
    by lane), the lane mask (2**64 - 1 in each), per bit b of the lanes' n (lane i draws below n = count + 1 - i) the
    mask of the lanes whose n has it, and the two constants of the rejection check (2**64 minus a power of two above
    every n; 2**64)."""
    lanes = [128 * i for i in range(count)]
    ones = sum(1 << at for at in lanes)
    golden = sum(((i + 1) * _GOLDEN) << at for i, at in enumerate(lanes))
    by_bit = tuple(
        sum(_MASK << at for i, at in enumerate(lanes) if (count + 1 - i) >> b & 1)
        for b in range((count + 1).bit_length())
    )
    room = 1 << (count + 1).bit_length()
    return ones, golden, _MASK * ones, by_bit, ((1 << 64) - room) * ones, (1 << 64) * ones


def _indices(state: int, count: int) -> list[int] | None:
    """The indices a Fisher-Yates shuffle of `count + 1` items draws from `state` (`randbelow(count + 1)`,
    `randbelow(count)`, … `randbelow(2)`), all computed together; None if one of the draws might be rejected (about
    once in 2**57 shuffles), for the one-by-one loop to do.

    One big integer holds each draw in a 128-bit lane: SplitMix64's multiplications cannot carry into the next lane
    and its shifts only bring bits into a lane's upper half, which the mask clears. Lemire's product of lane i is the
    lane times its n, summed bit by bit of n (a lane's product is below 2**72: no carry into the next lane). A few
    dozen operations on one integer instead of a dozen per draw (a search deals thousands of worlds per decision).
    Below 256 items a draw is one byte, the lowest of its lane's high half: the bytes of the product give them all
    (callgrind: 114k instructions for 46 items before, with a mask, a shift and 8-byte words, 85k)."""
    ones, golden, mask, by_bit, lift, top = _lanes(count)
    x = (state * ones + golden) & mask
    x = (((x ^ (x >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    x = (((x ^ (x >> 27)) & mask) * 0x94D049BB133111EB) & mask
    x ^= x >> 31  # no mask: the masks of n below keep only the low halves
    product = x & by_bit[0]
    for bit in range(1, len(by_bit)):
        product += (x & by_bit[bit]) << bit
    if count < 255:
        data = product.to_bytes(16 * count, "little")
        # A lane's low part below the power of two has its top byte 0: only then (one shuffle in five) is the
        # exact check needed.
        if 0 in data[7::16] and not _lows_clear(product & mask, lift, top):
            return None
        return list(data[8::16])
    if not _lows_clear(product & mask, lift, top):
        return None
    return memoryview(((product >> 64) & mask).to_bytes(16 * count, "little")).cast("Q")[::2].tolist()


def _lows_clear(lows: int, lift: int, top: int) -> bool:
    """Whether every lane of `lows` is at least the power of two of `lift` (2**64 minus it, added to each lane,
    carries into bit 64 of the lane exactly then): no draw can be rejected, whose low part is below its n."""
    return (lows + lift) & top == top


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = z = (self._state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), exactly (Lemire's multiply-shift with rejection)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        while True:
            product = self.next_u64() * n
            low = product & _MASK
            # The rejection threshold, (2**64 - n) % n, is below n: only a low part below n needs it (Lemire's
            # shortcut, the same numbers without a big-integer modulo on almost every call).
            if low >= n or low >= ((1 << 64) - n) % n:
                return product >> 64

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place (under explicit chance, the script chooses each position's card instead)."""
        if _chance_script is not None:
            _chance_script.shuffle(items)
            return
        last = len(items) - 1
        state = self._state
        if last >= _PACKED_FROM:
            drawn = _indices(state, last)
            if drawn is not None:
                for i, j in zip(range(last, 0, -1), drawn, strict=True):
                    items[i], items[j] = items[j], items[i]
                self._state = (state + last * _GOLDEN) & _MASK
                return
        # `randbelow(i + 1)` and `next_u64` written out in one loop: the same numbers, without two calls per card.
        for i in range(last, 0, -1):
            n = i + 1
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                product = (z ^ (z >> 31)) * n
                low = product & _MASK
                if low >= n or low >= ((1 << 64) - n) % n:
                    break
            j = product >> 64
            items[i], items[j] = items[j], items[i]
        self._state = state

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin._state = self._state
        return twin

    def get_state(self) -> int:
        return self._state

    @classmethod
    def from_state(cls, state: int) -> Rng:
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= _MASK:
            raise ValueError("generator state must be an integer in [0, 2**64)")
        rng = cls.__new__(cls)
        rng._state = state
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._state == self._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __repr__(self) -> str:
        return f"Rng.from_state({self._state})"
