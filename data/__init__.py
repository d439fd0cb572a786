"""Each game's content as data, one folder per game (``data/<game>/``: decks, cards, the map),
read by the game's rules package through `bot.games.content`.

Installed, this folder is the package ``menagerie_data`` (setup.py maps it), so a wheel carries
the content and importlib.resources reads it the same way from a wheel or a checkout. Nothing
here is code: correct the content in its files, not in the rules.
"""
