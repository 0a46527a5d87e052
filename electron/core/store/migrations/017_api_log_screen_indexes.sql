-- The API log screen's filters (lists.apiLog), each served by an index on the account and its
-- column (status and user have theirs since 001): the method, newest first in it; the start of the
-- route (a range of the index); the day range on ts.
CREATE INDEX api_log_company_method ON api_log(company_id, method, id);
CREATE INDEX api_log_company_route ON api_log(company_id, route);
CREATE INDEX api_log_company_ts ON api_log(company_id, ts);
