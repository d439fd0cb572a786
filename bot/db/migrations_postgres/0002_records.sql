-- A game's own numbers per finished match, for the leaderboard (e.g. Schicki Micki's
-- correct reaction times in milliseconds). Humans only.
CREATE TABLE records (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,
    value       DOUBLE PRECISION NOT NULL
);
CREATE INDEX records_by_match ON records (match_id, kind);
