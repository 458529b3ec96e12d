"""The board keeps every field's name in view, however many pieces stand on the field."""

import random
import re

from matches.engine import get_engine

RADIUS = 18  # a piece's token


def test_no_piece_covers_its_fields_name():
    engine = get_engine("trixkick")
    crowded = 0
    for seed in range(6):
        state = engine.initial_state(
            edition=engine.default_edition(), sides=[{"name": "A"}, {"name": "B"}], options={}
        )
        rng = random.Random(seed)
        for _ in range(120):
            if engine.outcome(state) is not None:
                break
            state = engine.apply(state, rng.choice(engine.concrete_legal_actions(state))).state
            svg = engine.render_svg(state)
            names = {
                m["name"]: (float(m["x"]), float(m["y"]))
                for m in re.finditer(
                    r'<text x="(?P<x>[\d.]+)" y="(?P<y>[\d.]+)" font-size="13" font-weight="bold" fill="#f1f8e9">(?P<name>[A-C]\d)</text>',
                    svg,
                )
            }
            assert len(names) == 20
            pieces = [
                (float(x), float(y))
                for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="18"', svg)
            ]
            for name, (x, y) in names.items():
                # the name's box: 13 px type, two characters, from (x, y - 13) to (x + 20, y)
                for cx, cy in pieces:
                    near_x = min(max(cx, x), x + 20)
                    near_y = min(max(cy, y - 13), y)
                    assert (cx - near_x) ** 2 + (cy - near_y) ** 2 > RADIUS**2, (seed, name)
            crowded += _three_on_a_field(engine, state)
    assert crowded, "no field with three pieces met: the test saw nothing of what it checks"


def _three_on_a_field(engine, state) -> bool:
    fields = [p["field"] for p in engine.state_to_json(state)["pieces"].values() if p["field"]]
    return any(fields.count(f) >= 3 for f in set(fields))
