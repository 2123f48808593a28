// jump61's page, the analysis board: the Analyse switch asks the server to analyse the
// position on the board after every change (`analyse`), and its `analysis` answers are
// shown here: the proven value and its winning first moves marked on the board, a forced win
// within a few moves, the AI's evaluation, the work done; with "Value of every move", each
// legal move marked won, lost or unknown for the side that plays it. Every answer is the
// server's (the prover and searches of `jump61 solve`); nothing here knows the rules.
"use strict";

window.jump61Analysis = ({ page, $, sendRaw, redraw }) => {
  let view = null; // the latest `analysis` while the switch is on

  /// The analysis of the position on the board now, if the server has sent one.
  function current() {
    const s = page.state;
    return view && s && s.kind !== "snatch" && view.notation === s.notation ? view : null;
  }

  function request() {
    const on = $("analyse").checked;
    $("analyse-every").disabled = !on;
    sendRaw({ t: "analyse", on, every: on && $("analyse-every").checked });
    if (!on) { view = null; show(); redraw(); }
  }

  const place = ([r, c]) => `${r}\u00a0${c}`;

  function show() {
    const v = current();
    const panel = $("analysis");
    panel.dataset.running = String(!!(v && v.running));
    panel.dataset.notation = v ? v.notation : "";
    $("analysis-running").hidden = !(v && v.running);
    const value = v && v.value;
    $("analysis-value").textContent = value ? value.text : v && v.running ? "proving…" : "–";
    $("analysis-value").dataset.winning = value ? JSON.stringify(value.winning) : "";
    const winsIn = v && v.wins_in;
    $("analysis-wins-in").textContent = winsIn ? winsIn.text : "–";
    const e = v && v.eval;
    $("analysis-eval").textContent = e
      ? `${e.score} at depth ${e.depth}${e.pv.length ? `: ${e.pv.map((m) => m.replace(" ", "\u00a0")).join(" · ")}` : ""}`
      : "–";
    $("analysis-work").textContent = v
      ? `${(v.positions || 0).toLocaleString("en")} positions in ${(v.seconds || 0).toFixed(1)} s (limits ${v.limits})`
      : "–";
    $("analysis-note").textContent = (v && v.note) || "";
    $("analysis-legend").hidden = !(v && v.every);
  }

  function receive(m) {
    if (m.t === "analysis") {
      view = m.on ? m : null;
      $("analyse").checked = !!m.on;
      $("analyse-every").disabled = !m.on;
      if (m.on && m.every) $("analyse-every").checked = true;
      show();
      redraw();
    } else if (m.t === "state") {
      show();
    }
  }

  /// Marks a square: a proven winning first move (or, where no value is proven, a move of
  /// the shortest forced win), and its value with "Value of every move".
  function decorate(cell, i, row, col) {
    const v = current();
    delete cell.dataset.every;
    delete cell.dataset.analysis;
    if (!v) return;
    const same = ([r, c]) => r === row && c === col;
    const winning = v.value && v.value.winning.length ? v.value.winning : (v.wins_in && v.wins_in.first) || [];
    if (winning.some(same)) {
      cell.classList.add("win-move");
      cell.dataset.analysis = "win";
    }
    const every = v.every && v.every[i];
    if (every) cell.dataset.every = every;
  }

  function wire() {
    $("analyse").addEventListener("change", request);
    $("analyse-every").addEventListener("change", request);
  }

  wire();
  return { receive, decorate, click: () => false, place };
};
