"""The handheld app without a screen: every mode played through buttons."""

import pytest

from conftest import position
from engine.game import CLASSIC, EXPERT
from engine.position import load
from hw import buttons
from hw.app import (CARD, CLAIM, HANDOFF, LINKING, MATCH_END, MENU, NOTICE, PAUSE, REMOTE, ROUND_END, STONE,
                    THINKING, TURN, App)
from hw.autoplay import AutoPlayer


def drive(app, player, limit=20000):
    """Press what ``player`` would until the match is over; returns the
    modes seen."""
    now = 0
    seen = set()
    for _ in range(limit):
        seen.add(app.mode)
        if app.mode == MATCH_END:
            return seen
        b = player.next_button(app)
        if b is None:
            now += 50
            app.tick(now)
        else:
            app.press(b)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("opponent,variant,auto,rounds", [
    ("easy", CLASSIC, False, 1),
    ("medium", EXPERT, False, 2),
    ("hard", CLASSIC, True, 1),
    ("pass", CLASSIC, False, 1),
    ("pass", EXPERT, True, 1),
    ("pass", EXPERT, False, 2),
])
def test_every_mode_plays_to_the_end_through_the_buttons(opponent, variant, auto, rounds):
    for seed in range(3):
        app = App(seed=seed, opponent=opponent, variant=variant, auto_claim=auto, rounds=rounds)
        seen = drive(app, AutoPlayer("medium", seed))
        match = app.match
        assert len(match.results) == rounds
        assert ROUND_END in seen and TURN in seen
        assert (HANDOFF in seen) == (opponent == "pass")
        assert (THINKING in seen) == (opponent != "pass")
        # The scores are the rule book's.
        expected = [0, 0]
        for w, s0, s1 in match.results:
            if w in (0, 1):
                expected[w] += 5
                expected[1 - w] += (s0, s1)[1 - w]
        assert match.scores == expected


def start(app):
    app.press(buttons.START)
    assert app.mode in (TURN, THINKING, HANDOFF)


def test_the_menu_sets_up_the_match():
    app = App(seed=1)
    app.press(buttons.RIGHT)  # opponent: medium -> hard
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # expert
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # 3 rounds
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # French
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # auto-claim on
    assert (app.opponent, app.variant, app.rounds, app.lang, app.auto_claim) == ("hard", EXPERT, 3, "fr", True)
    app.press(buttons.DOWN)
    app.press(buttons.A)
    assert app.match is not None and app.match.rounds == 3 and app.game.variant == EXPERT
    assert app.t("start") == "Jouer"


def test_a_linked_game_cannot_start_until_connected():
    app = App(opponent="link")
    app.press(buttons.START)
    assert app.mode == MENU and app.match is None


def _human_turn(stones, hands, **kw):
    app = App(seed=0, opponent="medium", **kw)
    app.new_match()
    game = app.game
    game.copy_from(load(position(stones, hands=hands)))
    app._start_turn()
    assert app.mode == TURN and app.phase == CARD
    return app


HANDS = [["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O1", "O2"]]


def test_placing_then_claiming_with_the_buttons():
    app = _human_turn({4: (["Y8", "B8"], ["R9", "R7"]), 0: ([], ["R8"])}, HANDS)
    g8 = 3 * 9 + 7
    while app.hand()[app.cursor] != g8:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    assert app.phase == STONE
    while app.stone_cursor != 4:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    assert app.phase == CLAIM and app.claimable == 1 << 4
    # Asking for a stone that cannot be claimed explains why.
    app.press(buttons.LEFT)
    app.press(buttons.A)
    assert app.mode == NOTICE and "need 3 cards" in app.lines[0]
    app.press(buttons.A)
    app.press(buttons.RIGHT)
    app.press(buttons.A)
    assert app.claims == 1 << 4
    app.press(buttons.B)
    assert app.game.owner[4] == 0
    assert app.events[-1] == ("claim", 0, 1 << 4)


def test_a_refused_claim_shows_the_counterexample():
    # Three 8s against R9 R7 while R8 is unseen: the notice names R8.
    hands = [["P1", "P2", "P3", "P4", "P5", "O1"], ["P6", "P7", "P8", "P9", "O3", "O2"]]
    app = _human_turn({4: (["Y8", "B8", "G8"], ["R9", "R7"])}, hands)
    assert app.why_not(4) == ["Stone 5: not yet", "R8 could come", "for a colour run"]
    app.lang = "fr"
    assert app.why_not(4)[2] == "pour suite couleur"


def test_pause_restart_and_main_menu():
    app = App(seed=2, opponent="pass")
    start(app)
    app.press(buttons.A)  # hand-over
    app.press(buttons.START)
    assert app.mode == PAUSE
    app.press(buttons.START)
    assert app.mode == TURN
    app.press(buttons.START)
    app.press(buttons.DOWN)
    app.press(buttons.A)  # restart
    assert app.mode in (TURN, HANDOFF) and len(app.game.history) == 0
    app.press(buttons.START) if app.mode == TURN else app.press(buttons.A)
    if app.mode == TURN:
        app.press(buttons.START)
    app.row = 2
    app.press(buttons.A)  # main menu
    assert app.mode == MENU and app.match is None


def test_pass_and_play_hands_over_between_players():
    app = App(seed=4, opponent="pass")
    start(app)
    assert app.mode == HANDOFF
    first = app.game.to_move
    app.press(buttons.A)
    assert app.mode == TURN and app.viewer() == first
    app.press(buttons.A)
    app.press(buttons.A)
    if app.phase == CLAIM:
        app.press(buttons.B)
    assert app.mode == HANDOFF and app.game.to_move == 1 - first


