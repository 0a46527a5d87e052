import type { Database } from 'better-sqlite3';
import type { documentActionOperations } from '../../../shared/contract/operations-document-actions.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { createContactUpdate } from '../domains/contacts/index.ts';
import type { createInvoiceStorno } from '../domains/invoices/index.ts';
import type { createProformaInvoice } from '../domains/proformas/index.ts';

export interface DocumentActionDeps {
  /** The dry runs' transactions. */
  db: Database;
  storno: Pick<ReturnType<typeof createInvoiceStorno>, 'storno'>;
  proformaInvoice: Pick<ReturnType<typeof createProformaInvoice>, 'invoice'>;
  contactUpdate: Pick<ReturnType<typeof createContactUpdate>, 'update'>;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

/** Thrown to roll a dry run back, carrying its answer out of the transaction. */
class RolledBack<T> {
  constructor(readonly answer: T) {}
}

/**
 * The everyday staff actions of the document and contact screens
 * (shared/contract/operations-document-actions.ts). Each action is one transaction of its domain
 * function; its preview is the same function run inside a transaction that is rolled back, so
 * what the confirm dialog announces (number, date, total, notifications) is what the click does,
 * and its refusals are the action's.
 */
export function createDocumentActionHandlers(d: DocumentActionDeps): HandlersOf<keyof typeof documentActionOperations> {
  const { storno, proformaInvoice, contactUpdate } = d;

  function dryRun<I, O>(run: (input: I) => O): (input: I) => O {
    return (input) => {
      try {
        d.db.transaction(() => {
          throw new RolledBack(run(input));
        }).immediate();
      } catch (error) {
        if (error instanceof RolledBack) return error.answer as O;
        throw error;
      }
      throw new Error('the dry run did not run');
    };
  }

  const withAccount =
    <I extends { company_id: number }, O>(run: (input: I) => O) =>
    (input: I): O => {
      d.requireAccount(input.company_id);
      return run(input);
    };

  return {
    'invoices.storno': withAccount(storno.storno),
    'invoices.stornoPreview': withAccount(dryRun(storno.storno)),
    'proformas.invoice': withAccount(proformaInvoice.invoice),
    'proformas.invoicePreview': withAccount(dryRun(proformaInvoice.invoice)),
    'contacts.update': withAccount(contactUpdate.update),
  };
}
