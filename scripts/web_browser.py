#!/usr/bin/env python3
"""Plays jump61's web page in a real headless Chromium, as a person would.

Called by scripts/web_browser.sh, which builds and starts `jump61 serve`. Through WebDriver
(selenium) it clicks squares, presses keys, taps on a phone-sized screen, and after every move
checks the board the page draws against the position the server holds, read independently:
the page's move list is replayed through the command loop (`jump61`, `jump61 snatch`) and the
position it prints must be the board on the screen, square by square. Screenshots go to
--shots. Prints `N passed, 0 failed` at the end, or stops at the first failed check.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

import web_browser_friend
import web_browser_games
import web_browser_solver
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,900",
]

# Everything the page shows that a check needs, read in one round trip.
READ_PAGE = """
const b = document.getElementById('board');
const msg = document.getElementById('message');
return {
  kind: b.dataset.kind || '', size: Number(b.dataset.size || 0),
  toMove: b.dataset.toMove || '', winner: b.dataset.winner || '',
  thinking: b.dataset.thinking === 'true', busy: b.dataset.busy === 'true',
  frames: Number(b.dataset.animFrames || 0),
  cells: [...b.children].map(c => ({spots: Number(c.dataset.spots || 0), owner: c.dataset.owner || '',
    piece: c.dataset.piece || '', step: Number(c.dataset.step ?? -1), cls: c.className})),
  moves: [...document.querySelectorAll('#moves li')].map(li => li.dataset.move),
  notation: document.getElementById('notation').value.trim(),
  message: msg.textContent.trim(), error: msg.classList.contains('error'),
  status: document.getElementById('status').textContent.trim(),
  output: document.getElementById('output').textContent,
  search: ['depth', 'score', 'nodes', 'pv'].map(k => document.getElementById('search-' + k).textContent.trim()),
  game: sessionStorage.getItem('jump61.game'),
};
"""


class Failed(Exception):
    pass


class Run:
    """The browser, the checks counted, the screenshots."""

    def __init__(self, args):
        self.args = args
        self.passed = 0
        self.downloads = tempfile.mkdtemp(prefix="jump61-downloads-")
        options = webdriver.ChromeOptions()
        options.binary_location = args.chromium
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="jump61-chromium-"))
        options.add_experimental_option(
            "prefs",
            {"download.default_directory": self.downloads, "download.prompt_for_download": False},
        )
        self.driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
        self.driver.set_page_load_timeout(30)
        self.driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": self.downloads}
        )

    # ------------------------------------------------------------ checks and waits
    def check(self, ok, what):
        if not ok:
            self.shot("failed")
            raise Failed(what)
        self.passed += 1

    def read(self):
        return self.driver.execute_script(READ_PAGE)

    def wait(self, condition, what, timeout=60.0):
        """Polls the page until `condition(page)` holds; returns that page."""
        end = time.time() + timeout
        while True:
            page = self.read()
            if condition(page):
                return page
            if time.time() > end:
                self.shot("timeout")
                raise Failed(f"timed out after {timeout:.0f} s waiting for {what}; page: {brief(page)}")
            time.sleep(0.05)

    def settled(self, what, condition=lambda p: True, timeout=90.0):
        """Waits until the AI is not thinking, no frames are shown, and `condition` holds."""
        return self.wait(lambda p: not p["busy"] and not p["thinking"] and condition(p), what, timeout)

    def shot(self, name):
        path = os.path.join(self.args.shots, f"{name}.png")
        self.driver.save_screenshot(path)
        return path

    # ------------------------------------------------------------ doing things
    def click(self, element_id):
        self.driver.find_element(By.ID, element_id).click()

    def select(self, element_id, value):
        Select(self.driver.find_element(By.ID, element_id)).select_by_value(value)

    def type_into(self, element_id, text):
        """Selects what the box holds and types over it, then Tab (a change)."""
        box = self.driver.find_element(By.ID, element_id)
        box.click()
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(text + Keys.TAB)
        value = box.get_attribute("value")
        self.check(value == text, f"typed {text!r} into {element_id} but it holds {value!r}")

    def cells(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#board .cell")


def brief(page):
    return {k: page[k] for k in ("kind", "size", "toMove", "winner", "thinking", "busy", "notation", "message")}


# ---------------------------------------------------------------- independent replays
def dom_notation(page, rules):
    """The Jump61 position the page draws, written as `position` writes it."""
    n = page["size"]
    tokens = []
    for cell in page["cells"]:
        if cell["owner"] == "w":
            tokens.append("--" if rules == "2013" else f"{cell['spots']}-")
        else:
            tokens.append(f"{cell['spots']}{cell['owner']}")
    return "/".join("".join(tokens[r * n:(r + 1) * n]) for r in range(n))


def page_moves(page):
    """The page's move list, as the command loop writes moves."""
    return list(page["moves"])


