-- Connectors (eCommerce / dropship), their orders, attachments and the webhook outbox.

CREATE TABLE connectors (
  id                   INTEGER PRIMARY KEY,
  company_id           INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  type                 TEXT    NOT NULL CHECK (type IN ('ecommerce', 'dropship')),
  name                 TEXT    NOT NULL,
  site_domain          TEXT    NOT NULL DEFAULT '',
  active               INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  deleted              INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  order_event_notification_url TEXT NOT NULL DEFAULT '',
  webhook_secret       TEXT,                -- signs notifications; never returned by the API
  tracked_fields       TEXT    NOT NULL DEFAULT '["stoc_global","pret_vanzare","pret_vanzare_cu_tva"]',
  dropshipper_contact_id INTEGER REFERENCES contacts(id), -- invoiced party of a dropship connector
  workpoint_id         INTEGER REFERENCES workpoints(id), -- prices and stock of the feed
  platform_credentials TEXT,                -- partner platform API key; never returned
  created_ts           TEXT    NOT NULL,
  last_changed_ts      TEXT    NOT NULL
);
CREATE INDEX connectors_company ON connectors(company_id, id);

-- Configuration of the groups the spec names (products, order_processing, invoicing, proforma,
-- awb, status_sync). connector_id = 0 holds the account default a connector falls back to
-- (reported as source "global"); JSON values.
CREATE TABLE connector_settings (
  company_id   INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  connector_id INTEGER NOT NULL,
  grp          TEXT    NOT NULL CHECK (grp IN ('products', 'order_processing', 'invoicing', 'proforma', 'awb', 'status_sync')),
  key          TEXT    NOT NULL,
  value        TEXT    NOT NULL,
  PRIMARY KEY (company_id, connector_id, grp, key)
);

-- Products published to a connector's feed.
CREATE TABLE connector_products (
  connector_id INTEGER NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
  product_id   INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  published_ts TEXT    NOT NULL,
  PRIMARY KEY (connector_id, product_id)
);
CREATE INDEX connector_products_product ON connector_products(product_id);

-- Partner-side client ids (client_unique_id) recognised per connector.
CREATE TABLE connector_clients (
  connector_id     INTEGER NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
  client_unique_id INTEGER NOT NULL,
  contact_id       INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (connector_id, client_unique_id)
);

CREATE TABLE connector_orders (
  id                 INTEGER PRIMARY KEY,   -- SERVICE_order_id, rec_id of the marketplace list
  company_id         INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  connector_id       INTEGER NOT NULL REFERENCES connectors(id),
  order_unique_id    TEXT    NOT NULL,
  order_reference    TEXT    NOT NULL DEFAULT '',
  order_date         TEXT    NOT NULL,
  order_updated_at   TEXT,
  order_status       TEXT    NOT NULL DEFAULT '',
  cancelled          INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  order_mentions     TEXT    NOT NULL DEFAULT '',
  currency           TEXT    NOT NULL,
  shipping_method    TEXT    NOT NULL CHECK (shipping_method IN ('courier', 'post', 'personal_pickup', 'other')),
  cod_amount         REAL    NOT NULL DEFAULT 0,
  cod_currency       TEXT    NOT NULL DEFAULT '',
  client_id          INTEGER REFERENCES contacts(id),   -- the ordering client
  client_unique_id   INTEGER,
  invoice_address_id  INTEGER REFERENCES contact_addresses(id),
  delivery_address_id INTEGER REFERENCES contact_addresses(id),
  total_with_vat     REAL    NOT NULL DEFAULT 0,
  paid_amount        REAL    NOT NULL DEFAULT 0,
  received_payload   TEXT    NOT NULL DEFAULT '{}',   -- last payload as received
  created_ts         TEXT    NOT NULL,
  last_changed_ts    TEXT    NOT NULL,
  UNIQUE (connector_id, order_unique_id)
);
CREATE INDEX connector_orders_company ON connector_orders(company_id, connector_id);
CREATE INDEX connector_orders_company_connector_date ON connector_orders(company_id, connector_id, order_date);
CREATE INDEX connector_orders_company_connector_changed ON connector_orders(company_id, connector_id, last_changed_ts);
CREATE INDEX connector_orders_company_date ON connector_orders(company_id, order_date);
CREATE INDEX connector_orders_company_changed ON connector_orders(company_id, last_changed_ts);

