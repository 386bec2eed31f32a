"""Where the games of a run are played: in this process, a local process pool, or a Ray cluster.

A run is a `Job`: `total` units of work (games, or pairs of games for a comparison) numbered 0..total-1, and
`run(start, stop)` which plays units [start, stop) and returns their aggregate. Every unit is determined by its
index alone (its seed is derived from the master seed and the index), and aggregates merge exactly, so a run gives
the same aggregate whatever the backend, the number of workers or the chunking. Only a bounded number of chunks is
in flight at once and each finished chunk is merged straight away, so memory does not grow with the run.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Protocol, Self, TypedDict, TypeVar

from podium.core.errors import PodiumError

BACKENDS = ("local", "ray")
MAX_CHUNK = 1000
PROBE_SECONDS = 5.0  # how long a cluster's port may take to accept a connection
RAY_INSTALL = "the Ray backend needs the ray package: pip install 'podium[ray]' (or pip install ray)"


class Where(TypedDict, total=False):
    """Where a job runs, as `run_job`'s keywords and the `simulate`/`compare`/`tournament` functions' (`**where`):
    the backend ("local", the default, or "ray"), the number of workers (1) and a Ray cluster's address (None: a
    local cluster)."""

    backend: str
    workers: int
    address: str | None


class Mergeable(Protocol):
    def merge(self, other: Self) -> Self: ...


R = TypeVar("R", bound=Mergeable)
R_co = TypeVar("R_co", covariant=True)


class Job(Protocol[R_co]):
    @property
    def total(self) -> int: ...

    def empty(self) -> R_co: ...

    def run(self, start: int, stop: int) -> R_co: ...


Progress = Callable[[int], None]


def check_backend(backend: str, workers: int, address: str | None = None) -> str:
    """Validate the backend options (raising `PodiumError` with what is allowed); returns the backend name."""
    name = backend.strip().lower()
    if name not in BACKENDS:
        raise PodiumError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PodiumError(f"--workers must be a whole number of at least 1, not {workers!r}")
    if address is not None and name != "ray":
        raise PodiumError("--address is the address of a Ray cluster: use it with --backend ray")
    if name == "ray":
        import_ray()
        if address is not None:
            parse_address(address)
    return name


def _unreachable(address: str, reason: str) -> PodiumError:
    return PodiumError(
        f"cannot reach a Ray cluster at {address}: {reason}; start one with `ray start --head` (it prints the "
        "address to give), or drop --address for a local one"
    )


def check_ray_address(address: str, timeout: float = PROBE_SECONDS) -> None:
    """Refuse at once an address where no Ray cluster can be listening: `ray.init` would retry for minutes, printing
    a warning each time. `auto` and `local` are left to Ray (it answers them at once)."""
    parsed = parse_address(address)
    if parsed is None:
        return
    try:
        with socket.create_connection(parsed, timeout=timeout):
            pass
    except TimeoutError:
        raise _unreachable(address, f"no answer within {timeout:g} s") from None
    except OSError as exc:
        raise _unreachable(address, exc.strerror.lower() if exc.strerror else str(exc)) from None


def parse_address(address: str) -> tuple[str, int] | None:
    """`HOST:PORT`, `[IPv6]:PORT` or `ray://HOST:PORT` as (host, port); None for `auto` and `local` (Ray's words
    for the cluster started on this machine, and for a new one)."""
    text = address.strip()
    if text.lower() in ("auto", "local"):
        return None
    rest = text.split("://", 1)[1] if "://" in text else text
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise PodiumError(
            f"--address {address!r}: give the cluster's HOST:PORT, e.g. --address 127.0.0.1:6379 "
            "(what `ray start --head` prints), or auto for the cluster started on this machine"
        )
    return host, int(port)


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise PodiumError(RAY_INSTALL) from None
    return ray


CHUNKS_PER_WORKER = 32


def chunk_size(total: int, workers: int) -> int:
    # About 32 chunks per worker: a smooth progress bar, and the workers finish within a small chunk of each other
    # (a worker idle while the other plays the last chunk costs half a chunk on average); a chunk's own overhead
    # (sending the job and the aggregate back, well under a millisecond) still does not matter.
    return max(1, min(MAX_CHUNK, math.ceil(total / (CHUNKS_PER_WORKER * workers))))


def chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, total, size):
        yield start, min(total, start + size)


def run_job(
    job: Job[R],
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    size: int | None = None,
    progress: Progress | None = None,
) -> R:
    """Play every unit of `job` and return the merged aggregate; `progress(done_units)` after every chunk."""
    name = check_backend(backend, workers, address)
    if size is None and name == "local" and workers == 1:
        size = 1  # in this process a chunk costs nothing: progress (and its time estimate) after every game
    size = size or chunk_size(job.total, workers)
    if name == "ray":
        return _run_ray(job, workers, address, size, progress)
    if workers == 1:
        return _run_here(job, size, progress)
    return _run_pool(job, workers, size, progress)


def _run_chunk(job: Job[R], start: int, stop: int) -> R:
    return job.run(start, stop)


def _run_here(job: Job[R], size: int, progress: Progress | None) -> R:
    total = job.empty()
    done = 0
    for start, stop in chunks(job.total, size):
        total.merge(job.run(start, stop))
        done += stop - start
        if progress is not None:
            progress(done)
    return total


def _pool_context(job: Job[Any]) -> Any:
    # Not fork: the driver runs a progress-bar thread, and forking a process with threads can deadlock.
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # With modules to preload, the fork server imports them and the main module once, and every worker is forked
    # from it ready to play; without, each worker imports podium (and the main module: for `podium simulate`,
    # the whole CLI) before its first game, which took a large share of a short run.
    context.set_forkserver_preload([type(job).__module__, __name__])
    return context


def _run_pool(job: Job[R], workers: int, size: int, progress: Progress | None) -> R:
    total = job.empty()
    done = 0
    pending: dict[Future[R], int] = {}
    todo = chunks(job.total, size)
    others = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context(job))
    try:
        for start, stop in todo:
            pending[pool.submit(_run_chunk, job, start, stop)] = stop - start
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                total.merge(future.result())
                done += pending.pop(future)
                if progress is not None:
                    progress(done)
                nxt = next(todo, None)
                if nxt is not None:
                    pending[pool.submit(_run_chunk, job, nxt[0], nxt[1])] = nxt[1] - nxt[0]
    except BaseException:
        # On an error, Ctrl-C or SIGTERM nobody will read the chunks in flight: the workers are ended rather than
        # left to play them out (SIGTERM reaches this process only, and a chunk can take minutes).
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in set(multiprocessing.active_children()) - others:
            worker.terminate()
        raise
    pool.shutdown(wait=True)
    return total


def start_ray(workers: int, address: str | None) -> bool:
    """Connect to Ray unless already connected: the cluster at `address`, or a new local one with `workers` CPUs.
    Returns whether this call started the connection (and so should shut it down)."""
    ray = import_ray()
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    if address is not None:
        check_ray_address(address)
        try:
            with _connect_window(), _quiet_stderr():
                ray.init(address=address, **quiet)
        except ConnectionError as exc:  # `auto` with no cluster here, or a port that answers but is not Ray's
            first = str(exc).strip().splitlines()[0].rstrip(".") if str(exc).strip() else type(exc).__name__
            raise _unreachable(address, first) from None
    else:
        # `local`: a new cluster of `workers` CPUs, even when `ray start` left one running here (without it, Ray
        # would join that one and refuse num_cpus).
        ray.init(
            address="local", num_cpus=workers, include_dashboard=False, object_store_memory=200 * 1024 * 1024, **quiet
        )
    return True


@contextmanager
def _connect_window() -> Iterator[None]:
    """Ray retries a cluster that does not answer as one for about 20 s (once a second); `PROBE_SECONDS * 2` is
    plenty for a live one. The user's own setting of the variable wins."""
    name = "RAY_gcs_server_port_wait_time_s"
    if name in os.environ:
        yield
        return
    os.environ[name] = str(int(2 * PROBE_SECONDS))
    try:
        yield
    finally:
        os.environ.pop(name, None)


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Ray's C++ client writes a warning straight to file descriptor 2 for each failed attempt to reach a cluster
    (Python's logging settings do not reach it): hide them while connecting; a failure is reported by podium."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (an embedding host): nothing to hide
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


@contextmanager
def backend_session(backend: str, workers: int, address: str | None = None) -> Iterator[None]:
    """Connect to Ray (for `backend` "ray") for the duration of the block, so that a cluster that cannot be reached
    is reported before a progress bar is drawn, and the cluster's start-up is not counted in the run's speed. Runs
    inside the block reuse the connection; it is closed at the end if this call opened it."""
    if check_backend(backend, workers, address) != "ray":
        yield
        return
    started = start_ray(workers, address)
    try:
        yield
    finally:
        if started:
            import_ray().shutdown()


def _run_ray(job: Job[R], workers: int, address: str | None, size: int, progress: Progress | None) -> R:
    ray = import_ray()
    started = start_ray(workers, address)
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(_run_chunk)
        slots = max(workers, int(ray.cluster_resources().get("CPU", workers)))
        job_ref = ray.put(job)
        total = job.empty()
        done = 0
        pending: dict[Any, int] = {}
        todo = chunks(job.total, size)
        try:
            for start, stop in todo:
                pending[remote.remote(job_ref, start, stop)] = stop - start
                if len(pending) >= 2 * slots:
                    break
            while pending:
                finished, _ = ray.wait(list(pending), num_returns=1)
                for ref in finished:
                    total.merge(ray.get(ref))
                    done += pending.pop(ref)
                    if progress is not None:
                        progress(done)
                    nxt = next(todo, None)
                    if nxt is not None:
                        pending[remote.remote(job_ref, *nxt)] = nxt[1] - nxt[0]
        except BaseException:
            for ref in pending:  # a cluster that outlives this run should not go on playing its chunks
                ray.cancel(ref)
            raise
        return total
    finally:
        if started:
            ray.shutdown()
