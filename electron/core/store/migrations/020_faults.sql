-- Fault switches (control API /_sandbox/accounts/{id}/faults): per account, REST calls matched by
-- method and path pattern get an added latency, a forced status or a dropped connection, or the
-- account's FTP storage refuses (storage_down), each with a probability and an optional count of
-- uses. `remaining` NULL: no count (the fault fires until removed); 0: used up, kept for the list.
-- Latency is a range (min = max for a fixed one). The rows go with their account.
CREATE TABLE sandbox_faults (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id      INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  method          TEXT    NOT NULL,
  path            TEXT    NOT NULL,
  status          INTEGER CHECK (status IS NULL OR status BETWEEN 400 AND 599),
  latency_min_ms  INTEGER,
  latency_max_ms  INTEGER,
  drop_connection INTEGER NOT NULL DEFAULT 0 CHECK (drop_connection IN (0, 1)),
  storage_down    INTEGER NOT NULL DEFAULT 0 CHECK (storage_down IN (0, 1)),
  probability     REAL    NOT NULL CHECK (probability BETWEEN 0 AND 1),
  count           INTEGER CHECK (count IS NULL OR count >= 1),
  remaining       INTEGER CHECK (remaining IS NULL OR remaining >= 0),
  fired           INTEGER NOT NULL DEFAULT 0,
  created_ts      TEXT    NOT NULL
);
CREATE INDEX sandbox_faults_company ON sandbox_faults(company_id);

-- A call a fault acted on (or the heavy-list limit refused) says so in its API log line: what
-- happened ('#3 status 503', '#4 latency 180 ms', '#5 drop', 'heavy_list_limit'). NULL: none.
ALTER TABLE api_log ADD COLUMN fault TEXT;