def replay_jump61(binary, size, rules, moves):
    """The position after `moves` from a fresh board, as the command loop computes it."""
    script = f"size {size}\nmanual red\nmanual blue\nstart\n" + "".join(f"{m}\n" for m in moves)
    script += "position\n"
    dialect = ["--dialect", "2013"] if rules == "2013" else []
    done = subprocess.run([binary, *dialect], input=script, capture_output=True, text=True, timeout=60)
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if done.stderr.strip() or not lines:
        raise Failed(f"replay of {moves} failed: {done.stderr.strip()}")
    return lines[-1]


def replay_file(binary, text, rules):
    """The position after a saved game file, as the command loop plays it."""
    dialect = ["--dialect", "2013"] if rules == "2013" else []
    done = subprocess.run(
        [binary, *dialect], input=text + "position\n", capture_output=True, text=True, timeout=60
    )
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if done.stderr.strip() or not lines:
        raise Failed(f"replaying the saved file failed: {done.stderr.strip()}")
    return lines[-1]


def snatch_dom(page):
    n = page["size"]
    marks = ["x" if c["piece"] == "x" else "." for c in page["cells"]]
    return "/".join("".join(marks[r * n:(r + 1) * n]) for r in range(n))


def replay_snatch(binary, start, moves):
    """The Jump Snatch position after `moves` from `start`, as `jump61 snatch` computes it."""
    script = f"position {start}\n" + "".join(f"{m}\n" for m in moves) + "board\n"
    done = subprocess.run([binary, "snatch"], input=script, capture_output=True, text=True, timeout=60)
    if done.stderr.strip():
        raise Failed(f"replay of {moves} from {start} failed: {done.stderr.strip()}")
    rows = []
    for line in done.stdout.splitlines():
        words = line.split()
        if len(words) > 1 and words[0].isdigit() and all(w in ("x", ".") for w in words[1:]):
            rows.append("".join(words[1:]))
    size = len(start.split("/"))
    return "/".join(rows[-size:])


# ---------------------------------------------------------------- Jump61
def check_position(run, page, rules):
    """The board on the screen is the position the server's move list leads to."""
    drawn = dom_notation(page, rules)
    run.check(drawn == page["notation"], f"the board drawn {drawn} is not the page's notation {page['notation']}")
    replayed = replay_jump61(run.args.jump61, page["size"], rules, page_moves(page))
    run.check(drawn == replayed, f"the board drawn {drawn} differs from the replayed game {replayed}")


def legal_squares(page, side):
    mine = "r" if side == "red" else "b"
    return [i for i, c in enumerate(page["cells"]) if c["owner"] in ("w", mine)]


def red_to_move(p):
    return p["winner"] != "" or p["toMove"] == "red"


def play_click(run, index, before):
    """Clicks square `index` for Red and waits for the AI's answer."""
    run.cells()[index].click()
    return run.settled(
        f"the move at square {index} and the AI's reply",
        lambda p: len(p["moves"]) > len(before["moves"]) and red_to_move(p),
    )


def new_game(run, size, rules="2014"):
    """A new game: Red a person, Blue the AI (a loaded game has two people)."""
    run.select("red-player", "human")
    run.select("blue-player", "ai")
    if run.read()["size"] != size:
        run.select("size", str(size))
    run.select("rules", rules)
    run.click("new")
    return run.settled(
        f"a new {size}x{size} game",
        lambda p: p["size"] == size and not p["moves"] and p["toMove"] == "red" and p["winner"] == "",
    )


