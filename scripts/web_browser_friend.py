"""Play a friend on the web page, in headless Chromium, driven by scripts/web_browser.py: two
browsers (two WebDriver sessions, one at a phone's width) play a game to its end by clicks,
each page's board checked against the command loop's replay of the moves after every move; a
third browser watches by the watch link, sees every move, and its click plays nothing; the
guest's page reloads mid-game and sits again by its link. Screenshots of the three pages go to
--shots.
"""

import __main__ as base  # scripts/web_browser.py, run as the program

READ_FRIEND = """
return {
  you: document.body.dataset.friend || '',
  status: document.getElementById('friend-status').textContent.trim(),
  invite: document.getElementById('friend-invite').value,
  watch: document.getElementById('friend-watch').value,
  hash: location.hash,
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
        square = rng.choice(base.legal_squares(mover.read(), side))
        mover.cells()[square].click()
        moves += 1
        for shown in all_after(pages, moves, f"move {moves}"):
            base.check_position(red, shown, "2014")
        page = red.read()
    for r in pages:
        status = friend_of(r)["status"]
        r.check("wins (won on the board)" in status, f"the end not told: {status!r}")
    print(f"  a friend's game of {moves} moves, {page['winner']} won; every page equal to the replay")


PARTS = [friend_game]
