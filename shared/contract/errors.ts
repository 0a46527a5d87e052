/**
 * An expected refusal of an operation (bad input, missing record, ...): the doors translate it
 * into their own error form (an HTTP status in the envelope, a rejected IPC promise).
 * Anything else thrown is a bug and is reported as 500 without its details.
 */
export class OperationError extends Error {
  override name = 'OperationError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 501 | 503,
    message: string,
    readonly messages: string[] = [message],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, messages?: string[]) => new OperationError(400, message, messages);
export const notFound = (message: string) => new OperationError(404, message);
export const conflict = (message: string) => new OperationError(409, message);

export function isOperationError(error: unknown): error is OperationError {
  return error instanceof OperationError;
}
