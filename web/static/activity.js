// The Activity inside Discord: sign in with the Embedded App SDK, let the server exchange the
// code (the client secret stays there) and find this channel's game, then open its board as
// the signed-in player. Nothing of the sign-in is kept in the page.
"use strict";
(async function () {
  const main = document.querySelector("main");
  const words = JSON.parse(main.dataset.words);
  const state = document.getElementById("state");
  const clientId = main.dataset.client;
  state.textContent = words.connecting;

  async function post(path, body) {
    const answer = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    return { ok: answer.ok, data: answer.headers.get("Content-Type")?.includes("json")
      ? await answer.json() : {} };
  }

  try {
    const sdk = new DiscordEmbedded.DiscordSDK(clientId, { disableConsoleLogOverride: true });
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
    });
    const token = await post("/api/token", { code });
    if (!token.ok) throw new Error("sign-in");
    await sdk.commands.authenticate({ access_token: token.data.access_token });
    const board = await post("/api/board", {
      access_token: token.data.access_token, channel_id: sdk.channelId, guild_id: sdk.guildId,
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
