-- Which process handles a table's turn clock (a deadline, a reminder, a computer's turn) when
-- several share the database: a claim holds one state of the table (its seq) until `until`
-- (wall-clock milliseconds), and is moot once the table is saved again.
CREATE TABLE clock_claims (
    table_id bigint PRIMARY KEY,
    seq bigint NOT NULL,
    holder text NOT NULL,
    until bigint NOT NULL
);
