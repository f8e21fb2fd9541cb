-- Enter migration here

-- counter: the reference the counter records when it marks an invoice paid (a check number, a transfer id).
alter table invoices add column if not exists payment_reference text;
