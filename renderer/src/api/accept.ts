import { operations, type OperationName } from '../../../shared/contract/operations.ts';

/** What a screen accepts from a file operation: the JSON envelope, never the file as itself. */
export const ENVELOPE_ONLY = 'application/vnd.erp-workbench.envelope+json';

/**
 * The Accept header of a control API call. A file operation answers the file's own bytes to an
 * Accept naming its type, and a recording's type is application/json itself: the screens want
 * the envelope, so they ask for it in other words. No DOM here: unit-tested under Node.
 */
export function acceptOf(op: OperationName): string {
  return 'file' in operations[op].http ? ENVELOPE_ONLY : 'application/json';
}
