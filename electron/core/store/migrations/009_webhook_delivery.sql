-- Webhook delivery: the outbox becomes the delivery log (ids of the Standard Webhooks kind,
-- ordering per order / product, manual cancel; a row stays pending while its attempt is under
-- way, so a crash leaves it due and it is sent again: at-least-once), every attempt
-- is recorded in full, and a per-installation secret keys the document links.

CREATE TABLE service_secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- The key of the credential-free document links (invoice / proforma / AWB pages); survives resets.
INSERT INTO service_secrets (name, value) VALUES ('document_links', lower(hex(randomblob(32))));

DROP TABLE webhook_attempts;

CREATE TABLE webhook_outbox_v2 (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  connector_id      INTEGER NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
  notification_type TEXT    NOT NULL CHECK (notification_type IN
                      ('status', 'invoice', 'awb', 'product_published', 'product_update', 'product_unpublished')),
  payload           TEXT    NOT NULL,       -- the exact body; never changes across retries
  webhook_id        TEXT    NOT NULL UNIQUE, -- 'msg_...': the webhook-id header, the same on every retry
  ordering_key      TEXT,                   -- 'order:<order_unique_id>' / 'product:<cod_produs>': delivered in id order
  order_unique_id   TEXT,
  url               TEXT    NOT NULL,       -- the receiver; re-targeted while pending when the connector's URL changes
  status            TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  attempt_count     INTEGER NOT NULL DEFAULT 0,
  next_attempt_at   INTEGER,                -- epoch ms; NULL once closed
  last_http_status  INTEGER,
  last_error        TEXT,
  created_ts        TEXT    NOT NULL,
  closed_ts         TEXT,
  close_reason      TEXT
);

INSERT INTO webhook_outbox_v2 (id, company_id, connector_id, notification_type, payload, webhook_id, ordering_key,
                               order_unique_id, url, status, attempt_count, next_attempt_at, created_ts, closed_ts)
SELECT id, company_id, connector_id, notification_type, payload,
       'msg_' || lower(hex(randomblob(12))),
       CASE WHEN json_extract(payload, '$.order_unique_id') IS NOT NULL THEN 'order:' || json_extract(payload, '$.order_unique_id')
            WHEN json_extract(payload, '$.cod_produs') IS NOT NULL THEN 'product:' || json_extract(payload, '$.cod_produs') END,
       json_extract(payload, '$.order_unique_id'),
       url, status, attempt_count, CASE WHEN status = 'pending' THEN 0 END, created_ts, closed_ts
  FROM webhook_outbox;

DROP TABLE webhook_outbox;
ALTER TABLE webhook_outbox_v2 RENAME TO webhook_outbox;

-- The dispatcher's questions: what is due, and is an earlier one of the same order still open.
-- Due rows of one connector, so a dead receiver's backlog is never scanned to find the others'.
CREATE INDEX webhook_outbox_connector_due ON webhook_outbox(connector_id, next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_outbox_ordering ON webhook_outbox(connector_id, ordering_key, id) WHERE status = 'pending';
-- The delivery log's filters, newest first.
CREATE INDEX webhook_outbox_company ON webhook_outbox(company_id, id);
CREATE INDEX webhook_outbox_company_status ON webhook_outbox(company_id, status, id);
CREATE INDEX webhook_outbox_company_connector ON webhook_outbox(company_id, connector_id, id);
CREATE INDEX webhook_outbox_company_type ON webhook_outbox(company_id, notification_type, id);
CREATE INDEX webhook_outbox_company_order ON webhook_outbox(company_id, order_unique_id, id);
CREATE INDEX webhook_outbox_company_created ON webhook_outbox(company_id, created_ts);

CREATE TABLE webhook_attempts (
  id                 INTEGER PRIMARY KEY,
  delivery_id        INTEGER NOT NULL REFERENCES webhook_outbox(id) ON DELETE CASCADE,
  attempt_no         INTEGER NOT NULL,
  trigger            TEXT    NOT NULL CHECK (trigger IN ('scheduled', 'manual')),
  ts                 TEXT    NOT NULL,
  url                TEXT    NOT NULL,
  request_headers    TEXT    NOT NULL,      -- JSON object; the body is the delivery's payload (it never changes)
  http_status        INTEGER,
  response_headers   TEXT,                  -- JSON object; NULL without an answer
  response_body_head TEXT    NOT NULL DEFAULT '', -- the first 4 KiB
  duration_ms        REAL    NOT NULL,
  error              TEXT,                  -- network error, timeout
  outcome            TEXT    NOT NULL CHECK (outcome IN ('delivered', 'permanent_failure', 'transient_failure'))
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
