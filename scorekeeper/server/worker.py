"""The heavy work's own process: PDF rendering and a big group's figures and file run there, so
that the serving process keeps its interpreter for the round pages.

One Python process runs one thread of Python at a time (the GIL): a render of several seconds
in a server thread made every other table's page queue for the interpreter behind it, however
few renders the queues let run. In a process of its own, a render takes the machine's other
core and the pages do not wait. The queues (:class:`scorekeeper.web.pdf.Renders`) still decide
how many may wait; this module only says where the work runs.

The worker is one process (``concurrent.futures.ProcessPoolExecutor`` with one worker), started
on the first heavy request by the ``spawn`` method (a fork of a server with threads may copy a
lock held by another thread) and shared by every app of the server process. Each task is
bounded: ``HEAVY_SECONDS`` of processor time (a timer in the worker: a machine busy with other
work does not make a task fail) and ``HEAVY_MEMORY_MB`` of memory (the worker's address space).
Past either the answer is :class:`TooHeavy` and the worker is replaced: stopped in the middle
of a library's work, it is not trusted with the next task; so is a worker that died. The worker
ends with the server, however the server ends: it ignores Ctrl-C (the server shuts the pool
down at exit), and it checks every :data:`WATCH_SECONDS` that the server is still its parent
(after a ``kill -9`` it is not).

``HEAVY_WORKER = False`` runs the same functions in the request's thread (as before), and so
does a database that lives in memory (the worker could not see it).
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, TypeVar

from flask import current_app

from scorekeeper.core import family

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")

WATCH_SECONDS = 0.5
NICENESS = 10
# The bound in the worker is processor time, which a busy machine does not stretch; the server
# gives up on a worker that has not answered within this many times that in real time, plus
# the time a new worker takes to start (a task stuck waiting, or a machine far too busy).
PATIENCE = 5
STARTING_SECONDS = 60

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
# Each pool's worker writes its process id here as it starts: the executor has no public way
# to end a worker in the middle of a task (Python 3.14 adds terminate_workers()).
_WORKER_PIDS: dict[int, Any] = {}
# The games each pool's worker loaded beyond the app's own (family.added()), by pool.
_POOL_GAMES: dict[int, tuple[str, ...]] = {}


class TooHeavy(Exception):
    """The task took longer or more memory than the worker allows, or the worker died."""


class WorkerDied(TooHeavy):
    """The worker ended in the middle of the task (killed or crashed): not the task's size."""


def run(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in the worker process (or here, when the app says so);
    :class:`TooHeavy` past the bounds. ``function`` and its arguments must pickle: a module's
    function of plain values."""
    config = current_app.config
    if not config["HEAVY_WORKER"] or str(config["DATABASE"]) == ":memory:":
        return function(*args)
    seconds = float(config["HEAVY_SECONDS"])
    memory = int(config["HEAVY_MEMORY_MB"])
    pool = _pool(memory)
    try:
        future = pool.submit(_bounded, seconds, function, *args)
        answer: T = future.result(timeout=seconds * PATIENCE + STARTING_SECONDS)
    except FutureTimeout as error:
        _forget(pool)
        raise TooHeavy from error
    except BrokenExecutor as error:
        _forget(pool)
        raise WorkerDied from error
    except TooHeavy:
        # Stopped in the middle of a library's work: the next task gets a fresh worker.
        _forget(pool)
        raise
    return answer


def stop() -> None:
    """End the worker now (the server is stopping; tests)."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        _WORKER_PIDS.pop(id(pool), None)
        _POOL_GAMES.pop(id(pool), None)
        pool.shutdown(wait=True, cancel_futures=True)


def _pool(memory_mb: int) -> ProcessPoolExecutor:
    global _POOL
    # Imported with the first heavy request: multiprocessing is not needed to start (§6).
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    games = family.added()
    with _POOL_LOCK:
        if _POOL is not None and _POOL_GAMES.get(id(_POOL), ()) != games:
            # A game registered since the worker started: a new worker loads it too.
            old, _POOL = _POOL, None
            _WORKER_PIDS.pop(id(old), None)
            _POOL_GAMES.pop(id(old), None)
            old.shutdown(wait=False)
        if _POOL is None:
            spawn = get_context("spawn")
            worker = spawn.Value("q", 0, lock=False)
            _POOL = ProcessPoolExecutor(
                max_workers=1,
                mp_context=spawn,
                initializer=_start_worker,
                initargs=(os.getpid(), memory_mb, worker, games),
            )
            _WORKER_PIDS[id(_POOL)] = worker
            _POOL_GAMES[id(_POOL)] = games
        return _POOL


@atexit.register
def _let_go() -> None:
    """At exit, drop the pool while the modules it uses are whole: imported with the first heavy
    request, after this module, ``concurrent.futures.process`` is emptied before it at the
    end, and a pool collected after that fails in its clean-up."""
    global _POOL
    _POOL = None


def _forget(pool: ProcessPoolExecutor) -> None:
    """Drop a pool whose worker died or hangs: the next request starts a new one."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is pool:
            _POOL = None
    _POOL_GAMES.pop(id(pool), None)
    worker = _WORKER_PIDS.pop(id(pool), None)
    if worker is not None and worker.value:
        import psutil

        try:
            process = psutil.Process(worker.value)
            # Still this server's child: a number freed by a dead worker may be another's now.
            if process.ppid() == os.getpid():
                process.kill()
        except psutil.NoSuchProcess:  # it died: that is why it is forgotten
            pass
    pool.shutdown(wait=False, cancel_futures=True)


# --- in the worker process -------------------------------------------------------------------


class _Alarm(BaseException):
    """Raised in the worker when a task's processor time is up (a BaseException: no
    ``except Exception`` in the libraries swallows it)."""


def _start_worker(server: int, memory_mb: int, worker: Any, games: tuple[str, ...]) -> None:
    """The worker's set-up: it says its process id (``worker``, a shared value), loads the games
    registered beyond the app's own, Ctrl-C is the server's to handle, the server comes first
    for the processor, memory is capped, and the worker ends as soon as the server is gone."""
    worker.value = os.getpid()
    for where in games:
        family.load(where)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform != "win32":  # Windows has neither niceness nor a cap of address space
        _yield_and_cap(memory_mb)
    threading.Thread(target=_watch, args=(server,), daemon=True, name="watch-server").start()


def _yield_and_cap(memory_mb: int) -> None:
    import resource

    # Where the worker and the server want the same core (one core, or a machine busy with
    # other work), the server's pages go first.
    os.nice(NICENESS)
    if memory_mb > 0:
        limit = memory_mb * 1024 * 1024
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _watch(server: int) -> None:
    """End this process once the server is no longer its parent (killed, or gone)."""
    while os.getppid() == server:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def _on_alarm(_signum: int, _frame: object) -> None:
    raise _Alarm


def _bounded(seconds: float, function: Callable[..., T], *args: Any) -> T:
    """``function``'s answer, or :class:`TooHeavy` when it takes more than ``seconds`` of
    processor time or runs out of memory (the server then replaces this worker)."""
    previous = signal.signal(signal.SIGPROF, _on_alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        return function(*args)
    except (_Alarm, MemoryError) as error:
        raise TooHeavy(type(error).__name__) from None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
