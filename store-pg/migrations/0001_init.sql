-- Igroteka's store on PostgreSQL: the first schema (docs/storage.md, "PostgreSQL").
-- Numbers the core keeps as u64 (ids, sequence numbers, times in ms) are bigint, bit for bit.

-- Table ids: never reused, from any process.
CREATE SEQUENCE table_ids;

-- One row per table: the record exactly as the sled store keeps it (Table::to_bytes, JSON)
-- and, as columns, what the store looks tables up by.
CREATE TABLE tables (
    id bigint PRIMARY KEY,
    -- The compare-and-swap's sequence number (Table::seq).
    seq bigint NOT NULL,
    -- Platform::tag of the chat: each platform's clock ticks for its own tables.
    platform text NOT NULL,
    -- ChatId::key.
    chat text NOT NULL,
    -- Not finished nor aborted.
    active boolean NOT NULL,
    -- When the turn clock next needs the table (Table::due), if it does.
    due_at bigint,
    -- A fingerprint of what the indexes depend on (status, chat, players): a move, which
    -- changes none of them, does not rewrite the indexes.
    indexed bigint NOT NULL,
    record bytea NOT NULL
);
CREATE INDEX tables_due ON tables (platform, due_at, id) WHERE due_at IS NOT NULL;
CREATE INDEX tables_active ON tables (id) WHERE active;

-- A chat's active table: one per chat, across processes.
CREATE TABLE chats (
    chat text PRIMARY KEY,
    table_id bigint NOT NULL
);
CREATE INDEX chats_table ON chats (table_id);

-- The active tables a user sits at (UserId::key).
CREATE TABLE user_tables (
    user_key text NOT NULL,
    table_id bigint NOT NULL,
    PRIMARY KEY (user_key, table_id)
);
CREATE INDEX user_tables_table ON user_tables (table_id);

-- The action log: json (not jsonb) keeps each entry's text as serde wrote it.
CREATE TABLE log (
    table_id bigint NOT NULL,
    idx bigint NOT NULL,
    entry json NOT NULL,
    PRIMARY KEY (table_id, idx)
);

-- Outbox entries, delivered in the order of `pos` within a table.
CREATE SEQUENCE outbox_pos;
CREATE TABLE outbox (
    table_id bigint NOT NULL,
    pos bigint NOT NULL,
    effect json NOT NULL,
    PRIMARY KEY (table_id, pos)
);

-- The message a table's slot shows (Slot::key, 8 bytes).
CREATE TABLE boards (
    table_id bigint NOT NULL,
    slot bytea NOT NULL,
    message_id text NOT NULL,
    buttons boolean NOT NULL,
    retired text,
    PRIMARY KEY (table_id, slot)
);

-- Preferences (a user's language, time zone...).
CREATE TABLE prefs (
    key text PRIMARY KEY,
    value text NOT NULL
);

-- Users the bot cannot write to privately.
CREATE TABLE unreachable (
    platform text NOT NULL,
    user_id text NOT NULL,
    PRIMARY KEY (platform, user_id)
);

-- Records that could not be read, set aside with the reason.
CREATE TABLE quarantine (
    id bigint PRIMARY KEY,
    reason text NOT NULL,
    raw bytea NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);

-- Platform updates taken lately (so one delivered twice is handled once), by age.
CREATE TABLE taken (
    key text PRIMARY KEY,
    at bigint NOT NULL
);
CREATE INDEX taken_at ON taken (at);

-- Who delivers a table's outbox, until when (ms).
CREATE TABLE leases (
    table_id bigint PRIMARY KEY,
    holder text NOT NULL,
    until bigint NOT NULL
);
