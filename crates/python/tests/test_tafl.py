"""Tafl play: TaflGame (moves, outcome, perft, OTN game records) and the PettingZoo
environment tafl_v0."""

import pathlib
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import gridnote
from gridnote.env import mnk_v0, tafl_v0

# gridnote's rules engine's perft counts from the start (docs/tafl-rules.md), which
# up to these depths are OpenTafl's too.
PERFT = {
    "brandubh": [40, 960, 39_512],
    "copenhagen": [116, 6_788],
    "berserk": [60, 6_910],
    "alea-evangelii": [580],
}


@pytest.mark.parametrize("rules", sorted(PERFT))
def test_perft_from_the_start_is_the_engines(rules):
    game = gridnote.TaflGame(rules)
    assert [game.perft(d) for d in range(1, len(PERFT[rules]) + 1)] == PERFT[rules]
    assert len(game.legal_moves) == PERFT[rules][0]


def test_every_preset_starts():
    assert gridnote.TAFL_PRESETS[0] == "copenhagen"
    assert len(gridnote.TAFL_PRESETS) == 14
    for name in gridnote.TAFL_PRESETS:
        game = gridnote.TaflGame(name)
        assert game.name == name
        # Berserk's record says atkf:n: the defenders open.
        assert game.turn == ("defenders" if name == "berserk" else "attackers")
        assert not game.is_game_over() and game.outcome() is None


def test_push_pop_and_move_texts():
    game = gridnote.TaflGame("brandubh")
    start = game.position
    assert game.legal_moves[:4] == ["d7-c7", "d7-b7", "d7-e7", "d7-f7"]
    assert game.push("d2-c2") == "d2-c2"
    assert (game.turn, game.ply, game.move_stack) == ("defenders", 1, ["d2-c2"])
    assert game.perft(2) == 975
    assert game.pop() == "d2-c2"
    assert (game.position, game.turn, game.ply) == (start, "attackers", 0)
    with pytest.raises(IndexError):
        game.pop()
    # A capture is written with the squares it takes; the text without them is read too.
    for move in ["d7-c7", "d5-b5"]:
        game.push(move)
    assert game.is_legal("a4-a3") and not game.is_legal("d4-d5")
    assert game.push("d6-b6") == "d6-b6xb5"
    assert game.position == "/3t3/3t3/3T3/ttTKTtt/7/1t5/2t4/"
    game.pop()
    assert game.push("d6-b6xb5") == "d6-b6xb5"
    assert game.legal_moves[5] == "Kd4-d5"


def test_illegal_moves_are_value_errors_with_a_message():
    game = gridnote.TaflGame("brandubh")
    assert issubclass(gridnote.IllegalMoveError, gridnote.GridnoteError)
    assert issubclass(gridnote.IllegalMoveError, ValueError)
    with pytest.raises(gridnote.IllegalMoveError) as info:
        game.push("d1-d2")
    assert info.value.message == "d1-d2 is not a legal move for the attackers"
    assert (info.value.text, info.value.span, info.value.index) == ("d1-d2", (0, 5), None)
    assert str(info.value) == "d1-d2 is not a legal move for the attackers\n  | d1-d2\n  | ^^^^^"
    with pytest.raises(ValueError, match="move record: expected a rank number from 1, found the end of the text"):
        game.push("zz")
    with pytest.raises(gridnote.IllegalMoveError, match="the text lists c3, which the rules do not capture"):
        game.push("d2-c2xc3")
    with pytest.raises(gridnote.IllegalMoveError, match="names the piece `K`"):
        game.push("Kd2-c2")
    assert game.ply == 0


def test_the_king_escapes():
    # The king on b1 next to the corner a1, the defenders to move.
    game = gridnote.TaflGame("brandubh", position="/1K5/7/7/7/7/7/6t/", turn="defenders")
    assert game.turn == "defenders"
    assert game.push("Kb1-a1") == "Kb1-a1"
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason, outcome.result()) == ("defenders", "king-escaped", "-1")
    assert str(outcome) == "defenders win (king-escaped)"
    # The record turns atkf, so that it opens with the defenders.
    record = game.record()
    assert "atkf:n" in record and "[position:/1K5/7/7/7/7/7/6t/]" in record
    back = gridnote.TaflGame.from_record(record)
    assert back.outcome() == outcome and back.move_stack == ["Kb1-a1"]
    assert game.is_game_over() and game.legal_moves == [] and game.legal_actions() == []
    with pytest.raises(gridnote.IllegalMoveError, match="the game is already over"):
        game.push("g7-g6")
    assert not game.play_action(0)
    assert str(game).endswith("game over: defenders win (king-escaped)")


