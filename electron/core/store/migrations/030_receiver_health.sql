-- Receivers the webhook dispatcher paused (electron/core/webhooks/breaker.ts): a connector whose
-- receiver failed 5 times in a row without a usable answer. One row per such connector, written
-- when the pause begins or grows and deleted when an attempt is answered again, so that a restart
-- (or a snapshot restored) goes on where the dispatcher stood: one probe at a time until the
-- receiver answers, and the overview and "needs attention" still listing it meanwhile. Failures
-- fewer than 5 are not kept. The rows go with their connector and account; a copied account
-- starts without them.
CREATE TABLE receiver_health (
  connector_id         INTEGER PRIMARY KEY REFERENCES connectors(id) ON DELETE CASCADE,
  company_id           INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  consecutive_failures INTEGER NOT NULL CHECK (consecutive_failures > 0),
  -- Milliseconds since the epoch on the service clock: no attempt before then, one probe after.
  paused_until         INTEGER NOT NULL
);
