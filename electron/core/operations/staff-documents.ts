import { conflict, notFound } from '../../../shared/contract/errors.ts';
import type { Awb } from '../../../shared/domain/awb.ts';
import type { staffDocumentOperations } from '../../../shared/contract/operations-staff.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Awbs } from '../domains/awb/index.ts';
import type { Database } from 'better-sqlite3';
import { createInvoiceFollowUps, type IssueOrderInvoice } from '../domains/connectors/index.ts';

export interface StaffDocumentDeps {
  db: Database;
  awbs: Awbs;
  /** The invoice action's function (connectors' issueInvoice): its preview runs it and rolls it back. */
  issueInvoice: IssueOrderInvoice;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

type StaffDocumentOperationName = keyof typeof staffDocumentOperations;

/** A window of one row by id: the list query itself narrowed to the record. */
const ONE = { offset: 0, limit: 1, direction: 'desc' } as const;

/**
 * Staff actions on documents of the screens (shared/contract/operations-staff.ts) that the REST
 * API offers too: each calls the domain function of its REST route, so a screen and a partner
 * change a document by the same rule. awbs.cancel is DELETE /awb/{awb_id}/ (domains/awb attach.ts
 * remove), told apart for staff: an AWB that is already cancelled is a 409, not a 404.
 * orders.invoicePreview is orders.issueInvoice run in a transaction that is rolled back.
 */
export function createStaffDocumentHandlers(deps: StaffDocumentDeps): HandlersOf<StaffDocumentOperationName> {
  const awb = (companyId: number, awbId: number): Awb | undefined =>
    deps.awbs.window({ companyId, id: awbId }, { ...ONE, sort: 'awb_id' }).rows[0];

  const followUps = createInvoiceFollowUps(deps.db);

  return {
    'orders.invoicePreview': (input) => followUps.preview(deps.issueInvoice, input),
    'awbs.cancel': ({ company_id, awb_id }) => {
      deps.requireAccount(company_id);
      const found = awb(company_id, awb_id);
      if (!found) throw notFound(`awb_id: AWB ${awb_id} does not exist in this account`);
      if (found.document_cancelled === 1) throw conflict(`awb_id: AWB ${found.awb_nr} (awb_id ${awb_id}) is already cancelled`);
      deps.awbs.remove(company_id, awb_id);
      return { ...found, ...awb(company_id, awb_id) };
    },
  };
}