def keyboard_move(run, page, target):
    """Moves the cursor with the arrow keys from the top left to `target`, then Enter."""
    n = page["size"]
    board = run.driver.find_element(By.ID, "board")
    run.driver.execute_script("arguments[0].focus()", board)
    keys = [Keys.ARROW_UP] * n + [Keys.ARROW_LEFT] * n
    keys += [Keys.ARROW_DOWN] * (target // n) + [Keys.ARROW_RIGHT] * (target % n)
    board.send_keys(*keys)
    cursor = [i for i, c in enumerate(run.read()["cells"]) if "cursor" in c["cls"].split()]
    run.check(cursor == [target], f"the arrow keys put the cursor on {cursor}, not {target}")
    board.send_keys(Keys.ENTER)
    return run.settled("the keyboard move and the AI's reply",
                       lambda p: len(p["moves"]) > len(page["moves"]) and red_to_move(p))


def whole_game(run, rng):
    """A 4x4 game by clicks against the AI, to its end, with undo, redo, hint, keys, a
    refused click and a reload on the way; then save, and load the saved file back."""
    run.select("speed", "70")
    run.type_into("time", "0.05")
    page = new_game(run, 4)
    check_position(run, page, "2014")
    turn = 0
    while page["winner"] == "" and turn < 200:
        turn += 1
        if turn == 2:
            page = refused_click(run, page)
        if turn == 3:
            page = use_hint(run, page)
        elif turn == 4:
            page = keyboard_move(run, page, rng.choice(legal_squares(page, "red")))
        elif turn == 5:
            page = undo_redo(run, page)
            continue
        elif turn == 6:
            page = reload_keeps_game(run, page)
            continue
        else:
            page = play_click(run, rng.choice(legal_squares(page, "red")), page)
        check_position(run, page, "2014")
    run.check(page["winner"] in ("red", "blue"), f"the game did not end: {brief(page)}")
    run.check("wins" in page["status"], f"the status does not say who won: {page['status']}")
    run.check(page["frames"] > 0, "no chain reaction was animated in a whole game")
    print(f"  a 4x4 game of {len(page['moves'])} moves, {page['winner']} won, "
          f"{page['frames']} animation frames shown")
    run.shot("jump61-game-over")
    save_and_load(run, page)


def refused_click(run, page):
    """A click on Blue's square is refused with the session's reason; nothing changes."""
    blue = [i for i, c in enumerate(page["cells"]) if c["owner"] == "b"]
    if not blue:
        return page
    run.cells()[blue[0]].click()
    after = run.wait(lambda p: p["error"] and p["message"], "the reason for a refused click", 20)
    run.check(after["moves"] == page["moves"] and after["notation"] == page["notation"],
              "a refused click changed the game")
    print(f"  refused click answered: {after['message']!r}")
    return after


def use_hint(run, page):
    """Hint highlights a legal square for Red; playing it is accepted."""
    run.click("hint")
    hinted = run.wait(
        lambda p: any("hint" in c["cls"].split() for c in p["cells"]), "the hinted square", 60
    )
    square = [i for i, c in enumerate(hinted["cells"]) if "hint" in c["cls"].split()]
    run.check(len(square) == 1 and square[0] in legal_squares(page, "red"),
              f"the hint {square} is not one legal square for Red")
    print(f"  hint: {hinted['message']!r}")
    return play_click(run, square[0], page)


def undo_redo(run, page):
    """Undo takes back Red's move and the AI's reply; redo plays them again."""
    before = page
    run.click("undo")
    undone = run.settled("undo", lambda p: len(p["moves"]) < len(before["moves"]))
    run.check(len(undone["moves"]) == len(before["moves"]) - 2,
              f"undo took back {len(before['moves']) - len(undone['moves'])} moves, not 2")
    check_position(run, undone, "2014")
    run.click("redo")
    redone = run.settled("redo", lambda p: len(p["moves"]) >= len(before["moves"]))
    run.check(redone["notation"] == before["notation"], "redo did not bring the position back")
    check_position(run, redone, "2014")
    return redone


def reload_keeps_game(run, page):
    """A reload gets the same game back (its id is kept in sessionStorage)."""
    game = page["game"]
    run.driver.refresh()
    back = run.settled("the game after a reload", lambda p: p["size"] > 0 and p["notation"] != "")
    run.check(back["game"] == game, f"the reload changed the game id {game} -> {back['game']}")
    run.check(back["notation"] == page["notation"] and back["moves"] == page["moves"],
              "the reload did not bring back the same position and moves")
    run.select("speed", "70")
    return back


def two_pages(run, _rng):
    """A second page given the game's id cannot take the game from the page that has it: it
    is told the game is open in another page, and the first plays on, never told anything."""
    page = run.settled("the game", lambda p: p["game"])
    first = run.driver.current_window_handle
    run.driver.switch_to.new_window("tab")
    run.driver.get(run.args.url)
    run.settled("a game of the second page's own", lambda p: p["game"] and p["notation"])
    run.driver.execute_script("sessionStorage.setItem('jump61.game', arguments[0])", page["game"])
    run.driver.refresh()
    link = run.driver.find_element(By.ID, "link")
    button = run.driver.find_element(By.ID, "reconnect")
    run.wait(lambda p: button.is_displayed() and "another page" in link.text, "the second page refused", 10)
    print(f"  second page: {link.text!r}")
    run.driver.close()
    run.driver.switch_to.window(first)
    link = run.driver.find_element(By.ID, "link")
    run.check(link.text == "connected", f"the first page says {link.text!r}")
    back = run.settled("the first page's game", lambda p: p["notation"])
    run.check(back["notation"] == page["notation"] and back["game"] == page["game"],
              "the first page's game changed")


def save_and_load(run, page):
    """Save downloads the game in the command loop's format; `jump61 < file` replays it to
    the same position; Load gives the page the same game back."""
    for name in os.listdir(run.downloads):
        os.remove(os.path.join(run.downloads, name))
    run.click("save")
    end = time.time() + 20
    files = []
    while time.time() < end:
        files = [f for f in os.listdir(run.downloads) if f.endswith(".txt")]
        if files:
            break
        time.sleep(0.1)
    run.check(len(files) == 1, f"save downloaded {files}")
    path = os.path.join(run.downloads, files[0])
    time.sleep(0.2)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    replayed = replay_file(run.args.jump61, text, "2014")
    run.check(replayed == page["notation"], f"the saved file replays to {replayed}, not {page['notation']}")
    fresh = new_game(run, 4)
    run.check(fresh["notation"] != page["notation"], "the new game still shows the old position")
    run.driver.find_element(By.ID, "load").send_keys(path)
    loaded = run.settled("the loaded game", lambda p: p["notation"] == page["notation"])
    run.check(page_moves(loaded) == page_moves(page), "the loaded game's moves differ from the saved one's")
    print(f"  saved {len(text)} bytes ({files[0]}), replayed by jump61 and loaded back")


def ai_moves_now(run, _rng):
    """'AI moves now' plays Red's move by the engine; the AI (Blue) answers."""
    page = new_game(run, 5)
    run.click("go")
    after = run.settled("the AI's move for Red and Blue's reply",
                        lambda p: len(p["moves"]) >= 2 and red_to_move(p))
    check_position(run, after, "2014")
    print(f"  AI moves now: {after['moves'][:2]}")
    run.click("copy")
    run.wait(lambda p: p["message"] == "position copied", "the position copied", 10)


def rules_2013(run, rng):
    """Under the 2013 rules the board starts empty; a few moves, each checked."""
    page = new_game(run, 5, "2013")
    run.check(set(page["notation"].replace("/", "")) == {"-"}, f"a 2013 board is not empty: {page['notation']}")
    check_position(run, page, "2013")
    for _ in range(4):
        if page["winner"]:
            break
        page = play_click(run, rng.choice(legal_squares(page, "red")), page)
        check_position(run, page, "2013")
    run.shot("jump61-2013")
    print(f"  2013 rules: {page['notation']}")
    run.select("rules", "2014")


def search_shown(run, rng):
    """The AI's search is shown live while it thinks: the README's screenshot."""
    run.select("speed", "200")
    page = new_game(run, 6)
    run.type_into("time", "0.05")
    for _ in range(5):
        page = play_click(run, rng.choice(legal_squares(page, "red")), page)
    run.type_into("time", "20")
    for attempt in range(3):
        run.cells()[rng.choice(legal_squares(page, "red"))].click()
        run.wait(lambda p: p["thinking"] and p["search"][0] not in ("", "–")
                 and p["search"][3] not in ("", "–"), "the AI's search on the page", 30)
        time.sleep(1.0)
        before = run.read()
        path = run.shot("web")
        after = run.read()
        if before["thinking"] and after["thinking"]:
            break
        # The search ended (a proven result) around the screenshot: the next move's.
        page = run.settled("the AI's move", red_to_move, 60)
        run.check(attempt < 2 and page["winner"] == "", "no screenshot while the AI was thinking")
    run.check(after["search"][0].isdigit(), f"the depth shown is {after['search'][0]!r}")
    run.check(after["search"][1] not in ("", "–"), "no score shown while the AI thinks")
    print(f"  search shown while thinking: depth {after['search'][0]}, score {after['search'][1]}, "
          f"line {after['search'][3]} ({path})")
    run.click("stop")
    run.type_into("time", "0.05")
    page = run.settled("the stopped search", lambda p: True)
    if not red_to_move(page):
        # Stopped without a move: the AI is asked again, quickly this time.
        run.click("go")
        page = run.settled("the AI's move after stop", red_to_move)
    check_position(run, page, "2014")


def phone(run, rng):
    """On a phone-sized screen the board fits the width and a tap plays."""
    cdp = run.driver.execute_cdp_cmd
    cdp("Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        page = new_game(run, 7)
        sizes = run.driver.execute_script(
            "const r = document.getElementById('board').getBoundingClientRect();"
            "return [r.left, r.right, document.documentElement.scrollWidth, innerWidth];"
        )
        left, right, scroll_width, width = sizes
        run.check(left >= 0 and right <= width and scroll_width <= width,
                  f"the board overflows a 390 px screen: {sizes}")
        run.check(right - left >= 0.85 * width, f"the board does not fill a phone's width: {sizes}")
        target = rng.choice(legal_squares(page, "red"))
        # Choosing the size scrolled the page to its select: the square is brought back into
        # sight, or the tap lands outside the screen.
        rect = run.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center'});"
            "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
            run.cells()[target],
        )
        point = {"x": rect[0], "y": rect[1]}
        cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page = run.settled("the tapped move and the AI's reply",
                           lambda p: len(p["moves"]) >= 2 and red_to_move(p))
        run.check(page_moves(page)[0] == f"{target // 7 + 1} {target % 7 + 1}",
                  f"the tap on square {target} played {page['moves'][:1]}")
        check_position(run, page, "2014")
        run.shot("phone")
        print(f"  phone: 390 px wide, board {right - left:.0f} px, a tap played {page_moves(page)[0]}")
    finally:
        cdp("Emulation.clearDeviceMetricsOverride", {})
        cdp("Emulation.setTouchEmulationEnabled", {"enabled": False})


# ---------------------------------------------------------------- Jump Snatch
def snatch(run, rng):
    """Jump Snatch: the fewest-moves answer, then moves by clicks against its AI, each
    checked against `jump61 snatch` replaying the move list."""
    run.click("tab-snatch")
    run.settled("the Jump Snatch board", lambda p: p["kind"] == "snatch")
    run.select("second-player", "ai")
    run.type_into("snatch-time", "0.1")
    run.select("snatch-size", "5")
    page = run.settled("a random 5x5 board", lambda p: p["kind"] == "snatch" and p["size"] == 5
                       and not p["moves"] and p["toMove"] in ("0", "first"))
    start = page["notation"]
    run.check(snatch_dom(page) == start, f"the pieces drawn {snatch_dom(page)} are not the position {start}")

    run.click("snatch-fewest")
    fewest = run.driver.find_element(By.ID, "fewest")
    run.wait(lambda p: "move" in fewest.text or "cannot" in fewest.text, "the fewest moves", 90)
    print(f"  fewest moves: {fewest.text!r}")

    # A click on an empty square first is answered on the page.
    empty = [i for i, c in enumerate(page["cells"]) if c["piece"] != "x"]
    run.cells()[empty[0]].click()
    refused = run.wait(lambda p: p["error"], "the answer to a click on an empty square", 10)
    run.check(refused["moves"] == page["moves"], "a click on an empty square changed the game")

    moves_made = 0
    shot_taken = 0  # 1: a piece chosen, squares offered; 2: a jump chain under way
    while page["winner"] == "" and moves_made < 12:
        movable = [i for i, c in enumerate(page["cells"]) if "movable" in c["cls"].split()]
        run.check(movable, f"no piece is marked movable in a game not over: {brief(page)}")
        run.cells()[rng.choice(movable)].click()
        sent_by = time.time() + 30
        while True:
            now = run.read()
            if len(now["moves"]) > len(page["moves"]):
                break
            if max(c["step"] for c in now["cells"]) < 0:
                # The last click sent the move: its state is on the way.
                run.check(time.time() < sent_by, f"a move was sent but never answered: {brief(now)}")
                time.sleep(0.05)
                continue
            targets = [i for i, c in enumerate(now["cells"]) if "target" in c["cls"].split()]
            chain = max(c["step"] for c in now["cells"]) >= 1
            if targets and (shot_taken == 0 or (shot_taken == 1 and chain)):
                run.shot("snatch-move")
                shot_taken = 2 if chain else 1
            finish = run.driver.find_element(By.ID, "snatch-finish")
            if finish.is_enabled() and (not targets or rng.random() < 0.3):
                finish.click()
                break
            run.check(targets, f"a move was begun but no square is offered: {brief(now)}")
            run.cells()[rng.choice(targets)].click()
        page = run.settled("the Jump Snatch move and the AI's reply",
                           lambda p: len(p["moves"]) > len(page["moves"])
                           and (p["winner"] != "" or p["toMove"] in ("0", "first")))
        moves_made += 1
        drawn = snatch_dom(page)
        run.check(drawn == page["notation"], f"the pieces drawn {drawn} are not the page's position {page['notation']}")
        replayed = replay_snatch(run.args.jump61, start, page["moves"])
        run.check(drawn == replayed, f"the pieces drawn {drawn} differ from the replayed game {replayed}")
    run.check(shot_taken, "no move in the making was shown")
    print(f"  Jump Snatch from {start}: moves {page['moves']}, "
          f"{'over: ' + page['status'] if page['winner'] else 'game goes on'}")
    run.shot("snatch-end")


CHAIN_POSITION = "x..x./.x.../...x./....x/x...."


def snatch_chain(run, _rng):
    """A pasted position, and a jump chain made square by square: 1:1x3:3x3:5x5:5, shown
    while it is being made (the Jump Snatch screenshot)."""
    if run.read()["kind"] != "snatch":
        run.click("tab-snatch")
        run.settled("the Jump Snatch board", lambda p: p["kind"] == "snatch")
    run.select("second-player", "ai")
    box = run.driver.find_element(By.ID, "notation")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(CHAIN_POSITION)
    run.click("paste")
    # The box holds what was typed; the board shows what the server holds.
    page = run.settled("the pasted position", lambda p: snatch_dom(p) == CHAIN_POSITION and not p["moves"])
    run.check(page["notation"] == CHAIN_POSITION, f"the position box holds {page['notation']}")
    n = page["size"]
    index = {(r, c): (r - 1) * n + c - 1 for r in range(1, n + 1) for c in range(1, n + 1)}
    chain = [(1, 1), (3, 3), (3, 5), (5, 5)]
    run.cells()[index[chain[0]]].click()
    for k, square in enumerate(chain[1:], start=1):
        now = run.wait(lambda p: "target" in p["cells"][index[square]]["cls"].split(),
                       f"{square} offered as the chain's next square", 10)
        if k == 3:
            run.shot("web-snatch")
        run.cells()[index[square]].click()
    page = run.settled("the chain and the AI's reply", lambda p: len(p["moves"]) >= 2 or p["winner"])
    run.check(page["moves"][0] == "1:1x3:3x3:5x5:5", f"the chain was played as {page['moves'][:1]}")
    replayed = replay_snatch(run.args.jump61, CHAIN_POSITION, page["moves"])
    run.check(snatch_dom(page) == replayed, f"the pieces drawn {snatch_dom(page)} differ from the replay {replayed}")
    print(f"  pasted {CHAIN_POSITION}, played {page['moves']}")
    if not page["winner"]:
        run.click("snatch-hint")
        hinted = run.wait(lambda p: any("hint" in c["cls"].split() for c in p["cells"]), "a Jump Snatch hint", 30)
        run.check(hinted["message"].startswith("Hint: "), f"the hint is not named: {hinted['message']!r}")
        print(f"  Jump Snatch {hinted['message']!r}")
    run.click("tab-jump61")
    run.settled("back to Jump61", lambda p: p["kind"] == "jump61")


CROWDED_POSITION = "..x..xxx/xx.xxxxx/.x.xxxx./.x.x.x.x/xxxxxx.x/.x....../xxxx..../........"


def longest_chain(notation):
    """The longest jump chain on a Jump Snatch board (rows and columns from 1)."""
    rows = notation.split("/")
    n = len(rows)
    occupied = {(r + 1, c + 1) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "x"}
    best = []

    def extend(path, pieces):
        nonlocal best
        if len(path) > len(best):
            best = list(path)
        r, c = path[-1]
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if (dr, dc) != (0, 0) and over in pieces and land not in pieces \
                        and 1 <= land[0] <= n and 1 <= land[1] <= n:
                    extend(path + [land], (pieces - {path[-1], over}) | {land})

    for start in sorted(occupied):
        extend([start], occupied)
    return best


def snatch_crowded(run, _rng):
    """A crowded 8x8 board (over 40,000 jump chains, of which the server lists 1000): the
    longest chain is made square by square and accepted, and the board replays."""
    if run.read()["kind"] != "snatch":
        run.click("tab-snatch")
        run.settled("the Jump Snatch board", lambda p: p["kind"] == "snatch")
    box = run.driver.find_element(By.ID, "notation")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(CROWDED_POSITION)
    run.click("paste")
    page = run.settled("the crowded position", lambda p: snatch_dom(p) == CROWDED_POSITION and not p["moves"])
    chain = longest_chain(CROWDED_POSITION)
    n = page["size"]
    for square in chain:
        run.cells()[(square[0] - 1) * n + square[1] - 1].click()
    sent = run.read()
    if len(sent["moves"]) == len(page["moves"]):
        run.click("snatch-finish")  # a chain that could go on is ended by the person
    text = "x".join(f"{r}:{c}" for r, c in chain)
    page = run.settled("the long chain", lambda p: len(p["moves"]) > len(page["moves"]))
    run.check(page["moves"][0] == text or len(page["moves"][0]) == len(text),
              f"the chain {text} was played as {page['moves'][0]}")
    replayed = replay_snatch(run.args.jump61, CROWDED_POSITION, page["moves"])
    run.check(snatch_dom(page) == replayed, f"the pieces drawn {snatch_dom(page)} differ from the replay {replayed}")
    print(f"  crowded 8x8: a chain of {len(chain) - 1} jumps played as {page['moves'][0]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", required=True)
    parser.add_argument("--jump61", required=True, help="the jump61 binary, for independent replays")
    parser.add_argument("--shots", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--server-pid-file",
                        help="holds the server's pid; its keeper starts it again when killed (web_browser.sh)")
    parser.add_argument("--parts", default="whole_game,ai_moves_now,two_pages,rules_2013,search_shown,phone,snatch,snatch_crowded,snatch_chain,"
                        + ",".join(f.__name__ for f in web_browser_solver.PARTS + web_browser_friend.PARTS
                                   + web_browser_games.PARTS),
                        help="which parts to run, in order (for debugging one)")
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    rng = random.Random(args.seed)
    run = Run(args)
    failed = 0
    try:
        run.driver.get(args.url)
        run.settled("the page's first state", lambda p: p["size"] > 0 and p["notation"] != "", 30)
        parts = {f.__name__: f for f in (whole_game, ai_moves_now, two_pages, rules_2013, search_shown, phone, snatch, snatch_crowded,
                                                snatch_chain, *web_browser_solver.PARTS, *web_browser_friend.PARTS,
                                                *web_browser_games.PARTS)}
        began = time.monotonic()
        for name in args.parts.split(","):
            # The second each part starts at: where the run's minutes go, read off CI's log.
            print(f"web_browser: {name} (at {time.monotonic() - began:.0f} s)", flush=True)
            parts[name](run, rng)
        errors = [e for e in run.driver.get_log("browser") if e.get("level") == "SEVERE"]
        run.check(not errors, f"the page logged errors: {errors}")
    except (Failed, WebDriverException) as e:
        failed = 1
        print(f"web_browser: FAILED: {e}", file=sys.stderr)
    finally:
        run.driver.quit()
    print(f"web_browser: screenshots in {args.shots}")
    print(f"{run.passed} passed, {failed} failed")
    return failed


if __name__ == "__main__":
    sys.exit(main())
