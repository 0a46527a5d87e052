-- Proxy mode of an account (docs/fidelity.md): its REST calls are forwarded to the real service at
-- upstream_url (NULL: proxy off, the other choices kept for the next time it is turned on).
-- The row goes with its account; a reset makes the accounts anew, proxy mode off. An account copy
-- does not carry it (account-copy.ts NOT_COPIED): a test worker's copy answers locally.
CREATE TABLE account_proxies (
  company_id   INTEGER PRIMARY KEY REFERENCES accounts(company_id) ON DELETE CASCADE,
  upstream_url TEXT,
  read_only    INTEGER NOT NULL DEFAULT 1 CHECK (read_only IN (0, 1)),
  recording    TEXT    NOT NULL DEFAULT 'day' CHECK (recording IN ('day', 'session', 'off')),
  shadow       INTEGER NOT NULL DEFAULT 1 CHECK (shadow IN (0, 1)),
  timeout_ms   INTEGER NOT NULL DEFAULT 30000,
  updated_ts   TEXT    NOT NULL
);
