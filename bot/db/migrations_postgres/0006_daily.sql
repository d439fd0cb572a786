-- The daily challenge: one try per player per UTC day, worldwide. The deal is derived from the
-- day, so only who took which day's try, on which server, in which match is kept; the score is
-- that match's result, stored with it when it finishes.
CREATE TABLE daily_tries (
    day         TEXT    NOT NULL,  -- the UTC date, YYYY-MM-DD
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT  NOT NULL,
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    announced   INTEGER NOT NULL DEFAULT 0,  -- the finished try's result line was posted
    PRIMARY KEY (day, user_id)
);
CREATE INDEX daily_by_guild ON daily_tries (guild_id, day);
CREATE INDEX daily_by_user ON daily_tries (user_id, day);
