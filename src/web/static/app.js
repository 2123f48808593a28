// A placeholder: the page's script is built on the branch web-page and replaces this file.
// It joins a game and shows the board as text, to check the server end to end.
"use strict";
const socket = new WebSocket(`ws://${location.host}/ws`);
socket.onopen = () => socket.send(JSON.stringify({ t: "join", game: sessionStorage.getItem("game"), kind: "jump61" }));
socket.onmessage = (event) => {
  const m = JSON.parse(event.data);
  if (m.t === "joined") sessionStorage.setItem("game", m.game);
  if (m.t === "state" && m.kind === "jump61") {
    const rows = [];
    for (let r = 0; r < m.size; r++) {
      rows.push(m.squares.slice(r * m.size, (r + 1) * m.size).map(([n, o]) => `${n}${o}`).join(" "));
    }
    document.getElementById("board").textContent = rows.join("\n");
    document.getElementById("status").textContent = `${m.to_move} to move`;
  }
  if (m.t === "error") document.getElementById("status").textContent = m.text;
};
