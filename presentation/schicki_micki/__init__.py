"""Schicki Micki in words for any front end: the reactions' emoji and what each says, and a
settled row's result (`words`); its table picture, with the newest result (`table`)."""
