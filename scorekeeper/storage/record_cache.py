"""The game records a database's storage has read (:class:`RecordCache`), each named by the
stamp of the version it is (:func:`stamp`)."""

from __future__ import annotations

import threading
from collections import OrderedDict

from scorekeeper.core.game import GameRecord


class RecordCache:
    """Game records already read, by their stamp (:func:`stamp`): the same version of a game is
    read again and again (every phone at the table reloads when it changes, the scorekeeper
    moves between the round and the sheet), and a record never changes once read.

    Every change to a game bumps its version and its time of change in the same transaction
    (:func:`scorekeeper.storage.games.changing`), so a new version is never served from here.
    """

    SIZE = 256

    def __init__(self) -> None:
        self._records: OrderedDict[tuple[object, ...], GameRecord] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, stamp: tuple[object, ...]) -> GameRecord | None:
        with self._lock:
            record = self._records.get(stamp)
            if record is not None:
                self._records.move_to_end(stamp)
            return record

    def put(self, stamp: tuple[object, ...], record: GameRecord) -> None:
        with self._lock:
            self._records[stamp] = record
            while len(self._records) > self.SIZE:
                self._records.popitem(last=False)


def stamp(game_id: str, version: int, updated_at: str) -> tuple[object, ...]:
    """What names one version of a stored game, everywhere a version is kept (the record cache,
    the printed sheet's cache and its ETag): the version and the time of the change. A backup
    restored under a running server brings back version numbers it has seen, but never with
    their time of change. The live check and the API answer with the version alone (the number
    the API's ``If-Match`` takes): a phone holding another number than the stored one reloads."""
    return (game_id, version, updated_at)
