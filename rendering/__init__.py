"""Pictures for the bot: pure functions from game views to PNG bytes (Pillow only).

The modules here every picture shares (``canvas``, ``fonts``, ``layout``, ``theme``) and the
pictures of no game in particular (``leaderboard``, ``replay``, ``icon``: the web page's).
Each game has a package of its own, ``rendering/<game>/``, laid out by one rule (a test keeps
it):

- ``__init__``: the game's pictures as the front ends ask for them (``render_board``, its
  hand, result and rules pictures);
- ``parts``: what every picture of the game shares (sizes, geometry, colours, names);
- ``art``: the game's pieces (cards, animals, faces), drawn once and cached; ``paint``, where a
  game has it, the pen and patterns its art paints with;
- every other module draws one picture or one region of one, and is named after it (``map``,
  ``grid``, ``panels``, ``hand``, ``result``, ``rules``, ``guide``, ``end``, ``props``).
"""
