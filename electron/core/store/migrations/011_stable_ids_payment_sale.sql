-- Ids partners store are never given twice. SQLite gives a new row max(rowid) + 1, so after the
-- highest row of a table is deleted its id comes back; AUTOINCREMENT keeps a high-water mark
-- (sqlite_sequence) instead. The tables whose rows can be deleted are rebuilt with it:
--   payments                 (a printed fiscal receipt import deletes the sale's payments)
--   payment_allocations      (deleted with them)
--   connector_order_payments (a child of payments: rebuilt so dropping the old payments table
--                             does not set its payment_id to NULL)
--   product_images           (DELETE /product/{id}/images/)
--   api_users                (DELETE /_sandbox/accounts/{id}/api-users/{user_id})
-- Migrations run in a transaction with foreign_keys ON, where a DROP TABLE deletes its rows
-- first (cascading to the children): the new tables are filled, the children that reference
-- payments are rebuilt against payments_v2 and dropped before payments, then every new table
-- takes the old name (RENAME rewrites the children's REFERENCES) and the indexes are recreated.
--
-- payments also gains sale_id (bv_id): the sale the payment belongs to, also when none of it
-- could be allocated (a payment on a sale already paid in full). Filled here from the
-- allocations, the fiscal receipt it came from, or the invoice of a single sale it paid.

CREATE TABLE payments_v2 (
  id                INTEGER PRIMARY KEY AUTOINCREMENT, -- incasare_id
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  series            TEXT    NOT NULL DEFAULT '',
  number            INTEGER,
  date              TEXT    NOT NULL,
  payment_type      TEXT    NOT NULL,
  client_id         INTEGER REFERENCES contacts(id),
  client_name       TEXT    NOT NULL DEFAULT '',
  client_cui        TEXT    NOT NULL DEFAULT '',
  client_reg_com    TEXT    NOT NULL DEFAULT '',
  workpoint_id      INTEGER REFERENCES workpoints(id),
  amount            REAL    NOT NULL CHECK (amount > 0),
  currency          TEXT    NOT NULL DEFAULT 'RON',
  exchange_rate     REAL    NOT NULL DEFAULT 1,
  amount_ron        REAL    NOT NULL,
  bank_account_id   INTEGER REFERENCES account_bank_accounts(id),
  mentions          TEXT    NOT NULL DEFAULT '',
  source            TEXT    NOT NULL DEFAULT 'staff'
                    CHECK (source IN ('staff', 'api', 'fiscal_receipt', 'connector_order')),
  fiscal_receipt_id INTEGER REFERENCES fiscal_receipts(id) ON DELETE CASCADE,
  allocated_amount  REAL    NOT NULL DEFAULT 0,
  allocation_status TEXT    NOT NULL DEFAULT 'not_allocated'
                    CHECK (allocation_status IN ('not_allocated', 'some_allocated', 'fully_allocated')),
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  added_by_api      INTEGER NOT NULL DEFAULT 0 CHECK (added_by_api IN (0, 1)),
  created_ts        TEXT    NOT NULL,
  last_changed_ts   TEXT    NOT NULL,
  sale_id           INTEGER REFERENCES sales(id) ON DELETE SET NULL -- bv_id: the sale it belongs to, NULL when none
);

INSERT INTO payments_v2 (id, company_id, series, number, date, payment_type, client_id, client_name, client_cui,
                         client_reg_com, workpoint_id, amount, currency, exchange_rate, amount_ron, bank_account_id,
                         mentions, source, fiscal_receipt_id, allocated_amount, allocation_status, cancelled,
                         added_by_api, created_ts, last_changed_ts, sale_id)
SELECT p.id, p.company_id, p.series, p.number, p.date, p.payment_type, p.client_id, p.client_name, p.client_cui,
       p.client_reg_com, p.workpoint_id, p.amount, p.currency, p.exchange_rate, p.amount_ron, p.bank_account_id,
       p.mentions, p.source, p.fiscal_receipt_id, p.allocated_amount, p.allocation_status, p.cancelled,
       p.added_by_api, p.created_ts, p.last_changed_ts,
       COALESCE(
         (SELECT a.doc_id FROM payment_allocations a WHERE a.payment_id = p.id AND a.doc_type = 'sale' ORDER BY a.id LIMIT 1),
         (SELECT fr.sale_id FROM fiscal_receipts fr WHERE fr.id = p.fiscal_receipt_id),
         (SELECT min(s.id) FROM payment_allocations a JOIN sales s ON s.company_id = a.company_id AND s.invoice_id = a.doc_id
           WHERE a.payment_id = p.id AND a.doc_type = 'invoice'
             AND (SELECT count(*) FROM sales s2 WHERE s2.company_id = a.company_id AND s2.invoice_id = a.doc_id) = 1))
  FROM payments p;

CREATE TABLE payment_allocations_v2 (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  payment_id INTEGER NOT NULL REFERENCES payments_v2(id) ON DELETE CASCADE,
  doc_type   TEXT    NOT NULL CHECK (doc_type IN ('sale', 'invoice', 'proforma')),
  doc_id     INTEGER NOT NULL,
  amount     REAL    NOT NULL CHECK (amount > 0)
);
INSERT INTO payment_allocations_v2 (id, company_id, payment_id, doc_type, doc_id, amount)
SELECT id, company_id, payment_id, doc_type, doc_id, amount FROM payment_allocations;

CREATE TABLE connector_order_payments_v2 (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id        INTEGER NOT NULL,
  order_id          INTEGER NOT NULL REFERENCES connector_orders(id) ON DELETE CASCADE,
  payment_method    TEXT    NOT NULL CHECK (payment_method IN ('bank_transfer', 'card', 'paypal', 'credit')),
  payment_status    TEXT    NOT NULL CHECK (payment_status IN ('confirmed', 'pending', 'refunded')),
  payment_date      TEXT    NOT NULL,
  payment_amount    REAL    NOT NULL,
  payment_currency  TEXT    NOT NULL,
  payment_reference TEXT    NOT NULL,
  payment_comments  TEXT    NOT NULL DEFAULT '',
  payment_id        INTEGER REFERENCES payments_v2(id) ON DELETE SET NULL, -- registered ERP payment
  created_ts        TEXT    NOT NULL,
  UNIQUE (order_id, payment_reference)
);
INSERT INTO connector_order_payments_v2 (id, company_id, order_id, payment_method, payment_status, payment_date,
                                         payment_amount, payment_currency, payment_reference, payment_comments,
                                         payment_id, created_ts)
SELECT id, company_id, order_id, payment_method, payment_status, payment_date, payment_amount, payment_currency,
       payment_reference, payment_comments, payment_id, created_ts
  FROM connector_order_payments;

DROP TABLE payment_allocations;
DROP TABLE connector_order_payments;
DROP TABLE payments;
ALTER TABLE payments_v2 RENAME TO payments;
ALTER TABLE payment_allocations_v2 RENAME TO payment_allocations;
ALTER TABLE connector_order_payments_v2 RENAME TO connector_order_payments;

CREATE INDEX payments_company ON payments(company_id);
CREATE INDEX payments_company_date ON payments(company_id, date);
CREATE INDEX payments_company_changed ON payments(company_id, last_changed_ts);
CREATE INDEX payments_company_allocation ON payments(company_id, allocation_status);
CREATE INDEX payments_fiscal_receipt ON payments(fiscal_receipt_id);
CREATE INDEX payments_sale ON payments(sale_id);
CREATE INDEX payment_allocations_payment ON payment_allocations(payment_id);
CREATE INDEX payment_allocations_doc ON payment_allocations(doc_type, doc_id);

CREATE TABLE product_images_v2 (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id  INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  product_id  INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  url         TEXT,                 -- external URL stored as is
  storage_path TEXT,                -- local copy (upload or download), served by the service
  mime_type   TEXT    NOT NULL DEFAULT '',
  size_bytes  INTEGER NOT NULL DEFAULT 0,
  title       TEXT    NOT NULL DEFAULT '',
  description TEXT    NOT NULL DEFAULT '',
  alt_text    TEXT    NOT NULL DEFAULT '',
  position    INTEGER NOT NULL DEFAULT 0,
  created_ts  TEXT    NOT NULL
);
INSERT INTO product_images_v2 (id, company_id, product_id, url, storage_path, mime_type, size_bytes, title, description,
                               alt_text, position, created_ts)
SELECT id, company_id, product_id, url, storage_path, mime_type, size_bytes, title, description, alt_text, position,
       created_ts
  FROM product_images;
DROP TABLE product_images;
ALTER TABLE product_images_v2 RENAME TO product_images;
CREATE INDEX product_images_product ON product_images(product_id, position);

CREATE TABLE api_users_v2 (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id     INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  username       TEXT    NOT NULL,
  password_hash  TEXT    NOT NULL,             -- scrypt$N$r$p$salt$hash (base64)
  ip_whitelist   TEXT    NOT NULL DEFAULT '["*"]', -- JSON array: addresses, CIDR ranges, "*"
  routes         TEXT,                         -- JSON array of modules, NULL = every module
  methods        TEXT,                         -- JSON array of HTTP methods, NULL = every method
  connector_id   INTEGER,                      -- NULL = not bound to a connector
  created_ts     TEXT    NOT NULL,
  last_used_ts   TEXT,
  UNIQUE (company_id, username)
);
INSERT INTO api_users_v2 (id, company_id, username, password_hash, ip_whitelist, routes, methods, connector_id,
                          created_ts, last_used_ts)
SELECT id, company_id, username, password_hash, ip_whitelist, routes, methods, connector_id, created_ts, last_used_ts
  FROM api_users;
DROP TABLE api_users;
ALTER TABLE api_users_v2 RENAME TO api_users;
