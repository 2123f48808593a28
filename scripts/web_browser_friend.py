"""Play a friend on the web page, in headless Chromium, driven by scripts/web_browser.py: two
browsers (two WebDriver sessions, one at a phone's width) play a game to its end by clicks,
each page's board checked against the command loop's replay of the moves after every move; a
third browser watches by the watch link, sees every move, and its click plays nothing; the
guest's page reloads mid-game and sits again by its link; the server is killed with `kill -9`
mid-game (web_browser.sh's keeper starts it again on the same database) and the three pages
come back by themselves and go on. Screenshots of the three pages go to --shots.
"""

import os
import signal
import time

import __main__ as base  # scripts/web_browser.py, run as the program

READ_FRIEND = """
return {
  you: document.body.dataset.friend || '',
  status: document.getElementById('friend-status').textContent.trim(),
  invite: document.getElementById('friend-invite').value,
  watch: document.getElementById('friend-watch').value,
  hash: location.hash,
  link: document.getElementById('link').textContent.trim(),
};
"""


def friend_of(run):
    return run.driver.execute_script(READ_FRIEND)


def seated(run, you, what):
    """Waits until the page has its place in the game (`red`, `blue` or `watching`)."""
    run.wait(lambda p: friend_of(run)["you"] == you and p["notation"], what, 30)
    return friend_of(run)


def all_after(pages, moves, what):
    """Waits until every page shows `moves` moves played and no chain reaction running."""
    return [r.settled(f"{what} on page {i}", lambda p: len(p["moves"]) == moves) for i, r in enumerate(pages)]


def friend_game(run, rng):
    red = run
    red.driver.get(red.args.url)
    red.settled("a fresh page", lambda p: p["notation"])
    red.select("friend-size", "3")
    red.click("friend-create")
    links = seated(red, "red", "the creator seated as Red")
    red.wait(lambda p: friend_of(red)["invite"].startswith("http"), "the invite link shown", 10)
    links = friend_of(red)
    red.check("#invite=" in links["invite"] and "#watch=" in links["watch"], f"the links shown: {links}")
    red.check(links["hash"].startswith("#friend=") and "seat=" in links["hash"], f"the creator's address {links['hash']}")
    red.check(links["hash"].split("seat=")[1] not in links["invite"] + links["watch"],
              "a link to send carries the creator's seat secret")
    blue, watcher = base.Run(run.args), base.Run(run.args)
    try:
        blue.driver.set_window_size(390, 844)
        blue.driver.get(links["invite"])
        seated(blue, "blue", "the guest seated as Blue by the invite link")
        watcher.driver.get(links["watch"])
        seated(watcher, "watching", "the watcher by the watch link")
        play_to_the_end(red, blue, watcher, rng)
        for name, r in (("friend-red", red), ("friend-blue-phone", blue), ("friend-watcher", watcher)):
            print(f"  {name}: {r.shot(name)}")
    finally:
        blue.driver.quit()
        watcher.driver.quit()
    red.click("friend-leave")
    red.settled("a game of the page's own again", lambda p: p["notation"] and not friend_of(red)["you"])


def play_to_the_end(red, blue, watcher, rng):
    pages = [red, blue, watcher]
    page = red.settled("the start", lambda p: p["notation"])
    moves = 0
    while not page["winner"]:
        mover, side = (red, "red") if page["toMove"] == "red" else (blue, "blue")
        if moves == 1:
            # The watcher's click plays nothing, and says why.
            watcher.cells()[0].click()
            watcher.wait(lambda p: "watching" in p["message"] and p["error"], "the watcher told", 10)
        if moves == 2:
            # The guest's page reloads mid-game and sits again by its link.
            blue.driver.refresh()
            seated(blue, "blue", "the guest back after a reload")
            all_after([blue], moves, "the game after the reload")
        if moves == 4:
            restart_mid_game(pages, moves)
        square = rng.choice(base.legal_squares(mover.read(), side))
        mover.cells()[square].click()
        moves += 1
        for shown in all_after(pages, moves, f"move {moves}"):
            base.check_position(red, shown, "2014")
        page = red.read()
    for r in pages:
        status = friend_of(r)["status"]
        r.check(" won on the board" in status, f"the end not told: {status!r}")
    print(f"  a friend's game of {moves} moves, {page['winner']} won; every page equal to the replay")


def restart_mid_game(pages, moves):
    """`kill -9` the server mid-game: its keeper starts it again on the same database and
    port, and each page, reconnecting by itself, sits again by the link in its address (the
    watcher watches again) and shows the game as it was."""
    red = pages[0]
    path = red.args.server_pid_file
    red.check(path is not None, "the server's pid file (--server-pid-file) is given")
    with open(path) as f:
        old = int(f.read())
    os.kill(old, signal.SIGKILL)
    for r in pages:
        r.wait(lambda p: friend_of(r)["link"] != "connected", "the page sees the server gone", 20)
    end = time.time() + 20
    while time.time() < end:
        with open(path) as f:
            text = f.read().strip()
        if text and int(text) != old:
            break
        time.sleep(0.1)
    red.check(int(text) != old, "the server started again")
    for r, you in zip(pages, ("red", "blue", "watching")):
        r.wait(lambda p: friend_of(r)["link"] == "connected" and friend_of(r)["you"] == you
               and len(p["moves"]) == moves, f"the {you} page back after kill -9", 30)
    statuses = [r.settled("the game after the restart", lambda p: len(p["moves"]) == moves) for r in pages]
    for shown in statuses:
        base.check_position(red, shown, "2014")
    red.wait(lambda p: "Red here, Blue here" in friend_of(red)["status"], "both seats here again", 20)
    for name, r in (("friend-red-restarted", red), ("friend-watcher-restarted", pages[2])):
        print(f"  {name}: {r.shot(name)}")
    print(f"  the server killed with kill -9 after move {moves}: three pages back, the same game")


PARTS = [friend_game]
