"""A log's table at every position, kept fast with checkpoints: live appends, undo, replay."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, MutableMapping, MutableSequence, Sequence
from typing import Any, Literal

from domain.corrections import CORRECTION_TYPES, Corrections
from domain.events import CombatantJoined, CombatantRevealed, EncounterCreated, Fact
from domain.lean import kinds_with_twins
from projections.effective import corrected_log
from projections.redaction_cast import Cast, cast_of
from projections.render import gm_state_json, state_json
from projections.table import apply, fold, fold_into, initial
from projections.view import Table, copy_table

# CONTRACT §2's two timelines: a past line as it stood then, or with every later correction
Timeline = Literal["then", "corrected"]

CHECKPOINT_EVERY = 1000
LOOKS = 3  # checkpoints after a corrected line where its effects are looked for to have died
# out: they mostly do within a few turns, if at all (hit points stay down), and a look may read a
# stored table
CAST = kinds_with_twins({CombatantJoined, CombatantRevealed})  # the lines the player view's cast is
# read from, by exact type: an isinstance check that fails costs a pydantic model ~0.3 µs


class History:
    """The tables of one log: the current one kept live, and a checkpoint every N lines.

    The table after line n is the fold of the first n lines as written. A correction at line m
    that points back at line p refolds from the last checkpoint before p, so undoing a ruling
    from three turns ago costs three turns of folding, not the whole fight.

    `checkpoints` may be any mapping (a plain dict by default): one that keeps its tables
    elsewhere lets a later history `resume` from them instead of folding the whole log again.
    """

    def __init__(
        self,
        events: Iterable[Fact] = (),
        every: int = CHECKPOINT_EVERY,
        checkpoints: MutableMapping[int, Table] | None = None,
    ) -> None:
        self.every = every
        self.events: MutableSequence[Fact] = []
        # the same lines as the folds read them (a stored log's lean twins: StoredFacts.folded)
        self.folded: Sequence[Fact] = self.events
        self.checkpoints: MutableMapping[int, Table] = {} if checkpoints is None else checkpoints
        self.corrections = Corrections()  # every correction of the whole log, taken as it comes
        self.correction_at: list[int] = []
        self.correction_target: list[int] = []
        self.cast_at: list[int] = []  # the positions of every join and reveal
        self._current: Table | None = None
        self._seen: tuple[int, Cast, set[int]] | None = None
        self.folded = self.events = list(events)
        fixes = (p for p, e in enumerate(self.events, 1) if type(e) in CORRECTION_TYPES)
        self._take_lines(1, self.events, fixes)

    @classmethod
    def resume(
        cls,
        events: MutableSequence[Fact],
        checkpoints: MutableMapping[int, Table],
        corrections: Iterable[tuple[int, int]],
        every: int = CHECKPOINT_EVERY,
        cast_at: Iterable[int] | None = None,
        folded: Sequence[Fact] | None = None,
    ) -> History:
        """The history of the whole log `events`, folding only the lines after the latest of
        `checkpoints` (tables after line n of this same log); `corrections` are (line, target)
        of every correction in the log, `cast_at` the lines that join or reveal someone (found
        by reading the lines when not given), `folded` the same lines as the folds are to read
        them (default: `events`). The same tables as History(events), with less work."""
        history = cls(every=every, checkpoints=checkpoints)
        history.events, corrections = events, list(corrections)
        history.folded = events if folded is None else folded
        lines = len(events)
        kept = sorted((p for p in checkpoints if p <= lines and p % every == 0), reverse=True)
        base, table = next(
            ((p, t) for p in kept if (t := checkpoints.get(p)) is not None), (0, None)
        )
        for at, target in corrections:
            if at <= base:
                history._corrected(at, target)
        if cast_at is None:
            cast_at = [p for p, e in enumerate(history.folded[:base], 1) if type(e) in CAST]
        history.cast_at = [p for p in cast_at if p <= base]
        history._current = None if table is None else copy_table(table)
        lines_after = history.folded[base:lines]
        history._take_lines(base + 1, lines_after, (at for at, _ in corrections))
        return history

    @property
    def version(self) -> int:
        """How many lines the log holds."""
        return len(self.events)

    def append(self, event: Fact) -> None:
        """Take the next line of the log (already checked by the log's integrity rules)."""
        self.events.append(event)
        self._take(len(self.events), event)

    def revoked(self) -> set[int]:
        """Lines revoked and not restored, as the whole log stands."""
        return set(self.corrections.revoked)

    def table(self, at: int | None = None) -> Table:
        """A private copy of the table after line `at` (default: now)."""
        if at is None or at >= self.version:
            assert self._current is not None, "an empty log has no table"
            return copy_table(self._current)
        return self._fold_to(at)

    def corrected_table(self, at: int | None = None) -> Table:
        """A private copy of the table after line `at` as corrected: every correction in the
        whole log applied to the first `at` lines (CONTRACT §2, the second timeline)."""
        if at is None or at >= self.version:
            return self.table()
        base, start = self._corrected_base(at)
        lines = self._correction_lines(base, at)
        return fold(corrected_log(self.folded, base + 1, at, self.corrections, lines), start)

    def cast(self) -> Cast:
        """Whom the player view keeps hidden and whose numbers, as the whole log stands."""
        return self._player_view()[0]

    def withdrawn(self) -> set[int]:
        """The lines whose content is no longer in force: revoked, replaced, or a correction
        that was itself undone or superseded."""
        return self._player_view()[1]

    def _player_view(self) -> tuple[Cast, set[int]]:
        """The cast and the withdrawn lines, worked out once per version (many players may
        follow one log)."""
        if self._seen is None or self._seen[0] != self.version:
            assert self._current is not None, "an empty log has no table"
            cast = cast_of(self.events, [*self.cast_at, *self.correction_at], self._current)
            self._seen = (self.version, cast, self.corrections.withdrawn())
        return self._seen[1], self._seen[2]

    def state(self, at: int | None = None, shown: Any = state_json) -> dict[str, Any]:
        """The table state of CONTRACT §2 after line `at` (default: now), as `shown` renders it."""
        version = self.version if at is None else min(at, self.version)
        if version == self.version:
            assert self._current is not None, "an empty log has no table"
            return dict(shown(self._current, version))
        return dict(shown(self._fold_to(version), version))

    def gm_state(self, at: int | None = None, timeline: Timeline = "then") -> dict[str, Any]:
        """The state with what the GM alone is asked (`prompts`), after line `at` as it stood
        then or as corrected."""
        if timeline == "corrected" and at is not None:
            return gm_state_json(self.corrected_table(at), at)
        return self.state(at, gm_state_json)

    def _take_lines(self, start: int, lines: Sequence[Fact], fixes: Iterable[int]) -> None:
        """Take lines start, start+1 … of the log (`lines`, already in `events`): the lines
        `_take` must see one at a time — line 1, corrections (`fixes`: their positions, any
        others ignored) and checkpoints — and between them each run of facts in one fold."""
        end, every = start + len(lines), self.every
        stops = {p for p in fixes if start <= p < end}
        stops.update(range(-(-start // every) * every, end, every))
        if self._current is None:
            stops.add(start)
        position = start
        for stop in [*sorted(stops), end]:
            run = lines[position - start : stop - start]
            if run:
                assert self._current is not None, "line 1 is taken first"
                self.cast_at += [p for p, e in enumerate(run, position) if type(e) in CAST]
                fold_into(self._current, zip(range(position, stop), run, strict=True))
            if stop < end:
                self._take(stop, lines[stop - start])
            position = stop + 1

    def _take(self, position: int, event: Fact) -> None:
        if self._current is None:
            assert isinstance(event, EncounterCreated), "line 1 must be EncounterCreated"
            self._current = initial(event)
        elif type(event) in CORRECTION_TYPES:
            self._corrected(position, event.target)  # type: ignore[attr-defined]
            self._current = self._refolded(position, self._current)
        else:
            if type(event) in CAST:
                self.cast_at.append(position)
            apply(self._current, position, event)
        if position % self.every == 0:
            self.checkpoints[position] = copy_table(self._current)

    def _corrected(self, position: int, target: int) -> None:
        """Take the correction at line `position`, aimed at line `target`."""
        self.correction_at.append(position)
        self.correction_target.append(target)
        self.corrections.take(position, self.folded[position - 1])

    def _refolded(self, position: int, was: Table) -> Table:
        """The table after the correction at line `position` (`was`: the table before it): the
        lines after the latest checkpoint it leaves as it was folded again, and only as far as the
        first checkpoint where the table comes out as it was then — the corrected line's effects
        have died out, so every later line folds as before and the table is `was` again."""
        base, start = self._base(position)
        target = self.correction_target[-1]
        table, folded = None if start is None else copy_table(start), base
        for checkpoint in range(base + self.every, position, self.every):
            table = self._fold_on(table, folded, checkpoint)
            folded = checkpoint
            near = checkpoint < target + LOOKS * self.every
            if checkpoint >= target and near and self._as_then(checkpoint, position, table):
                return was
        return self._fold_on(table, folded, position)

    def _fold_on(self, table: Table | None, base: int, upto: int) -> Table:
        """`table` (the table after line `base`, changed in place; None: line 1 on) folded on
        through line `upto` with the corrections written by the last line applied."""
        entries = corrected_log(
            self.folded, base + 1, upto, self.corrections, self._correction_lines(base, upto)
        )
        if table is None:
            return fold(entries)
        fold_into(table, entries)
        return table

    def _as_then(self, checkpoint: int, position: int, table: Table) -> bool:
        """Whether `table`, refolded through `checkpoint` for the correction at `position`, is
        the checkpoint's table, and no other correction since reaches back to it or before."""
        later = self.correction_target[bisect_right(self.correction_at, checkpoint) : -1]
        if any(target <= checkpoint for target in later):
            return False
        return self.checkpoints.get(checkpoint) == table

    def _fold_to(self, upto: int) -> Table:
        """The table after line `upto`: the corrections written by then applied to the lines
        after the latest checkpoint they leave as it was."""
        base, start = self._base(upto)
        lines = self._correction_lines(base, upto)
        whole = not self.correction_at or self.correction_at[-1] <= upto
        then = self.corrections if whole else Corrections.of(self.folded, lines)
        return fold(corrected_log(self.folded, base + 1, upto, then, lines), start)

    def _correction_lines(self, base: int, upto: int) -> list[int]:
        """The positions of the correction lines in base+1..upto."""
        at = self.correction_at
        return at[bisect_right(at, base) : bisect_right(at, upto)]

    def _corrected_base(self, upto: int) -> tuple[int, Table | None]:
        """The latest checkpoint no correction anywhere after it reaches back past."""
        after = bisect_right(self.correction_at, upto)
        return self._base(upto, min(self.correction_target[after:], default=upto + 1))

    def _base(self, upto: int, lowest: int | None = None) -> tuple[int, Table | None]:
        """The latest checkpoint no correction in (checkpoint, upto] reaches back past (nor
        before `lowest`, the earliest line a later correction reaches)."""
        index = bisect_right(self.correction_at, upto) - 1
        lowest = upto + 1 if lowest is None else lowest
        for base in range(upto // self.every * self.every, 0, -self.every):
            while index >= 0 and self.correction_at[index] > base:
                lowest = min(lowest, self.correction_target[index])
                index -= 1
            if base < lowest and (table := self.checkpoints.get(base)) is not None:
                return base, table
        return 0, None
