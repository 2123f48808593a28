// jump61's page, Edit mode: a position set up by hand. A click (a tap, Enter) on a square
// steps it through white, Red's spots and Blue's spots; a right click, Shift or the Backwards
// switch steps back. Done sends the squares to the server (`setup`), which sets them as the
// command loop's `position` (and `move N` for the side to move under the 2013 rules), or
// refuses them with the loop's reason, or the reason the position cannot arise in a game.
// The only thing known here is how many spots a square holds: as many as its neighbours.
"use strict";

window.jump61Edit = ({ page, $, say, sendRaw, drawSquares, redraw, describe }) => {
  let editing = null; // { n, squares: [[spots, owner]], rules } while Edit mode is on
  let sent = false; // Done was pressed: the next state ends Edit mode, an error keeps it

  const capacity = (n, i) => {
    const r = Math.floor(i / n);
    const c = i % n;
    return (r > 0) + (r < n - 1) + (c > 0) + (c < n - 1);
  };

  /// The states a square steps through: white, Red 1 to capacity, Blue 1 to capacity.
  function steps(n, i) {
    const white = editing.rules === "2013" ? [0, "w"] : [1, "w"];
    const all = [white];
    for (const owner of ["r", "b"]) {
      for (let k = 1; k <= capacity(n, i); k += 1) all.push([k, owner]);
    }
    return all;
  }

  function start() {
    const s = page.state;
    if (!s || s.kind === "snatch") return;
    editing = { n: s.size, squares: s.squares.map((sq) => [sq[0], sq[1]]), rules: s.rules };
    $("edit-size").value = String(s.size);
    $("edit-to-move").value = "";
    $("edit-to-move").disabled = s.rules !== "2013";
    show();
  }

  function stop() {
    editing = null;
    sent = false;
    show();
  }

  function show() {
    document.body.classList.toggle("editing", !!editing);
    $("edit-tools").hidden = !editing;
    $("board").dataset.editing = String(!!editing);
    $("edit").setAttribute("aria-pressed", String(!!editing));
    redraw();
  }

  function clear(n) {
    const white = editing.rules === "2013" ? 0 : 1;
    editing.n = n;
    editing.squares = Array.from({ length: n * n }, () => [white, "w"]);
    show();
  }

  /// Draws the position being set up; false when Edit mode is off.
  function draw() {
    if (!editing) return false;
    drawSquares(editing.squares, editing.n, null, null);
    return true;
  }

  function status() {
    return editing ? "Edit: click a square to change it, then Done" : "";
  }

  /// A click on square `i`: stepped forward, or back with a right click, Shift or the
  /// Backwards switch. True when Edit mode took it.
  function click(i, e) {
    if (!editing) return false;
    if (e && e.type === "contextmenu") e.preventDefault();
    const back = !!e && (e.type === "contextmenu" || e.shiftKey) !== $("edit-back").checked;
    const all = steps(editing.n, i);
    const now = editing.squares[i];
    const at = all.findIndex((sq) => sq[0] === now[0] && sq[1] === now[1]);
    const next = (Math.max(at, 0) + (back ? all.length - 1 : 1)) % all.length;
    editing.squares[i] = all[next].slice();
    page.cursor = i;
    draw();
    return true;
  }

  function done() {
    if (!editing) return;
    const toMove = $("edit-to-move").value || null;
    if (sendRaw({ t: "setup", squares: editing.squares, to_move: toMove })) {
      sent = true;
      say("setting up the position…", false);
    }
  }

  function receive(m) {
    if (!editing || !sent) return;
    if (m.t === "error") {
      sent = false; // refused: the position stays in the editor to be mended
    } else if (m.t === "state") {
      stop();
      say(`position set: ${describe(m)}`, false);
    }
  }

  function wire() {
    for (let n = 2; n <= 10; n += 1) $("edit-size").add(new Option(`${n} × ${n}`, String(n)));
    $("edit").addEventListener("click", () => (editing ? stop() : start()));
    $("edit-done").addEventListener("click", done);
    $("edit-cancel").addEventListener("click", stop);
    $("edit-clear").addEventListener("click", () => editing && clear(editing.n));
    $("edit-size").addEventListener("change", () => editing && clear(Number($("edit-size").value)));
  }

  wire();
  return { receive, decorate: () => {}, click, draw, status, active: () => !!editing };
};
