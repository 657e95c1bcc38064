"""Column schemas of the games and turns frames, and the conversions rows -> Arrow -> pandas.

Workers turn their rows into Arrow tables with compact storage types (categories travel as plain
strings, so parts written by different workers never disagree about a dictionary). Joining the
parts applies the declared pandas dtypes once: categories get a fixed order (arms in study order,
everything else sorted), so two runs of the same study give equal frames whatever the number of
workers or the backend. Every column is documented in ``docs/telemetry.md``.
"""

from __future__ import annotations

import contextlib
import itertools
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from gardensim.core.protocol import MAX_SEATS

#: Text columns' dtype, the one the games' turn columns declare: a frame's text reads the same
#: (``<NA>`` when missing) whichever frame it comes from.
STR = "string"

#: Columns every games frame has, before the game's own ``game_columns``.
GAME_COLUMNS: dict[str, str] = {
    "arm": "category",
    "game": "int32",
    "deal": "int32",
    "seed": "int64",
    "players": "int8",
    **{f"bot_{s}": "category" for s in range(MAX_SEATS)},
    **{f"win_{s}": "float64" for s in range(MAX_SEATS)},
    "winners": "category",
    "turns": "int16",
    "moves": STR,
    **{f"decision_s_{s}": "float32" for s in range(MAX_SEATS)},
}
#: Columns every turns frame has, before the game's own ``turn_columns``.
TURN_COLUMNS: dict[str, str] = {
    "arm": "category",
    "game": "int32",
    "turn": "int16",
    "seat": "int8",
    "bot": "category",
    "decision_s": "float32",
}
#: Columns that measure time: they differ between runs; everything else is reproducible.
TIMING_COLUMNS = frozenset(["decision_s", *(f"decision_s_{s}" for s in range(MAX_SEATS))])
#: Columns whose categories are the study's bot specs.
BOT_COLUMNS = frozenset(["bot", *(f"bot_{s}" for s in range(MAX_SEATS))])


def fixed_categories(spec: Mapping[str, Any]) -> dict[str, list[str]]:
    """Categories of the runner's own columns from a manifest's ``frames`` entry."""
    return {"arm": list(spec["arms"]), **{c: list(spec["bots"]) for c in BOT_COLUMNS}}


def _merge(base: Mapping[str, str], extra: Mapping[str, str], what: str) -> dict[str, str]:
    clash = sorted(set(base) & set(extra))
    if clash:
        raise ValueError(f"{what} column {clash[0]!r} clashes with a runner column")
    return {**base, **extra}


def games_schema(game: Any) -> dict[str, str]:
    """Column -> dtype of the games frame of ``game`` (a Game or Game class)."""
    return _merge(GAME_COLUMNS, getattr(game, "game_columns", {}), "game_columns")


def turns_schema(game: Any) -> dict[str, str]:
    """Column -> dtype of the turns frame of ``game``."""
    return _merge(TURN_COLUMNS, getattr(game, "turn_columns", {}), "turn_columns")


_TEXT = ("category", "str", STR)  # "str": the games frame's text in runs stored before


def _arrow_type(dtype: str) -> Any:
    """How a column travels between workers and sits in Parquet parts: categories and strings
    as plain Arrow strings, numbers in their own width (nullable pandas ints as Arrow ints)."""
    import numpy as np
    import pyarrow as pa

    if dtype in _TEXT:
        return pa.string()
    if dtype in ("bool", "boolean"):
        return pa.bool_()
    if dtype == "object":
        return None
    return pa.from_numpy_dtype(np.dtype(dtype.lower()))


def rows_to_table(rows: Sequence[Mapping[str, Any]], schema: Mapping[str, str], arm: str) -> Any:
    """An Arrow table of ``rows`` (one dict per row) with the schema's columns, in order, plus
    the arm name. A row lacking a column gives a null there, which only nullable dtypes accept.
    """
    columns = [c for c in schema if c != "arm"]
    if len(columns) > 1 and rows:
        try:
            values = list(zip(*map(operator.itemgetter(*columns), rows), strict=True))
        except KeyError:
            values = [[row.get(c) for row in rows] for c in columns]
    else:
        values = [[row.get(c) for row in rows] for c in columns]
    return columns_to_table([dict(zip(columns, values, strict=True))], schema, arm, len(rows))


