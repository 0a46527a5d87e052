import Type, { type TSchema } from 'typebox';
import { f, FilterError, standardFilters, type FilterField } from '../../../shared/filters/grammar.ts';
import {
  FiscalReceipt,
  FiscalReceiptImportRequest,
  FiscalReceiptImportResult,
  FISCAL_RECEIPT_IMPORT_MAX,
  FISCAL_RECEIPTS_PAGE_SIZE,
} from '../../../shared/domain/fiscal-receipts.ts';
import { SENT, type RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { fiscalReceiptImportExample, fiscalReceiptsListExample } from './fiscal-receipts.examples.ts';

const STATUS_EXPECTS = 'an integer 0..3 (0 cancelled, 1 not printed, 2 in process, 3 printed)';

/** status_id: one of the four states of the spec. */
const statusId: FilterField<number> = {
  expects: STATUS_EXPECTS,
  input: Type.Enum([0, 1, 2, 3]),
  parse(raw, key) {
    if (!/^[0-3]$/.test(raw)) throw new FilterError(key, `filter '${key}' expects ${STATUS_EXPECTS}, got '${raw}'`);
    return Number(raw);
  },
};

/** The spec: standard filters plus bv_id, raport_z_nr, pl_id, statie_id, status_id; include: items, printer_responses. */
export const fiscalReceiptListFilters = {
  ...standardFilters,
  bv_id: f.int(),
  raport_z_nr: f.int(),
  pl_id: f.int(),
  statie_id: f.int(),
  status_id: statusId,
  include: f.options(['items', 'printer_responses'] as const),
} as const;

export function registerFiscalReceiptRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/fiscalreceipts/list/',
      module: 'fiscalreceipts',
      summary: 'Fiscal (cash register) receipts',
      example: fiscalReceiptsListExample,
      description:
        "Date filters act on the receipt's date: bf_date, or the day the receipt was registered (created_ts) when it " +
        'has no bf_date (not printed yet, or imported without one); modifiedafter / modifiedthrough act on last_changed_ts. ' +
        'A receipt has no cancelled flag of its own: skipcancelled:1 hides status_id 0 (cancelled), and the ' +
        'record reports document_cancelled 1 for that status. bv_id is the sale, raport_z_nr the Z report (z_nr), pl_id ' +
        'the workpoint, statie_id the cash register station. include:items adds the lines of the sale, ' +
        'include:printer_responses adds bf_content and printer_response.',
      filters: fiscalReceiptListFilters,
      item: FiscalReceipt,
      pageSize: FISCAL_RECEIPTS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.fiscalReceipts.list({
        ...documentQuery(companyId, filters, page, FISCAL_RECEIPTS_PAGE_SIZE),
        saleId: filters.bv_id,
        zNr: filters.raport_z_nr,
        workpointId: filters.pl_id,
        stationId: filters.statie_id,
        statusId: filters.status_id,
        include: {
          items: filters.include?.has('items') ?? false,
          printerResponses: filters.include?.has('printer_responses') ?? false,
        },
      }),
  );
  registerFiscalReceiptImportRoutes(routes);
}

type JsonSchema = {
  type?: string;
  format?: string;
  pattern?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  minLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
};

