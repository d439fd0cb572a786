-- Matches, their seats, the append-only action log, results and ratings.
CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    host_id     INTEGER NOT NULL,
    seed        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    deadline    REAL,
    reminded    INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);
-- One game at a time per channel or thread.
CREATE UNIQUE INDEX matches_one_open_per_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX matches_by_guild ON matches (guild_id, status);

CREATE TABLE seats (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    is_computer INTEGER NOT NULL DEFAULT 0,
    timeouts    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE actions (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    code        TEXT    NOT NULL,
    at_ms       INTEGER NOT NULL,
    actor       TEXT    NOT NULL DEFAULT 'player'
                CHECK (actor IN ('player', 'computer', 'timer', 'system')),
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER,
    is_computer INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX results_board ON results (guild_id, game, user_id);

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