def columns_to_table(
    parts: Sequence[Mapping[str, Sequence[Any]]],
    schema: Mapping[str, str],
    arm: str,
    length: int | None = None,
) -> Any:
    """An Arrow table of column parts (column name -> values, one part per game, say) joined
    end to end, with the schema's columns in order plus the arm name.

    No pandas: this runs once per batch in every worker and its cost counts against the
    telemetry budget. A part lacking a column gives nulls there, which only nullable dtypes
    accept. ``length`` is the row count when no part has a column to tell it. A column that
    every part gives as a numpy array, or every part as an Arrow array, is joined as arrays
    (a compiled engine's counts and texts need never become Python objects). Parts whose
    type has a ``join_parts(parts) -> columns`` (a fast engine's lazy turn columns) are
    joined by it, a run of them at once.
    """
    import numpy as np
    import pyarrow as pa

    parts = _joined_parts(parts)
    sizes = [len(next(iter(part.values()))) if part else 0 for part in parts]
    rows = sum(sizes) if length is None else length
    arrays = {"arm": pa.repeat(pa.scalar(arm, pa.string()), rows)}
    for column in (c for c in schema if c != "arm"):
        dtype = schema[column]
        chunks = [part.get(column) for part in parts]
        if all(chunk is None for chunk in chunks):
            arrays[column] = _array(column, [None] * rows, dtype)
            continue
        if all(isinstance(chunk, np.ndarray) for chunk in chunks):
            values = chunks[0] if len(chunks) == 1 else np.concatenate(chunks)
            arrays[column] = _typed_array(column, values, dtype)
            continue
        if all(isinstance(chunk, pa.Array) for chunk in chunks):
            values = chunks[0] if len(chunks) == 1 else pa.concat_arrays(chunks)
            arrays[column] = _typed_array(column, values, dtype)
            continue
        data: list[Any] = []
        for chunk, size in zip(chunks, sizes, strict=True):
            data.extend([None] * size if chunk is None
                        else chunk.tolist() if hasattr(chunk, "tolist") else chunk)
        arrays[column] = _array(column, data, dtype)
    return pa.table(arrays)


def _joined_parts(parts: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """``parts`` with each run of parts of one type that has ``join_parts`` joined into one
    (rows stay in order)."""
    out: list[Mapping[str, Any]] = []
    for kind, run in itertools.groupby(parts, type):
        join = getattr(kind, "join_parts", None)
        same = list(run)
        out.extend([join(same)] if join is not None else same)
    return out


def _typed_array(column: str, values: Any, dtype: str) -> Any:
    """A column of numpy values, or an Arrow array, as an Arrow array of the schema's type (a
    value the type cannot hold is an error, as in :func:`_array`)."""
    import pyarrow as pa

    arrow_type = _arrow_type(dtype)
    with _fits(column, dtype):
        if not isinstance(values, pa.Array):
            return pa.array(values, arrow_type)
        return values if arrow_type in (None, values.type) else values.cast(arrow_type)


@contextlib.contextmanager
def _fits(column: str, dtype: str) -> Iterator[None]:
    """Arrow's complaint that a value does not fit a column's type, as one clear error."""
    import pyarrow as pa

    try:
        yield
    except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError) as exc:
        raise ValueError(f"column {column!r} does not fit dtype {dtype}: {exc}") from None


def _array(column: str, data: list[Any], dtype: str) -> Any:
    """One column as an Arrow array. Numbers go through ``numpy.fromiter`` when no value is
    missing (faster than pyarrow's own conversion of Python ints and than ``numpy.array``:
    with the dtype given, nothing is inferred); an all-missing column is a null array of the
    type; anything else is left to pyarrow."""
    import numpy as np
    import pyarrow as pa

    arrow_type = _arrow_type(dtype)
    with _fits(column, dtype):
        if arrow_type is not None and data and data[0] is not None and (
            pa.types.is_integer(arrow_type) or pa.types.is_floating(arrow_type)
        ):
            try:
                values = np.fromiter(data, arrow_type.to_pandas_dtype(), len(data))
                return pa.array(values)
            except (TypeError, ValueError):
                pass  # a missing value further on: pyarrow handles it (or says why)
        elif data and data[0] is None and arrow_type is not None and data.count(None) == len(data):
            if _needs_values(dtype):
                raise ValueError(f"column {column!r} ({dtype}) has missing values")
            return pa.nulls(len(data), arrow_type)
        array = pa.array(data, arrow_type)
    if array.null_count and _needs_values(dtype):
        raise ValueError(f"column {column!r} ({dtype}) has missing values")
    return array