def test_the_leds_follow_the_turn_and_flash_on_claims():
    app = App(seed=3, opponent="hard")
    app.tick(0)
    idle = list(app.leds)
    start(app)
    app.tick(10)
    assert app.leds != idle
    colour = app.leds[0]
    assert all(c == colour for c in app.leds)
    app.events.clear()
    player = AutoPlayer("hard", 1)
    now = 10
    while not app.events:
        b = player.next_button(app)
        now += 50
        app.press(b) if b else app.tick(now)
    assert app.events[0][0] == "claim"
    app.tick(now + 1)
    assert app.leds[0] == (160, 120, 0)
    # Later (without letting the opponent move), the flash is over.
    app.now = now + 5000
    version = app.leds_version
    app._update_leds()
    assert app.leds_version == version + 1
    assert app.leds[0] != (160, 120, 0)


def test_the_detail_view_does_not_move_the_placing_cursor():
    # Choose a card, look at another stone in detail, come back, place: the
    # card goes to an open stone, never to a full or claimed one.
    hands = [["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O7", "O8"]]
    app = _human_turn({4: (["Y8", "B8", "B9"], ["R9", "R7", "R1"]), 3: (["O1", "O2", "O3"], [])}, hands)
    before = bytes(app.game.side)
    app.press(buttons.A)  # a card
    assert app.phase == STONE
    app.press(buttons.SELECT)
    while app.detail_stone != 4:
        app.press(buttons.RIGHT)
    app.press(buttons.B)
    assert app.phase == STONE and app.open_stones() >> app.stone_cursor & 1
    app._place(4)  # even asked directly, a full stone takes nothing
    assert bytes(app.game.side) == before and app.phase == STONE
    app.press(buttons.A)
    placed = app.game.history[0]
    assert placed >> 6 & 15 not in (3, 4)


class Pipe:
    """One end of an in-memory serial cable."""

    def __init__(self):
        self.inbox = bytearray()
        self.peer = None

    def read(self, n):
        data = bytes(self.inbox[:n])
        del self.inbox[:n]
        return data or None

    def write(self, data):
        self.peer.inbox.extend(data)
        return len(data)


def linked_apps(seed, rounds=1, variant=CLASSIC):
    ends = Pipe(), Pipe()
    ends[0].peer, ends[1].peer = ends[1], ends[0]
    rnd = __import__("random").Random(seed)
    apps = [App(seed=seed + i, opponent="link", rounds=rounds, variant=variant, link_port=lambda e=ends[i]: e,
                random_bytes=lambda n: bytes(rnd.randrange(256) for _ in range(n))) for i in range(2)]
    return apps


def test_two_linked_apps_play_a_match_each_showing_its_own_hand():
    apps = linked_apps(5, rounds=2)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    for app in apps:
        app.press(buttons.START)
        assert app.mode == LINKING
    now = 0
    seen = [set(), set()]
    while not all(app.mode == MATCH_END for app in apps) and now < 3000000:
        now += 10
        for i, app in enumerate(apps):
            app.tick(now)
            seen[i].add(app.mode)
            b = players[i].next_button(app)
            if b is not None:
                app.press(b)
            if app.match is not None and app.mode == TURN:
                assert app.viewer() == app.session.seat  # its own hand, never the other's
    assert all(app.mode == MATCH_END for app in apps), [app.mode for app in apps]
    a, b = apps
    assert {a.session.seat, b.session.seat} == {0, 1}
    assert a.match.results == b.match.results and a.match.scores == b.match.scores
    assert REMOTE in seen[0] and REMOTE in seen[1] and ROUND_END in seen[0]


def test_a_link_without_a_port_cannot_start():
    app = App(opponent="link")
    app.press(buttons.START)
    assert app.mode == MENU


def test_waiting_for_a_link_can_be_given_up():
    app = linked_apps(6)[0]
    app.press(buttons.START)
    assert app.mode == LINKING
    app.tick(10)
    app.press(buttons.B)
    assert app.mode == MENU and app.session is None


def test_a_lost_link_is_shown_and_play_resumes_when_it_comes_back():
    apps = linked_apps(8)
    for app in apps:
        app.press(buttons.START)
    now = 0
    while not all(app.mode in (TURN, REMOTE) for app in apps):
        now += 10
        for app in apps:
            app.tick(now)
    cut = [app.port.peer for app in apps]
    for app in apps:  # unplug: nothing reaches the other end
        app.port.peer = Pipe()
    for _ in range(400):
        now += 10
        for app in apps:
            app.tick(now)
    assert all(app.link_lost for app in apps)
    for app, peer in zip(apps, cut):  # plug back in
        app.port.peer = peer
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    while not all(app.mode == MATCH_END for app in apps) and now < 3000000:
        now += 10
        for i, app in enumerate(apps):
            app.tick(now)
            b = players[i].next_button(app)
            if b is not None:
                app.press(b)
    assert all(app.mode == MATCH_END for app in apps)
    assert not any(app.link_lost for app in apps)
    assert apps[0].match.results == apps[1].match.results


def test_no_bot_from_an_earlier_game_plays_in_a_linked_one():
    app = linked_apps(12)[0]
    app.opponent = "medium"
    app.new_match()
    assert app.bots[1] is not None
    app.opponent = "link"
    app._start_link()
    assert app.bots == [None, None]
