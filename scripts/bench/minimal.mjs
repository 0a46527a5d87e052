// Baseline 2, the minimal implementation: bare node:http + better-sqlite3 on the service's own
// database file, doing only the essential work of an answer, with no cache of answers:
//   GET  <base>/sales/list/[page:N/][minid:K/][modifiedafter:TS/][skipcancelled:1/]  the service's
//        keyset query (electron/core/store/paging.ts, domains/sales), JSON.stringify of the rows in
//        the service's envelope (electron/server/envelope.ts);
//   GET  <base>/product/list/format:csv/ and format:xml/  every sellable product, streamed in
//        keyset batches, the export's columns (the service's CSV header, given by the bench);
//   POST /_bench/write  {product_id, pret_vanzare}: the bare UPDATE a price PATCH comes down to
//        (for the run with a write between reads).
// No authentication (the user name of the Basic header is echoed as your_user), no validation
// beyond what the queries need. Keep the SQL in step with the service's when that changes: the
// bench compares the rows of both before measuring.
// Usage: node scripts/bench/minimal.mjs <config.json> ; prints "listening <port>".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { dbFile, base, companyId, exportColumns } = config;
const PAGE_SIZE = 100; // shared/domain/documents.ts LIST_PAGE_SIZE
const EXPORT_BATCH = 1000;

// Read-only, like any reader of the file; the same pragmas as electron/core/store/database.ts
// sets on the service's connection (defaults otherwise).
const db = new Database(dbFile, { readonly: true });
db.pragma('busy_timeout = 5000');
let writer; // the UPDATE of a write, on its own connection opened at the first write

const statements = new Map();
const prepare = (sql) => {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
};

// electron/core/domains/sales/index.ts SALE_COLUMNS
const SALE_COLUMNS = `id AS bv_id, series AS doc_series, number AS doc_nr, date AS doc_date, client_id, client_name, client_cui,
  client_reg_com, workpoint_id, currency, exchange_rate, total_without_vat, total_vat, total_with_vat AS document_value_with_vat,
  total_ron, cancelled AS document_cancelled,
  mentions, created_ts, last_changed_ts, paid_amount, invoice_id, connector_order_id, added_by_api`;

/** Sales filters of the path (the ones the bench sends), as the WHERE of documentWhere (same order). */
function salesWhere(filters) {
  const clauses = ['company_id = ?'];
  const params = [companyId];
  if (filters.modifiedafter !== undefined) clauses.push('last_changed_ts > ?'), params.push(filters.modifiedafter);
  if (filters.minid !== undefined) clauses.push('id >= ?'), params.push(Number(filters.minid));
  if (filters.skipcancelled === '1') clauses.push('cancelled = 0');
  return { sql: clauses.join(' AND '), params };
}

// Keyset page starts: query -> page -> the id after which it starts (learnt from the previous
// page, or found once through the index as the service's Pager does).
const starts = new Map();
function sales(filters) {
  const page = filters.page === undefined ? 1 : Number(filters.page);
  const where = salesWhere(filters);
  const key = `${where.sql}|${JSON.stringify(where.params)}`;
  let known = starts.get(key);
  if (!known) starts.set(key, (known = new Map()));
  let after;
  if (page > 1) {
    after = known.get(page);
    if (after === undefined) {
      after = prepare(`SELECT id FROM sales WHERE ${where.sql} ORDER BY id LIMIT 1 OFFSET ?`).pluck().get(...where.params, (page - 1) * PAGE_SIZE - 1);
      if (after === undefined) return { page, rows: [], hasMore: false };
      known.set(page, after);
    }
  }
  const sql = `SELECT ${SALE_COLUMNS} FROM sales WHERE ${where.sql}${after === undefined ? '' : ' AND id > ?'} ORDER BY id LIMIT ?`;
  const fetched = prepare(sql).all(...where.params, ...(after === undefined ? [] : [after]), PAGE_SIZE + 1);
  const hasMore = fetched.length > PAGE_SIZE;
  const rows = hasMore ? fetched.slice(0, PAGE_SIZE) : fetched;
  if (hasMore) known.set(page + 1, rows[rows.length - 1].bv_id);
  return { page, rows, hasMore };
}

// electron/core/domains/products/query.ts PRODUCT_FROM and PRODUCT_COLUMNS, and the stock the
// export adds per product (the sum over the account's live workpoints).
const PRODUCT_FROM = `products p
  LEFT JOIN product_categories c ON c.id = p.category_id AND c.company_id = p.company_id
  LEFT JOIN manufacturers m ON m.id = p.manufacturer_id AND m.company_id = p.company_id`;
const PRODUCT_COLUMNS = `p.id AS product_id, p.cod_varianta, CAST(p.cod_produs AS TEXT) AS cod_produs, p.barcode, p.product_name,
  p.barcode AS custom_barcode, p.cod_intern, p.deleted AS is_deleted, p.archived AS is_archived, p.delisted AS delistat,
  coalesce(c.name, '') AS category_name, p.unitate_masura, p.pret_vanzare, p.cota_tva_vanzare,
  p.selling_currency AS selling_currency_txt, p.website_published, coalesce(m.name, '') AS producator, p.last_changed_ts,
  p.family_id AS fm_id, p.category_id, p.manufacturer_id, p.product_website_title, p.product_description,
  p.partner_visible, p.is_sellable AS sellable, p.deleted, p.weight_kg AS weight, p.created_ts`;
