-- Each turn ping still in its channel: one row per ping message, kept until the ping is
-- deleted (its turn over). In the database, not in memory, so a ping sent before a restart is
-- still taken away, and one whose delete Discord refused for a while (an archived thread, an
-- outage) is tried again. No user id: the seat names the player.
CREATE TABLE turn_pings (
    message_id  BIGINT  PRIMARY KEY,
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    began       INTEGER NOT NULL,  -- the version the pinged turn began at
    channel_id  BIGINT  NOT NULL   -- where the ping is (the game's channel or thread)
);
CREATE INDEX turn_pings_by_match ON turn_pings (match_id);
