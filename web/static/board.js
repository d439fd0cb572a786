// The live board: the picture of the newest version, redrawn as the server pushes commits;
// the connection comes back by itself after a restart or a network hiccup.
"use strict";
(function () {
  const main = document.querySelector("main");
  const match = main.dataset.match;
  const token = main.dataset.token;
  const words = JSON.parse(main.dataset.words);
  const state = document.getElementById("state");
  const board = document.getElementById("board");
  let shown = -1;
  let wait = 500;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/m/${match}/ws?t=${encodeURIComponent(token)}`);
    socket.onopen = () => { wait = 500; state.textContent = words.live; };
    socket.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type !== "state" || frame.version < shown) return;
      shown = frame.version;
      board.src = `/m/${match}/board.png?t=${encodeURIComponent(token)}&v=${frame.version}`;
      if (frame.status === "finished" || frame.status === "cancelled") state.textContent = words.over;
      else state.textContent = words.live;
    };
    socket.onclose = () => {
      state.textContent = words.reconnecting;
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    };
  }
  connect();
})();
