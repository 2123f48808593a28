// jump61's page, Play a friend: a game between two people on two pages, and watching one
// (the protocol is in src/web/protocol/friend.rs). The address's fragment holds this page's
// place: `#friend=INVITE&seat=SECRET` for a seat (a reload sits again), `#invite=INVITE` for
// a friend's invitation, `#watch=WATCH` to watch. A fragment never reaches the server's logs.
"use strict";

window.jump61Friend = ({ page, $, say, sendRaw, joinStored }) => {
  let view = null; // the latest `friend` message
  let seated = null; // { invite, watch, colour, seat } of this page's seat
  let pending = false; // an entry was sent and not yet answered
  let shownAt = 0; // when `view` came (the clocks count down from it)

  function fields() {
    return new URLSearchParams(location.hash.slice(1));
  }
  function setHash(hash) {
    history.replaceState(null, "", location.pathname + location.search + hash);
  }
  const linkTo = (hash) => `${location.origin}${location.pathname}${hash}`;

  /// The message that brings this page back to its place, if the address holds one.
  function entry() {
    const f = fields();
    let message = null;
    if (f.get("friend") && f.get("seat")) message = { t: "sit", invite: f.get("friend"), seat: f.get("seat") };
    else if (f.get("invite")) message = { t: "accept", invite: f.get("invite") };
    else if (f.get("watch")) message = { t: "watch", watch: f.get("watch") };
    pending = !!message;
    return message;
  }

  function create() {
    const minutes = Number($("friend-minutes").value) || 0;
    const increment = Number($("friend-increment").value) || 0;
    pending = sendRaw({
      t: "friend",
      size: Number($("friend-size").value),
      rules: $("friend-rules").value,
      minutes,
      increment,
    });
  }

  function leave() {
    view = null;
    seated = null;
    setHash("");
    show();
    joinStored();
  }

  function receive(m) {
    switch (m.t) {
      case "seated":
        seated = m;
        setHash(`#friend=${encodeURIComponent(m.invite)}&seat=${encodeURIComponent(m.seat)}`);
        break;
      case "friend":
        pending = false;
        view = m;
        shownAt = performance.now();
        if (m.you === "watching") setHash(`#watch=${encodeURIComponent(m.watch)}`);
        show();
        break;
      case "state":
        if (view) $("friend-status").textContent = status(view, m);
        break;
      case "joined":
        // A game of this page's own: no friend's game any more.
        if (view) { view = null; seated = null; show(); }
        break;
      case "error":
        if (pending) {
          // The link found no seat: say so (app.js does), and go on with a game of one's own.
          pending = false;
          setHash("");
          joinStored();
        }
        break;
      default:
        break;
    }
  }

  const name = (c) => (c === "red" ? "Red" : "Blue");

  /// The panel and the body's mode, from the latest view.
  function show() {
    const on = !!view;
    document.body.classList.toggle("mode-friend", on);
    $("friend-new").hidden = on;
    $("friend-game").hidden = !on;
    if (!on) {
      delete document.body.dataset.friend;
      return;
    }
    const watching = view.you === "watching";
    const st = page.latest || page.state || {};
    $("friend-invite-row").hidden = watching || view.seats.blue !== "open" && view.seats.red !== "open";
    if (view.invite) $("friend-invite").value = linkTo(`#invite=${view.invite}`);
    $("friend-watch").value = linkTo(`#watch=${view.watch}`);
    $("friend-status").textContent = status(view, st);
    const over = !!view.result;
    const mine = view.offer && view.offer.from === view.you;
    const theirs = view.offer && !mine;
    const buttons = {
      "friend-takeback": !watching && !over && !view.offer,
      "friend-resign": !watching && !over,
      "friend-yes": !watching && !!theirs,
      "friend-no": !watching && !!theirs,
      "friend-rematch": !watching && over && !mine,
      "friend-claim": !watching && view.can_claim,
    };
    for (const [id, shown] of Object.entries(buttons)) $(id).hidden = !shown;
    document.body.dataset.friend = view.you;
    tickClock();
  }

  function status(v, st) {
    const seat = (c) => ({ open: "not here yet", here: "here", gone: "gone" })[v.seats[c]];
    const who = v.you === "watching" ? "You are watching" : `You play ${name(v.you)}`;
    const seats = `Red ${seat("red")}, Blue ${seat("blue")}`;
    let now = "";
    if (v.result) now = v.result.text;
    else if (v.seats.blue === "open" || v.seats.red === "open") now = "Waiting for your friend to open the link";
    else if (st.to_move) now = st.to_move === v.you ? "Your move" : `${name(st.to_move)} to move`;
    let asked = "";
    if (v.offer) {
      const what = v.offer.what === "takeback" ? "to take back a move" : "for a rematch";
      asked = v.offer.from === v.you ? ` You asked ${what}.` : ` ${name(v.offer.from)} asks ${what}.`;
    }
    const claim = v.claim_in_ms && !v.can_claim ? ` You may claim the game in ${Math.ceil(v.claim_in_ms / 1000)} s.` : "";
    return `Game ${v.round}. ${who}; ${seats}. ${now}.${asked}${claim}`;
  }

  /// The clocks as they run: counted down here from the server's last word.
  function tickClock() {
    const el = $("friend-clock");
    const c = view && view.clock;
    el.hidden = !c;
    if (!c) return;
    const gone = performance.now() - shownAt;
    const left = (colour) => Math.max(0, c[`${colour}_ms`] - (c.running === colour ? gone : 0));
    const text = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, "0")}`;
    el.textContent = `Red ${text(left("red"))} · Blue ${text(left("blue"))}`;
    el.dataset.running = c.running || "";
  }

  function copy(id) {
    const input = $(id);
    input.select();
    const done = () => say("link copied", false);
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => say("select the link and copy it", false));
    else say("select the link and copy it", false);
  }

  function wire() {
    const size = $("friend-size");
    for (let n = 2; n <= 10; n += 1) size.add(new Option(`${n} × ${n}`, String(n), n === 5, n === 5));
    $("friend-create").addEventListener("click", create);
    $("friend-copy-invite").addEventListener("click", () => copy("friend-invite"));
    $("friend-copy-watch").addEventListener("click", () => copy("friend-watch"));
    $("friend-takeback").addEventListener("click", () => sendRaw({ t: "takeback" }));
    $("friend-resign").addEventListener("click", () => sendRaw({ t: "resign" }));
    $("friend-yes").addEventListener("click", () => sendRaw({ t: "answer", yes: true }));
    $("friend-no").addEventListener("click", () => sendRaw({ t: "answer", yes: false }));
    $("friend-rematch").addEventListener("click", () => sendRaw({ t: "rematch" }));
    $("friend-claim").addEventListener("click", () => sendRaw({ t: "claim" }));
    $("friend-leave").addEventListener("click", leave);
    setInterval(() => { if (view && view.clock && view.clock.running) tickClock(); }, 250);
    show();
  }

  wire();
  return {
    entry,
    receive,
    // A watcher's click is not sent: the page says why.
    click: () => {
      if (!view || view.you !== "watching") return false;
      say("you are watching this game: a watcher cannot play", true);
      return true;
    },
    decorate: () => {},
  };
};
