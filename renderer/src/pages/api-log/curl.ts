import { API_LOG_BODY_HEAD } from '../../../../shared/domain/api-log.ts';

/*
 * "Copy as curl": the logged call as a command to run again. The password is never stored, so the
 * command carries a placeholder for it; the log keeps the path (no query string) and the head of
 * the body, so what it cannot give back is said beside the command.
 */

export const PASSWORD_PLACEHOLDER = '<password>';

/** POSIX shell single quotes: the text exactly, a ' written as '\''. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface LoggedCall {
  /** The REST base URL of the service (service.info), ending in /: the company id follows. */
  restBaseUrl: string;
  companyId: number;
  method: string;
  /** The route after the company id, as the log keeps it ('/sales/list/'). */
  route: string;
  user: string;
  requestBody: string;
}

export interface Curl {
  command: string;
  /** The body the log keeps is its first characters only. */
  bodyCut: boolean;
  /** The body was binary (a file upload): the log kept its size, not its bytes. */
  bodyBinary: boolean;
}

export function curlOf(call: LoggedCall): Curl {
  const base = call.restBaseUrl.endsWith('/') ? call.restBaseUrl : `${call.restBaseUrl}/`;
  // The log keeps the route decoded: encode it again (a / stays a /).
  const url = `${base}${call.companyId}${encodeURI(call.route)}`;
  const bodyBinary = /^<\d+ bytes>$/.test(call.requestBody);
  const hasBody = call.requestBody !== '' && !bodyBinary;
  // As browsers copy a request: the URL first, then one option a line.
  const parts = [`curl ${shellQuote(url)}`];
  if (call.method !== 'GET' || hasBody) parts.push(`-X ${call.method}`);
  parts.push(`-u ${shellQuote(`${call.user || '<user>'}:${PASSWORD_PLACEHOLDER}`)}`);
  if (hasBody) {
    parts.push(`-H ${shellQuote('Content-Type: application/json')}`);
    parts.push(`--data-raw ${shellQuote(call.requestBody)}`);
  }
  return { command: parts.join(' \\\n  '), bodyCut: call.requestBody.length >= API_LOG_BODY_HEAD, bodyBinary };
}
