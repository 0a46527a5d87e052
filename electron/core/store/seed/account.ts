// The account rows: the account itself, its currencies, payment types, document series,
// workpoints and the account-wide connector defaults (connector_id 0, reported as "global").
import type { Database } from 'better-sqlite3';
import { wallSec, fmtTs, inserter } from './util.ts';

export const STANDARD_PAYMENT_TYPES: readonly (readonly [string, string])[] = [
  ['bank_transfer', 'Transfer bancar'],
  ['cash', 'Numerar'],
  ['card', 'Card'],
  ['voucher', 'Voucher'],
  ['foodstamps', 'Tichete de masa'],
  ['modern_payment', 'Plata moderna (online)'],
];

export const CUSTOM_PAYMENT_TYPE = { code: 'tichet_cadou', name: 'Tichet cadou' } as const;

/** Document series of an account: doc_type, series. */
export const DOCUMENT_SERIES: readonly (readonly [string, string])[] = [
  ['sale', 'BV'], // wholesale sales receipts (workpoint 1)
  ['sale', 'BVM'], // retail sales receipts (workpoint 2)
  ['sale', 'BVW'], // sales receipts created from connector orders
  ['invoice', 'DMO'],
  ['invoice', 'WEB'], // invoicing.series of the connectors
  ['proforma', 'PF'],
  ['proforma', 'PFW'], // proforma.series of the connectors
  ['payment', 'CH'], // cash receipts (chitante)
  ['inventory', 'INV'],
  ['service_file', 'FS'],
];

export interface AccountRow {
  companyId: number;
  name: string;
  cui: string;
  regCom: string;
  workmanager: boolean;
  /** created_ts as stored. */
  createdTs: string;
}

export function insertAccount(db: Database, a: AccountRow, currencies: readonly string[]): void {
  inserter(db, 'accounts', [
    'company_id', 'name', 'cui', 'reg_com', 'rest_enabled', 'workmanager_enabled', 'default_currency',
    'catalogue_download_images', 'created_ts',
  ]).run(a.companyId, a.name, a.cui, a.regCom, 1, a.workmanager ? 1 : 0, 'RON', 0, a.createdTs);
  const insCur = inserter(db, 'account_currencies', ['company_id', 'currency']);
  for (const cur of currencies) insCur.run(a.companyId, cur);
}

export function insertPaymentTypes(db: Database, companyId: number, withCustom: boolean): void {
  const ins = inserter(db, 'payment_types', ['company_id', 'code', 'name', 'is_custom']);
  for (const [code, name] of STANDARD_PAYMENT_TYPES) ins.run(companyId, code, name, 0);
  if (withCustom) ins.run(companyId, CUSTOM_PAYMENT_TYPE.code, CUSTOM_PAYMENT_TYPE.name, 1);
}

/** Writes every series with next_number = last used + 1 (numbers: "doc_type|series" -> last used). */
export function insertSeries(db: Database, companyId: number, numbers: ReadonlyMap<string, number>): void {
  const ins = inserter(db, 'document_series', ['company_id', 'doc_type', 'series', 'next_number']);
  for (const [docType, series] of DOCUMENT_SERIES) {
    const last = numbers.get(`${docType}|${series}`) ?? 0;
    ins.run(companyId, docType, series, last + 1);
  }
}

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** Account defaults of the connector configuration groups (connector_id 0). */
export const GLOBAL_CONNECTOR_SETTINGS: readonly (readonly [string, string, Json])[] = [
  ['products', 'autoimport_into_erp', false],
  ['products', 'import_mode', 'all'],
  ['products', 'update_prices', true],
  ['products', 'update_stock', true],
  ['products', 'update_names', false],
  ['products', 'target_sub_management_id', null],
  ['products', 'push_enabled', true],
  ['order_processing', 'confirmation_method', 'automatic'],
  ['order_processing', 'workpoint_id', 1],
  ['order_processing', 'action_on_import', 'create_sale'],
  ['order_processing', 'next_day_hour', 16],
  ['order_processing', 'skipped_weekdays', [6, 0]],
  ['order_processing', 'cancel_action', 'cancel_documents'],
  ['order_processing', 'return_action', 'storno_invoice'],
  ['order_processing', 'ignored_validation_errors', []],
  ['order_processing', 'ignored_statuses', ['pending', 'on-hold']],
  ['order_processing', 'repeated_order_block_threshold', 3],
  ['invoicing', 'series', 'WEB'],
  ['invoicing', 'auto_issue', 'when_paid'],
  ['invoicing', 'require_stock', true],
  ['invoicing', 'excluded_payment_methods', ['credit']],
  ['invoicing', 'only_if_paid', true],
  ['invoicing', 'email_auto_send', false],
  ['proforma', 'series', 'PFW'],
  ['proforma', 'trigger_payment_methods', ['bank_transfer']],
  ['proforma', 'trigger_status', 'new'],
  ['awb', 'auto_issue', 'off'],
  ['awb', 'require_stock', true],
  ['awb', 'latest_issue_hour', 15],
  ['awb', 'skipped_weekdays', [0]],
  ['awb', 'default_courier', 'fan'],
  [
    'status_sync',
    'map',
    {
      order_imported: 'processing',
      invoice_issued: 'processing',
      awb_issued: 'shipped',
      delivered: 'completed',
      order_cancelled: 'cancelled',
    },
  ],
];

export function insertConnectorSettings(
  db: Database,
  companyId: number,
  connectorId: number,
  settings: readonly (readonly [string, string, Json])[],
): void {
  const ins = inserter(db, 'connector_settings', ['company_id', 'connector_id', 'grp', 'key', 'value']);
  for (const [grp, key, value] of settings) {
    ins.run(companyId, connectorId, grp, key, JSON.stringify(value));
  }
}

export const EMPTY_ACCOUNT_NAME = 'Firma Noua SRL';

/** One account with its configuration and no documents, no API users. */
export function seedEmptyAccount(db: Database, opts: { now: Date }): void {
  db.transaction(() => insertEmptyAccount(db, { companyId: 1, now: opts.now }))();
}

/**
 * The rows of an empty account (the caller holds the transaction): `--seed empty` makes account 1
 * of them, accounts.create more. Its workpoint takes the next free id (1 in a new store), and the
 * account-wide connector defaults name that workpoint.
 */
export function insertEmptyAccount(db: Database, opts: { companyId: number; now: Date; name?: string }): void {
  const { companyId } = opts;
  insertAccount(
    db,
    { companyId, name: opts.name ?? EMPTY_ACCOUNT_NAME, cui: 'RO40000008', regCom: 'J40/1000/2024', workmanager: false, createdTs: fmtTs(wallSec(opts.now)) },
    ['RON', 'EUR'],
  );
  insertPaymentTypes(db, companyId, false);
  insertSeries(db, companyId, new Map());
  const workpointId = Number(
    inserter(db, 'workpoints', ['company_id', 'name', 'kind', 'address', 'deleted']).run(companyId, 'Depozit central', 'wholesale', '', 0).lastInsertRowid,
  );
  const settings = GLOBAL_CONNECTOR_SETTINGS.map(([grp, key, value]): readonly [string, string, Json] =>
    grp === 'order_processing' && key === 'workpoint_id' ? [grp, key, workpointId] : [grp, key, value],
  );
  insertConnectorSettings(db, companyId, 0, settings);
}
