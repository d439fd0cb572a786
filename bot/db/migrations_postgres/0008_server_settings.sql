-- A server's defaults for the games opened on it (`/settings server`). NULL everywhere means
-- "not chosen": the host's choice, else the game's own default, applies.
ALTER TABLE guild_settings ADD COLUMN threads INTEGER;        -- play each game in a thread
ALTER TABLE guild_settings ADD COLUMN schicki_input TEXT;     -- 'reactions' or 'buttons'

-- The turn timer a game gets when its host names none, in seconds (0: no timer).
CREATE TABLE guild_timers (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    seconds     INTEGER NOT NULL CHECK (seconds >= 0),
    PRIMARY KEY (guild_id, game)
);

-- The channels where games may be opened; a server with no rows allows every channel.
CREATE TABLE game_channels (
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);
