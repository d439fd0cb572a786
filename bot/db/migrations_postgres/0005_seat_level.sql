-- Each computer seat plays at its own level (easy, normal, hard), chosen in the lobby; a human
-- seat keeps "normal", so a computer that takes it over plays normal.
ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal';
-- Schicki Micki chose one level for all its computers as a lobby option: its seats take it.
-- (SQLite's json_extract(options, '$.level') is options::jsonb ->> 'level' here.)
UPDATE seats SET level = (
    SELECT matches.options::jsonb ->> 'level' FROM matches WHERE matches.id = seats.match_id
)
WHERE is_computer = 1 AND user_id IS NULL AND match_id IN (
    SELECT id FROM matches
    WHERE game = 'schicki_micki' AND options::jsonb ->> 'level' IN ('easy', 'hard')
);
