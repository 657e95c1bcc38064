"""Rows -> Arrow parts -> typed frames: dtypes are enforced, never silently widened."""

from __future__ import annotations

import pytest

from gardensim.sim import frames

SCHEMA = {"arm": "category", "game": "int32", "points": "int8", "seat_score": "Int8",
          "end": "category", "note": "str"}


def test_parts_join_into_the_declared_dtypes_with_sorted_categories():
    first = frames.rows_to_table(
        [{"game": 0, "points": 3, "seat_score": None, "end": "z", "note": "a"}], SCHEMA, "b")
    second = frames.rows_to_table(
        [{"game": 1, "points": -2, "seat_score": 4, "end": "a", "note": "b"}], SCHEMA, "a")
    frame = frames.tables_to_frame([first, second], SCHEMA, {"arm": ["b", "a"]})
    assert {c: str(t) for c, t in frame.dtypes.items()} == {
        "arm": "category", "game": "int32", "points": "int8", "seat_score": "Int8",
        "end": "category", "note": "str"}
    assert list(frame["arm"].cat.categories) == ["b", "a"]
    assert list(frame["end"].cat.categories) == ["a", "z"]
    assert frame["seat_score"].isna().tolist() == [True, False]


def test_a_value_too_big_for_its_dtype_is_an_error_naming_the_column():
    with pytest.raises(ValueError, match="column 'points' does not fit dtype int8"):
        frames.rows_to_table([{"game": 0, "points": 300}], SCHEMA, "a")


def test_a_missing_value_needs_a_nullable_dtype():
    with pytest.raises(ValueError, match=r"column 'points' \(int8\) has missing values"):
        frames.rows_to_table([{"game": 0}], SCHEMA, "a")


def test_a_category_outside_the_fixed_ones_is_an_error():
    part = frames.rows_to_table([{"game": 0, "points": 1}], SCHEMA, "c")
    with pytest.raises(ValueError, match="unexpected category 'c'"):
        frames.tables_to_frame([part], SCHEMA, {"arm": ["a", "b"]})


def test_a_game_column_may_not_shadow_a_runner_column():
    class Clashing:
        turn_columns = {"seat": "int8"}

    with pytest.raises(ValueError, match="turn_columns column 'seat' clashes"):
        frames.turns_schema(Clashing)


def test_no_parts_give_an_empty_frame_with_every_column():
    frame = frames.tables_to_frame([], SCHEMA, {"arm": ["a"]})
    assert frame.empty and list(frame.columns) == list(SCHEMA)
    assert str(frame["seat_score"].dtype) == "Int8"


def test_numpy_column_parts_join_as_the_same_table_as_lists():
    """A compiled engine hands counts as numpy arrays: joined as arrays they give the table
    list parts give, alone or mixed with list parts; a value too big is still an error."""
    import numpy as np

    lists = [{"game": [0, 0], "points": [3, -2], "note": ["a", "b"]},
             {"game": [1], "points": [5], "note": ["c"]}]
    arrays = [{"game": np.array([0, 0]), "points": np.array([3, -2]), "note": ["a", "b"]},
              {"game": np.array([1]), "points": np.array([5]), "note": ["c"]}]
    mixed = [arrays[0], lists[1]]
    expected = frames.columns_to_table(lists, SCHEMA, "a")
    assert frames.columns_to_table(arrays, SCHEMA, "a").equals(expected)
    assert frames.columns_to_table(mixed, SCHEMA, "a").equals(expected)
    with pytest.raises(ValueError, match="column 'points' does not fit dtype int8"):
        frames.columns_to_table([{"game": np.array([0]), "points": np.array([300])}], SCHEMA,
                                "a")


class _Lazy(dict):
    """A fast engine's lazy part: its type joins a run of parts at once (and counts how often)."""

    joins: list[int] = []

    @staticmethod
    def join_parts(parts):
        _Lazy.joins.append(len(parts))
        return {k: [v for part in parts for v in part[k]] for k in parts[0]}


def test_arrow_columns_and_parts_that_join_themselves_give_the_same_table():
    """Arrow-array chunks join as arrays; a run of parts whose type has ``join_parts`` is
    joined by it, once, in place among ordinary parts; a value too big is still an error."""
    import pyarrow as pa

    lists = [{"game": [0, 0], "points": [3, -2], "note": ["a", "b"]},
             {"game": [1], "points": [5], "note": ["c"]},
             {"game": [2], "points": [1], "note": ["d"]}]
    expected = frames.columns_to_table(lists, SCHEMA, "a")
    arrow = [{k: pa.array(v) for k, v in part.items()} for part in lists]
    assert frames.columns_to_table(arrow, SCHEMA, "a").equals(expected)
    _Lazy.joins.clear()
    lazy = [_Lazy(lists[0]), _Lazy(lists[1]), lists[2]]
    assert frames.columns_to_table(lazy, SCHEMA, "a").equals(expected)
    assert _Lazy.joins == [2]
    with pytest.raises(ValueError, match="column 'points' does not fit dtype int8"):
        frames.columns_to_table([{"game": pa.array([0]), "points": pa.array([300])}], SCHEMA,
                                "a")
