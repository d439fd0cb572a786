"""MIMIC in words for any front end: card and power names, log lines and refusals (`words`),
what a seat does next with the cells its hand cards may go to (`prompt`), and its table and
hand pictures (`table`)."""
