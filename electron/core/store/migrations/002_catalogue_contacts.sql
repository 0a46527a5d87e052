-- Workpoints, contacts and the product catalogue.

-- A workpoint (punct de lucru / gestiune) is wholesale (en-gros) or retail (en-detail); the kind
-- decides where a pricelist price is shown (spec: pricelist_id filter).
CREATE TABLE workpoints (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL,
  kind       TEXT    NOT NULL CHECK (kind IN ('wholesale', 'retail')),
  address    TEXT    NOT NULL DEFAULT '',
  deleted    INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
);
CREATE INDEX workpoints_company ON workpoints(company_id, id);

-- Sub-managements (subgestiuni) inside a workpoint: stock and inventories may be kept per one.
CREATE TABLE sub_managements (
  id           INTEGER PRIMARY KEY,
  company_id   INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  workpoint_id INTEGER NOT NULL REFERENCES workpoints(id) ON DELETE CASCADE,
  name         TEXT    NOT NULL
);
CREATE INDEX sub_managements_workpoint ON sub_managements(workpoint_id);

CREATE TABLE cash_register_stations (
  id           INTEGER PRIMARY KEY,
  company_id   INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  workpoint_id INTEGER NOT NULL REFERENCES workpoints(id),
  name         TEXT    NOT NULL,
  serial       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX cash_register_stations_company ON cash_register_stations(company_id);

CREATE TABLE pricelists (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL,
  currency   TEXT    NOT NULL DEFAULT 'RON',
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  last_changed_ts TEXT NOT NULL
);
CREATE INDEX pricelists_company ON pricelists(company_id, id);

CREATE TABLE contact_groups (
  id           INTEGER PRIMARY KEY,
  company_id   INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name         TEXT    NOT NULL,
  pricelist_id INTEGER REFERENCES pricelists(id)
);
CREATE INDEX contact_groups_company ON contact_groups(company_id);

CREATE TABLE contacts (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name            TEXT    NOT NULL,
  is_company      INTEGER NOT NULL DEFAULT 0 CHECK (is_company IN (0, 1)),
  is_client       INTEGER NOT NULL DEFAULT 1 CHECK (is_client IN (0, 1)),
  is_supplier     INTEGER NOT NULL DEFAULT 0 CHECK (is_supplier IN (0, 1)),
  cui             TEXT    NOT NULL DEFAULT '',   -- fiscal code (CUI/CIF) or CNP; vat_id of an order
  reg_com         TEXT    NOT NULL DEFAULT '',   -- trade register number (J40/123/2020)
  vat_payer       INTEGER NOT NULL DEFAULT 0 CHECK (vat_payer IN (0, 1)),
  representative  TEXT    NOT NULL DEFAULT '',
  email           TEXT    NOT NULL DEFAULT '',
  phone           TEXT    NOT NULL DEFAULT '',
  group_id        INTEGER REFERENCES contact_groups(id),
  pricelist_id    INTEGER REFERENCES pricelists(id),
  deleted         INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  created_ts      TEXT    NOT NULL,
  lastupdated     TEXT    NOT NULL
);
CREATE INDEX contacts_company_client ON contacts(company_id, is_client, id);
CREATE INDEX contacts_company_lastupdated ON contacts(company_id, lastupdated, id);
CREATE INDEX contacts_company_cui ON contacts(company_id, cui);

CREATE TABLE contact_addresses (
  id          INTEGER PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  contact_id  INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind        TEXT    NOT NULL DEFAULT 'both' CHECK (kind IN ('invoice', 'delivery', 'both')),
  country     TEXT    NOT NULL DEFAULT 'Romania',
  county      TEXT    NOT NULL,
  city        TEXT    NOT NULL,
  street      TEXT    NOT NULL,
  number      TEXT    NOT NULL DEFAULT '',
  building    TEXT    NOT NULL DEFAULT '',
  stair       TEXT    NOT NULL DEFAULT '',
  floor       TEXT    NOT NULL DEFAULT '',
  apartment   TEXT    NOT NULL DEFAULT '',
  zip         TEXT    NOT NULL DEFAULT '',
  gln         TEXT    NOT NULL DEFAULT '',
  shipping_contact_name  TEXT NOT NULL DEFAULT '',
  shipping_contact_phone TEXT NOT NULL DEFAULT '',
  is_default  INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
);
CREATE INDEX contact_addresses_contact ON contact_addresses(contact_id);

CREATE TABLE contact_persons (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  name       TEXT    NOT NULL,
  role       TEXT    NOT NULL DEFAULT '',
  email      TEXT    NOT NULL DEFAULT '',
  phone      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX contact_persons_contact ON contact_persons(contact_id);

CREATE TABLE contact_bank_accounts (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  iban       TEXT    NOT NULL,
  bank_name  TEXT    NOT NULL,
  currency   TEXT    NOT NULL DEFAULT 'RON'
);
CREATE INDEX contact_bank_accounts_contact ON contact_bank_accounts(contact_id);

CREATE TABLE manufacturers (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL
);
CREATE INDEX manufacturers_company_name ON manufacturers(company_id, name);

CREATE TABLE product_categories (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL,
  parent_id  INTEGER REFERENCES product_categories(id)
);
CREATE INDEX product_categories_company ON product_categories(company_id);

CREATE TABLE web_categories (
  id          INTEGER PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name        TEXT    NOT NULL,
  parent_id   INTEGER REFERENCES web_categories(id),
  image_url   TEXT,
  image_path  TEXT,
  image_title TEXT    NOT NULL DEFAULT '',
  image_description TEXT NOT NULL DEFAULT '',
  image_alt_text    TEXT NOT NULL DEFAULT '',
  deleted     INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  last_changed_ts TEXT NOT NULL
);
CREATE INDEX web_categories_company ON web_categories(company_id, id);

-- A product family (fm_id) groups the variants of one article (sizes, colours).
CREATE TABLE product_families (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL
);
CREATE INDEX product_families_company ON product_families(company_id);

-- One row per variant: product_id in the API is the variant id (spec: "full variant record").
CREATE TABLE products (
  id                  INTEGER PRIMARY KEY,
  company_id          INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  family_id           INTEGER REFERENCES product_families(id),
  cod_produs          TEXT    NOT NULL,
  cod_varianta        TEXT    NOT NULL DEFAULT '',
  barcode             TEXT    NOT NULL DEFAULT '',
  product_name        TEXT    NOT NULL,
  product_website_title TEXT  NOT NULL DEFAULT '',
  product_description TEXT    NOT NULL DEFAULT '',
  category_id         INTEGER REFERENCES product_categories(id),
  manufacturer_id     INTEGER REFERENCES manufacturers(id),
  unitate_masura      TEXT    NOT NULL DEFAULT 'buc',
  pret_vanzare        REAL    NOT NULL DEFAULT 0,   -- retail price without VAT, selling currency
  cota_tva_vanzare    REAL    NOT NULL DEFAULT 19,
  selling_currency    TEXT    NOT NULL DEFAULT 'RON',
  last_acquisition_price_ron REAL,
  last_purchase_price REAL,
  last_purchase_currency TEXT,
  weight_kg           REAL    NOT NULL DEFAULT 0,
  is_sellable         INTEGER NOT NULL DEFAULT 1 CHECK (is_sellable IN (0, 1)), -- cont: sellable
  partner_visible     INTEGER NOT NULL DEFAULT 0 CHECK (partner_visible IN (0, 1)),
  website_published   INTEGER NOT NULL DEFAULT 0 CHECK (website_published IN (0, 1)),
  archived            INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  deleted             INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  created_ts          TEXT    NOT NULL,
  last_changed_ts     TEXT    NOT NULL
);
CREATE INDEX products_company_id ON products(company_id, id);
CREATE INDEX products_company_changed ON products(company_id, last_changed_ts, id);
-- cod_produs identifies a variant: orders and the feed name products by it.
CREATE UNIQUE INDEX products_company_code ON products(company_id, cod_produs);
CREATE INDEX products_company_variant ON products(company_id, cod_varianta);
CREATE INDEX products_company_barcode ON products(company_id, barcode);
CREATE INDEX products_company_manufacturer ON products(company_id, manufacturer_id, id);
CREATE INDEX products_company_family ON products(company_id, family_id, id);
CREATE INDEX products_company_category ON products(company_id, category_id, id);

CREATE TABLE product_web_categories (
  product_id      INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  web_category_id INTEGER NOT NULL REFERENCES web_categories(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, web_category_id)
);
CREATE INDEX product_web_categories_category ON product_web_categories(web_category_id);

CREATE TABLE product_images (
  id          INTEGER PRIMARY KEY,
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
CREATE INDEX product_images_product ON product_images(product_id, position);

CREATE TABLE properties (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL
);
CREATE INDEX properties_company ON properties(company_id);

CREATE TABLE product_properties (
  product_id  INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  property_id INTEGER NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
  value       TEXT    NOT NULL,
  PRIMARY KEY (product_id, property_id)
);

-- Stock per product and workpoint; reserved = quantity promised to open orders.
CREATE TABLE stock (
  company_id   INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  product_id   INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  workpoint_id INTEGER NOT NULL REFERENCES workpoints(id) ON DELETE CASCADE,
  quantity     REAL    NOT NULL DEFAULT 0,
  reserved     REAL    NOT NULL DEFAULT 0,
  acquisition_value_ron REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, workpoint_id)
);
CREATE INDEX stock_company_workpoint ON stock(company_id, workpoint_id, product_id);

-- A rule targets one product, or a category, or a manufacturer (most specific wins):
-- either a fixed price (without VAT, in the pricelist currency) or a percent discount.
CREATE TABLE pricelist_rules (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  pricelist_id    INTEGER NOT NULL REFERENCES pricelists(id) ON DELETE CASCADE,
  product_id      INTEGER REFERENCES products(id) ON DELETE CASCADE,
  category_id     INTEGER REFERENCES product_categories(id),
  manufacturer_id INTEGER REFERENCES manufacturers(id),
  kind            TEXT    NOT NULL CHECK (kind IN ('fixed_price', 'discount_percent')),
  value           REAL    NOT NULL,
  min_quantity    REAL    NOT NULL DEFAULT 1,
  valid_from      TEXT,
  valid_to        TEXT
);
CREATE INDEX pricelist_rules_pricelist_product ON pricelist_rules(pricelist_id, product_id);
CREATE INDEX pricelist_rules_product ON pricelist_rules(product_id);