def _needs_values(dtype: str) -> bool:
    """Numpy integer and bool dtypes cannot hold missing values (nullable ``Int8`` can)."""
    return dtype[:3] in ("int", "uin") or dtype == "bool"


def tables_to_frame(
    tables: Iterable[Any],
    schema: Mapping[str, str],
    categories: Mapping[str, Sequence[Any]] | None = None,
) -> Any:
    """Join Arrow parts into one DataFrame with the declared dtypes.

    ``categories`` fixes the categories (and their order) of some columns; other categorical
    columns get their observed values, sorted.
    """
    import pandas as pd
    import pyarrow as pa

    categories = categories or {}
    tables = list(tables)
    if not tables:
        return pd.DataFrame(
            {
                c: pd.Categorical([], categories=categories.get(c, []))
                if d == "category"
                else pd.Series([], dtype=d)
                for c, d in schema.items()
            }
        )
    table = pa.concat_tables(tables, promote_options="default")
    columns: dict[str, Any] = {}
    for column, dtype in schema.items():
        data = table.column(column)
        if dtype == "category":
            columns[column] = _categorical(data, categories.get(column))
        elif pa.types.is_null(data.type):
            columns[column] = pd.Series([None] * len(data), dtype=dtype)
        else:
            series = data.to_pandas()
            columns[column] = series if dtype == "object" else series.astype(dtype)
    return pd.DataFrame(columns)


def _categorical(data: Any, known: Sequence[Any] | None) -> Any:
    import pandas as pd
    import pyarrow as pa

    if pa.types.is_null(data.type):
        return pd.Series(pd.Categorical([None] * len(data), categories=list(known or [])))
    series = data.dictionary_encode().to_pandas()
    if not isinstance(series.dtype, pd.CategoricalDtype):
        series = series.astype("category")
    observed = list(series.cat.categories)
    wanted = list(known) if known is not None else sorted(observed)
    missing = [c for c in observed if c not in set(wanted)]
    if missing:
        raise ValueError(f"unexpected category {missing[0]!r} (expected one of {wanted})")
    return series.cat.set_categories(wanted)


def comparable(frame: Any) -> Any:
    """``frame`` without its timing columns: what must be equal between two runs."""
    return frame.drop(columns=[c for c in frame.columns if c in TIMING_COLUMNS])


#: Columns of the games frame that say which game a seat row belongs to.
SEAT_KEYS = ("arm", "game", "deal", "seed", "players")


def seat_stems(columns: Iterable[str]) -> list[str]:
    """Names of the per-seat columns (``win`` for ``win_0`` .. ``win_3``), in frame order: a
    stem counts only when it has a column for every seat, so ``turns`` or a game column that
    merely ends in a digit is never split."""
    columns = list(columns)
    present = set(columns)
    stems = []
    for column in columns:
        stem, _, seat = column.rpartition("_")
        if seat == "0" and stem and all(f"{stem}_{s}" in present for s in range(MAX_SEATS)):
            stems.append(stem)
    return stems


def seats_frame(games: Any) -> Any:
    """The games frame in long form: one row per game and seat the game has, sorted like the
    games frame then by seat, with ``seat`` and every per-seat column under its stem (``bot``,
    ``win``, ``decision_s``, the game's own such as ``supply`` or ``score``).

    Per-game columns other than :data:`SEAT_KEYS` stay in the games frame (join on arm and
    game): repeating ``moves`` once per seat would double or quadruple the largest column. The
    wide frame is what runs store; this view is for tidy-data habits (``groupby("seat")``,
    ``hue="seat"``) without reshaping ``bot_0`` .. ``bot_3`` by hand.
    """
    import numpy as np
    import pandas as pd

    stems = seat_stems(games.columns)
    keys = [c for c in SEAT_KEYS if c in games.columns]
    players = games["players"].to_numpy()
    parts = []
    for seat in range(MAX_SEATS):
        held = players > seat
        part = games.loc[held, keys].copy()
        part.insert(len(keys), "seat", np.int8(seat))
        for stem in stems:
            part[stem] = games.loc[held, f"{stem}_{seat}"]
        part["_row"] = np.flatnonzero(held)
        parts.append(part)
    long = pd.concat(parts, ignore_index=True)
    long = long.sort_values(["_row", "seat"], kind="stable", ignore_index=True)
    return long.drop(columns="_row")
