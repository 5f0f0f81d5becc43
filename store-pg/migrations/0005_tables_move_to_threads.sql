-- A game can move to a thread of its own (a forum topic, a Discord thread: docs/threads.md):
-- its table's chat changes from the chat its lobby was opened in to the thread. The save of
-- 0003 kept the chat index of a table's earlier chat, which would hold that chat busy for the
-- whole game; now a save that changes what the indexes depend on also drops every chat row
-- of the table other than its current chat. Otherwise the function is that of 0003.
CREATE OR REPLACE FUNCTION igroteka_save(
    p_id bigint,
    p_seq bigint,
    p_read_seq bigint,
    p_platform text,
    p_chat text,
    p_active boolean,
    p_due_at bigint,
    p_indexed bigint,
    p_record bytea,
    p_users text[],
    p_log_from bigint,
    p_log text[],
    p_outbox text[]
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    stored_seq bigint;
    stored_indexed bigint;
    existed boolean;
    holder bigint;
    positions bigint[];
BEGIN
    BEGIN
        -- The row stays locked until the batch commits: another process saving the same
        -- table waits, then reads the new sequence number.
        SELECT seq, indexed INTO stored_seq, stored_indexed FROM tables WHERE id = p_id
        FOR UPDATE;
        existed := FOUND;
        IF (existed AND stored_seq IS DISTINCT FROM p_read_seq)
            OR (NOT existed AND p_read_seq IS NOT NULL) THEN
            RETURN false;
        END IF;
        IF existed THEN
            UPDATE tables SET seq = p_seq, platform = p_platform, chat = p_chat,
                active = p_active, due_at = p_due_at, indexed = p_indexed, record = p_record
            WHERE id = p_id;
        ELSE
            -- A unique violation here: another process created the same id meanwhile.
            INSERT INTO tables (id, seq, platform, chat, active, due_at, indexed, record)
            VALUES (p_id, p_seq, p_platform, p_chat, p_active, p_due_at, p_indexed, p_record);
        END IF;
        -- Most saves are moves: the chat, the players and the status stay, and so do the
        -- indexes.
        IF NOT existed OR stored_indexed <> p_indexed THEN
            DELETE FROM user_tables WHERE table_id = p_id;
            -- A table that moved to a thread of its own releases the chat it came from.
            DELETE FROM chats WHERE table_id = p_id AND chat <> p_chat;
            IF NOT p_active THEN
                DELETE FROM chats WHERE chat = p_chat AND table_id = p_id;
            ELSE
                -- The chat's row, created if missing, then locked: a row naming another table
                -- that is still active means another game got the chat first.
                INSERT INTO chats (chat, table_id) VALUES (p_chat, p_id)
                ON CONFLICT (chat) DO NOTHING;
                SELECT table_id INTO holder FROM chats WHERE chat = p_chat FOR UPDATE;
                IF NOT FOUND THEN
                    RAISE EXCEPTION USING ERRCODE = 'serialization_failure';
                END IF;
                IF holder <> p_id THEN
                    -- A statement of its own: it reads what was committed up to now.
                    IF EXISTS (SELECT 1 FROM tables WHERE id = holder AND active) THEN
                        RAISE EXCEPTION USING ERRCODE = 'serialization_failure';
                    END IF;
                    UPDATE chats SET table_id = p_id WHERE chat = p_chat;
                END IF;
                INSERT INTO user_tables (user_key, table_id)
                SELECT u, p_id FROM unnest(p_users) AS u
                ON CONFLICT DO NOTHING;
            END IF;
        END IF;
        IF cardinality(p_log) > 0 THEN
            INSERT INTO log (table_id, idx, entry)
            SELECT p_id, p_log_from + u.n - 1, u.entry::json
            FROM unnest(p_log) WITH ORDINALITY AS u(entry, n)
            ON CONFLICT (table_id, idx) DO UPDATE SET entry = EXCLUDED.entry;
        END IF;
        IF cardinality(p_outbox) > 0 THEN
            -- Positions come from one sequence shared by every table and process; the table's
            -- row is locked, so within a table they rise in commit order (delivery order).
            positions := ARRAY(
                SELECT pos FROM (
                    SELECT nextval('outbox_pos') AS pos
                    FROM generate_series(1, cardinality(p_outbox))
                ) AS taken
                ORDER BY pos);
            INSERT INTO outbox (table_id, pos, effect)
            SELECT p_id, positions[u.n], u.effect::json
            FROM unnest(p_outbox) WITH ORDINALITY AS u(effect, n);
        END IF;
    EXCEPTION
        WHEN unique_violation OR lock_not_available OR deadlock_detected
            OR serialization_failure THEN
            RETURN false;
    END;
    RETURN true;
END;
$$;
