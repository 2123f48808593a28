// jump61's page, the Jump Snatch board: a move is made by clicking a piece, then each square
// it goes to; the legal moves come from the server's `state` (`legal`), so nothing here knows
// the rules either. app.js calls `window.jump61Snatch` once with the helpers it shares (the
// page's state, `$`, the message line, the command loop's lines, the board's buttons).
"use strict";

window.jump61Snatch = ({ page, $, say, lines, cellsFor, syncSelect, showMoves }) => {
  const squareName = ([r, c]) => `${r}:${c}`;
  const sameSquare = (a, b) => a[0] === b[0] && a[1] === b[1];
  const distance = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

  /// A legal move as its squares, from `1:3x3:3` or from a list of [row, col].
  function movePath(move) {
    if (Array.isArray(move)) return move.map((sq) => [Number(sq[0]), Number(sq[1])]);
    if (move && Array.isArray(move.path)) return movePath(move.path);
    const text = typeof move === "string" ? move : move && (move.text || move.move || "");
    return String(text).split(/[x-]/).map((sq) => sq.split(":").map(Number));
  }

  function snatchLegal() {
    const s = page.state;
    return ((s && s.legal) || []).map(movePath);
  }

  function isPrefix(prefix, path) {
    return prefix.length <= path.length && prefix.every((sq, i) => sameSquare(sq, path[i]));
  }

  function hasPiece(s, sq) {
    return (s.pieces || []).some((p) => sameSquare(p, sq));
  }

  function showSnatch(s, before) {
    if (!before || before.kind !== "snatch" || (before.moves || []).join() !== (s.moves || []).join()
        || snatchNotation(before) !== snatchNotation(s)) {
      page.path = [];
      page.snatchHint = [];
    }
    drawSnatch(s);
    const sideName = (x) => (x === 1 || x === "second" ? "second player" : "first player");
    let status;
    if (s.winner !== null && s.winner !== undefined) status = `Game over: the ${sideName(s.winner)} wins`;
    else if (s.thinking) status = `The ${sideName(s.to_move)} (AI) is thinking…`;
    else status = `The ${sideName(s.to_move)} to move`;
    $("status").textContent = status;
    $("board").classList.toggle("busy", !!s.thinking);
    syncSelect("snatch-size", s.size);
    if (s.players) {
      syncSelect("first-player", playerName(s.players.first ?? s.players[0]));
      syncSelect("second-player", playerName(s.players.second ?? s.players[1]));
    }
    if (typeof s.time === "number" && document.activeElement !== $("snatch-time")) $("snatch-time").value = s.time;
    $("snatch-undo").disabled = s.can_undo === false;
    showMoves(s.moves || [], "r");
    if (document.activeElement !== $("notation")) $("notation").value = snatchNotation(s);
    const fewest = s.fewest && (s.fewest.text || String(s.fewest.count));
    $("fewest").textContent = fewest ? `Fewest moves that leave one piece: ${fewest}` : "";
    $("fewest").hidden = !fewest;
    snatchButtons();
  }

  function playerName(p) {
    return p === "ai" ? "ai" : "person";
  }

  function snatchNotation(s) {
    if (!s) return "";
    if (typeof s.notation === "string") return s.notation;
    const rows = [];
    for (let r = 1; r <= s.size; r += 1) {
      let row = "";
      for (let c = 1; c <= s.size; c += 1) row += hasPiece(s, [r, c]) ? "x" : ".";
      rows.push(row);
    }
    return rows.join("/");
  }

  function drawSnatch(s) {
    const n = s.size;
    const cells = cellsFor(n, "snatch");
    const legal = snatchLegal();
    const starts = new Set(legal.map((p) => squareName(p[0])));
    const next = new Set();
    if (page.path.length) {
      for (const p of legal) {
        if (p.length > page.path.length && isPrefix(page.path, p)) next.add(squareName(p[page.path.length]));
      }
    }
    // The pieces the move in the making jumps over, shown as taken.
    const taken = new Set();
    for (let k = 1; k < page.path.length; k += 1) {
      const [a, b] = [page.path[k - 1], page.path[k]];
      if (distance(a, b) === 2) {
        taken.add(squareName([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]));
      }
    }
    for (let i = 0; i < n * n; i += 1) {
      const sq = [Math.floor(i / n) + 1, (i % n) + 1];
      const cell = cells[i];
      const piece = hasPiece(s, sq);
      const step = page.path.findIndex((p) => sameSquare(p, sq));
      const gone = taken.has(squareName(sq));
      const key = `${piece}${step}${gone}${page.path.length}`;
      if (cell.dataset.draw !== key) {
        let svg = '<svg viewBox="0 0 100 100" aria-hidden="true">';
        const end = step === page.path.length - 1;
        if (step > 0 && end) {
          svg += `<circle class="piece" cx="50" cy="50" r="30"/><text class="step" x="50" y="58" text-anchor="middle">${step}</text>`;
        } else if (step > 0) {
          svg += `<circle class="piece" cx="50" cy="50" r="22" opacity="0.45"/><text class="step" x="50" y="58" text-anchor="middle">${step}</text>`;
        } else if (step === 0 && !end) {
          svg += '<circle cx="50" cy="50" r="28" fill="none" stroke="#2d2a26" stroke-width="4" stroke-dasharray="8 6"/>';
        } else if (piece && gone) {
          svg += '<circle class="piece" cx="50" cy="50" r="30" opacity="0.25"/><path d="M30 30L70 70M70 30L30 70" stroke="#a4000f" stroke-width="7"/>';
        } else if (piece) {
          svg += '<circle class="piece" cx="50" cy="50" r="30"/>';
        }
        cell.innerHTML = `${svg}</svg>`;
        cell.dataset.draw = key;
      }
      cell.dataset.piece = piece ? "x" : ".";
      cell.dataset.step = String(step);
      cell.className = `cell${(sq[0] + sq[1]) % 2 ? " dark" : ""}`;
      if (step >= 0 && step === page.path.length - 1) cell.classList.add("selected");
      if (next.has(squareName(sq))) cell.classList.add("target");
      if (page.snatchHint.some((p) => sameSquare(p, sq))) cell.classList.add("hint");
      if (!page.path.length && starts.has(squareName(sq)) && !s.winner && !s.thinking) cell.classList.add("movable");
      if (i === page.cursor) cell.classList.add("cursor");
      cell.setAttribute("aria-label", `row ${sq[0]}, column ${sq[1]}: ${piece ? "a piece" : "empty"}`);
    }
  }

  /// Whether `state.legal` lists every legal move (a crowded board's list is cut short).
  function legalListed(s) {
    return !!s && Array.isArray(s.legal) && !(s.legal_count > s.legal.length);
  }

  function snatchButtons() {
    const path = page.path;
    const complete = legalListed(page.state)
      ? snatchLegal().some((p) => p.length === path.length && isPrefix(path, p))
      : path.length > 1 && distance(path[path.length - 2], path[path.length - 1]) === 2;
    $("snatch-finish").disabled = !(path.length > 1 && complete);
    $("snatch-cancel").disabled = page.path.length === 0;
  }

  function moveText(path) {
    const jump = path.length > 2 || (path.length === 2
      && distance(path[0], path[1]) === 2);
    return path.map(squareName).join(jump ? "x" : "-");
  }

  function snatchClick(i) {
    const s = page.state;
    if (!s || s.kind !== "snatch") return;
    if (s.thinking) {
      say("the AI is thinking: wait for its move", true);
      return;
    }
    const n = s.size;
    const sq = [Math.floor(i / n) + 1, (i % n) + 1];
    const legal = snatchLegal();
    const listed = legalListed(s);
    const path = page.path;
    if (!path.length) {
      if (!hasPiece(s, sq)) {
        say("click a piece first, then where it goes", true);
      } else if (listed && !legal.some((p) => sameSquare(p[0], sq))) {
        say(`the piece on ${squareName(sq)} has no legal move now${legal.length ? " (the outlined pieces do)" : ""}`, true);
      } else {
        page.path = [sq];
        say(`${squareName(sq)} selected: now click where it goes`, false);
      }
    } else if (path.length === 1 && sameSquare(path[0], sq)) {
      page.path = [];
      say("", false);
    } else if (path.length > 1 && sameSquare(path[path.length - 1], sq)) {
      finishSnatch();
      return;
    } else {
      const longer = [...path, sq];
      const fits = legal.filter((p) => isPrefix(longer, p));
      if (!fits.length && !listed && distance(path[path.length - 1], sq) === 2) {
        // A jump the cut-short list does not show: the chain goes on until the person ends
        // it, and the server judges it.
        page.path = longer;
        say(`${moveText(longer)}: click a further square to jump again, or the last one again (or "Play this jump") to stop`, false);
      } else if (fits.length) {
        page.path = longer;
        const goesOn = fits.some((p) => p.length > longer.length);
        if (!goesOn) {
          finishSnatch();
          return;
        }
        say(`${moveText(longer)}: click a further square to jump again, or the last one again (or "Play this jump") to stop`, false);
      } else if (path.length === 1 && hasPiece(s, sq) && legal.some((p) => sameSquare(p[0], sq))) {
        page.path = [sq];
        say(`${squareName(sq)} selected: now click where it goes`, false);
      } else {
        // Not a legal move as far as the list goes: let the server's session say why.
        page.path = [];
        lines(moveText(longer));
      }
    }
    drawSnatch(s);
    snatchButtons();
  }

  function finishSnatch() {
    const path = page.path;
    page.path = [];
    if (path.length > 1) lines(moveText(path));
    if (page.state) drawSnatch(page.state);
    snatchButtons();
  }

  return {
    show: showSnatch,
    draw: drawSnatch,
    click: snatchClick,
    finish: finishSnatch,
    buttons: snatchButtons,
    movePath,
  };
};
