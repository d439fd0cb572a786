-- What Discord already shows of a match, so a restart can bring every message up to date:
-- whether its final board (finished or cancelled) was drawn, and whether its end was announced.
ALTER TABLE matches ADD COLUMN board_final INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN announced INTEGER NOT NULL DEFAULT 0;
-- Games that ended before this migration were shown and announced by the bot that ran them.
UPDATE matches SET board_final = 1, announced = 1 WHERE status IN ('finished', 'cancelled');
CREATE INDEX matches_unsettled ON matches (status, board_final, announced);

-- Input of a real-time game waiting for its window to be settled (Schicki Micki reactions):
-- stored as it arrives, deleted in the transaction that applies it, so a crash loses none.
CREATE TABLE inbox (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id     INTEGER,
    seat        INTEGER,
    code        TEXT    NOT NULL,
    at          REAL    NOT NULL,
    at_ms       INTEGER NOT NULL,
    seq         INTEGER NOT NULL
);
CREATE INDEX inbox_by_match ON inbox (match_id, id);
