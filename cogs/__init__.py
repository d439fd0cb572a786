"""Discord adapters: slash commands, buttons and messages; no game rules live here."""
