-- Enter migration here

-- counter: the reference the counter records when it marks an invoice paid (a check number, a transfer id).
alter table invoices add column if not exists payment_reference text;

-- revisions: a removed sheet keeps its title too, so the customer sees which sheet went by name.
alter table revision_removed_sheets add column if not exists sheet_title text;
