-- Accounts, API users, API log, service settings and the reference tables every account shares.
-- Dates are TEXT 'YYYY-MM-DD', timestamps TEXT 'YYYY-MM-DD HH:MM:SS' (local time of the account,
-- as the spec's filters compare them), so lexical order is time order and indexes serve ranges.

CREATE TABLE accounts (
  company_id          INTEGER PRIMARY KEY,
  name                TEXT    NOT NULL,
  cui                 TEXT    NOT NULL DEFAULT '',
  reg_com             TEXT    NOT NULL DEFAULT '',
  rest_enabled        INTEGER NOT NULL DEFAULT 1 CHECK (rest_enabled IN (0, 1)),
  workmanager_enabled INTEGER NOT NULL DEFAULT 0 CHECK (workmanager_enabled IN (0, 1)),
  default_currency    TEXT    NOT NULL DEFAULT 'RON',
  catalogue_download_images INTEGER NOT NULL DEFAULT 0 CHECK (catalogue_download_images IN (0, 1)),
  created_ts          TEXT    NOT NULL
);

-- Currencies an account may invoice in (order_currency_code must be one of them).
CREATE TABLE account_currencies (
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  currency   TEXT    NOT NULL,
  PRIMARY KEY (company_id, currency)
);

-- The account's own bank accounts (bank_account_id of a payment).
CREATE TABLE account_bank_accounts (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  iban       TEXT    NOT NULL,
  bank_name  TEXT    NOT NULL,
  currency   TEXT    NOT NULL DEFAULT 'RON'
);
CREATE INDEX account_bank_accounts_company ON account_bank_accounts(company_id);

-- BNR reference rates: RON per one unit of currency, per day.
CREATE TABLE exchange_rates (
  currency TEXT NOT NULL,
  date     TEXT NOT NULL,
  rate     REAL NOT NULL CHECK (rate > 0),
  PRIMARY KEY (currency, date)
);

-- Document numbering per account, document kind and series.
CREATE TABLE document_series (
  company_id  INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  doc_type    TEXT    NOT NULL,
  series      TEXT    NOT NULL,
  next_number INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (company_id, doc_type, series)
);

CREATE TABLE api_users (
  id             INTEGER PRIMARY KEY,
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

CREATE TABLE api_log (
  id            INTEGER PRIMARY KEY,
  company_id    INTEGER,                      -- NULL when the path named no valid account
  ts            TEXT    NOT NULL,
  ip            TEXT    NOT NULL,
  username      TEXT    NOT NULL DEFAULT '',
  method        TEXT    NOT NULL,
  route         TEXT    NOT NULL,
  status        INTEGER NOT NULL,
  duration_ms   REAL    NOT NULL,
  request_head  TEXT    NOT NULL DEFAULT '',
  response_head TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX api_log_company_id ON api_log(company_id, id);
CREATE INDEX api_log_company_status ON api_log(company_id, status, id);
CREATE INDEX api_log_company_user ON api_log(company_id, username, id);

-- Service-wide settings (webhook retry schedule, lock-out policy, log size ...), JSON values.
CREATE TABLE service_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Facts about the store itself. 'seed' is written last, in the transaction that finishes a
-- seed: a database with accounts but no 'seed' row was cut off while seeding.
CREATE TABLE store_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Romanian postcodes: county, city (Bucharest cities carry the sector), optional street.
CREATE TABLE postcodes (
  id       INTEGER PRIMARY KEY,
  county   TEXT NOT NULL,
  city     TEXT NOT NULL,
  street   TEXT NOT NULL DEFAULT '',
  postcode TEXT NOT NULL
);
CREATE INDEX postcodes_city ON postcodes(county COLLATE NOCASE, city COLLATE NOCASE, street COLLATE NOCASE);

-- Courier codes accepted on AWBs; a broker lists its sub-couriers through parent_code.
CREATE TABLE couriers (
  code        TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  is_broker   INTEGER NOT NULL DEFAULT 0 CHECK (is_broker IN (0, 1)),
  parent_code TEXT REFERENCES couriers(code)
);
