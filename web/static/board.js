// The live board: the picture of the newest version, redrawn as the server pushes commits;
// for a seated player also their panel — groups (hand cards), then choices, their targets
// highlighted on the picture — whose clicks and keys go back over the socket, and their
// private picture where the game has one (MIMIC's hand, Mariposas' private map), loaded with
// their own link and clicked like the board. The connection comes back by itself after a
// restart or a network hiccup, and at once when the page is shown again; the server sends a
// fresh link before the page's own expires. The board link's page starts it at once; the
// Activity's page starts it in place (MenagerieBoard.start) once signed in, hears each state it
// shows (its lobby and what follows a game are the Activity's), and stops it to start the next
// game's board in the same page.
"use strict";
window.MenagerieBoard = { start };
if (document.querySelector("main").dataset.match) {
  const main = document.querySelector("main");
  start(main.dataset.match, main.dataset.token);
}

function start(match, token, heard) {
  const main = document.querySelector("main");
  main.dataset.match = match;
  main.dataset.token = token;
  const words = JSON.parse(main.dataset.words);
  const $ = (id) => document.getElementById(id);
  const state = $("state"), board = $("board"), spots = $("spots"), panel = $("panel");
  const prompt = $("prompt"), notice = $("notice"), groups = $("groups"), choices = $("choices");
  const holding = $("holding"), told = $("told"), ends = $("ends"), last = $("last");
  let acting = [];  // who is to act now, by name (a waiting player reads whom they wait for)
  let shown = -1, wait = 500, socket = null, you = null, group = null, sending = false;
  let retry = null;  // the pending reconnect's timer
  let stopped = false;  // the page moved on to another game's board
  // The seat's private picture, in the panel above what it holds in words (made here, as the
  // Activity's page and the board's share their skeleton): its targets over it, as the board's.
  let hand = $("hand"), handPicture, handSpots;
  if (!hand) {
    hand = document.createElement("div");
    hand.id = "hand";
    hand.hidden = true;
    hand.append(document.createElement("img"), document.createElement("div"));
    hand.lastChild.className = "spots";
    holding.before(hand);
  }
  [handPicture, handSpots] = hand.children;

  // When the link stops being good (Unix seconds): its body is "user.match.expires".
  function expires(link) {
    try {
      const body = atob(link.split(".")[0].replace(/-/g, "+").replace(/_/g, "/"));
      return Number(body.split(".")[2]) || 0;
    } catch (error) {
      return 0;
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(choice) {
    notice.textContent = "";  // a refusal stays until the next click (its catch-up follows it)
    if (you.realtime) { send({ type: "react", code: choice.code }); return; }
    if (sending) return;
    sending = true;
    draw();
    send({ type: "move", code: choice.code, version: shown });
  }

  function button(text, onclick, chosen) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.disabled = sending;
    if (chosen) b.className = "chosen";
    b.onclick = onclick;
    return b;
  }

  // A target on a picture: a button over its box (left, top, right, bottom as fractions of
  // the picture), named like what it does, for keyboards and screen readers too.
  function spot(box, label, onclick, chosen) {
    const s = button("", onclick, chosen);
    s.classList.add("spot");
    s.title = label;
    s.setAttribute("aria-label", label);
    s.style.left = `${box[0] * 100}%`;
    s.style.top = `${box[1] * 100}%`;
    s.style.width = `${(box[2] - box[0]) * 100}%`;
    s.style.height = `${(box[3] - box[1]) * 100}%`;
    return s;
  }

  function draw() {
    requestAnimationFrame(fit);  // the panel's height may change with what it now offers
    spots.replaceChildren();
    handSpots.replaceChildren();
    groups.replaceChildren();
    choices.replaceChildren();
    panel.hidden = !you;
    hand.hidden = !you || !you.hand;
    if (!you) return;
    const mine = you.hand ? you.hand.spots : {};  // group ids and choice codes on the picture
    const open = you.choices.length > 0;
    if (group && !you.groups.some((g) => g.id === group)) group = null;
    const named = group && you.groups.find((g) => g.id === group);
    const waiting = acting.length ? words.waitFor.replace("{names}", acting.join(", ")) : words.wait;
    prompt.textContent = !open ? waiting
      : named ? words.target.replace("{group}", named.label) : you.prompt;
    // What the seat holds, in words where its private picture does not show it.
    holding.textContent = you.holding.length && !you.hand ? words.holding.replace("{cards}", you.holding.join(" · ")) : "";
    for (const g of you.groups) {
      const pick = () => { group = group === g.id ? null : g.id; draw(); };
      if (mine[g.id]) handSpots.append(spot(mine[g.id], g.label, pick, g.id === group));
      else groups.append(button(g.label, pick, g.id === group));
    }
    if (group) groups.append(button(words.back, () => { group = null; draw(); }));
    choices.className = you.realtime ? "realtime" : "";
    const offered = you.choices.filter((c) => c.group === null || c.group === group);
    const targets = {};  // spot → how many offered choices are made there
    for (const c of offered) if (c.spot && you.spots[c.spot]) targets[c.spot] = (targets[c.spot] || 0) + 1;
    for (const choice of offered) {
      const box = choice.spot && you.spots[choice.spot];
      if (mine[choice.code]) handSpots.append(spot(mine[choice.code], choice.label, () => act(choice)));
      // A choice made at its own place on a picture is that place (a button named like the
      // choice, for keyboards and screen readers too): no second button under the picture, so
      // the picture keeps the room.
      if (!mine[choice.code] && (!box || targets[choice.spot] > 1)) {
        const b = button(choice.label, () => act(choice));
        if (choice.key) {
          const key = document.createElement("kbd");
          key.textContent = choice.key;
          b.append(key);
        }
        choices.append(b);
      }
      if (box) spots.append(spot(box, choice.label, () => act(choice)));
    }
  }

  document.addEventListener("keydown", (event) => {
    if (stopped || !you || event.ctrlKey || event.metaKey || event.altKey) return;
    const choice = you.choices.find((c) => c.key === event.key);
    if (choice) { event.preventDefault(); act(choice); }
  });

  // In a real-time game a reaction is timed from the moment its card showed here.
  board.addEventListener("load", () => {
    if (you && you.realtime) send({ type: "seen", version: shown });
  });

  // The picture as tall as the screen leaves it, so that it and the player's choices are seen
  // together without scrolling: beside it on a wide screen (the panel sits at the picture's
  // side), under it on a narrow one (the panel's height is left for it). The private picture
  // in the panel is as wide as the panel where there is room, narrower where its height would
  // push the panel's choices out of sight.
  function fit() {
    const top = $("stage").getBoundingClientRect().top + window.scrollY;
    const beside = window.matchMedia("(min-aspect-ratio: 5/4)").matches;
    const left = window.innerHeight - top - 8;
    panel.style.maxHeight = "";
    hand.style.width = "";
    const shape = !hand.hidden && handPicture.naturalWidth > 0
      ? handPicture.naturalHeight / handPicture.naturalWidth : 0;
    const pictured = shape ? hand.getBoundingClientRect().height : 0;  // at the panel's width
    const rest = panel.hidden ? 0 : panel.scrollHeight - pictured + 16;  // all else it holds
    // Under the picture the panel takes what it needs, up to 60 % of what is left; a longer
    // one scrolls within itself (the page never does).
    const under = beside ? 0 : Math.min(rest + pictured, left * 0.6);
    if (shape) {
      const room = (beside ? left : under) - rest;
      // never wider than drawn: a part of a map is not blurred by stretching it
      const width = Math.min(hand.parentElement.clientWidth, room / shape, handPicture.naturalWidth);
      hand.style.width = `${Math.max(width, 120)}px`;
    }
    main.style.setProperty("--fit", `${Math.max(left - under, 160)}px`);
    panel.style.maxHeight = `${Math.max(beside ? left : under - 16, 96)}px`;
  }
  window.addEventListener("resize", fit);
  board.addEventListener("load", fit);
  handPicture.addEventListener("load", () => { hand.classList.remove("loading"); fit(); });
  document.fonts.addEventListener("loadingdone", fit);  // the emoji font changes the labels' size

  // What the table says, as Discord's board says it: whose move and what to do (or who won),
  // when the turn timer runs out, the newest move, and the picture's alt text.
  function tell(said) {
    if (!said) return;
    told.textContent = said.status;
    board.alt = said.alt;
    acting = said.acting;
    ends.textContent = said.deadline
      ? words.deadline.replace("{time}", new Date(said.deadline * 1000).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" }))
      : "";
    last.replaceChildren();
    if (said.last.length) {
      const head = document.createElement("p");
      head.textContent = words.last;
      last.append(head);
      for (const line of said.last) {
        const p = document.createElement("p");
        p.textContent = line;
        last.append(p);
      }
    }
  }

  function connect() {
    retry = null;
    if (expires(token) * 1000 < Date.now()) {  // refused for good: no loop of reconnects
      state.textContent = words.expired;
      return;
    }
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/m/${match}/ws?t=${encodeURIComponent(token)}`);
    socket.onopen = () => { wait = 500; state.textContent = words.live; };
    socket.onmessage = (event) => {
      if (stopped) return;
      const frame = JSON.parse(event.data);
      if (frame.type === "token") {  // a fresh link, before this one expires
        token = frame.token;
        main.dataset.token = token;
        return;
      }
      if (frame.type === "refused") {
        notice.textContent = frame.text;
        sending = false;
        draw();
        return;
      }
      if (frame.type !== "state" || frame.version < shown) return;
      shown = frame.version;
      // A lobby has no picture yet: the Activity's page shows it in words.
      $("stage").hidden = frame.view === null;
      if (frame.view !== null) {
        board.src = `/m/${match}/board.png?t=${encodeURIComponent(token)}&v=${frame.version}`;
      }
      const over = frame.status === "finished" || frame.status === "cancelled";
      state.textContent = over ? words.over : words.live;
      you = frame.you || null;
      if (you && you.hand) {  // the seat's own, for this version: only its own link loads it
        const src = `/m/${match}/hand.png?t=${encodeURIComponent(token)}&v=${frame.version}`;
        if (!handPicture.src.endsWith(src)) {
          hand.classList.add("loading");  // its targets wait for the picture they lie on
          handPicture.src = src;
        }
        handPicture.alt = you.hand.alt;
      } else {
        handPicture.removeAttribute("src");
      }
      tell(frame.said);
      sending = false;
      draw();
      fit();
      main.dataset.version = String(shown);  // the version the page now offers moves on
      if (heard) heard(frame);
    };
    socket.onclose = () => {
      socket = null;
      if (stopped) return;
      state.textContent = words.reconnecting;
      retry = setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    };
  }

  // Back from the background (a phone's app switcher, Discord's Activity minimised, another
  // tab), or online again: reconnect now rather than at the end of a backoff that grew while
  // the page was asleep (the Page Visibility API says when the page is seen again).
  function wake() {
    if (stopped || document.visibilityState !== "visible" || socket || retry === null) return;
    clearTimeout(retry);
    wait = 500;
    connect();
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("focus", wake);
  window.addEventListener("online", wake);
  connect();
  return {
    stop() {  // for good: no reconnect, no keys, nothing more heard
      stopped = true;
      clearTimeout(retry);
      if (socket) socket.close();
      you = null;
      draw();
    },
  };
}
