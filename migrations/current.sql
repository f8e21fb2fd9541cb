-- A status change the counter took back within its undo window: kept for the record, skipped by the
-- customer's timeline, and its email never sent.
alter table order_status_history add column if not exists undone_at timestamptz;
