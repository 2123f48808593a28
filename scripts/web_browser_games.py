"""The Games view on the web page, in headless Chromium, driven by scripts/web_browser.py: a
4x4 game played to its end by clicks (both sides people) is listed in the Games view, opened
and stepped through with the buttons and the arrow keys (each board shown equal to the
command loop's replay of the moves so far), reviewed by the server (the move marked as having
thrown the win away checked with `jump61 solve --position` on the positions before and after
it, and the chances drawn as a graph), and reviewed again, read back from the database. Then
axe-core's accessibility checks run on the view, at a desktop's width and at a phone's (390
px, where nothing may overflow). Then a game with a friend, played to its end by clicks in two
browsers, is listed in each one's Games view with the colour its own seat played, opens at its
last board (the command loop's), is reviewed, and its link, copied by a click, holds no seat
and no invite and opens the same board in a third browser. Last a Jump Snatch game, loaded
from a saved file, is listed, opens at its last board (one piece), and has no Review button,
the page saying why; no column of the list wraps at a desktop's width, and none overflows at
a phone's. Screenshots go to --shots
(`review.png` and `games-friend.png` are the guide's).
"""

import os
import subprocess
import time

import __main__ as base  # scripts/web_browser.py, run as the program
import web_browser_friend as friend
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# A seeded random 4x4 game in which Red wins at move 25 and several wins are thrown away
# late on (tests/web_games.rs plays it over WebSockets).
GAME = ["2 1", "3 3", "4 3", "4 2", "4 3", "1 2", "2 2", "1 2", "3 1", "3 3", "3 1", "4 2", "2 4",
        "1 4", "1 3", "4 1", "1 1", "4 1", "2 3", "4 3", "1 1", "4 4", "2 2", "4 3", "1 2"]

READ_VIEW = """
const b = document.getElementById('replay-board');
return {
  status: document.getElementById('games-status').textContent.trim(),
  rows: [...document.querySelectorAll('#games-list .game-row')].map(r => ({game: r.dataset.game, text: r.textContent})),
  buttons: Object.fromEntries(['replay-review', 'replay-script', 'replay-link'].map(id => [id, !document.getElementById(id).hidden])),
  about: document.getElementById('replay-about').hidden ? '' : document.getElementById('replay-about').textContent,
  open: !document.getElementById('replay').hidden,
  ply: Number(b.dataset.ply ?? -1),
  cells: [...b.children].map(c => ({spots: Number(c.dataset.spots || 0), owner: c.dataset.owner || '', cls: c.className})),
  review: document.getElementById('replay').dataset.review || '',
  marks: [...document.querySelectorAll('#replay-moves li')].map(li => {
    const m = li.querySelector('.review-mark'); return m ? m.textContent : ''; }),
  graph: !document.getElementById('review-graph').hidden && !!document.querySelector('#review-graph svg polyline'),
  reviewStatus: document.getElementById('review-status').textContent.trim(),
};
"""


def view(run):
    return run.driver.execute_script(READ_VIEW)


def wait_view(run, condition, what, timeout=30.0):
    return run.wait(lambda _: condition(view(run)), what, timeout) and view(run)


def play_the_game(run):
    """GAME by clicks, both sides people, on a new 4x4 board."""
    base.new_game(run, 4)
    run.select("blue-player", "human")
    page = run.settled("Blue a person", lambda p: p["size"] == 4 and not p["moves"])
    for k, move in enumerate(GAME):
        r, c = map(int, move.split())
        run.cells()[(r - 1) * 4 + c - 1].click()
        page = run.settled(f"move {k + 1}, {move}", lambda p, k=k: len(p["moves"]) == k + 1)
    run.check(page["winner"] == "red", f"the game did not end as it should: {base.brief(page)}")
    return page


def replay_notation(cells, n):
    return base.dom_notation({"size": n, "cells": cells}, "2014")


