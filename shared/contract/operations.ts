import Type, { type Static } from 'typebox';
import { Account, AccountPatch, ApiUser, CreatedApiUser, NewApiUser } from '../domain/accounts.ts';
import { ApiLogEntry } from '../domain/api-log.ts';
import { ServiceSettings, ServiceSettingsPatch } from '../domain/settings.ts';
import { op, CompanyId, Empty } from './operation-def.ts';
import { webhookOperations } from './operations-webhooks.ts';
import { staffDocumentOperations, staffOperations } from './operations-staff.ts';
import { attachmentOperations } from './operations-attachments.ts';
import { listOperations } from './operations-lists.ts';
import { orderOperations } from './operations-orders.ts';
import { salesOperations } from './operations-sales.ts';
import { documentOperations } from './operations-documents.ts';
import { printOperations } from './operations-print.ts';
import { preferenceOperations } from './operations-preferences.ts';
import { productOperations } from './operations-products.ts';
import { logOperations } from './operations-logs.ts';
import { resetOperations } from './operations-reset.ts';
import { accountAdminOperations } from './operations-accounts.ts';
import { faultOperations } from './operations-faults.ts';
import { snapshotOperations } from './operations-snapshots.ts';
import { clockOperations } from './operations-clock.ts';
import { fixtureOperations } from './operations-fixtures.ts';
import { attentionOperations } from './operations-attention.ts';
import { documentActionOperations } from './operations-document-actions.ts';
import { dashboardOperations } from './operations-dashboard.ts';
import { fidelityOperations } from './operations-fidelity.ts';

export type { OperationDef } from './operation-def.ts';

/**
 * The one map of every staff action and query the core offers. From it derive: the control
 * API routes (/_sandbox), the IPC channel allowlist and dispatcher, the renderer's typed client
 * and the CLI. Later issues add entries here; nothing keeps a second list.
 */
export const operations = {
  'service.health': op({
    summary: 'Liveness and version; the one call that needs no admin token (probes, `erp-workbench wait`)',
    input: Empty,
    output: Type.Object({ status: Type.Literal('ok'), version: Type.String(), api_version: Type.String() }),
    http: { method: 'GET', path: '/health' },
  }),
  'service.info': op({
    summary: 'Where the service listens: the REST base URL (add the company id) and the control API URL',
    input: Empty,
    output: Type.Object({ rest_base_url: Type.String(), control_base_url: Type.String() }),
    http: { method: 'GET', path: '/info' },
  }),
  // The reset and its progress (shared/contract/operations-reset.ts).
  ...resetOperations,
  // Named copies of the whole data, saved and restored (shared/contract/operations-snapshots.ts).
  ...snapshotOperations,
  // The test clock every "now" of the core reads (shared/contract/operations-clock.ts).
  ...clockOperations,
  'accounts.list': op({
    summary: 'Accounts with their REST switch and catalogue image setting',
    input: Empty,
    output: Type.Array(Account),
    http: { method: 'GET', path: '/accounts' },
    reads: ['accounts'],
  }),
  'accounts.update': op({
    summary:
      'Change an account: its REST module (rest_enabled) and whether image URLs sent to PUT /product/{id}/image/ are ' +
      'downloaded or stored as is (catalogue_download_images). Answers the account',
    input: Type.Object({ company_id: CompanyId, ...AccountPatch.properties }, { additionalProperties: false }),
    output: Account,
    http: { method: 'PATCH', path: '/accounts/:company_id' },
    changes: ['accounts'],
  }),
  // An account per test worker: create (a copy of the demo, or empty) and delete (shared/contract/operations-accounts.ts).
  ...accountAdminOperations,
  'apiUsers.list': op({
    summary: 'API users of an account (passwords are never shown again)',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Array(ApiUser),
    http: { method: 'GET', path: '/accounts/:company_id/api-users' },
    // A REST call moves last_used_ts without a data.changed of its own; every call is logged.
    reads: ['api_users', 'api_log'],
  }),
  'apiUsers.create': op({
    summary: 'Create an API user; the password (generated when absent) is shown only in this answer',
    input: Type.Object({ company_id: CompanyId, ...NewApiUser.properties }, { additionalProperties: false }),
    output: CreatedApiUser,
    http: { method: 'POST', path: '/accounts/:company_id/api-users', status: 201 },
    changes: ['api_users'],
  }),
  'apiUsers.delete': op({
    summary: 'Remove an API user',
    input: Type.Object({ company_id: CompanyId, id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    output: Type.Object({ deleted_id: Type.Integer() }),
    http: { method: 'DELETE', path: '/accounts/:company_id/api-users/:id' },
    changes: ['api_users'],
  }),
  'settings.get': op({
    summary: 'Service-wide settings',
    input: Empty,
    output: ServiceSettings,
    http: { method: 'GET', path: '/settings' },
    reads: ['service_settings'],
  }),
  'settings.update': op({
    summary: 'Change service-wide settings; answers all settings',
    input: ServiceSettingsPatch,
    output: ServiceSettings,
    http: { method: 'PATCH', path: '/settings' },
    changes: ['service_settings'],
  }),
  'apiLog.list': op({
    summary: 'The API log of an account, newest first',
    input: Type.Object(
      {
        company_id: CompanyId,
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
        status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
        user: Type.Optional(Type.String()),
        before_id: Type.Optional(Type.Integer({ minimum: 1, description: 'page back: entries older than this id' })),
      },
      { additionalProperties: false },
    ),
    output: Type.Array(ApiLogEntry),
    http: { method: 'GET', path: '/accounts/:company_id/api-log' },
    reads: ['api_log'],
  }),
  ...webhookOperations,
  // The header's "needs attention" badge and list (shared/contract/operations-attention.ts).
  ...attentionOperations,
  ...staffOperations,
  ...staffDocumentOperations,
  ...attachmentOperations,
  ...listOperations,
  ...orderOperations,
  ...salesOperations,
  ...documentOperations,
  ...printOperations,
  ...preferenceOperations,
  ...productOperations,
  ...logOperations,
  ...faultOperations,
  ...fixtureOperations,
  // Reverse an invoice, invoice a proforma, edit a contact (shared/contract/operations-document-actions.ts).
  ...documentActionOperations,
  // The overview's figures and charts (shared/contract/operations-dashboard.ts).
  ...dashboardOperations,
  // Proxy mode, recordings and the drift report (shared/contract/operations-fidelity.ts).
  ...fidelityOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
// Resolved once per operation into a map: indexing it stays shallow for the compiler, where a
// generic Static<> over the whole union would instantiate too deeply (TS2589).
type Inputs = { [K in OperationName]: Static<Operations[K]['input']> };
type Outputs = { [K in OperationName]: Static<Operations[K]['output']> };
export type OperationInput<K extends OperationName> = Inputs[K];
export type OperationOutput<K extends OperationName> = Outputs[K];
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];
