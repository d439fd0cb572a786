-- A server's default for a game's lobby option (`/settings server`), whatever the game: the
-- options are those the games' specs declare (`ServerOption`), so a game that adds one adds no
-- column. A server with no row for an option has not chosen: the game's own default applies.
CREATE TABLE guild_options (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, key)
);

-- The one option kept before, in a column of its own: how Schicki Micki is played.
INSERT INTO guild_options (guild_id, game, key, value)
    SELECT guild_id, 'schicki_micki', 'input', schicki_input FROM guild_settings
    WHERE schicki_input IS NOT NULL;
ALTER TABLE guild_settings DROP COLUMN schicki_input;
