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
<link rel="stylesheet" href="/static/board.css"></head>"""


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


def head(w: Words, title: str) -> str:
    """The document's head: its language, the phone's viewport (safe areas on), the style."""
    return HEAD.format(lang=w.lang, title=html.escape(title))


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
