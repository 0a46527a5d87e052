/**
 * A refusal from the core as the renderer sees it, whichever transport carried it: the HTTP
 * status (or the OperationError status over IPC) and the envelope's messages.
 */
export class ErpError extends Error {
  override name = 'ErpError';
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.length > 0 ? messages.join('; ') : `request failed with status ${status}`);
  }
}

/** 4xx answers will not change by asking again; only transport trouble and 5xx are retried. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ErpError && error.status >= 400 && error.status < 500);
}
