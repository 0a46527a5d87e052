import { keepPreviousData } from '@tanstack/react-query';
import type { OperationInput, OperationName, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { ErpError } from '../../api/errors.ts';
import { useOperation } from '../../api/operations.ts';
import { fieldErrors } from '../feedback/index.ts';

/** What the click would do, as the preview section of an ActionDialog shows it. */
export interface ActionPreview<P> {
  /** The core's answer to the request (the action run and rolled back); undefined while refused or not asked yet. */
  outcome: P | undefined;
  /** A request is on its way. */
  loading: boolean;
  /** Why the core refuses these fields, when it names none of `atFields` (those are said at the field). */
  refusal: string | undefined;
  /** The refusal itself, for the fields (fieldErrors). */
  error: ErpError | null;
}

export interface PreviewOptions {
  /** Ask only when true (a field that cannot be read asks nothing). */
  enabled: boolean;
  /** Fields whose refusal the form shows at the field rather than in the preview's box. */
  atFields?: readonly string[];
  /** Keep the last outcome on screen while the next one is asked (fields whose choices come from it). */
  keepPrevious?: boolean;
}

/**
 * The preview operation of an action (invoices.stornoPreview, orders.invoicePreview, ...) for
 * the fields as they are: never cached (each answer is the store as it is now), never retried (a
 * refusal is the answer).
 */
export function useActionPreview<K extends OperationName>(op: K, input: OperationInput<K>, options: PreviewOptions): ActionPreview<OperationOutput<K>> {
  const query = useOperation(op, input, {
    enabled: options.enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    ...(options.keepPrevious && { placeholderData: keepPreviousData }),
  });
  const error = query.error;
  const atField = error !== null && Object.keys(fieldErrors(error, options.atFields ?? [])).some((field) => field !== '_form');
  return {
    outcome: error ? undefined : query.data,
    loading: query.isFetching,
    refusal: error && !atField ? error.messages.join(' ') || error.message : undefined,
    error,
  };
}