def test_a_side_without_a_legal_move_loses():
    # The attackers' only piece, on a1, is boxed in by two defenders.
    game = gridnote.TaflGame("brandubh", position="/tT5/T6/7/3K3/7/7/7/")
    assert game.turn == "attackers" and game.legal_moves == []
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason) == ("defenders", "no-legal-moves")


def test_start_positions_from_any_tafl_format():
    tsn = gridnote.TaflGame("brandubh", position="7 4 7/7/7/3k3/3a3/7/7 d 1 0")
    # TSN's rows run from the top: the attacker stands on d3.
    assert (tsn.turn, tsn.position) == ("defenders", "/7/7/7/3K3/3t3/7/7/")
    assert len(tsn.legal_moves) == 9
    with pytest.raises(ValueError, match="position: .*7x7"):
        gridnote.TaflGame("brandubh", position="/3/1K1/3/")
    with pytest.raises(gridnote.ParseError):
        gridnote.TaflGame("brandubh", position="not a position")
    with pytest.raises(ValueError, match="turn: expected"):
        gridnote.TaflGame("brandubh", turn="white")


def test_rules_by_preset_or_record():
    record = "dim:7 name:Brandub ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    game = gridnote.TaflGame(record)
    assert game.name == "Brandub" and game.rules == record and game.size == 7
    assert gridnote.TaflGame("brandub").name == "brandubh"
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.TaflGame("dim:7 esc:q start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
    assert info.value.span == (10, 11) and info.value.format == "otn"
    with pytest.raises(ValueError, match="unknown tafl rules `chess`"):
        gridnote.TaflGame("chess")


def test_str_repr_copy():
    game = gridnote.TaflGame("brandubh")
    assert repr(game) == (
        "TaflGame('brandubh', position='/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', turn='attackers')"
    )
    lines = str(game).splitlines()
    assert lines[0] == "7 _ _ _ a _ _ _"
    assert lines[3] == "4 a a d k d a a"
    assert lines[-1] == "attackers to move"
    other = game.copy()
    other.push("d2-c2")
    assert (game.ply, other.ply) == (0, 1)
    assert game.board.rows == ["___a___", "___a___", "___d___", "aadkdaa", "___d___", "___a___", "___a___"]
    assert game.board.format == "otn"
    assert str(game.board).splitlines()[-1] == "no side to move (otn carries none)"


def test_records_are_written_and_read_back():
    game = gridnote.TaflGame("brandubh")
    rng = np.random.default_rng(11)
    while not game.is_game_over() and game.ply < 400:
        moves = game.legal_moves
        game.push(moves[int(rng.integers(len(moves)))])
    record = game.record()
    assert record.startswith("[rules:dim:7 name:Brandub")
    back = gridnote.TaflGame.from_record(record)
    assert (back.move_stack, back.position, back.turn) == (game.move_stack, game.position, game.turn)
    assert back.record() == record
    assert (back.outcome() is None) == (game.outcome() is None)


def test_reading_an_opentafl_record():
    text = (
        "[event:Test]\n"
        "[rules:dim:7 name:Brandub ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n"
        "\n1. d7-c7 d5-b5\n[a comment|another]\n2. d6-b6xb5 d4-d5\n3. c7-c6 ---\n"
    )
    game = gridnote.TaflGame.from_record(text)
    assert game.move_stack == ["d7-c7", "d5-b5", "d6-b6xb5", "Kd4-d5", "c7-c6"]
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason) == ("attackers", "resignation")
    written = game.record()
    assert written.startswith("[event:Test]\n[rules:dim:7 name:Brandub")
    assert "[result:1]" in written and written.endswith("3. c7-c6 ---\n")
    assert game.pop() == "---" and game.outcome() is None
    with pytest.raises(gridnote.IllegalMoveError) as info:
        gridnote.TaflGame.from_record(text.replace("d4-d5", "d4-d1"))
    assert info.value.message == "turn 2.: d4-d1 is not a legal move for the defenders"
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.TaflGame.from_record("[rules:dim:7]\n")
    assert info.value.format == "otn"


