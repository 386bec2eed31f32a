from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.core.rng import Rng, _indices, _lanes, _lows_clear


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_clone_and_state_round_trip_continue_identically() -> None:
    rng = Rng(7)
    rng.randbelow(10)
    twin = rng.clone()
    restored = Rng.from_state(rng.get_state())
    expected = [rng.randbelow(1000) for _ in range(20)]
    assert [twin.randbelow(1000) for _ in range(20)] == expected
    assert [restored.randbelow(1000) for _ in range(20)] == expected


@given(st.integers(min_value=1, max_value=10**12), st.integers(min_value=0, max_value=2**64 - 1))
def test_randbelow_stays_in_range(n: int, seed: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.randbelow(n) < n for _ in range(20))


def test_randbelow_is_roughly_uniform() -> None:
    rng = Rng(3)
    counts = Counter(rng.randbelow(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_shuffle_is_a_permutation_and_depends_on_seed() -> None:
    items = list(range(52))
    a, b = items.copy(), items.copy()
    Rng(1).shuffle(a)
    Rng(2).shuffle(b)
    assert sorted(a) == items and sorted(b) == items
    assert a not in (b, items)


def test_bad_seed_and_state_are_rejected() -> None:
    with pytest.raises(TypeError):
        Rng("7")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Rng.from_state(-1)
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)


def _reference_randbelow(rng: Rng, n: int) -> int:
    """Lemire's multiply-shift with rejection as first written: the threshold computed on every draw."""
    threshold = ((1 << 64) - n) % n
    while True:
        product = rng.next_u64() * n
        if product & ((1 << 64) - 1) >= threshold:
            return product >> 64


def test_the_written_out_shuffle_and_randbelow_give_the_numbers_of_the_plain_ones() -> None:
    # Seeds, games and searches depend on these exact numbers; n near 2**64 makes rejections common.
    for seed in range(300):
        fast, plain = Rng(seed * 7919), Rng(seed * 7919)
        for n in (1, 2, 3, 7, 52, 90, (1 << 63) + 5, 3 * (1 << 62), (1 << 64) - 1):
            assert fast.randbelow(n) == _reference_randbelow(plain, n)
        items = list(range(seed % 97))
        expected = items[:]
        fast.shuffle(items)
        for i in range(len(expected) - 1, 0, -1):
            j = _reference_randbelow(plain, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert fast.get_state() == plain.get_state()


def test_a_shuffle_whose_draw_might_be_rejected_is_left_to_the_plain_loop() -> None:
    # The packed draws (`_indices`) check every lane's low part against a power of two above every n; one lane below
    # it sends the shuffle to the one-by-one loop, which rejects exactly as `randbelow` does.
    count = 40
    *_, lift, top = _lanes(count)
    room = 1 << (count + 1).bit_length()
    lanes = [room + 7 * i for i in range(count)]
    assert _lows_clear(sum(v << (128 * i) for i, v in enumerate(lanes)), lift, top)
    for low in (0, 1, count, room - 1):
        lanes[count // 2] = low
        assert not _lows_clear(sum(v << (128 * i) for i, v in enumerate(lanes)), lift, top)
    state = Rng(5).get_state()
    drawn = _indices(state, count)
    plain = Rng.from_state(state)
    assert drawn == [_reference_randbelow(plain, n) for n in range(count + 1, 1, -1)]


def test_the_packed_draws_are_the_draws_of_the_one_by_one_loop() -> None:
    # `_indices` reads each draw as one byte of the product below 256 items, as 8-byte words from 256 on; a shuffle
    # with a lane whose low part has its top byte 0 (about one in five at 40 items) takes the exact rejection check.
    took_the_exact_check = 0
    for count in (6, 7, 15, 16, 31, 32, 33, 45, 63, 64, 127, 128, 253, 254, 255, 256, 300):
        for k in range(40):
            state = Rng(count * 1000 + k).next_u64()
            plain = Rng.from_state(state)
            lows = []
            expected = []
            for n in range(count + 1, 1, -1):
                product = plain.next_u64() * n
                lows.append(product & ((1 << 64) - 1))
                expected.append(product >> 64)
            # No draw of these is rejected (that is about one shuffle in 2**57): the loop's numbers are these.
            assert all(low >= n for low, n in zip(lows, range(count + 1, 1, -1), strict=True))
            assert _indices(state, count) == expected
            took_the_exact_check += count < 255 and any(low >> 56 == 0 for low in lows)
    assert took_the_exact_check > 0