/** The type and rules of one field, in words. */
function fieldRules(schema: JsonSchema): string[] {
  const rules: string[] = [];
  if (schema.format === 'date') rules.push('format YYYY-MM-DD, a calendar date');
  // A pattern is shown when no description tells the format in words.
  if (schema.pattern !== undefined && schema.description === undefined) rules.push(`matching ${schema.pattern}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`greater than ${schema.exclusiveMinimum}`);
  const maximum = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
  if (schema.minimum !== undefined && maximum !== undefined) rules.push(`${schema.minimum} to ${maximum}`);
  else if (schema.minimum !== undefined) rules.push(`at least ${schema.minimum}`);
  else if (maximum !== undefined) rules.push(`at most ${maximum}`);
  if (schema.minLength !== undefined) rules.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    rules.push(`${schema.minItems ?? 0} to ${schema.maxItems ?? 'any number of'} items`);
  }
  return rules;
}

/** A readable text listing of an object schema: one line per field (name, type, required, rules), nested objects indented. */
function schemaText(schema: JsonSchema, indent = ''): string[] {
  const lines: string[] = [];
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  const width = Math.max(...properties.map(([name]) => name.length)) + 2;
  for (const [name, field] of properties) {
    const type = field.type === 'array' ? `array of ${field.items?.type ? `${field.items.type}s` : 'values'}` : (field.type ?? 'value');
    const parts = [type, required.has(name) ? 'required' : 'optional', ...fieldRules(field)];
    lines.push(`${indent}${name.padEnd(width)}${parts.join(', ')}`);
    if (field.description) lines.push(`${indent}${' '.repeat(width)}${field.description}`);
    const element = field.type === 'array' ? field.items : field.type === 'object' ? field : undefined;
    if (element?.type === 'object') {
      lines.push('', `${indent}  each element of ${name}[]${element.additionalProperties === false ? ' (other fields are refused)' : ''}:`);
      lines.push(...schemaText(element, `${indent}  `), '');
    }
  }
  return lines;
}

/** GET /payments/fiscalreceipt/: the POST payload in words, generated from the schema that validates it. */
const FISCAL_RECEIPT_IMPORT_TEXT = [
  'POST /payments/fiscalreceipt/',
  'Content-Type: application/json',
  '',
  'Imports fiscal (cash register) receipts of the account\'s sales. The body is a JSON object:',
  '',
  ...schemaText(JSON.parse(JSON.stringify(FiscalReceiptImportRequest as TSchema)) as JsonSchema, '  '),
  'Rules:',
  `- 1 to ${FISCAL_RECEIPT_IMPORT_MAX} receipts per request, all stored in one transaction: one refused receipt`,
  '  answers 400 (messages name receipts[i].field) and nothing of the request is stored.',
  '- bv_id must be a sale of the account; a cancelled sale takes only a cancelled receipt (status_id 0).',
  '- pos_receipt_id is unique per account and may appear once per request. Already imported:',
  '  reimport_existing_bf 0 (default) skips the receipt (action skipped, nothing changes);',
  '  reimport_existing_bf 1 replaces the stored receipt (same fiscal receipt id; action replaced).',
  '- A printed receipt (status_id 3) deletes every payment of the sale (with its allocations) and records one',
  '  payment per paid_* amount above 0, in RON, dated bf_date (else the day of print_confirmed_ts, else today),',
  '  allocated to the sale up to what it has open: paid_cash -> cash, paid_card -> card, paid_foodstamp ->',
  '  foodstamps, paid_voucher -> voucher, paid_modern_payment -> modern_payment, paid_other_payment -> the',
  '  account\'s own (custom) payment type, which must be exactly one (else 400).',
  '- A printed receipt on a sale that already has an invoice must carry the invoice\'s date (bf_date,',
  '  else the day of print_confirmed_ts, else today), else 400 naming receipts[i].bf_date.',
  '- Receipts with status_id 0 (cancelled), 1 (not printed) or 2 (in process) are stored without payments; a',
  '  replaced receipt loses the payments it had created.',
  '- print_confirmed_ts: \'YYYY-MM-DD HH:MM:SS\' Europe/Bucharest, or ISO 8601 with an offset (converted).',
  '',
  'Answer data.receipts[], in request order: fiscal_receipt_id, pos_receipt_id, bv_id, status_id, action',
  '(created, replaced or skipped), notice (why a receipt was skipped), payments (incasare_id, payment_type,',
  'amount, currency, date, allocated_amount) and deleted_incasare_ids.',
  '',
].join('\n');

/** GET and POST /payments/fiscalreceipt/: the import of fiscal receipts. */
function registerFiscalReceiptImportRoutes(routes: RestRoutes): void {
  routes.endpoint(
    {
      method: 'GET',
      path: '/payments/fiscalreceipt/',
      module: 'payments',
      summary: 'The fiscal receipt import payload, described in plain text',
      example: { answer: { body: FISCAL_RECEIPT_IMPORT_TEXT } },
      description:
        'The plain-text description of the POST payload (each field with its type, whether it is required and its ' +
        'rules, then the import rules), generated from the schema that validates the POST. The spec answers it as ' +
        'text/html; the body is plain text, not the envelope.',
      ok: { contentType: 'text/html', description: 'the payload described in plain text' },
    },
    ({ reply }) => {
      reply.type('text/html; charset=utf-8').send(FISCAL_RECEIPT_IMPORT_TEXT);
      return SENT;
    },
  );

  routes.endpoint(
    {
      method: 'POST',
      path: '/payments/fiscalreceipt/',
      module: 'payments',
      summary: 'Import fiscal receipts',
      example: fiscalReceiptImportExample,
      description:
        `receipts[]: 1 to ${FISCAL_RECEIPT_IMPORT_MAX} fiscal receipt import items, checked together and stored in one ` +
        'transaction (one refused receipt: 400 naming receipts[i].field, nothing stored). A printed receipt (status_id 3) ' +
        "deletes the sale's payments and records its paid_* amounts as payments (source fiscal_receipt) allocated to the " +
        "sale; an invoice already on the sale must carry the receipt's date. An already imported pos_receipt_id is " +
        'skipped (reimport_existing_bf 0) or replaced (1). GET /payments/fiscalreceipt/ describes every rule.',
      body: { contentType: 'application/json', schema: FiscalReceiptImportRequest, description: 'receipts[]' },
      ok: { description: 'the outcome of each receipt, in request order', schema: FiscalReceiptImportResult },
      errors: { 400: 'a field missing or invalid (messages name receipts[i].field); nothing of the request is stored' },
    },
    ({ core, companyId, body }) => core.rest.fiscalReceipts.importReceipts(companyId, body),
    (data) => ({ fiscal_receipts: data.receipts.map((receipt) => receipt.fiscal_receipt_id) }),
  );
}
