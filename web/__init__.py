"""The live web board: every game's table in a browser, on the same sessions as Discord.

`tokens` signs the links the bot hands out, `live` hears the session service's commits and
pushes them to the open boards, `server` serves the page, its picture and its WebSocket. The
composition root (`cogs.root`) starts it only when WEB_URL is set."""
