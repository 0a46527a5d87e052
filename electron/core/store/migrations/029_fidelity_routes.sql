-- The drift report of an account in proxy mode (electron/core/domains/fidelity/drift-store.ts):
-- each forwarded GET the twin answered too is merged into its route's row, one row per route
-- template (`GET /sales/list/page:{}/year:{}/`). The shapes are JSON summaries of the answers
-- (kinds and keys, redacted examples: never a value); the counters say how many calls the route
-- saw, how many were compared and why the others were not. At most 500 rows per account. The
-- rows go with their account and with a reset (they describe the data), and a copied account
-- starts without them.
CREATE TABLE fidelity_routes (
  company_id      INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  template        TEXT    NOT NULL,
  calls           INTEGER NOT NULL DEFAULT 0,
  -- Compared by status (a mismatch) or by both answers' shapes (`shaped`).
  compared        INTEGER NOT NULL DEFAULT 0,
  shaped          INTEGER NOT NULL DEFAULT 0,
  -- The merged shapes of the upstream's and the twin's answers (NULL before a shaped call).
  upstream_shape  TEXT,
  twin_shape      TEXT,
  -- {"200 404": {"calls": 2, "example_request": "/sales/list/year:2024/"}}: status mismatches.
  statuses        TEXT    NOT NULL DEFAULT '{}',
  -- {"<kind> <path>": {"calls", "example_request"}}: the calls each difference showed in.
  differences_seen TEXT   NOT NULL DEFAULT '{}',
  -- {"the answer is not JSON": 3}: the route's calls not compared, by why.
  skipped         TEXT    NOT NULL DEFAULT '{}',
  example_request TEXT    NOT NULL DEFAULT '',
  updated_ts      TEXT    NOT NULL,
  PRIMARY KEY (company_id, template)
);

-- Calls of no route counted by why ('not a GET', 'not a REST API call', 'too many routes').
CREATE TABLE fidelity_skips (
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  reason     TEXT    NOT NULL,
  calls      INTEGER NOT NULL,
  PRIMARY KEY (company_id, reason)
);
