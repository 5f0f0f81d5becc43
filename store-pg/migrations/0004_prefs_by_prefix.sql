-- A chat's finished games are preferences under one prefix (`history:<chat>:`, see the core's
-- `history` module), read together by `/top`, `/stats` and `/history`. The primary key's order
-- is the database's collation, in which a prefix need not be one range; this index orders the
-- keys byte by byte, so a prefix is one range of it.
CREATE INDEX prefs_key_bytes ON prefs (key COLLATE "C");
