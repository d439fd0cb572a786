// The Activity inside Discord, one page from sign-in to the end of the game: sign in with the
// Embedded App SDK, let the server exchange the code (the client secret stays there), find the
// game of the channel this Activity runs in (the server asks Discord which that is), then start
// its board right here as the signed-in player (board.js) — never navigating away, so the SDK
// keeps working (discord-api-docs, activities/how-activities-work: the SDK is meant for a
// single-page application). The page shows who is in the Activity and keeps that list current.
// Nothing of the sign-in is kept in the page; a reload keeps Discord's query and signs in again.
"use strict";
(async function () {
  const main = document.querySelector("main");
  const words = JSON.parse(main.dataset.words);
  const state = document.getElementById("state");
  const people = document.getElementById("people");
  const clientId = main.dataset.client;

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

  // Who is in the Activity, as Discord tells it (names as the users wrote them).
  function show(participants) {
    const names = participants.map((p) => p.global_name || p.username).filter(Boolean);
    people.textContent = names.length ? words.people.replace("{names}", names.join(", ")) : "";
  }

  async function follow(sdk) {
    try {
      sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (event) => show(event.participants));
      show((await sdk.commands.getInstanceConnectedParticipants()).participants);
    } catch (error) {
      people.textContent = "";  // a client that cannot tell: the board works all the same
    }
  }

  let sdk;
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
    follow(sdk);
    const board = await post("/api/board", {
      access_token: token.data.access_token, instance_id: sdk.instanceId,
    });
    if (!board.ok) {
      state.textContent = board.data.error || words.failed;
      return;
    }
    document.getElementById("title").textContent = board.data.title;
    document.title = board.data.title;
    MenagerieBoard.start(String(board.data.match), board.data.token);
  } catch (error) {
    state.textContent = words.failed;
  }
})();