def test_reading_a_server_game_record():
    # Written by hnefatafl-copenhagen's server (fixtures/game-json/README.md).
    fixtures = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "game-json"
    text = (fixtures / "copenhagen-11-timed.json").read_text()
    game = gridnote.TaflGame.from_record(text)
    assert game.move_stack == ["d1-d3", "e5-e2", "d3-d2xe2", "f8-c8"]
    assert game.outcome() is None
    written = game.record()
    assert written.startswith("[attackers:player-1]\n[defenders:player-2]\n[game-id:0]\n")
    assert "[time-control:900+10]\n" in written
    assert written.endswith("1. d1-d3 e5-e2\n\n2. d3-d2xe2 f8-c8\n")
    seven = gridnote.TaflGame.from_record((fixtures / "7x7-timed.json").read_text())
    assert seven.move_stack == ["d3-b3", "a4-a2"]
    bad = text.replace('"dim":11', '"dim":12')
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.TaflGame.from_record(bad)
    assert info.value.message == (
        "server game record: `dim`: 12 is not the size of `start`, a 11x11 position"
    )
    assert info.value.span == (bad.index("12"), bad.index("12") + 2)
    with pytest.raises(gridnote.IllegalMoveError):
        gridnote.TaflGame.from_record(text.replace("f8-c8", "f8-f11"))


def test_actions_name_moves():
    game = gridnote.TaflGame("brandubh")
    assert game.action_count == 7 * 7 * 4 * 6
    # d2 is row 5, column 3: (38 * 4 + 3 (left)) * 6 + 0 (one square).
    assert game.action("d2-c2") == 930
    assert game.action_move(930) == "d2-c2"
    assert sorted(game.action(m) for m in game.legal_moves) == game.legal_actions()
    mask = np.frombuffer(game.legal_mask(), dtype=np.int8)
    assert mask.sum() == 40 and mask[930] == 1
    assert all(game.action_move(a) == m.split("x")[0] for a, m in
               zip([game.action(m) for m in game.legal_moves], game.legal_moves))
    with pytest.raises(ValueError):
        game.action_move(7 * 7 * 4 * 6)
    for off in ["a1-b2", "a1-a8", "h1-h2", "z30-z31", "a1-a1"]:
        with pytest.raises(ValueError, match="not a straight move on this board"):
            game.action(off)
    with pytest.raises(gridnote.IllegalMoveError, match="move record: the space's rank is 300, at most 255"):
        game.action("z300-z301")
    assert not game.play_action(0)  # a7 up: off the board
    assert game.play_action(930) and game.move_stack == ["d2-c2"]


def test_observation_planes():
    game = gridnote.TaflGame("brandubh")
    planes = np.frombuffer(game.planes("attackers"), dtype=np.int8).reshape(14, 7, 7)
    assert gridnote.TAFL_PLANES[0] == "attacker_taflman" and len(gridnote.TAFL_PLANES) == 14
    assert planes.reshape(14, -1).sum(axis=1).tolist() == [8, 0, 0, 0, 0, 0, 4, 0, 0, 1, 0, 0, 4, 0]
    assert planes[9, 3, 3] == 1 and planes[12, 0, 0] == 1 and planes[0, 6, 3] == 1
    defenders = np.frombuffer(game.planes("defenders"), dtype=np.int8).reshape(14, 7, 7)
    assert (defenders[:13] == planes[:13]).all() and defenders[13].sum() == 49


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"rules": "copenhagen", "max_moves": 40}, {"rules": "berserk", "max_moves": 60}],
)
def test_pettingzoo_api_test_passes(kwargs):
    api_test(tafl_v0(**kwargs), num_cycles=300, verbose_progress=False)


def test_environment_plays_to_the_end():
    env = tafl_v0("brandubh", max_moves=2000)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    plies, final = 0, None
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            final = final or dict(env.rewards)
            env.step(None)
            continue
        assert agent == env.game.turn
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.game.legal_moves)
        env.step(int(rng.choice(legal)))
        plies += 1
    outcome = env.game.outcome()
    assert outcome is not None and plies == env.game.ply
    if outcome.winner is None:
        assert final == {"attackers": 0, "defenders": 0}
    else:
        loser = "attackers" if outcome.winner == "defenders" else "defenders"
        assert final == {outcome.winner: 1, loser: -1}


