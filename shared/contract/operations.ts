import type { Static } from 'typebox';
import { serviceOperations, serviceSettingOperations } from './operations-service.ts';
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
import { apiLogOperations, logOperations } from './operations-logs.ts';
import { resetOperations } from './operations-reset.ts';
import { accountOperations } from './operations-accounts.ts';
import { faultOperations } from './operations-faults.ts';
import { snapshotOperations } from './operations-snapshots.ts';
import { clockOperations } from './operations-clock.ts';
import { fixtureOperations } from './operations-fixtures.ts';
import { attentionOperations } from './operations-attention.ts';
import { documentActionOperations } from './operations-document-actions.ts';
import { dashboardOperations } from './operations-dashboard.ts';
import { fidelityOperations } from './operations-fidelity.ts';

export type { OperationDef } from './operation-def.ts';
export { isWriteOperation } from './operation-def.ts';

/**
 * The one map of every staff action and query the core offers. From it derive: the control
 * API routes (/_sandbox), the IPC channel allowlist and dispatcher, the renderer's typed client
 * and the CLI. Later issues add entries here; nothing keeps a second list.
 *
 * Each area declares its operations in a file of its own (shared/contract/operations-<area>.ts),
 * handled by electron/core/operations/<area>.ts. The order of the entries is the order of the
 * control API's routes and of the CLI's list: an area whose operations sit apart in it exports
 * one map per run (tests/unit/operations-layout.test.ts checks both).
 */
export const operations = {
  // Liveness and where the service listens (shared/contract/operations-service.ts).
  ...serviceOperations,
  // The reset and its progress (shared/contract/operations-reset.ts).
  ...resetOperations,
  // Named copies of the whole data, saved and restored (shared/contract/operations-snapshots.ts).
  ...snapshotOperations,
  // The test clock every "now" of the core reads (shared/contract/operations-clock.ts).
  ...clockOperations,
  // The accounts, an account per test worker, their API users (shared/contract/operations-accounts.ts).
  ...accountOperations,
  ...serviceSettingOperations,
  ...apiLogOperations,
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
