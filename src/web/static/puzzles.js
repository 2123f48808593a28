// jump61's page, the Puzzles tab: the person plays the side that wins; the server judges
// each move with the forced-win search (`attempt`) and plays the defence that resists
// longest, or answers a move that lets the win go with the defender's escape. The list
// comes from the server (`puzzles`: the collection shipped in the program, or a file of
// one's own read here and checked there); which puzzles are solved, and the streak, are
// kept in this browser (localStorage), never on the server.
"use strict";

window.jump61Puzzles = ({ page, $, say, sendRaw, redraw, describe }) => {
  const STORE = "jump61.puzzles";
  let on = false; // the Puzzles tab is shown
  let list = null; // { source, list: [{ size, rules, moves, side, notation }] }
  let shown = []; // indices of `list.list` that pass the filters
  let puzzle = null; // the latest `puzzle` from the server

  // ------------------------------------------------------------ progress (this browser)
  function progress() {
    try {
      const kept = JSON.parse(localStorage.getItem(STORE) || "{}");
      return { solved: kept.solved || {}, streak: kept.streak || 0, best: kept.best || 0, at: kept.at || {} };
    } catch (_) {
      return { solved: {}, streak: 0, best: 0, at: {} };
    }
  }
  function keep(p) {
    try { localStorage.setItem(STORE, JSON.stringify(p)); } catch (_) { /* not kept */ }
  }
  const keyOf = (p) => `${p.rules}|${p.notation}`;

  function showProgress() {
    if (!list) return;
    const p = progress();
    const solved = list.list.filter((q) => p.solved[keyOf(q)]).length;
    $("puzzle-progress").textContent =
      `solved ${solved} of ${list.list.length} here; streak ${p.streak} (best ${p.best})`;
    $("puzzles").dataset.streak = String(p.streak);
  }

  // ------------------------------------------------------------ the tab
  function enter() {
    if (page.kind === "snatch") sendRaw({ t: "kind", kind: "jump61" });
    on = true;
    document.body.classList.add("mode-puzzles");
    tabs();
    if (!list) sendRaw({ t: "puzzles" });
    else open(current());
  }

  function leave() {
    if (!on) return;
    on = false;
    puzzle = null;
    document.body.classList.remove("mode-puzzles");
    sendRaw({ t: "puzzle", index: null });
    tabs();
    redraw();
  }

  function tabs() {
    for (const tab of document.querySelectorAll(".tabs button")) {
      const selected = on ? tab.dataset.mode === "puzzles" : tab.dataset.kind === page.kind;
      tab.setAttribute("aria-selected", String(selected));
    }
  }

  // ------------------------------------------------------------ choosing a puzzle
  function filter() {
    const size = $("puzzle-size").value;
    const length = $("puzzle-length").value;
    shown = [];
    (list ? list.list : []).forEach((q, i) => {
      if ((!size || String(q.size) === size) && (!length || String(q.moves) === length)) shown.push(i);
    });
  }

  function current() {
    const at = progress().at[list ? list.source : ""];
    return typeof at === "number" && at < list.list.length ? at : 0;
  }

  function open(index) {
    if (!list || !list.list.length) return;
    const p = progress();
    p.at[list.source] = index;
    keep(p);
    sendRaw({ t: "puzzle", index });
  }

  /// The next (`step` 1), previous (-1) or a random (0) puzzle among those shown.
  function move(step) {
    filter();
    if (!shown.length) {
      say("no puzzle of that size and length in this collection", true);
      return;
    }
    const here = shown.indexOf(puzzle ? puzzle.index : -1);
    let next;
    if (step === 0) next = shown[Math.floor(Math.random() * shown.length)];
    else if (here < 0) next = shown[0];
    else next = shown[(here + step + shown.length) % shown.length];
    open(next);
  }

  /// After a filter changes: the puzzle shown stays if it passes, else the first that does.
  function refilter() {
    filter();
    if (!shown.length) say("no puzzle of that size and length in this collection", true);
    else if (!puzzle || !shown.includes(puzzle.index)) open(shown[0]);
  }

  function fillFilters() {
    const sizes = [...new Set(list.list.map((q) => q.size))].sort((a, b) => a - b);
    const lengths = [...new Set(list.list.map((q) => q.moves))].sort((a, b) => a - b);
    for (const [id, values, name] of [["puzzle-size", sizes, (n) => `${n} × ${n}`], ["puzzle-length", lengths, (n) => `${n}`]]) {
      const el = $(id);
      const was = el.value;
      el.length = 1;
      for (const v of values) el.add(new Option(name(v), String(v)));
      el.value = values.map(String).includes(was) ? was : "";
    }
  }

  // ------------------------------------------------------------ what the server says
  function receive(m) {
    if (m.t === "puzzles") {
      list = m;
      fillFilters();
      showProgress();
      if (on) open(current());
    } else if (m.t === "puzzle") {
      if (m.index === null || m.index === undefined) { puzzle = null; return; }
      const before = puzzle;
      puzzle = m;
      if (!on) { on = true; document.body.classList.add("mode-puzzles"); tabs(); }
      showPuzzle(before);
      redraw();
    } else if (m.t === "joined" || m.t === "state") {
      if (on) tabs();
    }
  }

  function showPuzzle(before) {
    const m = puzzle;
    const side = m.side === "red" ? "Red" : "Blue";
    $("puzzle-title").textContent =
      `Puzzle ${m.index + 1} of ${m.count} (${list ? list.source : ""}): ${side} to play and win in ${m.moves} (${m.size} × ${m.size}, ${m.rules} rules)`;
    const el = $("puzzle-status");
    el.className = `puzzle-status ${m.status}`;
    el.textContent = m.text || "";
    $("puzzles").dataset.status = m.status;
    $("puzzles").dataset.index = String(m.index);
    $("puzzle-retry").disabled = m.status !== "failed";
    const changed = !before || before.index !== m.index || before.status !== m.status;
    if (changed && (m.status === "solved" || m.status === "failed")) score(m);
    showProgress();
    // A puzzle opened (or tried again) says what is on the board: its state came just before.
    const opened = !before || before.index !== m.index || (m.status === "playing" && before.status !== "playing");
    const board = opened && page.latest && page.latest.kind !== "snatch" ? `puzzle ${m.index + 1}: ${describe(page.latest)}` : "";
    say(m.text || board, m.status === "failed");
  }

  /// A puzzle solved counts in this browser, and grows the streak; a failure ends it.
  function score(m) {
    const p = progress();
    if (m.status === "solved") {
      p.solved[keyOf(m)] = true;
      p.streak += 1;
      p.best = Math.max(p.best, p.streak);
    } else {
      p.streak = 0;
    }
    keep(p);
  }

  // ------------------------------------------------------------ the board
  function click(i) {
    if (!on || !puzzle || !page.state) return false;
    const n = page.state.size;
    const square = [Math.floor(i / n) + 1, (i % n) + 1];
    if (puzzle.status !== "playing") {
      say(puzzle.status === "failed" ? "press Try again, or choose another puzzle" : "solved: choose another puzzle", false);
    } else if (page.state.thinking || puzzle.judging) {
      say("the move before is being judged", false);
    } else {
      sendRaw({ t: "attempt", square });
    }
    return true;
  }

  function decorate(cell, i, row, col) {
    if (!on || !puzzle) return;
    if (puzzle.refutation && puzzle.refutation[0] === row && puzzle.refutation[1] === col) {
      cell.classList.add("refutation");
    }
  }

  function loadFile(file) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const rules = $("puzzle-rules").value;
      if (sendRaw({ t: "puzzles", text: String(reader.result), name: file.name, rules })) {
        say(`checking ${file.name}…`, false);
      }
    };
    reader.onerror = () => say(`could not read ${file.name}`, true);
    reader.readAsText(file);
  }

  function wire() {
    $("tab-puzzles").addEventListener("click", () => { if (!on) enter(); });
    $("tab-jump61").addEventListener("click", leave);
    $("tab-snatch").addEventListener("click", leave);
    $("puzzle-next").addEventListener("click", () => move(1));
    $("puzzle-prev").addEventListener("click", () => move(-1));
    $("puzzle-random").addEventListener("click", () => move(0));
    $("puzzle-retry").addEventListener("click", () => sendRaw({ t: "retry" }));
    $("puzzle-restart").addEventListener("click", () => puzzle && open(puzzle.index));
    $("puzzle-size").addEventListener("change", refilter);
    $("puzzle-length").addEventListener("change", refilter);
    $("puzzle-file").addEventListener("change", (e) => { loadFile(e.target.files[0]); e.target.value = ""; });
    $("puzzle-shipped").addEventListener("click", () => sendRaw({ t: "puzzles" }));
  }

  wire();
  return { receive, decorate, click };
};
