"""The solver on the web page, played in headless Chromium by scripts/web_browser.py: the
analysis board of a 4x4 position (its marked winning moves against `jump61 solve --position
P`), the value of every move on a 3x3 board (each mark against the command loop's `solve`
after that move), a position set up in Edit mode square by square (by clicks, a right click
and the keys), a puzzle solved move by move, a puzzle failed with a wrong move (the
refutation shown, then tried again), the puzzle tab on a phone-sized screen, and the icon.

Each part is a function of the run and the seeded random numbers, as in web_browser.py,
whose helpers (`Failed`, `check_position`, `new_game`, ...) it uses.
"""

import os
import re
import subprocess
import tempfile
import time
import urllib.request

import __main__ as base  # scripts/web_browser.py, run as the program
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# A 4x4 position 8 moves in where only one move wins (docs/solving.md): Red wins with 4 4.
ANALYSIS_POSITION = "1r3r1-1-/2r1-2b1-/2b2b1-2r/2b1-1-1-"
# A 3x3 position whose moves are all marked.
EVERY_POSITION = "2r1-1-/1-1-1-/1-2b1-"
# The position Edit mode sets up, and one it must refuse.
EDIT_POSITION = "2r1-1-/1-3b1-/1-1-2r"

READ_ANALYSIS = """
const a = document.getElementById('analysis');
return {
  running: a.dataset.running === 'true', notation: a.dataset.notation || '',
  value: document.getElementById('analysis-value').textContent.trim(),
  winsIn: document.getElementById('analysis-wins-in').textContent.trim(),
  work: document.getElementById('analysis-work').textContent.trim(),
  marked: [...document.querySelectorAll('#board .cell')].map(c => c.dataset.analysis || ''),
  every: [...document.querySelectorAll('#board .cell')].map(c => c.dataset.every || ''),
  editing: document.getElementById('board').dataset.editing === 'true',
};
"""

READ_PUZZLE = """
const p = document.getElementById('puzzles');
return {
  status: p.dataset.status || '', index: Number(p.dataset.index ?? -1),
  title: document.getElementById('puzzle-title').textContent.trim(),
  text: document.getElementById('puzzle-status').textContent.trim(),
  progress: document.getElementById('puzzle-progress').textContent.trim(),
  streak: Number(p.dataset.streak || 0),
  refuted: [...document.querySelectorAll('#board .cell')].map(c => c.classList.contains('refutation')),
  shown: getComputedStyle(p).display !== 'none',
};
"""


