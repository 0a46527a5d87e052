import { ErpError } from '../../api/errors.ts';

export type StorageField = 'host' | 'port' | 'user' | 'password' | 'root' | 'secure';

export const FIELD_LABELS: Record<StorageField, string> = {
  host: 'Host',
  port: 'Port',
  user: 'User',
  password: 'Password',
  root: 'Root folder',
  secure: 'FTPS',
};

/** What the form shows: messages under the fields they name, the others above the buttons. */
export interface PlainErrors {
  fields: Partial<Record<StorageField, string>>;
  general: string[];
}

/** The validator's wording (TypeBox) said in plain words for the storage form's fields. */
function plainText(field: StorageField, text: string): string {
  if (/required field is missing|fewer than 1 characters/.test(text)) return 'is required.';
  if (field === 'host' && /must match pattern/.test(text)) return "is not a host name or IP address (letters, digits, '.', '-' and ':' only).";
  if (field === 'port' && /must be (>=|<=)|must be integer/.test(text)) return 'must be a whole number from 1 to 65535.';
  if (/must not have more than (\d+) characters/.test(text)) return `is too long (${/(\d+)/.exec(text)?.[1]} characters at most).`;
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * Sorts the server's refusal by field: `ftp.host: ...` goes under Host. TypeBox also reports the
 * union's other branch (`ftp: must be null`, `... anyOf`); those say nothing to a person.
 */
export function plainErrors(error: Error | null): PlainErrors {
  const result: PlainErrors = { fields: {}, general: [] };
  if (!error) return result;
  const messages = error instanceof ErpError ? error.messages : [error.message];
  for (const message of messages) {
    const match = /^(?:ftp\.)?(host|port|user|password|root|secure): (.*)$/s.exec(message);
    if (match) {
      const field = match[1] as StorageField;
      result.fields[field] ??= plainText(field, match[2]!);
    } else if (!/^ftp: (must be null|must match a schema in anyOf)$/.test(message)) {
      result.general.push(message);
    }
  }
  if (result.general.length === 0 && Object.keys(result.fields).length === 0) result.general.push(error.message);
  if (error instanceof ErpError && result.general.length > 0 && error.status >= 500) {
    result.general = result.general.map((m) => `The server could not do it (${error.status}): ${m}`);
  }
  return result;
}
