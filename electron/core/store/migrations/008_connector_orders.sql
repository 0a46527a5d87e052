-- Connector order imports (POST / PUT /connector/{connector_id}/order/{order_id}/): what an
-- order needs besides the tables of 004.

-- The proforma issued for an order (proforma.trigger_payment_methods / trigger_status): an order
-- gets one, and cancelling the order cancels it (order_processing.cancel_action).
ALTER TABLE connector_orders ADD COLUMN proforma_id INTEGER REFERENCES proformas(id) ON DELETE SET NULL;

-- The workpoint whose stock.reserved holds the order's product lines
-- (order_processing.action_on_import = reserve_stock); NULL when the order reserves nothing.
ALTER TABLE connector_orders ADD COLUMN reserved_workpoint_id INTEGER REFERENCES workpoints(id);

-- Every accepted import of an order (refused requests leave no row): the repeated-order block
-- (order_processing.repeated_order_block_threshold) counts the POSTs of the last hour.
CREATE TABLE connector_order_imports (
  id           INTEGER PRIMARY KEY,
  company_id   INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  connector_id INTEGER NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
  order_id     INTEGER NOT NULL REFERENCES connector_orders(id) ON DELETE CASCADE,
  method       TEXT    NOT NULL CHECK (method IN ('POST', 'PUT')),
  mode         TEXT    NOT NULL CHECK (mode IN ('create', 'update')),
  ts           TEXT    NOT NULL,          -- 'YYYY-MM-DD HH:MM:SS' Europe/Bucharest
  at_ms        INTEGER NOT NULL           -- the same instant in Unix milliseconds (the one-hour window)
);
CREATE INDEX connector_order_imports_order ON connector_order_imports(order_id, at_ms);
