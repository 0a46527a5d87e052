import type { ListRow } from '../../components/data-table/index.ts';
import type { DocumentState } from '../documents-common/detail-parts.tsx';

/** A proforma is cancelled, invoiced (its final invoice issued) or still open. */
export const proformaState = (p: Pick<ListRow<'lists.proformas'>, 'document_cancelled' | 'invoice_id'>): DocumentState =>
  p.document_cancelled ? 'cancelled' : p.invoice_id !== null ? 'invoiced' : 'open';