CREATE TABLE connector_order_items (
  id                    INTEGER PRIMARY KEY,
  company_id            INTEGER NOT NULL,
  order_id              INTEGER NOT NULL REFERENCES connector_orders(id) ON DELETE CASCADE,
  line_no               INTEGER NOT NULL,
  type                  TEXT    NOT NULL CHECK (type IN ('product', 'discount', 'service')),
  code                  TEXT    NOT NULL,
  ean                   TEXT    NOT NULL DEFAULT '',
  item_name             TEXT    NOT NULL,
  item_comments         TEXT    NOT NULL DEFAULT '',
  item_requires_customization INTEGER NOT NULL DEFAULT 0 CHECK (item_requires_customization IN (0, 1)),
  item_quantity         REAL    NOT NULL,
  item_price            REAL    NOT NULL,
  item_vat_percent      REAL    NOT NULL,
  item_price_with_vat   REAL    NOT NULL,
  line_value_with_vat   REAL    NOT NULL,
  discounted_price_with_vat    REAL,
  line_discount_value_with_vat REAL,
  product_id            INTEGER REFERENCES products(id) ON DELETE SET NULL
);
CREATE INDEX connector_order_items_order ON connector_order_items(order_id, line_no);

CREATE TABLE connector_order_payments (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL,
  order_id          INTEGER NOT NULL REFERENCES connector_orders(id) ON DELETE CASCADE,
  payment_method    TEXT    NOT NULL CHECK (payment_method IN ('bank_transfer', 'card', 'paypal', 'credit')),
  payment_status    TEXT    NOT NULL CHECK (payment_status IN ('confirmed', 'pending', 'refunded')),
  payment_date      TEXT    NOT NULL,
  payment_amount    REAL    NOT NULL,
  payment_currency  TEXT    NOT NULL,
  payment_reference TEXT    NOT NULL,
  payment_comments  TEXT    NOT NULL DEFAULT '',
  payment_id        INTEGER REFERENCES payments(id) ON DELETE SET NULL, -- registered ERP payment
  created_ts        TEXT    NOT NULL,
  UNIQUE (order_id, payment_reference)
);

CREATE TABLE attachment_types (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL
);

-- External FTP storage of an account (attachments live there, never in the database).
CREATE TABLE account_storage (
  company_id INTEGER PRIMARY KEY REFERENCES accounts(company_id) ON DELETE CASCADE,
  ftp_host   TEXT    NOT NULL,
  ftp_port   INTEGER NOT NULL DEFAULT 21,
  ftp_user   TEXT    NOT NULL,
  ftp_password TEXT  NOT NULL,
  ftp_root   TEXT    NOT NULL DEFAULT '/',
  ftp_secure INTEGER NOT NULL DEFAULT 0 CHECK (ftp_secure IN (0, 1))
);

CREATE TABLE attachments (
  id                 INTEGER PRIMARY KEY,   -- bocp_id
  company_id         INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  doctype            TEXT    NOT NULL,
  doc_id             INTEGER NOT NULL,
  client_id          INTEGER REFERENCES contacts(id),
  title              TEXT    NOT NULL DEFAULT '',
  original_filename  TEXT    NOT NULL,
  filesize           INTEGER NOT NULL,
  is_public          INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
  attachment_type_id INTEGER REFERENCES attachment_types(id),
  storage_path       TEXT    NOT NULL,      -- path on the FTP storage
  download_key       TEXT    NOT NULL,      -- secret of the service access URL
  uploaded_ts        TEXT    NOT NULL
);
CREATE INDEX attachments_doc ON attachments(company_id, doctype, doc_id);

-- Transactional outbox: a business write and its notification commit together.
CREATE TABLE webhook_outbox (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  connector_id      INTEGER NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
  notification_type TEXT    NOT NULL CHECK (notification_type IN
                      ('status', 'invoice', 'awb', 'product_published', 'product_update', 'product_unpublished')),
  payload           TEXT    NOT NULL,
  url               TEXT    NOT NULL,
  status            TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count     INTEGER NOT NULL DEFAULT 0,
  next_attempt_ts   TEXT,                   -- NULL once closed
  created_ts        TEXT    NOT NULL,
  closed_ts         TEXT
);
CREATE INDEX webhook_outbox_due ON webhook_outbox(status, next_attempt_ts);
CREATE INDEX webhook_outbox_company ON webhook_outbox(company_id, id);

CREATE TABLE webhook_attempts (
  id            INTEGER PRIMARY KEY,
  delivery_id   INTEGER NOT NULL REFERENCES webhook_outbox(id) ON DELETE CASCADE,
  ts            TEXT    NOT NULL,
  http_status   INTEGER,
  error         TEXT,
  duration_ms   REAL    NOT NULL,
  response_head TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
