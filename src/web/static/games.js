// jump61's page, the Games view: the finished games this browser played (against the AI, of
// its own, with a friend, and of Jump Snatch), each replayed move by move (buttons and arrow
// keys), copied as the command loop's script or as a link, and a Jump61 game reviewed by the
// server in the words of `jump61 review`. A game with a friend's link is its watch link's id
// and round (`#watched=WATCH&round=R`): it carries no seat, and opens the replay to anyone. The page remembers each kept game's id and seat
// secret (the server's `seat` message) and each seat it held in a game with a friend (the
// `seated` message) in localStorage, and shows them to ask: the server answers only for a
// game whose secret the page shows.
"use strict";

window.jump61Games = ({ page, $, say, sendRaw, squareSvg }) => {
  const STORE_GAMES = "jump61.games";
  const STORE_FRIENDS = "jump61.friends";
  const MOST = 200; // games remembered, and asked about in one request (the server's limit)
  let on = false;
  let replay = null; // the `replay` message of the game open, and its review
  let ply = 0; // the position shown: 0 the start, k after move k
  let review = null;
  let pending = null; // the request that opens a game once connected (from its link)
  let asked = false; // a request of this view is waiting for its answer (or its error)
  let shown = new Map(); // the games listed last, by id

  // ------------------------------------------------------------ the games remembered
  function read(key, field) {
    try {
      const list = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list.filter((g) => g && typeof g[field] === "string" && typeof g.seat === "string") : [];
    } catch (_) {
      return [];
    }
  }
  function keep(key, field, entry) {
    const list = read(key, field).filter((g) => g[field] !== entry[field]);
    list.push(entry);
    try { localStorage.setItem(key, JSON.stringify(list.slice(-MOST))); } catch (_) { /* not kept */ }
  }
  const remembered = () => read(STORE_GAMES, "id");
  const friends = () => read(STORE_FRIENDS, "invite");
  function remember(id, seat) { keep(STORE_GAMES, "id", { id, seat }); }
  // A seat in a game with a friend: every round played in it is listed, with this seat.
  function rememberFriend(invite, seat) { keep(STORE_FRIENDS, "invite", { invite, seat }); }
  function seatOf(id) {
    const found = remembered().find((g) => g.id === id);
    if (found) return found.seat;
    const g = shown.get(id);
    const friend = g && g.friend && friends().find((f) => f.invite === g.friend);
    return friend ? friend.seat : null;
  }

  // ------------------------------------------------------------ the view and its tab
  function enter() {
    on = true;
    document.body.classList.add("mode-games");
    for (const tab of document.querySelectorAll(".tabs button")) {
      tab.setAttribute("aria-selected", String(tab.id === "tab-games"));
    }
    $("games-view").hidden = false;
    if (page.ws && page.ws.readyState === WebSocket.OPEN) list();
  }
  function leave(clicked) {
    if (!on) return;
    on = false;
    document.body.classList.remove("mode-games");
    $("games-view").hidden = true;
    for (const tab of document.querySelectorAll(".tabs button")) {
      tab.setAttribute("aria-selected", String(tab === clicked));
    }
  }
  function list() {
    $("games-status").textContent = "asking the server…";
    // The server's limit counts both lists: the friends' seats first, then the newest games.
    const seats = friends();
    const room = MOST - seats.length;
    ask({ t: "games", list: room > 0 ? remembered().slice(-room) : [], friends: seats });
  }
  function ask(message) {
    asked = sendRaw(message) || asked;
  }

  function playerName(text) {
    if (text.startsWith("ai level ")) return `AI (level ${text.slice(9)})`;
    // Jump Snatch's AI is kept with its time a move: `ai time 0.1 s`.
    if (text.startsWith("ai time ")) return `AI (${text.slice(8)} a move)`;
    return text;
  }
  function when(ms) {
    const d = new Date(ms);
    const two = (x) => String(x).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  }
  const NAME = { red: "Red", blue: "Blue" };
  // Jump Snatch's sides: its first player is kept as `red`, its second as `blue`.
  const SIDE = { red: "First player", blue: "Second player" };
  const isSnatch = (g) => g.kind === "snatch";
  function sideName(g, colour) {
    return (isSnatch(g) ? SIDE : NAME)[colour];
  }
  function playersText(g) {
    if (g.you) return `you (${NAME[g.you]}) vs friend`;
    if (isSnatch(g)) return `First ${playerName(g.red)}, Second ${playerName(g.blue)}`;
    return `Red ${playerName(g.red)}, Blue ${playerName(g.blue)}`;
  }
  function boardText(g) {
    return `${g.size} × ${g.size}, ${isSnatch(g) ? "Jump Snatch" : `${g.rules} rules`}`;
  }

  function showList(games) {
    const ol = $("games-list");
    ol.textContent = "";
    shown = new Map(games.map((g) => [g.id, g]));
    $("games-status").textContent = games.length
      ? `${games.length} finished game${games.length === 1 ? "" : "s"} played in this browser`
      : "No finished games yet: a game this browser plays to its end is listed here.";
    for (const g of games) {
      const li = document.createElement("li");
      const open = document.createElement("button");
      open.className = "game-row";
      open.dataset.game = g.id;
      const fields = [
        ["game-date", when(g.started_ms)],
        ["game-size", boardText(g)],
        ["game-players", playersText(g)],
        ["game-result", g.outcome],
        ["game-length", `${g.moves} move${g.moves === 1 ? "" : "s"}`],
      ];
      for (const [cls, text] of fields) {
        const span = document.createElement("span");
        span.className = cls;
        span.textContent = text;
        open.append(span);
      }
      open.addEventListener("click", () => openGame(g.id));
      li.append(open);
      ol.append(li);
    }
  }

  // ------------------------------------------------------------ the replay
  function openGame(id) {
    const seat = seatOf(id);
    if (!seat) return;
    $("games-status").textContent = "opening the game…";
    ask({ t: "replay", id, seat });
  }

  function showReplay(m) {
    replay = m;
    review = null;
    ply = m.moves.length;
    const g = m.game;
    $("replay").hidden = false;
    $("replay-title").textContent = `${when(g.started_ms)}: ${boardText(g)}, ${g.you ? `you (${NAME[g.you]}) vs friend, ` : ""}${g.outcome} (${g.moves} move${g.moves === 1 ? "" : "s"})`;
    // A Jump Snatch game has no review; a game opened by its watch link has none either (a
    // review is asked for with a seat, and this page holds none).
    const watcher = Boolean(g.watch) && !g.friend;
    $("replay-review").hidden = isSnatch(g) || watcher;
    const about = [];
    if (isSnatch(g)) about.push("The review judges Jump61 games only: a Jump Snatch game has none. Its script replays in jump61 snatch.");
    if (g.friend) about.push("The link of a game with a friend replays it to anyone who opens it, and carries no seat.");
    if (watcher) about.push("Opened by its link: only its players can review it, from their own Games view.");
    $("replay-about").textContent = about.join(" ");
    $("replay-about").hidden = about.length === 0;
    $("games-status").textContent = "";
    $("review-status").textContent = "";
    $("review-graph").hidden = true;
    $("review-graph").textContent = "";
    drawMoves();
    show();
    $("replay").scrollIntoView({ block: "start" });
    $("replay-last").focus({ preventScroll: true });
  }

  function drawMoves() {
    const ol = $("replay-moves");
    ol.textContent = "";
    replay.moves.forEach((mv, i) => {
      const li = document.createElement("li");
      const mark = review && review.moves[i];
      const mover = mark ? mark.mover : i % 2 === 0 ? "red" : "blue";
      li.className = `mover-${mover}`;
      const b = document.createElement("button");
      b.dataset.ply = String(i + 1);
      b.textContent = `${i + 1}. ${sideName(replay.game, mover) || ""} ${mv}`;
      b.addEventListener("click", () => go(i + 1));
      li.append(b);
      if (mark) {
        const span = document.createElement("span");
        span.className = `review-mark ${markClass(mark.mark)}`;
        span.textContent = mark.mark;
        li.append(span);
      }
      ol.append(li);
    });
  }

  function markClass(text) {
    for (const word of ["threw", "blunder", "mistake", "inaccuracy", "lost", "kept", "won"]) {
      if (text.includes(word)) return `mark-${word}`;
    }
    return "mark-good";
  }

  function go(k) {
    if (!replay) return;
    ply = Math.max(0, Math.min(replay.moves.length, k));
    show();
  }

  function show() {
    const n = replay.game.size;
    const snatch = isSnatch(replay.game);
    const squares = replay.boards[ply] || [];
    const board = $("replay-board");
    board.style.setProperty("--n", n);
    board.classList.toggle("snatch", snatch);
    board.textContent = "";
    const last = ply > 0 ? lastSquare(replay.moves[ply - 1]) : null;
    const winning = new Set();
    const mark = review && ply < replay.moves.length ? review.moves[ply] : null;
    for (const [r, c] of (mark && mark.winning) || []) winning.add((r - 1) * n + (c - 1));
    squares.forEach(([spots, owner], i) => {
      const cell = document.createElement("div");
      cell.className = snatch ? "cell" : `cell own-${owner}`;
      cell.dataset.spots = String(spots);
      cell.dataset.owner = owner;
      if (last && (last[0] - 1) * n + (last[1] - 1) === i) cell.classList.add("last");
      if (winning.has(i)) cell.classList.add("win-move");
      if (snatch) {
        const [r, c] = [Math.floor(i / n), i % n];
        if ((r + c) % 2 === 1) cell.classList.add("dark");
        cell.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true">${spots ? '<circle class="piece" cx="50" cy="50" r="30"/>' : ""}</svg>`;
      } else {
        cell.innerHTML = squareSvg(spots, owner);
      }
      board.append(cell);
    });
    const total = replay.moves.length;
    const at = ply === 0 ? "the start" : `after move ${ply}, ${sideName(replay.game, mover(ply - 1))}\u00a0${replay.moves[ply - 1].replace(" ", "\u00a0")}`;
    board.setAttribute("aria-label", `The board at ${at} (position ${ply} of ${total})`);
    board.dataset.ply = String(ply);
    $("replay-at").textContent = `Position ${ply} of ${total}: ${at}`;
    $("replay-first").disabled = $("replay-prev").disabled = ply === 0;
    $("replay-last").disabled = $("replay-next").disabled = ply === total;
    for (const b of $("replay-moves").querySelectorAll("button")) {
      if (Number(b.dataset.ply) === ply) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    scrollMoves();
    $("replay-note").textContent = mark ? thrownNote(mark) : "";
    const cursor = document.getElementById("graph-at");
    if (cursor) {
      const x = ((ply / Math.max(1, total)) * GRAPH_W).toFixed(1);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
  }

  /// What the board shows before a move that threw the win away: the outlined squares kept
  /// it; the review's limits may have left some moves settled neither way.
  function thrownNote(mark) {
    const unsettled = (mark.unsettled || []).map(([r, c]) => `${r}\u00a0${c}`).join(", ");
    const left = unsettled ? ` Not settled within the review's limits: ${unsettled}.` : "";
    if (mark.winning.length) return `The next move threw the win away: the outlined squares kept it.${left}`;
    return left ? `The next move threw the win away.${left}` : "";
  }

  /// Scrolls the list of moves (not the page) so that the move played last and the next
  /// one, the one the review's note speaks of, are in sight.
  function scrollMoves() {
    const list = $("replay-moves");
    const items = list.children;
    const from = items[Math.max(0, ply - 1)];
    const to = items[Math.min(items.length - 1, ply)];
    if (!from || !to) return;
    // The list is positioned: its items' offsets are from its own top.
    const top = from.offsetTop;
    const bottom = to.offsetTop + to.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  /// The square a move ends on, `[row, col]`: `R C` in Jump61, the last `R:C` of a Jump
  /// Snatch move.
  function lastSquare(mv) {
    const squares = mv.split(/[-x]/);
    const end = squares[squares.length - 1];
    return end.includes(":") ? end.split(":").map(Number) : mv.split(" ").map(Number);
  }

  function mover(i) {
    const mark = review && review.moves[i];
    return mark ? mark.mover : i % 2 === 0 ? "red" : "blue";
  }

  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
      say(`${what} copied`, false);
    } catch (_) {
      $("replay-copied").value = text;
      $("replay-copied").hidden = false;
      $("replay-copied").select();
      say(`${what} selected below: copy it`, false);
    }
    $("replay").dataset.copied = text;
  }
  /// The game's link: a game with a friend's by its watch id and round (the seat's secret
  /// would let anyone sit in it and play on), any other by its id and secret.
  function linkOf(g) {
    const hash = g.watch
      ? `#watched=${encodeURIComponent(g.watch)}&round=${g.round}`
      : `#replay=${encodeURIComponent(g.id)}&seat=${encodeURIComponent(seatOf(g.id) || "")}`;
    return `${location.origin}${location.pathname}${hash}`;
  }

  // ------------------------------------------------------------ the review
  function askReview() {
    if (!replay) return;
    const id = replay.game.id;
    $("review-status").textContent = "asking for the review…";
    ask({ t: "review", id, seat: seatOf(id) });
  }

  function showReview(m) {
    if (!replay || m.id !== replay.game.id) return;
    if (m.running) {
      $("review-status").textContent = `The server is reviewing the game (${m.limits})…`;
      $("replay").dataset.review = "running";
      return;
    }
    review = m;
    // The review's own result line judges the board: a game resigned or lost on time has
    // none there, and the title says how it ended.
    const said = replay.game.how === "won on the board" ? `${m.result}. ` : "";
    $("review-status").textContent = `${said}Reviewed with ${m.limits}${m.stored ? " (kept from before)" : ""}.`;
    $("replay").dataset.review = m.stored ? "stored" : "made";
    drawMoves();
    drawGraph(m);
    show();
  }

  const GRAPH_W = 300;

  /// Red's chance of winning over the game as a line, 50% across the middle, and the
  /// position shown marked across it.
  function drawGraph(m) {
    const el = $("review-graph");
    el.hidden = !m.judged;
    el.textContent = "";
    if (!m.judged) return;
    const w = GRAPH_W;
    const h = 100;
    const steps = Math.max(1, m.red_chances.length - 1);
    const points = m.red_chances.map((c, i) => `${((i / steps) * w).toFixed(1)},${((1 - c) * h).toFixed(1)}`).join(" ");
    const described = m.red_chances.map((c, i) => `${i}: ${Math.round(100 * c)}%`).join(", ");
    el.innerHTML = `<svg viewBox="-2 -2 ${w + 4} ${h + 4}" role="img" aria-labelledby="graph-title graph-desc" preserveAspectRatio="none">
      <title id="graph-title">Red's chance of winning over the game</title>
      <desc id="graph-desc">By position: ${described}</desc>
      <rect class="graph-blue" x="0" y="0" width="${w}" height="${h}"/>
      <polygon class="graph-red" points="0,${h} ${points} ${w},${h}"/>
      <line class="graph-even" x1="0" y1="${h / 2}" x2="${w}" y2="${h / 2}"/>
      <polyline class="graph-line" points="${points}"/>
      <line id="graph-at" class="graph-at" x1="0" y1="0" x2="0" y2="${h}"/>
    </svg><p class="help">Red's chance of winning, position by position: above the middle line Red is ahead (1 or 0 where proven).</p>`;
  }

  // ------------------------------------------------------------ messages and keys
  function receive(m) {
    switch (m.t) {
      case "seat":
        remember(m.game, m.seat);
        break;
      case "seated":
        rememberFriend(m.invite, m.seat);
        break;
      case "joined":
        if (!on) break;
        $("tab-games").setAttribute("aria-selected", "true");
        list();
        if (pending) {
          ask(pending);
          pending = null;
        }
        break;
      case "games":
        asked = false;
        if (on) showList(m.list || []);
        break;
      case "replay":
        asked = false;
        if (on) showReplay(m);
        break;
      case "review":
        asked = false;
        if (on) showReview(m);
        break;
      case "error":
        if (on && asked) {
          asked = false;
          $("games-status").textContent = m.text;
          $("review-status").textContent = replay ? m.text : "";
        }
        break;
      default:
        break;
    }
  }

  function key(e) {
    if (!on || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    // The game's keys (u, n, arrows on its board) are not for this view.
    e.stopImmediatePropagation();
    if (!replay) return;
    const steps = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: replay.moves.length };
    if (e.key in steps) {
      e.preventDefault();
      go(steps[e.key]);
    }
  }

  function wire() {
    $("tab-games").addEventListener("click", () => { if (!on) enter(); else list(); });
    for (const id of ["tab-jump61", "tab-snatch", "tab-puzzles"]) {
      $(id).addEventListener("click", () => leave($(id)));
    }
    $("replay-first").addEventListener("click", () => go(0));
    $("replay-prev").addEventListener("click", () => go(ply - 1));
    $("replay-next").addEventListener("click", () => go(ply + 1));
    $("replay-last").addEventListener("click", () => go(Infinity));
    $("replay-script").addEventListener("click", () => replay && copy(replay.script, "the game's script"));
    $("replay-link").addEventListener("click", () => replay && copy(linkOf(replay.game), "the game's link"));
    $("replay-review").addEventListener("click", askReview);
    window.addEventListener("keydown", key, true);
    // `#replay=ID&seat=SECRET`: a game's link opens its replay (and this browser keeps it);
    // `#watched=WATCH&round=R`: a game with a friend's, for anyone (nothing to keep).
    const fields = new URLSearchParams(location.hash.slice(1));
    const [id, seat] = [fields.get("replay"), fields.get("seat")];
    const [watch, round] = [fields.get("watched"), Number(fields.get("round"))];
    if (id && seat) {
      remember(id, seat);
      pending = { t: "replay", id, seat };
    } else if (watch && Number.isInteger(round) && round > 0) {
      pending = { t: "watched", watch, round };
    }
    if (pending) {
      history.replaceState(null, "", location.pathname + location.search);
      enter();
    }
  }

  wire();
  return { receive, decorate() {}, click: () => false };
};
