-- What each accepted import of a connector order answered besides the payload (the last payload is
-- connector_orders.received_payload): its import_summary and its notices, as JSON, for the back
-- office's order detail (orders.get). NULL for imports logged before this migration; the demo
-- seed's orders were never imported (no row).
ALTER TABLE connector_order_imports ADD COLUMN import_summary TEXT;
ALTER TABLE connector_order_imports ADD COLUMN notices TEXT;
