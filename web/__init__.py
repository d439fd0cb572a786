"""The live web board: every game's table in a browser, on the same sessions as Discord.

`live` hears the session service's commits and pushes them to the open boards, `server` serves
the page, its picture and its WebSocket, checking the signed links of `bot.links`. It names no
other front end: the composition root (`root.compose`) hands it a `host.Host` and starts it
only when WEB_URL is set."""
