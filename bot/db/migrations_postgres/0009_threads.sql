-- A game played in its own thread. At Start the thread is made from the lobby message and the
-- match's channel_id becomes the thread's id (so every path that posts to a match's channel
-- posts into the thread, and the channel is free for another lobby); these keep the way back.
ALTER TABLE matches ADD COLUMN home_channel_id BIGINT;    -- the channel the lobby was opened in
ALTER TABLE matches ADD COLUMN thread_id BIGINT;          -- the game's thread (NULL: none)
ALTER TABLE matches ADD COLUMN lobby_message_id BIGINT;   -- the lobby message in the channel
-- The finished game's result line went to the channel too (the thread's own announcement is
-- `announced`): apart, so a channel refusing it never makes the thread's go out twice.
ALTER TABLE matches ADD COLUMN home_announced INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_by_home ON matches (home_channel_id, status);
