// The Activity inside Discord: sign in with the Embedded App SDK, let the server exchange the
// code (the client secret stays there), find the game of the channel this Activity runs in
// (the server asks Discord which that is), then open its board as the signed-in player.
// Nothing of the sign-in is kept in the page.
"use strict";
(async function () {
  const main = document.querySelector("main");
  const words = JSON.parse(main.dataset.words);
  const state = document.getElementById("state");
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
    const board = await post("/api/board", {
      access_token: token.data.access_token, instance_id: sdk.instanceId,
    });
    if (!board.ok) {
      state.textContent = board.data.error || words.failed;
      return;
    }
    location.replace(board.data.url);
  } catch (error) {
    state.textContent = words.failed;
  }
})();
