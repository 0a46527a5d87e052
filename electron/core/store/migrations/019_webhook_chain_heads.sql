-- Webhook deliveries: the dispatcher reads only the head of each ordering chain.
--
-- One order's (one product's) notifications go out in id order: a pending delivery waits while an
-- earlier pending one of the same connector and ordering key exists. The dispatcher used to find
-- that out per row (NOT EXISTS on webhook_outbox_ordering) while scanning the due rows, so every
-- waiting row was read again at every look at the outbox: the cost grew with the backlog of busy
-- products. `waits` stores the answer instead (1: an earlier pending delivery of the same key goes
-- first), kept by the triggers below on every path that adds, closes or removes a delivery, so
-- the due index holds chain heads only.

ALTER TABLE webhook_outbox ADD COLUMN waits INTEGER NOT NULL DEFAULT 0;

UPDATE webhook_outbox SET waits = 1
 WHERE status = 'pending' AND ordering_key IS NOT NULL
   AND EXISTS (SELECT 1 FROM webhook_outbox p
                WHERE p.status = 'pending' AND p.connector_id = webhook_outbox.connector_id
                  AND p.ordering_key = webhook_outbox.ordering_key AND p.id < webhook_outbox.id);

-- A new pending delivery waits behind an open one of its key (ids only grow: it is the newest).
-- The outbox's own insert sets `waits` itself (no second write of the row); this covers any other.
CREATE TRIGGER webhook_outbox_chain_insert AFTER INSERT ON webhook_outbox
  WHEN new.waits = 0 AND new.status = 'pending' AND new.ordering_key IS NOT NULL
   AND EXISTS (SELECT 1 FROM webhook_outbox p
                WHERE p.status = 'pending' AND p.connector_id = new.connector_id
                  AND p.ordering_key = new.ordering_key AND p.id < new.id)
BEGIN
  UPDATE webhook_outbox SET waits = 1 WHERE id = new.id;
END;

-- A head that closes (delivered, failed, cancelled) or goes (deleted) hands over to the next of its key.
CREATE TRIGGER webhook_outbox_chain_close AFTER UPDATE OF status ON webhook_outbox
  WHEN old.status = 'pending' AND new.status <> 'pending' AND old.waits = 0 AND old.ordering_key IS NOT NULL
BEGIN
  UPDATE webhook_outbox SET waits = 0
   WHERE id = (SELECT id FROM webhook_outbox
                WHERE status = 'pending' AND connector_id = old.connector_id AND ordering_key = old.ordering_key
                ORDER BY id LIMIT 1);
END;

CREATE TRIGGER webhook_outbox_chain_delete AFTER DELETE ON webhook_outbox
  WHEN old.status = 'pending' AND old.waits = 0 AND old.ordering_key IS NOT NULL
BEGIN
  UPDATE webhook_outbox SET waits = 0
   WHERE id = (SELECT id FROM webhook_outbox
                WHERE status = 'pending' AND connector_id = old.connector_id AND ordering_key = old.ordering_key
                ORDER BY id LIMIT 1);
END;

-- Due chain heads of one connector, in send order; nothing else is in it. Replaces the index of
-- every pending row (what is due and the next time something falls due read this one).
DROP INDEX webhook_outbox_connector_due;
CREATE INDEX webhook_outbox_due_heads ON webhook_outbox(connector_id, next_attempt_at, id) WHERE status = 'pending' AND waits = 0;
