import { conflict, notFound } from '../../../shared/contract/errors.ts';
import type { Awb } from '../../../shared/domain/awb.ts';
import type { staffDocumentOperations, staffOperations } from '../../../shared/contract/operations-staff.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Awbs } from '../domains/awb/index.ts';
import type { StaffActions } from '../domains/connectors/index.ts';

export interface StaffHandlerDeps {
  /** The order and product actions of the connectors domain, each committing its notifications with it. */
  staffActions: StaffActions;
  awbs: Pick<Awbs, 'window' | 'remove'>;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

/** A window of one row by id: the list query itself narrowed to the record. */
const ONE = { offset: 0, limit: 1, direction: 'desc' } as const;

/**
 * The staff's actions (shared/contract/operations-staff.ts): an order's status, invoice (and its
 * preview, the action run and rolled back) and AWB, a product published to a connector, and the
 * documents the REST API can change too. awbs.cancel is DELETE /awb/{awb_id}/ (domains/awb
 * attach.ts remove), told apart for staff: an AWB that is already cancelled is a 409, not a 404.
 */
export function createStaffHandlers(deps: StaffHandlerDeps): HandlersOf<keyof typeof staffOperations | keyof typeof staffDocumentOperations> {
  const { staffActions } = deps;
  const awb = (companyId: number, awbId: number): Awb | undefined =>
    deps.awbs.window({ companyId, id: awbId }, { ...ONE, sort: 'awb_id' }).rows[0];

  return {
    'orders.setStatus': (input) => staffActions.setStatus(input),
    'orders.issueInvoice': (input) => staffActions.issueInvoice(input),
    'orders.generateAwb': (input) => staffActions.generateAwb(input),
    'products.publish': (input) => staffActions.publish(input),
    'products.unpublish': (input) => staffActions.unpublish(input),
    'awbs.cancel': ({ company_id, awb_id }) => {
      deps.requireAccount(company_id);
      const found = awb(company_id, awb_id);
      if (!found) throw notFound(`awb_id: AWB ${awb_id} does not exist in this account`);
      if (found.document_cancelled === 1) throw conflict(`awb_id: AWB ${found.awb_nr} (awb_id ${awb_id}) is already cancelled`);
      deps.awbs.remove(company_id, awb_id);
      return { ...found, ...awb(company_id, awb_id) };
    },
    'orders.invoicePreview': (input) => staffActions.previewInvoice(input),
  };
}
