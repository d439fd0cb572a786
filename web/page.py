"""The board's page as HTML, for the standalone board link and for the Activity alike: its
words for the script (in the server's language) and its skeleton — the picture, its targets,
the status line and the seated player's panel — which `static/board.js` brings to life.

The Activity is one page inside Discord (the Embedded App SDK is meant for a single-page
application: discord-api-docs, activities/how-activities-work): it carries the same skeleton,
hidden until the user is signed in, and starts the board in place rather than navigating away.
"""

from __future__ import annotations

import html
import json

from bot.i18n import Words

HEAD = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>{title}</title><link rel="icon" href="/static/icon.png" type="image/png">
<link rel="stylesheet" href="/static/board.css">{more}</head>"""


def board_words(w: Words) -> dict[str, str]:
    """What the board's script says, in ``w``'s language (placeholders kept for the script)."""
    keys = {"live": "web.live", "reconnecting": "web.reconnecting", "over": "web.over",
            "wait": "web.wait", "back": "web.back", "expired": "web.expired", "last": "web.last"}
    said = {name: w(key) for name, key in keys.items()}
    said["waitFor"] = w("web.wait_for", names="{names}")
    said["deadline"] = w("web.deadline", time="{time}")
    said["target"] = w("web.choose_target", group="{group}")
    said["holding"] = w("web.holding", cards="{cards}")
    return said


def attribute(data: object) -> str:
    """JSON for an HTML attribute (escaped, quotes included)."""
    return html.escape(json.dumps(data), quote=True)


def head(w: Words, title: str, style: str = "") -> str:
    """The document's head: its language, the phone's viewport (safe areas on), the board's
    style and the page's own ``style`` beside it (a name in static/)."""
    more = f'\n<link rel="stylesheet" href="/static/{style}.css">' if style else ""
    return HEAD.format(lang=w.lang, title=html.escape(title), more=more)


def lobby_words(w: Words) -> dict[str, str]:
    """What the Activity's table around the board says (the lobby's buttons as Discord's
    lobby message names them; placeholders kept for the script)."""
    said = {name: w(f"lobby.button.{name}") for name in ("join", "leave", "start", "cancel")}
    said["computer"] = w("lobby.button.computer", level="{level}")
    said["uncomputer"] = w("lobby.button.computer_off")
    said["rematch"] = w("rematch.button")
    said["players"] = w("web.activity.players", count="{count}")
    said["seated"] = w("web.activity.seated", count="{count}", players="{players}")
    said["options"] = w("web.activity.options", options="{options}")
    said["hostStarts"] = w("web.activity.host_starts", host="{host}")
    return said


def table() -> str:
    """The Activity's table around the board: the games to open (a channel without one), the
    lobby, what follows a game (rematch, standings), and the rules card."""
    return """<section id="offer" hidden><h2 id="choose"></h2><div id="games"></div>
<div id="options"></div><button type="button" id="open"></button></section>
<section id="lobby" hidden><p id="seated"></p><ol id="seats"></ol><p id="chosen"></p>
<div id="lobby-buttons" class="buttons"></div></section>
<section id="after" hidden><div id="after-buttons" class="buttons"></div>
<table id="standings"><caption></caption><thead></thead><tbody></tbody></table></section>
<div class="buttons"><button type="button" id="rules-button" hidden></button></div>
<section id="rules" hidden><p id="rules-text"></p><img id="rules-picture" alt=""></section>"""


def stage(picture: str = "", hidden: bool = False) -> str:
    """The board's skeleton: the picture (at ``picture``, or none yet), its targets, and the
    seated player's panel; ``hidden`` until the Activity has a board to show."""
    shown = " hidden" if hidden else ""
    src = f' src="{html.escape(picture)}"' if picture else ""  # none yet: the script sets it
    return f"""<p id="told"></p><p id="ends"></p>
<div id="play"><div id="stage"{shown}><img id="board" alt=""{src}>
<div id="spots"></div></div>
<section id="panel" hidden><p id="prompt"></p><p id="notice" role="alert"></p>
<p id="holding"></p>
<div id="groups"></div><div id="choices"></div></section></div><div id="last"></div>"""