def solve_cli(binary, position, rules="2014", depth=None):
    """`jump61 solve --position P` (with `--depth N`), its first line."""
    args = [binary, "solve", "--position", position, "--rules", rules]
    if depth:
        args += ["--depth", str(depth)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not done.stdout.strip():
        raise base.Failed(f"{' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.splitlines()[0].strip()


def squares_in(answer):
    """The `R C` squares an answer line lists after its colon."""
    _, _, tail = answer.partition(":")
    tail = tail.split("(")[0]
    return [tuple(map(int, m)) for m in re.findall(r"(\d+) (\d+)", tail)]


def set_position(run, notation):
    """Types a position into the notation box and sets it."""
    box = run.driver.find_element(By.ID, "notation")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(notation)
    run.click("paste")
    return run.settled(f"the position {notation}", lambda p: p["notation"] == notation)


def two_people(run, size):
    """A new game of `size` where both sides are people (nothing moves by itself)."""
    base.new_game(run, size)
    run.select("blue-player", "human")
    return run.settled("Blue a person", lambda p: True)


def read_analysis(run):
    return run.driver.execute_script(READ_ANALYSIS)


def analysis_done(run, notation, timeout=120.0):
    """Waits until the analysis of `notation` has finished; returns it."""
    end = time.time() + timeout
    while True:
        a = read_analysis(run)
        if a["notation"] == notation and not a["running"] and a["value"] not in ("–", "proving…"):
            return a
        if time.time() > end:
            run.shot("timeout")
            raise base.Failed(f"no finished analysis of {notation} in {timeout:.0f} s: {a}")
        time.sleep(0.1)


def top(run):
    """Scrolls to the top, for a screenshot of the board and the panel's first sections."""
    run.driver.execute_script("window.scrollTo(0, 0)")


def switch(run, element_id, on):
    box = run.driver.find_element(By.ID, element_id)
    if box.is_selected() != on:
        box.click()


def analysis_4x4(run, _rng):
    """The analysis of a 4x4 position: the marked winning moves are `solve`'s list."""
    two_people(run, 4)
    set_position(run, ANALYSIS_POSITION)
    switch(run, "analyse", True)
    started = time.time()
    a = analysis_done(run, ANALYSIS_POSITION)
    seconds = time.time() - started
    expected = solve_cli(run.args.jump61, ANALYSIS_POSITION)
    run.check(a["value"] == expected, f"the page's value {a['value']!r} is not solve's {expected!r}")
    n = 4
    marked = [(i // n + 1, i % n + 1) for i, m in enumerate(a["marked"]) if m == "win"]
    run.check(sorted(marked) == sorted(squares_in(expected)),
              f"the page marks {marked}, solve lists {squares_in(expected)}")
    wins_in = solve_cli(run.args.jump61, ANALYSIS_POSITION, depth=3)
    run.check(a["winsIn"] == wins_in, f"the page's forced win {a['winsIn']!r} is not solve's {wins_in!r}")
    top(run)
    run.shot("analysis")
    print(f"  analysis of {ANALYSIS_POSITION}: {a['value']} ({a['work']}; {seconds:.1f} s on the page)")


def every_move(run, _rng):
    """The value of every move of a 3x3 position, each mark the command loop's answer."""
    two_people(run, 3)
    switch(run, "analyse", True)
    switch(run, "analyse-every", True)
    set_position(run, EVERY_POSITION)
    a = analysis_done(run, EVERY_POSITION)
    marks = {}
    for i, mark in enumerate(a["every"]):
        row, col = i // 3 + 1, i % 3 + 1
        script = f"manual blue\nposition {EVERY_POSITION}\nstart\n{row} {col}\nsolve\n"
        done = subprocess.run([run.args.jump61], input=script, capture_output=True, text=True, timeout=60)
        if "illegal move" in done.stdout + done.stderr:
            run.check(mark == "", f"square {row} {col} is marked {mark!r} but the loop refuses the move")
            continue
        answer = [line for line in done.stdout.splitlines() if " wins" in line][-1]
        expected = "won" if answer.startswith("Red wins") else "lost"
        run.check(mark == expected, f"move {row} {col} marked {mark!r}; after it the loop says {answer!r}")
        marks[f"{row} {col}"] = mark
    run.check(len(marks) >= 2, f"too few moves marked: {marks}")
    run.shot("analysis-every")
    switch(run, "analyse-every", False)
    switch(run, "analyse", False)
    print(f"  every move of {EVERY_POSITION}: {marks}")


def edit_mode(run, _rng):
    """A position set up square by square: clicks step forward, a right click back, and a
    square set by the keys; Done sets it; an impossible one is refused with its reason."""
    two_people(run, 4)
    run.click("edit")
    run.wait(lambda p: read_analysis(run)["editing"], "Edit mode", 10)
    run.select("edit-size", "3")
    run.wait(lambda p: p["size"] == 3 and all(c["owner"] == "w" for c in p["cells"]), "a clear 3x3", 10)
    target = [(2, "r"), (1, "w"), (1, "w"), (1, "w"), (3, "b"), (1, "w"), (1, "w"), (1, "w"), (2, "r")]
    n = 3
    for i, (spots, owner) in enumerate(target):
        if owner == "w":
            continue
        r, c = divmod(i, n)
        capacity = (r > 0) + (r < n - 1) + (c > 0) + (c < n - 1)
        if owner == "b":
            # Backwards from white: Blue's fullest first.
            for _ in range(capacity - spots + 1):
                ActionChains(run.driver).context_click(run.cells()[i]).perform()
        elif i == 0:
            # By the keys: the cursor to the corner, Enter steps the square.
            board = run.driver.find_element(By.ID, "board")
            run.driver.execute_script("arguments[0].focus()", board)
            keys = [Keys.ARROW_UP] * n + [Keys.ARROW_LEFT] * n + [Keys.ENTER] * spots
            ActionChains(run.driver).send_keys(*keys).perform()
        else:
            for _ in range(spots):
                run.cells()[i].click()
    drawn = base.dom_notation(run.read(), "2014")
    run.check(drawn == EDIT_POSITION, f"the editor shows {drawn}, not {EDIT_POSITION}")
    run.shot("edit")
    run.click("edit-done")
    page = run.settled("the edited position", lambda p: p["notation"] == EDIT_POSITION)
    run.check(not read_analysis(run)["editing"], "Done left Edit mode on")
    said = f"position set: 3 × 3, 2014 rules: {side_name(page)} to move"
    run.check(page["message"] == said, f"after Done the message says {page['message']!r}, not {said!r}")
    # A blue square on a board with the start's spots: no move made it blue. Refused, and
    # Edit mode stays on with the position to mend.
    run.click("edit")
    run.click("edit-clear")
    for _ in range(2):
        ActionChains(run.driver).context_click(run.cells()[0]).perform()
    run.click("edit-done")
    refused = run.wait(lambda p: p["error"], "the refusal", 10)
    run.check("position refused" in refused["message"] and "no move played" in refused["message"],
              f"the refusal says {refused['message']!r}")
    run.check(read_analysis(run)["editing"], "a refused position left Edit mode")
    run.check(run.read()["notation"] == EDIT_POSITION, "a refused position changed the game")
    run.click("edit-cancel")
    print(f"  edit: set up {EDIT_POSITION} by clicks, a right click and keys; refused: {refused['message']}")


def side_name(page):
    return "Red" if page["toMove"] == "red" else "Blue"


def status_line(run, _rng):
    """The message line says what is on the board after a position is set, a game loaded and
    a puzzle opened (after Done in Edit mode: `edit_mode`), not what was there before: a
    2013 puzzle of 3 x 3 opened after `rules 2013: a new 4x4 game` (the screenshot)."""
    two_people(run, 4)
    set_position(run, "2r1-1-/1-1-1-/1-1-1-")
    said = "position set: 3 × 3, 2014 rules: Blue to move"
    run.wait(lambda p: p["message"] == said, f"the message {said!r}", 10)
    path = os.path.join(tempfile.mkdtemp(prefix="jump61-status-"), "three.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write("size 3\nmanual red\nmanual blue\nstart\n1 1\n2 2\n3 3\n")
    run.driver.find_element(By.ID, "load").send_keys(path)
    said = "loaded three.txt: 3 × 3, 2014 rules, 3 moves played: Blue to move"
    page = run.settled("the loaded game", lambda p: p["message"].startswith("loaded three.txt"))
    run.check(page["message"] == said and len(page["moves"]) == 3,
              f"after a game is loaded the message says {page['message']!r}")
    run.select("size", "4")
    run.settled("a 4x4 board", lambda p: p["size"] == 4)
    run.select("rules", "2013")
    run.wait(lambda p: p["message"] == "rules 2013: a new 4x4 game", "the 2013 rules' new game", 10)
    open_puzzles(run)
    run.select("puzzle-size", "3")
    run.wait(lambda p: read_puzzle(run)["status"] == "playing" and "(3 × 3" in read_puzzle(run)["title"],
             "a 3 x 3 puzzle", 30)
    page, rules = puzzle_board(run)
    index = int(re.search(r"Puzzle (\d+)", read_puzzle(run)["title"]).group(1))
    said = f"puzzle {index}: 3 × 3, {rules} rules: {side_name(page)} to move"
    run.check(page["size"] == 3 and page["message"] == said,
              f"after a puzzle opens the message says {page['message']!r}, not {said!r}")
    top(run)
    run.shot("status-puzzle")
    run.click("tab-jump61")
    run.select("rules", "2014")
    print(f"  the message line after a position, a load and a puzzle: {said!r}")


def read_puzzle(run):
    return run.driver.execute_script(READ_PUZZLE)


def open_puzzles(run):
    run.click("tab-puzzles")
    return run.wait(lambda p: read_puzzle(run)["status"] == "playing", "a puzzle", 30)


def puzzle_board(run):
    """The puzzle's position and rules and side, as the page holds them."""
    page = run.settled("the puzzle's board")
    title = read_puzzle(run)["title"]
    rules = "2013" if "2013 rules" in title else "2014"
    return page, rules


def puzzle_solved(run, _rng):
    """A puzzle played to its end by `solve --depth`'s winning moves; the engine defends."""
    open_puzzles(run)
    # The longest wins the collection has (the defender then answers).
    lengths = run.driver.execute_script(
        "return [...document.getElementById('puzzle-length').options].map(o => o.value).filter(v => v)")
    longest = max(lengths, key=int)
    run.select("puzzle-length", longest)
    run.wait(lambda p: read_puzzle(run)["status"] == "playing" and f"win in {longest}" in read_puzzle(run)["title"],
             f"a puzzle won in {longest}", 30)
    streak = read_puzzle(run)["streak"]
    top(run)
    run.shot("puzzle")
    moves_played = 0
    for _ in range(6):
        page, rules = puzzle_board(run)
        left = int(re.search(r"win in (\d+)", read_puzzle(run)["title"]).group(1)) - moves_played // 2
        answer = solve_cli(run.args.jump61, page["notation"], rules, depth=max(left, 1))
        first = squares_in(answer)
        run.check(first, f"solve finds no win in the puzzle: {answer}")
        r, c = first[0]
        before = len(page["moves"])
        run.cells()[(r - 1) * page["size"] + c - 1].click()
        run.wait(lambda p: len(p["moves"]) > before and not p["busy"], "the move judged", 60)
        moves_played += 2
        state = read_puzzle(run)
        if state["status"] == "solved":
            break
        run.check(state["status"] == "playing", f"a winning move was judged {state}")
    state = read_puzzle(run)
    run.check(state["status"] == "solved", f"the puzzle did not end solved: {state}")
    run.check(state["streak"] == streak + 1, f"the streak went {streak} -> {state['streak']}")
    run.shot("puzzle-solved")
    print(f"  puzzle solved: {state['text']}")


def puzzle_failed(run, _rng):
    """A move that lets the win go is answered with the defender's escape; Try again."""
    run.click("puzzle-next")
    run.wait(lambda p: read_puzzle(run)["status"] == "playing", "the next puzzle", 30)
    page, rules = puzzle_board(run)
    left = int(re.search(r"win in (\d+)", read_puzzle(run)["title"]).group(1))
    winning = set(squares_in(solve_cli(run.args.jump61, page["notation"], rules, depth=left)))
    side = "r" if page["toMove"] == "red" else "b"
    n = page["size"]
    wrong = [i for i, cell in enumerate(page["cells"]) if cell["owner"] in (side, "w")
             and (i // n + 1, i % n + 1) not in winning]
    run.check(wrong, "every move of the puzzle wins")
    run.cells()[wrong[0]].click()
    state = run.wait(lambda p: read_puzzle(run)["status"] == "failed", "the refutation", 60)
    state = read_puzzle(run)
    run.check("escapes with" in state["text"], f"the refutation says {state['text']!r}")
    run.check(any(state["refuted"]), "the refutation is not marked on the board")
    run.check(state["streak"] == 0, "a failure did not end the streak")
    run.shot("puzzle-failed")
    run.click("puzzle-retry")
    run.wait(lambda p: read_puzzle(run)["status"] == "playing", "the puzzle again", 30)
    print(f"  puzzle failed: {state['text']}")


def puzzle_phone(run, _rng):
    """The puzzle tab on a phone-sized screen: the board fits and the puzzle's tools show."""
    cdp = run.driver.execute_cdp_cmd
    cdp("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        sizes = run.driver.execute_script(
            "const r = document.getElementById('board').getBoundingClientRect();"
            "const b = document.getElementById('puzzle-next').getBoundingClientRect();"
            "return [r.left, r.right, document.documentElement.scrollWidth, innerWidth, b.width];"
        )
        left, right, scroll_width, width, button = sizes
        run.check(left >= 0 and right <= width and scroll_width <= width, f"the puzzle board overflows: {sizes}")
        run.check(button > 0, "the puzzle's buttons are hidden on a phone")
        run.check(read_puzzle(run)["shown"], "the puzzle panel is hidden on a phone")
        run.shot("puzzle-phone")
        print(f"  puzzle tab on a phone: board {right - left:.0f} px of {width}")
    finally:
        cdp("Emulation.clearDeviceMetricsOverride", {})
    run.click("tab-jump61")


def favicon(run, _rng):
    """The page's icon: /favicon.ico answers with an icon, and the page names it."""
    with urllib.request.urlopen(run.args.url + "favicon.ico", timeout=10) as reply:
        body = reply.read()
        kind = reply.headers.get("Content-Type")
    run.check(kind == "image/x-icon" and body[:4] == b"\x00\x00\x01\x00", f"/favicon.ico is {kind}, {body[:8]!r}")
    named = run.driver.execute_script("return document.querySelector('link[rel=icon]').href")
    run.check(named.endswith("/favicon.ico"), f"the page names the icon {named}")


PARTS = [analysis_4x4, every_move, edit_mode, status_line, puzzle_solved, puzzle_failed, puzzle_phone, favicon]