const STOCK = (column) =>
  `(SELECT total(s.${column}) FROM stock s WHERE s.product_id = p.id AND s.company_id = p.company_id
      AND s.workpoint_id IN (SELECT value FROM json_each(?)))`;
const exportBatch = () =>
  prepare(
    `SELECT ${PRODUCT_COLUMNS}, ${STOCK('quantity')} AS q, ${STOCK('reserved')} AS r FROM ${PRODUCT_FROM}
      WHERE p.company_id = ? AND p.deleted = 0 AND p.is_sellable = 1 AND p.id > ? ORDER BY p.id LIMIT ?`,
  );

// electron/core/money.ts round2; round3 as the products domain has it.
const round2 = (x) => {
  const cents = Math.abs(x) * 100;
  const r = Math.round(cents + cents * 8 * Number.EPSILON) / 100;
  return x < 0 ? -r : r;
};
const round3 = (n) => Math.round((n + Number.EPSILON) * 1000) / 1000;

function completeProduct(row) {
  row.stoc_global = round3(row.q);
  row.stock_reserved = round3(row.r);
  row.stock_available = round3(row.q - row.r);
  row.magazia_id = null;
  row.pret_vanzare_cu_tva = round2(row.pret_vanzare * (1 + row.cota_tva_vanzare / 100));
  return row;
}

const csvCell = (value) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const xmlValue = (name, value) => {
  if (value === null || value === undefined) return `<${name} nil="true"/>`;
  const text = typeof value === 'string' ? value.replace(NOT_XML, '').replace(/[&<>\r]/g, (c) => XML_ESCAPES[c]) : String(value);
  return `<${name}>${text}</${name}>`;
};

async function exportProducts(format, response) {
  const workpoints = JSON.stringify(
    prepare('SELECT id FROM workpoints WHERE company_id = ? AND deleted = 0 ORDER BY id').pluck().all(companyId),
  );
  response.writeHead(200, { 'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8' });
  let chunk = format === 'csv' ? `${exportColumns.join(',')}\r\n` : '<?xml version="1.0" encoding="UTF-8"?>\n<products>\n';
  let after = 0;
  for (;;) {
    const rows = exportBatch().all(workpoints, workpoints, companyId, after, EXPORT_BATCH);
    for (const row of rows) {
      completeProduct(row);
      if (format === 'csv') chunk += `${exportColumns.map((column) => csvCell(row[column])).join(',')}\r\n`;
      else chunk += `<product>${exportColumns.map((column) => xmlValue(column, row[column])).join('')}</product>\n`;
    }
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1].product_id;
    // Backpressure, as a stream would: wait until the socket took the batch.
    if (!response.write(chunk)) await new Promise((done) => response.once('drain', done));
    chunk = '';
  }
  if (format === 'xml') chunk += '</products>\n';
  response.end(chunk);
}

function openWriter() {
  const connection = new Database(dbFile);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  return connection.prepare('UPDATE products SET pret_vanzare = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?');
}

function write(body, response) {
  writer ??= openWriter();
  const { product_id: id, pret_vanzare: price } = JSON.parse(body);
  writer.run(price, new Date().toISOString().slice(0, 19).replace('T', ' '), companyId, id);
  const answer = JSON.stringify({ is_error: false, http_code: 200, data: { product_id: id } });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
  response.end(answer);
}

const userOf = (header) => {
  if (!header?.startsWith('Basic ')) return '';
  const decoded = Buffer.from(header.slice(6), 'base64').toString();
  return decoded.slice(0, decoded.indexOf(':'));
};

function fail(response, status, message) {
  response.writeHead(status, { 'content-type': 'text/plain' }).end(message);
}

const server = createServer((request, response) => {
  const url = request.url;
  if (request.method === 'POST' && url === '/_bench/write') {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => write(body, response));
    return;
  }
  if (request.method !== 'GET' || !url.startsWith(base)) return fail(response, 404, 'not here');
  const route = decodeURIComponent(url.slice(base.length));
  const [, resource, action, ...segments] = route.split('/');
  const filters = {};
  for (const segment of segments) {
    if (segment === '') continue;
    const colon = segment.indexOf(':');
    if (colon < 1) return fail(response, 400, `bad filter ${segment}`);
    filters[segment.slice(0, colon)] = segment.slice(colon + 1);
  }
  if (resource === 'product' && action === 'list' && (filters.format === 'csv' || filters.format === 'xml')) {
    exportProducts(filters.format, response).catch((error) => response.destroy(error));
    return;
  }
  if (resource !== 'sales' || action !== 'list') return fail(response, 404, 'not here');
  const { page, rows, hasMore } = sales(filters);
  // The service's envelope with its paging keys, in its order.
  const answer = JSON.stringify({
    is_error: false,
    http_code: 200,
    data: rows,
    messages: [],
    request_route: route,
    your_ip: request.socket.remoteAddress,
    your_user: userOf(request.headers.authorization),
    your_method: 'GET',
    page,
    has_more_pages: hasMore,
    data_count: rows.length,
    data_next_page_exists: hasMore,
    ...(hasMore && { data_next_page: page + 1 }),
  });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
  response.end(answer);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
