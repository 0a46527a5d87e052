import type { Database } from 'better-sqlite3';
import type { ImportSummary } from '../../../../shared/domain/connector-orders.ts';
import type { LinkedProforma, OrderAddress, OrderClient, OrderImportEntry, OrderLine } from '../../../../shared/domain/order-detail.ts';

/**
 * What the back office's order detail shows besides the order list's row (orders-read.ts): the
 * lines, the client with the addresses the order uses, the proforma, the connector's name, the
 * last received payload with what its import answered (the newest row of the import log), and that log. One small query each,
 * all on the order's primary key or its indexes.
 */

export interface OrderExtras {
  connector_name: string;
  lines: OrderLine[];
  client: OrderClient | null;
  proforma: LinkedProforma | null;
  received_payload: unknown;
  import_summary: ImportSummary | null;
  notices: string[] | null;
  imports: OrderImportEntry[];
}

interface OrderKeys {
  client_id: number | null;
  invoice_address_id: number | null;
  delivery_address_id: number | null;
  proforma_id: number | null;
  received_payload: string | null;
  connector_name: string;
}

const ADDRESS_COLUMNS = 'country, county, city, street, number, building, stair, floor, apartment, zip';

/** A JSON column read back; a value that is not JSON (never written so) is shown as the text it is. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createOrderDetailReader(db: Database) {
  const keys = db.prepare<[number, number], OrderKeys>(
    `SELECT o.client_id, o.invoice_address_id, o.delivery_address_id, o.proforma_id, o.received_payload, c.name AS connector_name
       FROM connector_orders o JOIN connectors c ON c.id = o.connector_id
      WHERE o.company_id = ? AND o.id = ?`,
  );
  const lines = db.prepare<[number, number], OrderLine>(
    `SELECT line_no, type, code, ean, item_name, item_comments, item_requires_customization, item_quantity, item_price,
            item_vat_percent, item_price_with_vat, line_value_with_vat, discounted_price_with_vat, line_discount_value_with_vat,
            product_id
       FROM connector_order_items WHERE company_id = ? AND order_id = ? ORDER BY line_no`,
  );
  const contact = db.prepare<[number, number], Omit<OrderClient, 'invoice_address' | 'delivery_address'>>(
    'SELECT id AS contact_id, name, is_company, cui, reg_com, email, phone FROM contacts WHERE company_id = ? AND id = ?',
  );
  const address = db.prepare<[number, number], OrderAddress>(`SELECT ${ADDRESS_COLUMNS} FROM contact_addresses WHERE company_id = ? AND id = ?`);
  const proforma = db.prepare<[number, number], LinkedProforma>(
    `SELECT id AS proforma_id, series AS doc_series, number AS doc_nr, date AS doc_date, total_with_vat AS document_value_with_vat,
            currency, cancelled AS document_cancelled
       FROM proformas WHERE company_id = ? AND id = ?`,
  );
  const imports = db.prepare<[number, number], OrderImportEntry & { import_summary: string | null; notices: string | null }>(
    `SELECT method, mode, ts, import_summary, notices FROM connector_order_imports
      WHERE company_id = ? AND order_id = ? ORDER BY at_ms DESC, id DESC LIMIT 50`,
  );

  const addressOf = (companyId: number, id: number | null): OrderAddress | null => (id === null ? null : (address.get(companyId, id) ?? null));

  /** The extras of an order of the account; undefined when it does not exist. */
  function extras(companyId: number, orderId: number): OrderExtras | undefined {
    const k = keys.get(companyId, orderId);
    if (!k) return undefined;
    const person = k.client_id === null ? undefined : contact.get(companyId, k.client_id);
    const log = imports.all(companyId, orderId);
    // The last import's answer (logged before the answers were kept: none).
    const summary = parsed(log[0]?.import_summary ?? null) as ImportSummary | null;
    const notices = parsed(log[0]?.notices ?? null);
    return {
      connector_name: k.connector_name,
      lines: lines.all(companyId, orderId),
      client: person
        ? { ...person, invoice_address: addressOf(companyId, k.invoice_address_id), delivery_address: addressOf(companyId, k.delivery_address_id) }
        : null,
      proforma: k.proforma_id === null ? null : (proforma.get(companyId, k.proforma_id) ?? null),
      received_payload: parsed(k.received_payload),
      import_summary: summary,
      notices: Array.isArray(notices) ? (notices as string[]) : null,
      imports: log.map(({ method, mode, ts }) => ({ method, mode, ts })),
    };
  }

  return { extras };
}
export type OrderDetailReader = ReturnType<typeof createOrderDetailReader>;
