// The Activity inside Discord, one page from sign-in to the end of the game: sign in with the
// Embedded App SDK, let the server exchange the code (the client secret stays there), find the
// game of the channel this Activity runs in (the server asks Discord which that is), then start
// its board right here as the signed-in player (board.js) — never navigating away, so the SDK
// keeps working (discord-api-docs, activities/how-activities-work: the SDK is meant for a
// single-page application). The page shows who is in the Activity and keeps that list current.
// Around the board it is the whole table: in a channel without a game, the games to open with
// their options; the lobby (join, computers, start) through the server's session service, as
// Discord's lobby buttons; after the game the rematch and the server's standings; and each
// game's rules card.
// Nothing of the sign-in is kept in the page; a reload keeps Discord's query and signs in again.
"use strict";
(async function () {
  const main = document.querySelector("main");
  const words = JSON.parse(main.dataset.words);
  const state = document.getElementById("state");
  const people = document.getElementById("people");
  const clientId = main.dataset.client;
  let sdk = null;
  const $ = (id) => document.getElementById(id);
  const note = $("note");
  let access = null, instance = null;  // the sign-in, kept in memory only
  let board = null, current = null, user = null;  // the board started, its match, who we are
  let game = null;  // the game whose rules card the Rules button shows

  function button(text, onclick, parent) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.onclick = onclick;
    parent.append(b);
    return b;
  }

  // A request of the table (web/lobby.py): the board it leaves the page on, or why not.
  async function ask(op, extra) {
    note.textContent = "";
    const answer = await post("/api/table", { access_token: access, instance_id: instance, op, ...extra });
    if (!answer.ok) { note.textContent = answer.data.error || words.failed; return; }
    arrive(answer);
  }

  // What the server answered: the games to open here, or the board to show.
  function arrive(answer) {
    if (!answer.ok) { state.textContent = answer.data.error || words.failed; return; }
    const data = answer.data;
    user = data.user;
    if (data.offer) { offer(data.offer); return; }
    $("offer").hidden = true;
    $("title").textContent = data.title;
    document.title = data.title;
    if (current === data.match) return;  // this board is shown already
    if (board) {  // a new table (a rematch): who is here now, asked afresh
      board.stop();
      if (sdk) recount(sdk);
    }
    $("after").hidden = true;
    for (const id of ["told", "ends", "last"]) $(id).textContent = "";
    current = data.match;
    board = MenagerieBoard.start(String(data.match), data.token, heard);
  }

  // The games a channel without one may open, with each one's options (the default first).
  function offer(games) {
    if (board) { board.stop(); board = null; current = null; }
    for (const id of ["lobby", "after", "stage", "panel"]) $(id).hidden = true;
    for (const id of ["told", "ends", "last", "title"]) $(id).textContent = "";
    state.textContent = "";
    $("choose").textContent = words.choose;
    const list = $("games"), options = $("options");
    list.replaceChildren();
    let chosen = null;
    const pick = (g, b) => {
      chosen = g;
      rules(g.id);
      for (const other of list.children) other.className = other === b ? "chosen" : "";
      options.replaceChildren();
      for (const option of g.options) {
        const label = document.createElement("label");
        label.textContent = option.name;
        const select = document.createElement("select");
        select.name = option.key;
        for (const [value, text] of option.choices) select.append(new Option(text, value));
        label.append(select);
        options.append(label);
      }
      $("open").disabled = false;
    };
    for (const g of games) {
      const b = button("", null, list);
      b.append(g.name);
      const count = document.createElement("small");
      count.textContent = words.players.replace("{count}", g.players);
      b.append(count);
      b.onclick = () => pick(g, b);
    }
    const open = $("open");
    open.textContent = words.open;
    open.disabled = true;
    open.onclick = () => {
      if (!chosen) return;
      const sent = {};
      for (const select of options.querySelectorAll("select")) sent[select.name] = select.value;
      ask("open", { game: chosen.id, options: sent });
    };
    $("offer").hidden = false;
    if (games.length) pick(games[0], list.children[0]);
  }

  // Each state the board shows: the lobby's seats and buttons, or what follows the game.
  function heard(frame) {
    rules(frame.game);
    const lobby = frame.status === "lobby" && frame.lobby;
    $("lobby").hidden = !lobby;
    if (lobby) seated(frame.lobby);
    const over = frame.status === "finished" || frame.status === "cancelled";
    $("after").hidden = !over;
    if (over) after(frame);
  }

  function seated(lobby) {
    const players = lobby.low === lobby.high ? `${lobby.low}` : `${lobby.low}–${lobby.high}`;
    $("seated").textContent = words.seated.replace("{count}", lobby.seats.length).replace("{players}", players);
    const list = $("seats");
    list.replaceChildren(...lobby.seats.map((s) => {
      const item = document.createElement("li");
      item.textContent = s.name;  // as written: text, never markup
      return item;
    }));
    $("chosen").textContent = lobby.options ? words.options.replace("{options}", lobby.options) : "";
    const mine = lobby.seats.some((s) => s.user === user), host = lobby.host === user;
    const buttons = $("lobby-buttons");
    buttons.replaceChildren();
    if (!mine) button(words.join, () => ask("join"), buttons);
    if (mine && !host) button(words.leave, () => ask("leave"), buttons);
    if (mine) {
      for (const [level, name] of lobby.levels) {
        button(words.computer.replace("{level}", name), () => ask("computer", { level }), buttons);
      }
      if (lobby.seats.some((s) => s.user === null)) button(words.uncomputer, () => ask("uncomputer"), buttons);
    }
    if (host) {
      const go = button(words.start, () => ask("start"), buttons);
      go.className = "go";
      go.disabled = lobby.seats.length < lobby.low || lobby.seats.length > lobby.high;
      button(words.cancel, () => ask("cancel"), buttons);
    } else {
      const head = lobby.seats.find((s) => s.user === lobby.host);
      if (head) $("chosen").textContent += `\n${words.hostStarts.replace("{host}", head.name)}`;
    }
  }

  // After a game: Rematch (a finished one), another game, and the server's standings.
  async function after(frame) {
    const buttons = $("after-buttons");
    buttons.replaceChildren();
    if (frame.status === "finished") {
      const again = button(words.rematch, () => ask("rematch", { match: frame.match }), buttons);
      again.className = "go";
    }
    button(words.new_game, async () => {
      arrive(await post("/api/board", { access_token: access, instance_id: instance }));
    }, buttons);
    const table = $("standings");
    table.hidden = true;
    if (frame.status !== "finished") return;
    const answer = await fetch(`/m/${frame.match}/standings?t=${encodeURIComponent(main.dataset.token)}`);
    if (!answer.ok) return;
    const data = await answer.json();
    table.querySelector("caption").textContent = data.rows.length ? data.title : data.empty;
    const row = (cells, tag) => {
      const tr = document.createElement("tr");
      for (const cell of cells) {
        const td = document.createElement(tag);
        td.textContent = cell;
        tr.append(td);
      }
      return tr;
    };
    table.querySelector("thead").replaceChildren(...(data.rows.length ? [row(data.head, "th")] : []));
    table.querySelector("tbody").replaceChildren(...data.rows.map((r) => row(r, "td")));
    table.hidden = false;
  }

  // The rules card of the game being chosen or played, one tap away.
  function rules(id) {
    const open = $("rules-button"), card = $("rules");
    if (id === game) return;
    game = id;
    card.hidden = true;
    open.hidden = false;
    open.textContent = words.rules;
    open.onclick = async () => {
      if (!card.hidden) { card.hidden = true; open.textContent = words.rules; return; }
      const lang = document.documentElement.lang;
      const answer = await fetch(`/rules/${game}?l=${lang}`);
      if (!answer.ok) return;
      const said = await answer.json();
      $("rules-text").textContent = said.text;
      const picture = $("rules-picture");
      picture.src = `/rules/${game}.png?l=${lang}`;
      picture.alt = said.text;
      card.hidden = false;
      open.textContent = words.close;
    };
  }

  // Same-origin paths: inside Discord they go through its proxy (the URL mapping's root).
  async function post(path, body) {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await fetch(path, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (answer.status === 429 && attempt < 5) {
        // Many signing in at once, here or at Discord: wait as long as the answer says
        // (discord-api-docs, topics/rate-limits: Retry-After is in seconds), at least a moment.
        const asked = Number(answer.headers.get("Retry-After")) || 0;
        await new Promise((resolve) => setTimeout(resolve, Math.max(asked * 1000, 1000 + 500 * attempt)));
        continue;
      }
      const json = (answer.headers.get("Content-Type") || "").includes("json");
      return { ok: answer.ok, data: json ? await answer.json() : {} };
    }
  }

  // Who is in the Activity, as Discord tells it (names as the users wrote them, set as text:
  // the client's data is not sanitized — discord-api-docs, activities/development-guides/
  // networking, "Trusting Client Data").
  function show(participants) {
    const names = participants.map((p) => p.global_name || p.username).filter(Boolean);
    people.textContent = names.length ? words.people.replace("{names}", names.join(", ")) : "";
  }

  async function recount(sdk) {
    try {
      show((await sdk.commands.getInstanceConnectedParticipants()).participants);
    } catch (error) {
      // A client too old for the command answers INVALID_COMMAND (discord-api-docs,
      // activities/development-guides/production-readiness, "Backward Compatibility"): the
      // board works all the same.
      people.textContent = "";
    }
  }

  function follow(sdk) {
    try {
      sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (event) => show(event.participants));
    } catch (error) {
      people.textContent = "";
    }
    recount(sdk);
  }

  try {
    // The SDK needs the query Discord opens the Activity with (frame_id, instance_id, …).
    sdk = new DiscordEmbedded.DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch (error) {
    state.textContent = words.outside;
    return;
  }
  state.textContent = words.connecting;
  try {
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
    });
    const token = await post("/api/token", { code });
    if (!token.ok) throw new Error("sign-in");
    await sdk.commands.authenticate({ access_token: token.data.access_token });
    access = token.data.access_token;
    instance = sdk.instanceId;
    follow(sdk);
    arrive(await post("/api/board", { access_token: access, instance_id: instance }));
  } catch (error) {
    state.textContent = words.failed;
  }
})();
