-- What the board message was last drawn from (a fingerprint of the match's version, status,
-- deadline, seats, the server's language and the drawing code; NULL: not known). A restart
-- redraws only the boards whose fingerprint differs, not every open game's.
ALTER TABLE matches ADD COLUMN board_key TEXT;
