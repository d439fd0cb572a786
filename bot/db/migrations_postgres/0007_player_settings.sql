-- Each player's own choices, across servers (for now: whether their turn pings them); a
-- missing row means the defaults.
CREATE TABLE player_settings (
    user_id     BIGINT  PRIMARY KEY,
    pings       INTEGER NOT NULL DEFAULT 1
);