def loop_position(run, moves, n=4):
    """The position after `moves` (a whole game included) as the command loop's `dump`."""
    script = f"size {n}\nmanual red\nmanual blue\nstart\n" + "".join(f"{m}\n" for m in moves) + "dump\n"
    done = subprocess.run([run.args.jump61], input=script, capture_output=True, text=True, timeout=60)
    blocks = done.stdout.split("====")
    if done.stderr.strip() or len(blocks) < 3:
        raise base.Failed(f"the loop's replay of {moves} failed: {done.stderr.strip()}")
    return "/".join("".join(line.split()) for line in blocks[-2].strip().splitlines())


def press(run, *keys):
    """Keys pressed as a person does, on whatever has the focus."""
    ActionChains(run.driver).send_keys(*keys).perform()


def step_through(run):
    """The buttons and the arrow keys move through the game; every board is the loop's."""
    run.click("replay-first")
    shown = wait_view(run, lambda v: v["ply"] == 0, "the start")
    for k in range(len(GAME) + 1):
        expected = loop_position(run, GAME[:k])
        run.check(replay_notation(shown["cells"], 4) == expected,
                  f"position {k} drawn {replay_notation(shown['cells'], 4)}, the loop says {expected}")
        if k < len(GAME):
            if k % 2:
                run.click("replay-next")
            else:
                press(run, Keys.ARROW_RIGHT)
            shown = wait_view(run, lambda v, k=k: v["ply"] == k + 1, f"position {k + 1}")
    press(run, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    wait_view(run, lambda v: v["ply"] == len(GAME) - 2, "two moves back by the Left key")
    press(run, Keys.HOME)
    wait_view(run, lambda v: v["ply"] == 0, "Home")
    press(run, Keys.END)
    wait_view(run, lambda v: v["ply"] == len(GAME), "End")
    run.click("replay-prev")
    wait_view(run, lambda v: v["ply"] == len(GAME) - 1, "the Back button")
    print(f"  replay: {len(GAME) + 1} positions stepped through, each the command loop's")


def solve_first_line(run, notation):
    done = subprocess.run([run.args.jump61, "solve", "--position", notation],
                          capture_output=True, text=True, timeout=600)
    return done.stdout.splitlines()[0] if done.stdout else done.stderr


def check_thrown_win(run, marks, i):
    """Move `i`, marked as having thrown the win away, as `solve --position` sees it: the
    mover won before it and lost after it; the winning moves the review names are winning
    moves, and every other winning move is among those it says were not settled (none, when
    its prover's limit let it settle every one)."""
    mover, other = ("Red", "Blue") if i % 2 == 0 else ("Blue", "Red")
    named, unsettled = named_moves(marks[i])
    said = solve_first_line(run, loop_position(run, GAME[:i]))
    run.check(said.startswith(f"{mover} wins: "), f"move {i + 1}: solve says {said!r} before it")
    winning = said.split(": ", 1)[1].split(", ")
    run.check(set(named) <= set(winning) <= set(named) | set(unsettled),
              f"move {i + 1}: the review names {named} ({unsettled} not settled), solve {winning}")
    said_after = solve_first_line(run, loop_position(run, GAME[:i + 1]))
    run.check(said_after.startswith(f"{other} wins"), f"after move {i + 1} solve says {said_after!r}")
    return not unsettled


def named_moves(mark):
    """The moves a "threw the win away (winning: 1 1, 2 3; 4 1 not settled)" mark names as
    winning, and those it says were not settled."""
    inside = mark.split("(winning: ", 1)[1].rsplit(")", 1)[0]
    named, _, rest = inside.partition("; ")
    unsettled = rest.removesuffix(" not settled").split(", ") if rest else []
    return ([] if named == "none proven" else named.split(", ")), unsettled


def review(run):
    """Review: the marks and the graph, then the same review read back from the database."""
    run.click("replay-review")
    began = time.time()
    done = wait_view(run, lambda v: v["review"] in ("made", "stored"), "the review", 600)
    made_in = time.time() - began
    run.check(len(done["marks"]) == len(GAME) and all(done["marks"]), f"a move without a mark: {done['marks']}")
    run.check(done["graph"], "no graph of the chances although the evaluation judged moves")
    thrown = [i for i, m in enumerate(done["marks"]) if m.startswith("threw the win away")]
    run.check(thrown, f"no move threw the win away: {done['marks']}")
    complete = [i for i in thrown if check_thrown_win(run, done["marks"], i)]
    run.check(thrown[-1] in complete, f"the last win thrown away lacks winning moves: {done['marks']}")
    i = thrown[0]
    # The position before the thrown move shows the moves that kept the win.
    run.click("replay-first")
    for _ in range(i):
        run.click("replay-next")
    at = wait_view(run, lambda v: v["ply"] == i, f"the position before move {i + 1}")
    outlined = [k for k, c in enumerate(at["cells"]) if "win-move" in c["cls"].split()]
    run.check(outlined, "the winning moves are not outlined before the move that threw the win away")
    run.shot("review")
    run.click("replay-review")
    began = time.time()
    again = wait_view(run, lambda v: v["review"] == "stored", "the review read back", 60)
    read_in = time.time() - began
    run.check(again["marks"] == done["marks"], "the stored review differs from the one made")
    print(f"  review: {len(thrown)} wins thrown away, each as solve --position says (the winning "
          f"moves all named for {len(complete)} of them); {done['review']} in {made_in:.1f} s, "
          f"read back from the database in {read_in:.2f} s")


def axe_checks(run, where):
    """axe-core's rules on the Games view and the tabs; every violation fails."""
    path = os.environ.get("JUMP61_AXE")
    if not path or not os.path.exists(path):
        print("  axe-core is not installed: the accessibility checks are skipped")
        return
    with open(path, encoding="utf-8") as f:
        run.driver.execute_script(f.read())
    result = run.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run({include: [['#games-view'], ['header']]}).then(r => done(r.violations.map("
        "v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))))"
        ".catch(e => done([{id: 'axe failed', impact: String(e), nodes: []}]));"
    )
    run.check(not result, f"axe-core at {where}: {result}")
    print(f"  axe-core: no violations in the Games view at {where}")


# The spans of the list's rows whose text takes more than one line, or overflows its column.
ROWS_SPILLED = """
return [...document.querySelectorAll('#games-list .game-row > span')].map(s => {
  const r = document.createRange(); r.selectNodeContents(s);
  return {cls: s.className, text: s.textContent, lines: r.getClientRects().length,
          over: s.scrollWidth > s.clientWidth + 1};
}).filter(s => s.lines > 1 || s.over);
"""


def rows_fit(run, where, wraps=False):
    """No column of the list overflows; none wraps either unless `wraps`."""
    spilled = [s for s in run.driver.execute_script(ROWS_SPILLED) if s["over"] or not wraps]
    run.check(not spilled, f"the list's columns spill at {where}: {spilled}")


def phone_width(run):
    """At 390 px the view fits: nothing overflows, and axe-core still passes."""
    cdp = run.driver.execute_cdp_cmd
    cdp("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        sizes = run.driver.execute_script(
            "const r = document.getElementById('replay-board').getBoundingClientRect();"
            "return [r.left, r.right, document.documentElement.scrollWidth, innerWidth];")
        left, right, scroll_width, width = sizes
        run.check(left >= 0 and right <= width and scroll_width <= width, f"the view overflows 390 px: {sizes}")
        run.shot("games-phone")
        axe_checks(run, "390 px")
        run.driver.execute_script("document.getElementById('games-list').scrollIntoView()")
        rows_fit(run, "390 px", wraps=True)
        run.shot("games-list-phone")
    finally:
        cdp("Emulation.clearDeviceMetricsOverride", {})


def games_view(run, _rng):
    play_the_game(run)
    run.click("tab-games")
    listed = wait_view(run, lambda v: v["rows"], "the game in the list")
    row = listed["rows"][0]
    run.check("4 × 4" in row["text"] and "Red won" in row["text"] and "25 moves" in row["text"],
              f"the list's newest game: {row}")
    run.driver.find_element(By.CSS_SELECTOR, "#games-list .game-row").click()
    opened = wait_view(run, lambda v: v["open"] and v["ply"] == len(GAME), "the game opened at its end")
    run.check(replay_notation(opened["cells"], 4) == loop_position(run, GAME),
              "the last position differs from the loop's")
    step_through(run)
    review(run)
    axe_checks(run, "1280 px")
    phone_width(run)
    run.click("tab-jump61")
    run.settled("back to the game", lambda p: p["size"] == 4)


def friend_listed(run, rng):
    """A game with a friend played to its end by clicks in two browsers: each lists it with
    its own seat's colour; opened, it ends on the command loop's board, is reviewed, and its
    link, which carries no secret, opens it in a third browser."""
    red = run
    red.driver.get(red.args.url)
    red.settled("a fresh page", lambda p: p["notation"])
    red.select("friend-size", "3")
    red.click("friend-create")
    friend.seated(red, "red", "the creator seated as Red")
    red.wait(lambda p: friend.friend_of(red)["invite"].startswith("http"), "the invite link shown", 10)
    blue = base.Run(run.args)
    secrets = [friend.friend_of(red)["invite"].split("#invite=")[1], seat_of(red)]
    try:
        blue.driver.get(friend.friend_of(red)["invite"])
        friend.seated(blue, "blue", "the guest seated as Blue")
        secrets.append(seat_of(blue))
        page = red.settled("the start", lambda p: p["notation"])
        while not page["winner"]:
            mover, side = (red, "red") if page["toMove"] == "red" else (blue, "blue")
            mover.cells()[rng.choice(base.legal_squares(mover.read(), side))].click()
            page = friend.all_after([red, blue], len(page["moves"]) + 1, "a move")[0]
        moves = page["moves"]
        for r, you in ((blue, "Blue"), (red, "Red")):
            # The tabs are out of the way during a game with a friend: leave it first.
            r.click("friend-leave")
            r.settled("a game of the page's own again", lambda p: p["notation"] and not friend.friend_of(r)["you"])
            r.click("tab-games")
            shown = wait_view(r, lambda v: any("vs friend" in row["text"] for row in v["rows"]),
                              f"the game with a friend in {you}'s list")
            row = next(row for row in shown["rows"] if "vs friend" in row["text"])
            r.check(f"you ({you}) vs friend" in row["text"] and f"{len(moves)} moves" in row["text"],
                    f"{you}'s row: {row}")
    finally:
        blue.driver.quit()
    red.driver.find_element(By.CSS_SELECTOR, f'#games-list .game-row[data-game="{row["game"]}"]').click()
    opened = wait_view(red, lambda v: v["open"] and v["ply"] == len(moves), "the game with a friend opened")
    red.check(replay_notation(opened["cells"], 3) == loop_position(red, moves, 3),
              "the last position of the game with a friend differs from the loop's")
    red.check(opened["buttons"] == {"replay-review": True, "replay-script": True, "replay-link": True}
              and "carries no seat" in opened["about"], f"the buttons of a game with a friend: {opened['buttons']}")
    red.click("replay-review")
    reviewed = wait_view(red, lambda v: v["review"] in ("made", "stored"), "the review of the game with a friend", 300)
    red.check(len(reviewed["marks"]) == len(moves) and all(reviewed["marks"]), f"marks: {reviewed['marks']}")
    red.shot("games-friend")
    axe_checks(red, "1280 px, a game with a friend open")
    link = watch_link(red, moves, secrets)
    print(f"  a game with a friend of {len(moves)} moves: listed in both browsers, replayed, reviewed, "
          f"its link ({link.split('#')[1].split('=')[0]}) opened in a third browser")
    red.click("tab-jump61")
    red.settled("back to the game", lambda p: p["notation"])


def seat_of(run):
    """The seat's secret in the page's address (`#friend=INVITE&seat=SECRET`)."""
    return friend.friend_of(run)["hash"].split("seat=")[1]


def watch_link(red, moves, secrets):
    """The game's link, copied by a click, holds none of `secrets` (the invite and the
    seats'), and opens the same last board in a browser that never saw the game, with no
    Review button."""
    red.click("replay-link")
    copied = "return document.getElementById('replay').dataset.copied || ''"
    red.wait(lambda _: red.driver.execute_script(copied), "the link copied", 10)
    link = red.driver.execute_script(copied)
    red.check("#watched=" in link and "&round=1" in link and not any(s in link for s in secrets),
              f"the link of a game with a friend: {link} (secrets {secrets})")
    other = base.Run(red.args)
    try:
        other.driver.get(link)
        opened = wait_view(other, lambda v: v["open"] and v["ply"] == len(moves), "the game opened by its link")
        other.check(replay_notation(opened["cells"], 3) == loop_position(other, moves, 3),
                    "the game opened by its link ends on another board than the loop's")
        other.check(opened["buttons"] == {"replay-review": False, "replay-script": True, "replay-link": True},
                    f"the buttons of a game opened by its link: {opened['buttons']}")
        other.check(other.driver.execute_script("return location.hash") == "", "the link stayed in the address")
        other.shot("games-watched")
    finally:
        other.driver.quit()
    return link


# The puzzle's line from xx./.../.xx (docs/snatch.md): one piece is left, the second player wins.
SNATCH = ["3:3x3:1", "1:1x1:3", "3:1-2:2", "1:3x3:1"]


def snatch_listed(run, _rng):
    """A Jump Snatch game loaded from a saved file is listed, replays to one piece, and has
    no review."""
    run.click("tab-snatch")
    run.settled("the Jump Snatch board", lambda p: p["kind"] == "snatch")
    path = os.path.abspath(os.path.join(run.downloads, "snatch-game.txt"))
    with open(path, "w", encoding="utf-8") as f:
        f.write("first person\nsecond person\nposition xx./.../.xx\n" + "".join(f"{m}\n" for m in SNATCH))
    run.driver.find_element(By.ID, "load").send_keys(path)
    run.settled("the loaded game, over", lambda p: len(p["moves"]) == len(SNATCH) and p["winner"])
    run.click("tab-games")
    shown = wait_view(run, lambda v: any("Jump Snatch" in r["text"] for r in v["rows"]), "the Jump Snatch game listed")
    row = next(r for r in shown["rows"] if "Jump Snatch" in r["text"])
    run.check("First person, Second person" in row["text"] and "Second player won" in row["text"]
              and "4 moves" in row["text"], f"the Jump Snatch row: {row}")
    run.driver.find_element(By.CSS_SELECTOR, f'#games-list .game-row[data-game="{row["game"]}"]').click()
    opened = wait_view(run, lambda v: v["open"] and v["ply"] == len(SNATCH), "the Jump Snatch game opened")
    pieces = [k for k, c in enumerate(opened["cells"]) if c["spots"]]
    run.check(pieces == [6], f"the last board's pieces: {pieces} (one on 3:1)")
    run.check(opened["buttons"] == {"replay-review": False, "replay-script": True, "replay-link": True}
              and "Jump61 games only" in opened["about"], f"the buttons of a Jump Snatch game: {opened['buttons']}")
    run.click("replay-first")
    start = wait_view(run, lambda v: v["ply"] == 0, "the Jump Snatch game's start")
    run.check(len([c for c in start["cells"] if c["spots"]]) == 4, "the start does not hold 4 pieces")
    run.shot("games-snatch")
    rows_fit(run, "1280 px")
    cdp = run.driver.execute_cdp_cmd
    cdp("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        run.driver.execute_script("document.getElementById('games-list').scrollIntoView()")
        rows_fit(run, "390 px, the Jump Snatch game listed", wraps=True)
        run.shot("games-snatch-list-phone")
    finally:
        cdp("Emulation.clearDeviceMetricsOverride", {})
    axe_checks(run, "1280 px, a Jump Snatch game open")
    print("  a Jump Snatch game: listed, replayed to one piece, no review (the page says why)")
    run.click("tab-jump61")
    run.settled("back to Jump61", lambda p: p["kind"] == "jump61")


PARTS = [games_view, friend_listed, snatch_listed]
