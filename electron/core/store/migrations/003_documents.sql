-- Documents. The spec does not show their fields; every document carries the same Romanian
-- document core (see docs/data-model.md): series + number, date, the client block copied at
-- issue time (client_id, client_name, client_cui, client_reg_com), workpoint, currency with its
-- rate to RON, totals without VAT / VAT / with VAT, the RON total, cancelled flag, and
-- created_ts / last_changed_ts. Ids are global; every query is also scoped by company_id.
-- Links to connector orders are checked at commit (DEFERRABLE): an order
-- and the sale it creates are written in one transaction, in either order.

CREATE TABLE invoices (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  series            TEXT    NOT NULL,
  number            INTEGER NOT NULL,
  date              TEXT    NOT NULL,
  due_date          TEXT    NOT NULL,
  client_id         INTEGER REFERENCES contacts(id),
  client_name       TEXT    NOT NULL DEFAULT '',
  client_cui        TEXT    NOT NULL DEFAULT '',
  client_reg_com    TEXT    NOT NULL DEFAULT '',
  workpoint_id      INTEGER REFERENCES workpoints(id),
  currency          TEXT    NOT NULL DEFAULT 'RON',
  exchange_rate     REAL    NOT NULL DEFAULT 1,
  total_without_vat REAL    NOT NULL DEFAULT 0,
  total_vat         REAL    NOT NULL DEFAULT 0,
  total_with_vat    REAL    NOT NULL DEFAULT 0,
  total_ron         REAL    NOT NULL DEFAULT 0,
  paid_amount       REAL    NOT NULL DEFAULT 0,
  efactura_status   TEXT    NOT NULL DEFAULT 'not_sent'
                    CHECK (efactura_status IN ('not_sent', 'sent', 'validated', 'rejected')),
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  storno_of_id      INTEGER REFERENCES invoices(id),
  mentions          TEXT    NOT NULL DEFAULT '',
  added_by_api      INTEGER NOT NULL DEFAULT 0 CHECK (added_by_api IN (0, 1)),
  created_ts        TEXT    NOT NULL,
  last_changed_ts   TEXT    NOT NULL,
  UNIQUE (company_id, series, number)
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX invoices_company ON invoices(company_id);
CREATE INDEX invoices_company_date ON invoices(company_id, date);
CREATE INDEX invoices_company_changed ON invoices(company_id, last_changed_ts);
CREATE INDEX invoices_company_number ON invoices(company_id, number);
CREATE INDEX invoices_client ON invoices(client_id);

CREATE TABLE invoice_items (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL,
  invoice_id        INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  line_no           INTEGER NOT NULL,
  product_id        INTEGER REFERENCES products(id) ON DELETE SET NULL,
  code              TEXT    NOT NULL DEFAULT '',
  name              TEXT    NOT NULL,
  unit              TEXT    NOT NULL DEFAULT 'buc',
  quantity          REAL    NOT NULL,
  unit_price        REAL    NOT NULL,   -- without VAT, document currency
  vat_rate          REAL    NOT NULL,
  value_without_vat REAL    NOT NULL,
  vat_value         REAL    NOT NULL,
  value_with_vat    REAL    NOT NULL
);
CREATE INDEX invoice_items_invoice ON invoice_items(invoice_id, line_no);

-- Sales receipts (bonuri de vanzare): the document that takes stock out.
CREATE TABLE sales (
  id                INTEGER PRIMARY KEY,     -- bv_id
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  series            TEXT    NOT NULL,
  number            INTEGER NOT NULL,
  date              TEXT    NOT NULL,
  client_id         INTEGER REFERENCES contacts(id),
  client_name       TEXT    NOT NULL DEFAULT '',
  client_cui        TEXT    NOT NULL DEFAULT '',
  client_reg_com    TEXT    NOT NULL DEFAULT '',
  workpoint_id      INTEGER REFERENCES workpoints(id),
  currency          TEXT    NOT NULL DEFAULT 'RON',
  exchange_rate     REAL    NOT NULL DEFAULT 1,
  total_without_vat REAL    NOT NULL DEFAULT 0,
  total_vat         REAL    NOT NULL DEFAULT 0,
  total_with_vat    REAL    NOT NULL DEFAULT 0,
  total_ron         REAL    NOT NULL DEFAULT 0,
  paid_amount       REAL    NOT NULL DEFAULT 0, -- sum of payment allocations, sale currency
  invoice_id        INTEGER REFERENCES invoices(id) ON DELETE SET NULL,
  connector_order_id INTEGER REFERENCES connector_orders(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED, -- from a connector order
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  added_by_api      INTEGER NOT NULL DEFAULT 0 CHECK (added_by_api IN (0, 1)),
  mentions          TEXT    NOT NULL DEFAULT '',
  created_ts        TEXT    NOT NULL,
  last_changed_ts   TEXT    NOT NULL,
  UNIQUE (company_id, series, number)
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX sales_company ON sales(company_id);
CREATE INDEX sales_company_date ON sales(company_id, date);
CREATE INDEX sales_company_changed ON sales(company_id, last_changed_ts);
CREATE INDEX sales_invoice ON sales(invoice_id);
CREATE INDEX sales_connector_order ON sales(connector_order_id);
CREATE INDEX sales_client ON sales(client_id);

CREATE TABLE sale_items (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL,
  sale_id           INTEGER NOT NULL REFERENCES sales(id) ON DELETE CASCADE,
  line_no           INTEGER NOT NULL,
  product_id        INTEGER REFERENCES products(id) ON DELETE SET NULL,
  code              TEXT    NOT NULL DEFAULT '',
  name              TEXT    NOT NULL,
  unit              TEXT    NOT NULL DEFAULT 'buc',
  quantity          REAL    NOT NULL,
  unit_price        REAL    NOT NULL,
  vat_rate          REAL    NOT NULL,
  value_without_vat REAL    NOT NULL,
  vat_value         REAL    NOT NULL,
  value_with_vat    REAL    NOT NULL
);
CREATE INDEX sale_items_sale ON sale_items(sale_id, line_no);

CREATE TABLE subscription_templates (
  id          INTEGER PRIMARY KEY,   -- for_abon_tpl_id
  company_id  INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  client_id   INTEGER REFERENCES contacts(id),
  name        TEXT    NOT NULL,
  period      TEXT    NOT NULL DEFAULT 'monthly' CHECK (period IN ('monthly', 'quarterly', 'yearly')),
  amount      REAL    NOT NULL DEFAULT 0,
  currency    TEXT    NOT NULL DEFAULT 'RON',
  active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);
CREATE INDEX subscription_templates_company ON subscription_templates(company_id);

CREATE TABLE proformas (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  series            TEXT    NOT NULL,
  number            INTEGER NOT NULL,
  date              TEXT    NOT NULL,
  due_date          TEXT    NOT NULL,
  client_id         INTEGER REFERENCES contacts(id),
  client_name       TEXT    NOT NULL DEFAULT '',
  client_cui        TEXT    NOT NULL DEFAULT '',
  client_reg_com    TEXT    NOT NULL DEFAULT '',
  workpoint_id      INTEGER REFERENCES workpoints(id),
  currency          TEXT    NOT NULL DEFAULT 'RON',
  exchange_rate     REAL    NOT NULL DEFAULT 1,
  total_without_vat REAL    NOT NULL DEFAULT 0,
  total_vat         REAL    NOT NULL DEFAULT 0,
  total_with_vat    REAL    NOT NULL DEFAULT 0,
  total_ron         REAL    NOT NULL DEFAULT 0,
  subscription_template_id INTEGER REFERENCES subscription_templates(id),
  payment_link      TEXT    NOT NULL DEFAULT '',  -- online card payment page for the proforma
  paid_amount       REAL    NOT NULL DEFAULT 0,   -- advance payments allocated to the proforma
  invoice_id        INTEGER REFERENCES invoices(id) ON DELETE SET NULL, -- final invoice issued from it
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  mentions          TEXT    NOT NULL DEFAULT '',
  added_by_api      INTEGER NOT NULL DEFAULT 0 CHECK (added_by_api IN (0, 1)),
  created_ts        TEXT    NOT NULL,
  last_changed_ts   TEXT    NOT NULL,
  UNIQUE (company_id, series, number)
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX proformas_company ON proformas(company_id);
CREATE INDEX proformas_company_date ON proformas(company_id, date);
CREATE INDEX proformas_company_changed ON proformas(company_id, last_changed_ts);
CREATE INDEX proformas_company_template ON proformas(company_id, subscription_template_id);

CREATE TABLE proforma_items (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL,
  proforma_id       INTEGER NOT NULL REFERENCES proformas(id) ON DELETE CASCADE,
  line_no           INTEGER NOT NULL,
  product_id        INTEGER REFERENCES products(id) ON DELETE SET NULL,
  code              TEXT    NOT NULL DEFAULT '',
  name              TEXT    NOT NULL,
  unit              TEXT    NOT NULL DEFAULT 'buc',
  quantity          REAL    NOT NULL,
  unit_price        REAL    NOT NULL,
  vat_rate          REAL    NOT NULL,
  value_without_vat REAL    NOT NULL,
  vat_value         REAL    NOT NULL,
  value_with_vat    REAL    NOT NULL
);
CREATE INDEX proforma_items_proforma ON proforma_items(proforma_id, line_no);

-- Fiscal (cash register) receipts, imported from a POS or printed by the ERP.
CREATE TABLE fiscal_receipts (
  id                  INTEGER PRIMARY KEY,
  company_id          INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  sale_id             INTEGER NOT NULL REFERENCES sales(id) ON DELETE CASCADE, -- bv_id
  pos_receipt_id      INTEGER,             -- id in the external POS, unique per account
  status_id           INTEGER NOT NULL CHECK (status_id BETWEEN 0 AND 3),
  workpoint_id        INTEGER REFERENCES workpoints(id),                      -- pl_id
  station_id          INTEGER REFERENCES cash_register_stations(id),          -- statie_id
  bf_date             TEXT,
  bon_nr              INTEGER,
  z_nr                INTEGER,                                                -- raport_z_nr
  bf_content          TEXT    NOT NULL DEFAULT '',
  printer_response    TEXT    NOT NULL DEFAULT '',
  print_confirmed_ts  TEXT,
  currency            TEXT    NOT NULL DEFAULT 'RON',
  total               REAL    NOT NULL DEFAULT 0,
  paid_cash           REAL    NOT NULL DEFAULT 0,
  paid_card           REAL    NOT NULL DEFAULT 0,
  paid_foodstamp      REAL    NOT NULL DEFAULT 0,
  paid_voucher        REAL    NOT NULL DEFAULT 0,
  paid_modern_payment REAL    NOT NULL DEFAULT 0,
  paid_other_payment  REAL    NOT NULL DEFAULT 0,
  paid_by_voucher_code TEXT   NOT NULL DEFAULT '',
  added_by_api        INTEGER NOT NULL DEFAULT 0 CHECK (added_by_api IN (0, 1)),
  created_ts          TEXT    NOT NULL,
  last_changed_ts     TEXT    NOT NULL
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX fiscal_receipts_company ON fiscal_receipts(company_id);
CREATE UNIQUE INDEX fiscal_receipts_pos ON fiscal_receipts(company_id, pos_receipt_id)
  WHERE pos_receipt_id IS NOT NULL;
CREATE INDEX fiscal_receipts_company_date ON fiscal_receipts(company_id, bf_date);
CREATE INDEX fiscal_receipts_company_changed ON fiscal_receipts(company_id, last_changed_ts);
CREATE INDEX fiscal_receipts_sale ON fiscal_receipts(sale_id);
CREATE INDEX fiscal_receipts_company_z ON fiscal_receipts(company_id, z_nr);
CREATE INDEX fiscal_receipts_company_workpoint ON fiscal_receipts(company_id, workpoint_id);
CREATE INDEX fiscal_receipts_company_station ON fiscal_receipts(company_id, station_id);
CREATE INDEX fiscal_receipts_company_status ON fiscal_receipts(company_id, status_id);

CREATE TABLE payment_types (
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  code       TEXT    NOT NULL,
  name       TEXT    NOT NULL,
  is_custom  INTEGER NOT NULL DEFAULT 0 CHECK (is_custom IN (0, 1)),
  PRIMARY KEY (company_id, code)
);

-- Payments and receipts (incasari). allocated_amount and allocation_status are kept in step
-- with payment_allocations in the same transaction so the allocation_status filter is indexed.
CREATE TABLE payments (
  id                INTEGER PRIMARY KEY,     -- incasare_id
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
  last_changed_ts   TEXT    NOT NULL
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX payments_company ON payments(company_id);
CREATE INDEX payments_company_date ON payments(company_id, date);
CREATE INDEX payments_company_changed ON payments(company_id, last_changed_ts);
CREATE INDEX payments_company_allocation ON payments(company_id, allocation_status);
CREATE INDEX payments_fiscal_receipt ON payments(fiscal_receipt_id);

CREATE TABLE payment_allocations (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL,
  payment_id INTEGER NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  doc_type   TEXT    NOT NULL CHECK (doc_type IN ('sale', 'invoice', 'proforma')),
  doc_id     INTEGER NOT NULL,
  amount     REAL    NOT NULL CHECK (amount > 0)
);
CREATE INDEX payment_allocations_payment ON payment_allocations(payment_id);
CREATE INDEX payment_allocations_doc ON payment_allocations(doc_type, doc_id);

CREATE TABLE awbs (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  sale_id           INTEGER REFERENCES sales(id) ON DELETE SET NULL,
  connector_order_id INTEGER REFERENCES connector_orders(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
  awb_nr            TEXT    NOT NULL,
  awb_type          TEXT    NOT NULL REFERENCES couriers(code),
  awb_subtype       TEXT    NOT NULL DEFAULT '',
  awb_url           TEXT    NOT NULL DEFAULT '',
  date              TEXT    NOT NULL,
  packet_count      INTEGER NOT NULL DEFAULT 1,
  weight_kg         REAL    NOT NULL DEFAULT 0,
  service_type      TEXT    NOT NULL DEFAULT 'standard',
  shipping_payer    TEXT    NOT NULL DEFAULT 'sender' CHECK (shipping_payer IN ('sender', 'recipient')),
  cod_amount        REAL    NOT NULL DEFAULT 0,
  cod_currency      TEXT    NOT NULL DEFAULT 'RON',
  declared_value    REAL    NOT NULL DEFAULT 0,
  delivery_country  TEXT    NOT NULL DEFAULT 'Romania',
  delivery_country_code TEXT NOT NULL DEFAULT 'RO',
  client_id         INTEGER REFERENCES contacts(id),
  client_name       TEXT    NOT NULL DEFAULT '',
  client_cui        TEXT    NOT NULL DEFAULT '',
  client_reg_com    TEXT    NOT NULL DEFAULT '',
  source            TEXT    NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'api', 'connector', 'b2b')),
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  created_ts        TEXT    NOT NULL,
  last_changed_ts   TEXT    NOT NULL
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX awbs_company ON awbs(company_id);
CREATE INDEX awbs_company_date ON awbs(company_id, date);
CREATE INDEX awbs_company_changed ON awbs(company_id, last_changed_ts);
CREATE INDEX awbs_company_nr ON awbs(company_id, awb_nr);
CREATE INDEX awbs_sale ON awbs(sale_id);
CREATE INDEX awbs_connector_order ON awbs(connector_order_id);

CREATE TABLE inventories (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  series            TEXT    NOT NULL,
  number            INTEGER NOT NULL,
  date              TEXT    NOT NULL,
  workpoint_id      INTEGER NOT NULL REFERENCES workpoints(id),
  sub_management_id INTEGER REFERENCES sub_managements(id),
  description       TEXT    NOT NULL DEFAULT '',
  closed            INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  created_ts        TEXT    NOT NULL,
  last_changed_ts   TEXT    NOT NULL
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX inventories_company ON inventories(company_id);
CREATE INDEX inventories_company_date ON inventories(company_id, date);
CREATE INDEX inventories_company_changed ON inventories(company_id, last_changed_ts);

-- Stock rows of an inventory: book quantity (scriptic) against counted quantity (faptic).
CREATE TABLE inventory_rows (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL,
  inventory_id    INTEGER NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
  product_id      INTEGER REFERENCES products(id) ON DELETE SET NULL,
  code            TEXT    NOT NULL DEFAULT '',
  name            TEXT    NOT NULL,
  unit            TEXT    NOT NULL DEFAULT 'buc',
  quantity_book   REAL    NOT NULL,
  quantity_counted REAL   NOT NULL,
  unit_cost_ron   REAL    NOT NULL DEFAULT 0
);
CREATE INDEX inventory_rows_inventory ON inventory_rows(inventory_id);

CREATE TABLE equipment_manufacturers (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL
);
CREATE TABLE equipment_models (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  manufacturer_id INTEGER NOT NULL REFERENCES equipment_manufacturers(id) ON DELETE CASCADE,
  name            TEXT    NOT NULL
);
CREATE TABLE equipment_types (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  name       TEXT    NOT NULL
);
-- Serial numbers of equipment known to the service (aparat_serie_id).
CREATE TABLE equipment_series (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  model_id   INTEGER REFERENCES equipment_models(id),
  serial     TEXT    NOT NULL
);

-- Service files (fise de service) of the workmanager module.
CREATE TABLE service_files (
  id                  INTEGER PRIMARY KEY,  -- fisa_id
  company_id          INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  series              TEXT    NOT NULL,
  number              INTEGER NOT NULL,
  date                TEXT    NOT NULL,
  client_id           INTEGER REFERENCES contacts(id),
  client_name         TEXT    NOT NULL DEFAULT '',
  client_cui          TEXT    NOT NULL DEFAULT '',
  client_reg_com      TEXT    NOT NULL DEFAULT '',
  workpoint_id        INTEGER REFERENCES workpoints(id),
  item_code           TEXT    NOT NULL DEFAULT '',
  item_name           TEXT    NOT NULL,
  item_series         TEXT    NOT NULL DEFAULT '',
  equipment_model_id  INTEGER REFERENCES equipment_models(id),
  defect_description  TEXT    NOT NULL DEFAULT '',
  diagnosis           TEXT    NOT NULL DEFAULT '',
  status              TEXT    NOT NULL DEFAULT 'received'
                      CHECK (status IN ('received', 'diagnosed', 'in_repair', 'ready', 'delivered', 'cancelled')),
  technician          TEXT    NOT NULL DEFAULT '',
  estimated_cost      REAL    NOT NULL DEFAULT 0,
  currency            TEXT    NOT NULL DEFAULT 'RON',
  warranty            INTEGER NOT NULL DEFAULT 0 CHECK (warranty IN (0, 1)),
  service_request_id  INTEGER,  -- the request it came from; service_requests.service_file_id is the checked side
  cancelled           INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  closed_ts           TEXT,
  created_ts          TEXT    NOT NULL,
  last_changed_ts     TEXT    NOT NULL
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX service_files_company ON service_files(company_id);
CREATE INDEX service_files_company_date ON service_files(company_id, date);
CREATE INDEX service_files_company_changed ON service_files(company_id, last_changed_ts);

-- Documents associated with a service file (sale, invoice, proforma, AWB, payment).
CREATE TABLE service_file_documents (
  service_file_id INTEGER NOT NULL REFERENCES service_files(id) ON DELETE CASCADE,
  doc_type        TEXT    NOT NULL CHECK (doc_type IN ('sale', 'invoice', 'proforma', 'awb', 'payment')),
  doc_id          INTEGER NOT NULL,
  PRIMARY KEY (service_file_id, doc_type, doc_id)
);

CREATE TABLE client_recommendations (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL,
  service_file_id INTEGER NOT NULL REFERENCES service_files(id) ON DELETE CASCADE,
  text            TEXT    NOT NULL,
  created_ts      TEXT    NOT NULL
);
CREATE INDEX client_recommendations_file ON client_recommendations(service_file_id);

-- Send-in-for-service requests (POST /workmanager/sendinrequest/).
CREATE TABLE service_requests (
  id                       INTEGER PRIMARY KEY,
  company_id               INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  date                     TEXT    NOT NULL,
  item_code                TEXT    NOT NULL,
  item_name                TEXT    NOT NULL,
  item_series              TEXT    NOT NULL DEFAULT '',
  client_id                INTEGER NOT NULL REFERENCES contacts(id),
  client_name              TEXT    NOT NULL DEFAULT '',
  client_cui               TEXT    NOT NULL DEFAULT '',
  client_reg_com           TEXT    NOT NULL DEFAULT '',
  client_address_id        INTEGER NOT NULL REFERENCES contact_addresses(id),
  invoice_address_id       INTEGER REFERENCES contact_addresses(id),
  defect_description       TEXT    NOT NULL,
  acquisition_invoice_nr   TEXT    NOT NULL DEFAULT '',
  acquisition_invoice_date TEXT,
  supplier_name            TEXT    NOT NULL DEFAULT '',
  equipment_manufacturer_id INTEGER REFERENCES equipment_manufacturers(id),
  equipment_series_id      INTEGER REFERENCES equipment_series(id),
  equipment_model_id       INTEGER REFERENCES equipment_models(id),
  equipment_type_id        INTEGER REFERENCES equipment_types(id),
  mentions                 TEXT    NOT NULL DEFAULT '',
  requested_pickup_date    TEXT,
  from_b2b                 INTEGER NOT NULL DEFAULT 0 CHECK (from_b2b IN (0, 1)),
  pickup_awb_id            INTEGER REFERENCES awbs(id),
  status                   TEXT    NOT NULL DEFAULT 'new'
                           CHECK (status IN ('new', 'pickup_scheduled', 'received', 'rejected')),
  service_file_id          INTEGER REFERENCES service_files(id),
  added_by_api             INTEGER NOT NULL DEFAULT 0 CHECK (added_by_api IN (0, 1)),
  created_ts               TEXT    NOT NULL,
  last_changed_ts          TEXT    NOT NULL
);
-- Lists walk an account's rows in id order: this index holds them that way (rowid inside).
CREATE INDEX service_requests_company ON service_requests(company_id);
CREATE INDEX service_requests_company_date ON service_requests(company_id, date);
CREATE INDEX service_requests_company_changed ON service_requests(company_id, last_changed_ts);
