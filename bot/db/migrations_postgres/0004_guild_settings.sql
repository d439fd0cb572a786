-- A server's own choices (for now its language); a missing row means Discord's defaults.
CREATE TABLE guild_settings (
    guild_id    BIGINT  PRIMARY KEY,
    language    TEXT
);
