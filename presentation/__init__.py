"""What a player is told and offered, for any front end: seat names, refusal reasons,
next-step hints, a game's option labels and prompts, in the reader's language.

Below both front ends (DESIGN.md §Layers): Discord's cogs and the web board each translate
these into their own messages, components, frames and pages. It imports neither discord.py
nor aiohttp, nor either front end (`tests/test_layers.py`); a front end's own markup (Discord's
escaping of names) comes in as an argument.

What every game shares is at the top (``languages``, ``seats``, and ``table``: a game's public
picture, which both front ends show); each game's own words, hints, prompts and table are in
``presentation/<game>/`` (``words``, ``prompt``, ``table``), with its demo (``demo``:
`make demo`, which ``presentation.demo`` runs as a third front end: files, no Discord).
"""
