-- Enter migration here

-- Firm buying rules: the cost code an order was placed under (one of its project's codes, kept as it
-- was then, like project_code), read by the month's spend report, the receipt, the ticket and the statement.
alter table orders add column if not exists cost_code text;
