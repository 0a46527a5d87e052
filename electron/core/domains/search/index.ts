import type { Database } from 'better-sqlite3';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import { documentNumberReadings } from '../../../../shared/filters/grammar.ts';
import { createDocumentNumberResolver, foldedSql, foldText, prefixRange, type NumberedTable } from '../../store/text-search.ts';

export type SearchHit = OperationOutput<'search.global'>[number];
type Kind = SearchHit['kind'];

/** Hits of one kind at most: a long list of one kind must not push the others out of the palette. */
const PER_KIND = 10;

interface DocumentRow {
  id: number;
  series: string;
  number: number | null;
  date: string;
  client_name: string;
  total: number;
  currency: string;
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter((part) => part).join(' · ');

/**
 * The command palette: documents by number (as documentnr reads it), AWBs by tracking number,
 * orders by their id on the connector or in the service, products by code or EAN and then by
 * the start of their name, contacts by fiscal code or exact name and then by the start of their
 * name. Every lookup reads one index (migration 015 and earlier); exact matches come first, then
 * the prefix matches, each kind capped.
 */
export function createGlobalSearch(db: Database) {
  const documents = (table: NumberedTable, kind: Kind, total: string) => ({
    kind,
    resolve: createDocumentNumberResolver(db, table),
    // (company_id, number): the few documents with that number, the series checked on each.
    rows: db.prepare<[number, number, string | null, string | null, number], DocumentRow>(
      `SELECT id, series, number, date, client_name, ${total} AS total, currency FROM ${table}
        WHERE company_id = ? AND number = ? AND (? IS NULL OR series = ?) ORDER BY id DESC LIMIT ?`,
    ),
  });
  const numbered = [
    documents('sales', 'sale', 'total_with_vat'),
    documents('invoices', 'invoice', 'total_with_vat'),
    documents('proformas', 'proforma', 'total_with_vat'),
    documents('payments', 'payment', 'amount'),
  ];
  const awbs = db.prepare<[number, string, number], { id: number; awb_nr: string; awb_type: string; date: string; client_name: string }>(
    'SELECT id, awb_nr, awb_type, date, client_name FROM awbs WHERE company_id = ? AND awb_nr = ? ORDER BY id DESC LIMIT ?',
  );
  type OrderRow = { id: number; order_unique_id: string; order_date: string; connector: string; client: string | null };
  const orders = db.prepare<[number, string, number, number | null, number], OrderRow>(
    `SELECT o.id, o.order_unique_id, o.order_date, k.name AS connector, c.name AS client
       FROM connector_orders o JOIN connectors k ON k.id = o.connector_id LEFT JOIN contacts c ON c.id = o.client_id
      WHERE o.id IN (SELECT id FROM connector_orders WHERE company_id = ? AND order_unique_id = ?
                     UNION ALL SELECT id FROM connector_orders WHERE company_id = ? AND id = ?)
      ORDER BY o.id DESC LIMIT ?`,
  );
  type ProductRow = { id: number; cod_produs: string; product_name: string; barcode: string };
  const productColumns = 'SELECT id, CAST(cod_produs AS TEXT) AS cod_produs, product_name, barcode FROM products';
  const productsByCode = db.prepare<[number, string, number, string, number, string, number], ProductRow>(
    `${productColumns} WHERE deleted = 0 AND id IN (
       SELECT id FROM products WHERE company_id = ? AND cod_produs = ?
       UNION ALL SELECT id FROM products WHERE company_id = ? AND cod_varianta = ?
       UNION ALL SELECT id FROM products WHERE company_id = ? AND barcode = ?)
     ORDER BY id LIMIT ?`,
  );
  // Names by their folded start (migration 025's indexes): "stefanescu" finds "Ștefănescu".
  const productName = foldedSql('product_name');
  const productsByName = db.prepare<[number, string, string, number], ProductRow>(
    `${productColumns} WHERE company_id = ? AND ${productName} >= ? AND ${productName} < ? AND deleted = 0
      ORDER BY ${productName}, id LIMIT ?`,
  );
  type ContactRow = { id: number; name: string; cui: string; is_client: number; is_supplier: number };
  const contactColumns = 'SELECT id, name, cui, is_client, is_supplier FROM contacts';
  const contactName = foldedSql('name');
  const contactsExact = db.prepare<[number, string, number, string, number], ContactRow>(
    `${contactColumns} WHERE deleted = 0 AND id IN (
       SELECT id FROM contacts WHERE company_id = ? AND cui = ?
       UNION ALL SELECT id FROM contacts WHERE company_id = ? AND ${contactName} = ?)
     ORDER BY id LIMIT ?`,
  );
  const contactsByName = db.prepare<[number, string, string, number], ContactRow>(
    `${contactColumns} WHERE company_id = ? AND ${contactName} >= ? AND ${contactName} < ? AND deleted = 0 ORDER BY ${contactName}, id LIMIT ?`,
  );

  const documentHit = (kind: Kind, row: DocumentRow): SearchHit => ({
    kind,
    id: row.id,
    title: `${row.series} ${row.number ?? ''}`.trim(),
    // The date and the amount go as data: the window writes them as its screens do (27.11.2026, 157,98 RON).
    subtitle: row.client_name,
    date: row.date,
    amount: row.total,
    currency: row.currency,
  });
  const productHit = (row: ProductRow): SearchHit => ({
    kind: 'product',
    id: row.id,
    title: `${row.cod_produs} ${row.product_name}`,
    subtitle: row.barcode ? `EAN ${row.barcode}` : '',
  });
  const contactHit = (row: ContactRow): SearchHit => ({
    kind: 'contact',
    id: row.id,
    title: row.name,
    subtitle: joined(row.cui, row.is_client ? 'client' : '', row.is_supplier ? 'supplier' : ''),
  });

  return {
    /** Exact matches of every kind first, then the prefix matches; at most `limit` hits. */
    search(companyId: number, q: string, limit: number): SearchHit[] {
      const text = q.trim();
      if (text === '') return [];
      const per = Math.min(limit, PER_KIND);
      // Exact matches, most specific first: a document named with its series ("FA 596"), a
      // product by code or EAN, an AWB, an order by its id on the connector, then a document by
      // its bare number (any series) and an order by the service's id. A product code that is
      // also some proforma's number so opens the product.
      const qualified: SearchHit[] = [];
      const bareNumber: SearchHit[] = [];
      const readings = documentNumberReadings(text);
      for (const { kind, resolve, rows } of numbered) {
        const named = resolve(companyId, readings);
        if (!named) continue;
        const series = named.series ?? null;
        for (const row of rows.all(companyId, named.number, series, series, per)) (series === null ? bareNumber : qualified).push(documentHit(kind, row));
      }
      const productIds = new Set<number>();
      const products: SearchHit[] = [];
      for (const row of productsByCode.all(companyId, text, companyId, text, companyId, text, per)) {
        productIds.add(row.id);
        products.push(productHit(row));
      }
      const awbHits = awbs.all(companyId, text, per).map((row): SearchHit => ({ kind: 'awb', id: row.id, title: row.awb_nr, subtitle: joined(row.awb_type, row.client_name), date: row.date }));
      const orderId = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
      const byUniqueId: SearchHit[] = [];
      const byServiceId: SearchHit[] = [];
      for (const row of orders.all(companyId, text, companyId, orderId, per)) {
        const hit: SearchHit = { kind: 'order', id: row.id, title: row.order_unique_id, subtitle: joined(`#${row.id}`, row.connector, row.client), date: row.order_date };
        (row.order_unique_id === text ? byUniqueId : byServiceId).push(hit);
      }
      const contactIds = new Set<number>();
      const contacts: SearchHit[] = [];
      const folded = foldText(text);
      for (const row of contactsExact.all(companyId, text.toUpperCase(), companyId, folded, per)) {
        contactIds.add(row.id);
        contacts.push(contactHit(row));
      }
      const exact = [...qualified, ...products, ...awbHits, ...byUniqueId, ...bareNumber, ...byServiceId, ...contacts];

      const prefix: SearchHit[] = [];
      const [low, high] = prefixRange(folded);
      const named = productsByName.all(companyId, low, high, per).filter((row) => !productIds.has(row.id));
      prefix.push(...named.slice(0, per - productIds.size).map(productHit));
      const people = contactsByName.all(companyId, low, high, per).filter((row) => !contactIds.has(row.id));
      prefix.push(...people.slice(0, per - contactIds.size).map(contactHit));
      return [...exact, ...prefix].slice(0, limit);
    },
  };
}
export type GlobalSearch = ReturnType<typeof createGlobalSearch>;
