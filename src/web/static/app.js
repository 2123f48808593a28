// jump61's page: draws what the server's `state` says and sends what the person does, as the
// command loop's lines over one WebSocket (the protocol is documented in src/web/protocol.rs).
// Nothing here knows the rules: a move is legal when the server's session says so.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const STORE_GAME = "jump61.game";
  const STORE_KIND = "jump61.kind";
  const MAX_MESSAGE = 32768; // bytes the server accepts in one client message

  const page = {
    ws: null,
    game: null,
    kind: "jump61",
    state: null,
    cursor: 0,
    hint: null, // [row, col] of the suggested square, 1-based
    frames: [], // chain-reaction frames waiting to be shown
    animating: false,
    heldState: null, // a `state` that arrived while frames were shown
    animFrames: 0, // frames shown so far (read by the browser test)
    retries: 0,
    path: [], // Jump Snatch: the squares of the move being made, [row, col] 1-based
    snatchHint: [], // Jump Snatch: the squares of the suggested move
    pendingStart: false,
    linkPending: false, // a join by the game's link was sent and not yet answered
  };

  // ---------------------------------------------------------------- the game's link
  // `#game=ID&seat=SECRET` in the address: a fragment never reaches the server's logs.
  function gameLink() {
    const fields = new URLSearchParams(location.hash.slice(1));
    const game = fields.get("game");
    const seat = fields.get("seat");
    return game && seat ? { game, seat } : null;
  }
  function setGameLink(game, seat) {
    const hash = game ? `#game=${encodeURIComponent(game)}&seat=${encodeURIComponent(seat)}` : "";
    history.replaceState(null, "", location.pathname + location.search + hash);
  }

  // ---------------------------------------------------------------- storage (may be off)
  function stored(key) {
    try { return sessionStorage.getItem(key); } catch (_) { return null; }
  }
  function store(key, value) {
    try { sessionStorage.setItem(key, value); } catch (_) { /* private mode: no reload memory */ }
  }
  function localSetting(key, fallback) {
    try { return localStorage.getItem(key) ?? fallback; } catch (_) { return fallback; }
  }
  function keepSetting(key, value) {
    try { localStorage.setItem(key, value); } catch (_) { /* not kept */ }
  }

  // ---------------------------------------------------------------- connection
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    page.ws = ws;
    link("connecting…", false);
    ws.onopen = () => {
      page.retries = 0;
      $("reconnect").hidden = true;
      link("connected", false);
      const byLink = gameLink();
      const byFriend = friend.entry();
      page.linkPending = !!byLink && !byFriend;
      if (byFriend) sendRaw(byFriend);
      else if (byLink) sendRaw({ t: "join", game: byLink.game, kind: "jump61", seat: byLink.seat });
      else joinStored();
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      receive(message);
    };
    ws.onclose = (event) => {
      if (page.ws !== ws) return;
      if (event.reason === "game taken") {
        // Another page has this game now: coming back at once would take it from that one.
        link("this game is open in another page", true);
        $("reconnect").hidden = false;
        return;
      }
      page.retries += 1;
      const wait = Math.min(5000, 300 * 2 ** Math.min(page.retries, 5));
      link(`disconnected: retrying in ${Math.round(wait / 100) / 10} s`, true);
      setTimeout(connect, wait);
    };
  }

  function joinStored() {
    const kind = stored(STORE_KIND) === "snatch" ? "snatch" : "jump61";
    sendRaw({ t: "join", game: stored(STORE_GAME), kind });
  }

  function link(text, down) {
    const el = $("link");
    el.textContent = text;
    el.classList.toggle("down", down);
  }

  function sendRaw(message) {
    const text = JSON.stringify(message);
    if (new TextEncoder().encode(text).length > MAX_MESSAGE) {
      say(`too long to send: the server takes at most ${MAX_MESSAGE} bytes a message`, true);
      return false;
    }
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
      say("not connected to the server yet; try again in a moment", true);
      return false;
    }
    page.ws.send(text);
    return true;
  }

  /// Sends lines of the command loop's language, in order.
  function lines(...texts) {
    for (const text of texts) sendRaw({ t: "line", text });
  }

  // ---------------------------------------------------------------- what the server says
  function receive(m) {
    switch (m.t) {
      case "joined":
        page.linkPending = false;
        // A link to a kept game `ID-N` belongs to game ID; another game drops it.
        if (gameLink() && !gameLink().game.startsWith(`${m.game}-`)) setGameLink(null);
        page.game = m.game;
        store(STORE_GAME, m.game);
        store(STORE_KIND, m.kind);
        setKind(m.kind);
        break;
      case "state":
        page.latest = m;
        if (page.animating) page.heldState = m;
        else showState(m);
        break;
      case "anim":
        animate(m.frames || []);
        break;
      case "search":
        showSearch(m);
        break;
      case "hint":
        showHint(m);
        break;
      case "out":
        output(m.lines || []);
        break;
      case "seat":
        setGameLink(m.game, m.seat);
        break;
      case "error":
        if (page.linkPending) {
          // The link found no game: say so, and go on with this tab's game (or a new one).
          page.linkPending = false;
          setGameLink(null);
          joinStored();
        }
        page.announce = null;
        output([`error: ${m.text}`], true);
        say(m.text, true);
        break;
      case "saved":
        download(m.text);
        break;
      default:
        break;
    }
    for (const extra of extras) extra.receive(m);
  }

  function say(text, isError) {
    const el = $("message");
    el.textContent = text || "";
    el.classList.toggle("error", !!isError);
  }

  const BOARD_LINE = /^\s*\d+(\s+(\d+|\.|x|\d[RBrb]|--?))+\s*$/;

  /// Adds the command loop's printed lines to the output box; the last one is also the
  /// message under the board unless `quiet`.
  function output(all, quiet) {
    // The board as the command loop prints it is already on the screen.
    const texts = all.filter((line) => !BOARD_LINE.test(line));
    if (!texts.length) return;
    const el = $("output");
    el.textContent = (el.textContent + texts.join("\n") + "\n").split("\n").slice(-60).join("\n");
    el.scrollTop = el.scrollHeight;
    if (!quiet) say(texts[texts.length - 1], false);
  }

  function setKind(kind) {
    const next = kind === "snatch" ? "snatch" : "jump61";
    if (next !== page.kind) $("output").textContent = "";
    page.kind = next;
    document.body.classList.toggle("kind-snatch", page.kind === "snatch");
    document.body.classList.toggle("kind-jump61", page.kind === "jump61");
    for (const tab of document.querySelectorAll(".tabs button")) {
      tab.setAttribute("aria-selected", String(tab.dataset.kind === page.kind));
    }
    document.title = page.kind === "snatch" ? "Jump Snatch — jump61" : "jump61";
  }

  function showState(s) {
    if (s.kind && s.kind !== page.kind) setKind(s.kind);
    const before = page.state;
    page.state = s;
    if (s.kind === "snatch") {
      snatch.show(s, before);
    } else {
      showJump61(s, before);
      if (page.announce) say(`${page.announce}: ${describe(s)}`, false);
    }
    page.announce = null;
    markBoard(s);
  }

  /// What is on the Jump61 board, in words: what the message line says once a position is
  /// set, a game loaded, an Edit done or a puzzle opened, so that it never still speaks of
  /// the board before (`rules 2013: a new 4x4 game` under a 3 × 3 puzzle).
  function describe(s) {
    const name = (c) => (c === "red" ? "Red" : "Blue");
    const moves = (s.moves || []).length;
    const played = moves ? `, ${moves} move${moves === 1 ? "" : "s"} played` : "";
    const now = s.winner ? `${name(s.winner)} has won` : `${name(s.to_move)} to move`;
    return `${s.size} × ${s.size}, ${s.rules} rules${played}: ${now}`;
  }

  /// What the board shows, as attributes a test (or a screen reader's script) can read.
  function markBoard(s) {
    const board = $("board");
    board.dataset.toMove = String(s.to_move ?? "");
    board.dataset.winner = s.winner === null || s.winner === undefined ? "" : String(s.winner);
    board.dataset.thinking = String(!!s.thinking);
    board.dataset.moves = String((s.moves || []).length);
    board.dataset.busy = String(!!s.thinking || page.animating);
  }

  // ---------------------------------------------------------------- Jump61
  function showJump61(s, before) {
    const n = s.size;
    const moved = !before || before.kind !== s.kind || (before.moves || []).join() !== (s.moves || []).join();
    if (moved || before.size !== n) page.hint = null;
    if (!before || before.size !== n || before.kind !== s.kind) page.cursor = Math.min(page.cursor, n * n - 1);
    if (!edit.draw()) drawSquares(s.squares, n, s.last, null);
    $("status").innerHTML = edit.status() || jump61Status(s);
    $("board").classList.toggle("busy", !!s.thinking);
    $("thinking").hidden = !s.thinking;
    // The last search stays shown after the AI's move; a new game clears it.
    if (!(s.moves || []).length && before && (before.moves || []).length) clearSearch();
    syncSelect("size", n);
    syncSelect("rules", s.rules);
    if (s.players) {
      syncSelect("red-player", s.players.red);
      syncSelect("blue-player", s.players.blue);
    }
    if (typeof s.time === "number" && document.activeElement !== $("time")) $("time").value = s.time;
    if (s.level) syncSelect("level", s.level);
    const over = !!s.winner;
    $("undo").disabled = !s.can_undo;
    $("redo").disabled = !s.can_redo;
    $("hint").disabled = over || !!s.thinking;
    $("go").disabled = over || !!s.thinking;
    $("stop").disabled = !s.thinking;
    showMoves(s.moves || [], firstMover(s));
    if (document.activeElement !== $("notation")) $("notation").value = s.notation || "";
  }

  /// Who made the first move in the list: the side to move, counted back.
  function firstMover(s) {
    const count = (s.moves || []).length;
    const toMove = s.to_move === "blue" ? 1 : 0;
    return (toMove + count) % 2 === 0 ? "r" : "b";
  }

  function jump61Status(s) {
    const side = (c) => c === "red"
      ? '<span class="side-r"><span class="mark mark-r" aria-hidden="true"></span> Red</span>'
      : '<span class="side-b"><span class="mark mark-b" aria-hidden="true"></span> Blue</span>';
    if (s.winner) return `${side(s.winner)} wins`;
    const who = s.players && s.players[s.to_move] === "ai" ? " (AI)" : "";
    if (s.thinking) return `${side(s.to_move)}${who} is thinking…`;
    if (!s.in_play) return `${side(s.to_move)} to move (the game starts with the first move)`;
    return `${side(s.to_move)}${who} to move`;
  }

  function syncSelect(id, value) {
    const el = $(id);
    if (value === undefined || value === null || document.activeElement === el) return;
    el.value = String(value);
  }

  function showMoves(moves, first) {
    const list = $("moves");
    list.textContent = "";
    moves.forEach((move, i) => {
      const li = document.createElement("li");
      const red = (i % 2 === 0) === (first === "r");
      li.className = red ? "r" : "b";
      li.dataset.move = move;
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = `${i + 1}.`;
      li.append(number, page.kind === "snatch" ? ` ${move}` : ` ${red ? "R" : "B"} ${move}`);
      list.appendChild(li);
    });
    list.scrollTop = list.scrollHeight;
  }

  /// Builds the board's buttons when the size changes; later draws only change them.
  function cellsFor(n, kind) {
    const board = $("board");
    if (board.dataset.size === String(n) && board.dataset.kind === kind) return board.children;
    board.textContent = "";
    board.style.setProperty("--n", n);
    board.dataset.size = String(n);
    board.dataset.kind = kind;
    board.classList.toggle("snatch", kind === "snatch");
    for (let i = 0; i < n * n; i += 1) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      cell.tabIndex = -1;
      cell.dataset.row = String(Math.floor(i / n) + 1);
      cell.dataset.col = String((i % n) + 1);
      cell.addEventListener("click", (e) => {
        page.cursor = i;
        if (page.kind === "snatch") snatch.click(i);
        else if (!extras.some((extra) => extra.click(i, e))) playSquare(i);
      });
      cell.addEventListener("contextmenu", (e) => {
        if (extras.some((extra) => extra.click(i, e))) e.preventDefault();
      });
      board.appendChild(cell);
    }
    return board.children;
  }

  const PIP_PLACES = {
    1: [[50, 50]],
    2: [[34, 34], [66, 66]],
    3: [[30, 30], [50, 50], [70, 70]],
    4: [[33, 33], [67, 33], [33, 67], [67, 67]],
    5: [[30, 30], [70, 30], [50, 50], [30, 70], [70, 70]],
    6: [[33, 28], [67, 28], [33, 50], [67, 50], [33, 72], [67, 72]],
  };

  /// The spots of one square as SVG: round for Red and white squares, diamonds for Blue, and
  /// an R or B in the corner, so the owner is told by shape and letter as well as colour.
  function squareSvg(spots, owner) {
    let places = PIP_PLACES[spots];
    let r = spots > 4 ? 8 : 10;
    if (!places && spots > 0) {
      places = [];
      const k = Math.ceil(Math.sqrt(spots));
      for (let j = 0; j < spots; j += 1) {
        places.push([20 + (60 * (j % k)) / Math.max(1, k - 1), 20 + (60 * Math.floor(j / k)) / Math.max(1, k - 1)]);
      }
      r = 6;
    }
    const pips = (places || []).map(([x, y]) => owner === "b"
      ? `<rect class="pip" x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" transform="rotate(45 ${x} ${y})"/>`
      : `<circle class="pip" cx="${x}" cy="${y}" r="${r}"/>`).join("");
    const tag = owner === "r" || owner === "b"
      ? `<text class="tag" x="8" y="22">${owner === "r" ? "R" : "B"}</text>` : "";
    return `<svg viewBox="0 0 100 100" aria-hidden="true">${tag}${pips}</svg>`;
  }

  const OWNER_NAME = { r: "red", b: "blue", w: "white" };

  function drawSquares(squares, n, last, changed) {
    const cells = cellsFor(n, "jump61");
    for (let i = 0; i < n * n; i += 1) {
      const [spots, owner] = squares[i] || [0, "w"];
      const cell = cells[i];
      const row = Math.floor(i / n) + 1;
      const col = (i % n) + 1;
      if (cell.dataset.spots !== String(spots) || cell.dataset.owner !== owner) {
        cell.innerHTML = squareSvg(spots, owner);
        cell.dataset.spots = String(spots);
        cell.dataset.owner = owner;
      }
      cell.className = `cell own-${owner}`;
      if (changed && changed.has(i)) cell.classList.add("flash");
      if (i === page.cursor) cell.classList.add("cursor");
      if (last && last[0] === row && last[1] === col) cell.classList.add("last");
      if (page.hint && page.hint[0] === row && page.hint[1] === col) cell.classList.add("hint");
      for (const extra of extras) extra.decorate(cell, i, row, col);
      const what = spots === 0 ? "empty" : `${spots} ${OWNER_NAME[owner]} spot${spots === 1 ? "" : "s"}`;
      cell.setAttribute("aria-label", `row ${row}, column ${col}: ${what}`);
    }
  }

  function playSquare(i) {
    const s = page.state;
    if (!s || s.kind === "snatch") return;
    const n = s.size;
    const move = `${Math.floor(i / n) + 1} ${(i % n) + 1}`;
    redrawCursor();
    if (s.thinking) {
      say("the AI is thinking: wait for its move, or press Stop", true);
      return;
    }
    say("", false);
    lines(move);
  }

  function redrawCursor() {
    const cells = $("board").children;
    for (let i = 0; i < cells.length; i += 1) cells[i].classList.toggle("cursor", i === page.cursor);
  }

  // ---------------------------------------------------------------- the chain reaction
  function speed() {
    return Number($("speed").value) || 0;
  }

  function animate(frames) {
    if (!speed() || !frames.length || !page.state || page.state.kind === "snatch") return;
    page.frames.push(...frames);
    if (!page.animating) nextFrame(page.state.squares);
  }

  function nextFrame(previous) {
    const frame = page.frames.shift();
    if (!frame) {
      page.animating = false;
      const held = page.heldState;
      page.heldState = null;
      if (held) showState(held);
      else if (page.state) markBoard(page.state);
      return;
    }
    page.animating = true;
    $("board").dataset.busy = "true";
    const n = Math.round(Math.sqrt(frame.length));
    const changed = new Set();
    frame.forEach((sq, i) => {
      const old = previous && previous[i];
      if (!old || old[0] !== sq[0] || old[1] !== sq[1]) changed.add(i);
    });
    drawSquares(frame, n, null, changed);
    page.animFrames += 1;
    $("board").dataset.animFrames = String(page.animFrames);
    setTimeout(() => nextFrame(frame), speed() || 1);
  }

  // ---------------------------------------------------------------- the AI's search, hint
  function clearSearch() {
    for (const id of ["search-depth", "search-score", "search-nodes", "search-pv"]) $(id).textContent = "–";
  }

  function showSearch(m) {
    $("search-depth").textContent = m.depth ?? "–";
    // The score is the searching side's: the side to move in the latest state received.
    const side = page.latest && page.latest.to_move;
    const whose = side === "red" || side === "blue" ? ` for ${side === "red" ? "Red" : "Blue"}` : "";
    const what = m.purpose === "hint" ? " (hint)" : "";
    $("search-score").textContent = m.score ? `${m.score}${whose}${what}` : "–";
    $("search-nodes").textContent = typeof m.nodes === "number" ? m.nodes.toLocaleString("en") : "–";
    // A move's row and column stay together when the line wraps.
    $("search-pv").textContent = (m.pv || []).map((mv) => mv.replace(/ /g, "\u00a0")).join(" · ") || "–";
  }

  function showHint(m) {
    if (page.kind === "snatch") {
      page.snatchHint = snatch.movePath(String(m.move || ""));
      say(`Hint: ${m.move}${m.score ? ` (${m.score})` : ""}`, false);
      if (page.state) snatch.draw(page.state);
      return;
    }
    const parts = String(m.move || "").trim().split(/[\s:]+/).map(Number);
    if (parts.length !== 2 || parts.some((x) => !Number.isInteger(x))) {
      say(`hint: ${m.move}`, false);
      return;
    }
    page.hint = parts;
    say(`Hint: ${parts[0]} ${parts[1]}${m.score ? ` (${m.score})` : ""}`, false);
    if (page.state && page.state.kind !== "snatch") {
      drawSquares(page.state.squares, page.state.size, page.state.last, null);
    }
  }

  // ---------------------------------------------------------------- save and load
  function download(text) {
    const blob = new Blob([text], { type: "text/plain" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
    a.download = `${page.kind === "snatch" ? "snatch" : "jump61"}-game-${stamp}.txt`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 5000);
    const replay = page.kind === "snatch" ? "jump61 snatch" : "jump61";
    say(`saved as ${a.download}: replay it with  ${replay} < ${a.download}`, false);
  }

  function loadFile(file) {
    if (!file) return;
    if (file.size > MAX_MESSAGE) {
      say(`${file.name} is ${file.size} bytes: a game file is at most ${MAX_MESSAGE - 100} bytes`, true);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (sendRaw({ t: "load", text: String(reader.result) })) {
        say(`loading ${file.name}…`, false);
        page.announce = `loaded ${file.name}`;
      }
    };
    reader.onerror = () => say(`could not read ${file.name}`, true);
    reader.readAsText(file);
  }

  async function copyNotation() {
    const text = $("notation").value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (_) {
      $("notation").select();
      document.execCommand("copy");
    }
    say("position copied", false);
  }

  // ---------------------------------------------------------------- controls
  function wire() {
    for (let n = 2; n <= 10; n += 1) $("size").add(new Option(`${n} × ${n}`, String(n)));
    for (let n = 3; n <= 8; n += 1) $("snatch-size").add(new Option(`${n} × ${n}`, String(n)));
    $("speed").value = localSetting("jump61.speed", "200");
    $("speed").addEventListener("change", () => keepSetting("jump61.speed", $("speed").value));

    $("new").addEventListener("click", () => lines("new"));
    $("undo").addEventListener("click", () => lines("undo"));
    $("redo").addEventListener("click", () => lines("redo"));
    $("hint").addEventListener("click", () => { say("thinking of a hint…", false); sendRaw({ t: "hint" }); });
    $("go").addEventListener("click", () => sendRaw({ t: "go" }));
    $("stop").addEventListener("click", () => sendRaw({ t: "stop" }));
    $("size").addEventListener("change", () => lines(`size ${$("size").value}`));
    $("rules").addEventListener("change", () => {
      sendRaw({ t: "rules", rules: $("rules").value });
    });
    for (const colour of ["red", "blue"]) {
      $(`${colour}-player`).addEventListener("change", (e) => {
        lines(`${e.target.value === "ai" ? "auto" : "manual"} ${colour}`);
      });
    }
    $("level").addEventListener("change", () => lines(`level ${$("level").value}`));
    $("time").addEventListener("change", () => setTime("time"));

    $("snatch-new").addEventListener("click", randomSnatch);
    $("snatch-random").addEventListener("click", randomSnatch);
    $("snatch-empty").addEventListener("click", () => lines(`size ${$("snatch-size").value}`));
    $("snatch-size").addEventListener("change", randomSnatch);
    $("snatch-undo").addEventListener("click", () => lines("undo"));
    $("snatch-cancel").addEventListener("click", () => { page.path = []; if (page.state) snatch.draw(page.state); snatch.buttons(); say("", false); });
    $("snatch-finish").addEventListener("click", snatch.finish);
    $("snatch-fewest").addEventListener("click", () => { say("solving…", false); sendRaw({ t: "fewest" }); });
    $("snatch-hint").addEventListener("click", () => { say("thinking of a hint…", false); sendRaw({ t: "hint" }); });
    $("snatch-value").addEventListener("click", () => { say("solving…", false); lines("value"); });
    $("first-player").addEventListener("change", (e) => lines(`first ${e.target.value}`));
    $("second-player").addEventListener("change", (e) => lines(`second ${e.target.value}`));
    $("snatch-time").addEventListener("change", () => setTime("snatch-time"));

    $("copy").addEventListener("click", copyNotation);
    $("paste").addEventListener("click", () => {
      const text = $("notation").value.trim();
      if (!text) { say("type or paste a position first", true); return; }
      if (sendRaw({ t: "line", text: `position ${text}` })) page.announce = "position set";
      $("notation").blur();
    });
    $("save").addEventListener("click", () => sendRaw({ t: "save" }));
    $("load").addEventListener("change", (e) => { loadFile(e.target.files[0]); e.target.value = ""; });

    for (const tab of document.querySelectorAll(".tabs button[data-kind]")) {
      tab.addEventListener("click", () => {
        if (tab.dataset.kind === page.kind) return;
        page.path = [];
        page.hint = null;
        sendRaw({ t: "kind", kind: tab.dataset.kind });
      });
    }
    $("reconnect").addEventListener("click", connect);
    document.addEventListener("keydown", key);
  }

  function setTime(id) {
    const text = $(id).value.trim();
    if (text === "") return; // cleared on the way to a new number
    lines(`time ${text}`);
  }

  function randomSnatch() {
    const n = Number($("snatch-size").value) || 5;
    const k = Math.max(1, Math.min(n * n, Number($("snatch-pieces").value) || 8));
    const seed = Math.floor(Math.random() * 1e9);
    lines(`random ${n} ${k} ${seed}`);
  }

  const KEY_COMMANDS = { u: "undo", r: "redo", t: "hint", m: "go", n: "new" };

  /// Keys as on the terminal board: arrows move the cursor, Enter or space plays.
  function key(e) {
    const target = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    const onBoard = target === document.body || $("board").contains(target);
    const s = page.state;
    if (!s) return;
    const n = s.size;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[e.key]) {
      e.preventDefault();
      const [dr, dc] = steps[e.key];
      const r = Math.min(n - 1, Math.max(0, Math.floor(page.cursor / n) + dr));
      const c = Math.min(n - 1, Math.max(0, (page.cursor % n) + dc));
      page.cursor = r * n + c;
      if (!$("board").contains(document.activeElement)) $("board").focus();
      redrawCursor();
      return;
    }
    if (!onBoard) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (s.kind === "snatch") snatch.click(page.cursor);
      else if (!extras.some((extra) => extra.click(page.cursor, e))) playSquare(page.cursor);
    } else if (e.key === "Escape" && s.kind === "snatch") {
      $("snatch-cancel").click();
    } else if (s.kind !== "snatch" && KEY_COMMANDS[e.key]) {
      const button = $(KEY_COMMANDS[e.key]);
      if (!button.disabled) button.click();
    }
  }

  // The Jump Snatch board (snatch.js, loaded first), drawn with this page's helpers.
  const snatch = window.jump61Snatch({ page, $, say, lines, cellsFor, syncSelect, showMoves });
  // The analysis board, Edit mode and the puzzles (their own files, loaded first): each
  // hears every message, marks the board's squares and may take a click on one.
  const redraw = () => { if (page.state && page.state.kind !== "snatch") showState(page.state); };
  const shared = { page, $, say, lines, sendRaw, drawSquares, redraw, describe };
  const edit = window.jump61Edit(shared);
  // Play a friend (friend.js): a game between two pages, and watching one.
  const friend = window.jump61Friend({ ...shared, joinStored });
  // The Games view (games.js): the finished games this browser played, replayed and reviewed.
  const games = window.jump61Games({ ...shared, squareSvg });
  const extras = [window.jump61Analysis(shared), edit, window.jump61Puzzles(shared), friend, games];

  setKind(stored(STORE_KIND) === "snatch" ? "snatch" : "jump61");
  wire();
  connect();
})();
