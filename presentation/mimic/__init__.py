"""MIMIC in words for any front end: card and power names, log lines and refusals (`words`),
and what a seat does next with the cells its hand cards may go to (`prompt`)."""