def test_environment_truncates_and_punishes_illegal_actions():
    env = tafl_v0("brandubh", max_moves=2)
    env.reset(seed=0)
    env.step(930)  # d2-c2
    env.step(env.game.action("d3-b3"))
    assert env.truncations == {"attackers": True, "defenders": True}
    assert env.rewards == {"attackers": 0, "defenders": 0}
    env.reset()
    assert env.game.ply == 0 and env.agent_selection == "attackers"
    env.step(0)
    assert env.rewards == {"attackers": -1, "defenders": 0}
    assert env.infos["attackers"] == {"illegal_action": True}
    assert all(env.terminations.values())


@pytest.mark.parametrize("rules", ["brandubh", "copenhagen", "berserk", "alea-evangelii"])
def test_random_games_keep_moves_actions_and_records_in_step(rules):
    rng = np.random.default_rng(7)
    game = gridnote.TaflGame(rules)
    start = (game.position, game.turn)
    while not game.is_game_over() and game.ply < 120:
        moves = game.legal_moves
        assert sorted(game.action(m) for m in moves) == game.legal_actions()
        assert [game.action_move(game.action(m)) for m in moves] == [
            re.sub("[\\^=]+", "-", re.sub("^[tcnkmgTCNKMG](?=[a-z])", "", m).split("x")[0])
            for m in moves
        ]
        action = game.legal_actions()[int(rng.integers(len(moves)))]
        assert game.play_action(action)
    back = gridnote.TaflGame.from_record(game.record())
    assert (back.move_stack, back.position, back.turn) == (game.move_stack, game.position, game.turn)
    while game.ply:
        game.pop()
    assert (game.position, game.turn) == start


MOVE_TEXT = st.text(alphabet="abcdefghz0123456789-^=x/+KkTtCcNnMmGg ", max_size=16)


@settings(max_examples=300, deadline=None)
@given(MOVE_TEXT, st.integers(min_value=0, max_value=5000))
def test_no_text_or_action_gets_past_the_exceptions(text, action):
    game = gridnote.TaflGame("brandubh")
    game.push("d7-c7")
    before = (game.position, game.turn, game.ply)
    try:
        game.push(text)
    except gridnote.IllegalMoveError:
        assert (game.position, game.turn, game.ply) == before
    try:
        game.action(text)
    except ValueError:
        pass
    try:
        assert game.action(game.action_move(action)) == action
    except ValueError:
        pass
    assert isinstance(game.play_action(action), bool)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_records_and_rules_fail_only_with_gridnote_errors(text):
    for attempt in (
        lambda: gridnote.TaflGame.from_record(text),
        lambda: gridnote.TaflGame.from_record("[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n" + text),
        lambda: gridnote.TaflGame("dim:" + text),
        lambda: gridnote.TaflGame("brandubh", position=text),
    ):
        try:
            attempt()
        except ValueError:
            pass


def test_a_berserk_continuation_selects_the_same_agent_again():
    rng = np.random.default_rng(0)
    env = tafl_v0("berserk", max_moves=60)
    again = 0
    for seed in range(20):
        env.reset(seed=seed)
        previous = None
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            assert agent == env.game.turn
            again += agent == previous
            previous = agent
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert again == 8


@pytest.mark.parametrize("make", [lambda: tafl_v0("brandubh", max_moves=100), mnk_v0])
def test_seeds_repeat_sampled_actions(make):
    seed_test(make, num_cycles=50)

    def sampled(env, seed):
        env.reset(seed=seed)
        out = []
        for agent in env.agent_iter(60):
            obs, _, termination, truncation, _ = env.last()
            action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
            out.append(action)
            env.step(action)
        return out

    env = make()
    first = sampled(env, 5)
    assert sampled(env, 5) == first
    assert sampled(make(), 5) == first
    assert sampled(env, 6) != first


def _verdict_cases():
    """The cases of fixtures/tafl-verdicts/records.jsonl: every entry point gives each
    the verdict written there (accepted, or refused with that first error)."""
    import json
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "tafl-verdicts" / "records.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _verdict_cases(), ids=lambda c: f"{c['kind']}: {c['name']}")
def test_every_odd_record_gets_the_one_verdict(case):
    text, error = case["text"], case["error"]
    if case["kind"] == "rules":
        attempt = lambda: gridnote.TaflGame(text)
    elif case["kind"] == "position":
        attempt = lambda: gridnote.TaflGame("brandubh", position=text, turn="attackers")
    else:
        attempt = lambda: gridnote.TaflGame("brandubh").push(text)
    if error is None:
        attempt()
    else:
        with pytest.raises(ValueError, match=re.escape(error)):
            attempt()
