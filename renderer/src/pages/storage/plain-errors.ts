import type { TFunction } from 'i18next';
import { ErpError } from '../../api/errors.ts';

export type StorageField = 'host' | 'port' | 'user' | 'password' | 'root' | 'secure';

/** What the form shows: messages under the fields they name, the others above the buttons. */
export interface PlainErrors {
  fields: Partial<Record<StorageField, string>>;
  general: string[];
}

/** The validator's wording (TypeBox) said in plain words for the storage form's fields. */
function plainText(t: TFunction, field: StorageField, text: string): string {
  if (/required field is missing|fewer than 1 characters/.test(text)) return t('storage.plain.required');
  if (field === 'host' && /must match pattern/.test(text)) return t('storage.plain.host');
  if (field === 'port' && /must be (>=|<=)|must be integer/.test(text)) return t('storage.plain.port');
  if (/must not have more than (\d+) characters/.test(text)) return t('storage.plain.tooLong', { max: /(\d+)/.exec(text)?.[1] });
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * Sorts the server's refusal by field: `ftp.host: ...` goes under Host. TypeBox also reports the
 * union's other branch (`ftp: must be null`, `... anyOf`); those say nothing to a person.
 */
export function plainErrors(t: TFunction, error: Error | null): PlainErrors {
  const result: PlainErrors = { fields: {}, general: [] };
  if (!error) return result;
  const messages = error instanceof ErpError ? error.messages : [error.message];
  for (const message of messages) {
    const match = /^(?:ftp\.)?(host|port|user|password|root|secure): (.*)$/s.exec(message);
    if (match) {
      const field = match[1] as StorageField;
      result.fields[field] ??= plainText(t, field, match[2]!);
    } else if (!/^ftp: (must be null|must match a schema in anyOf)$/.test(message)) {
      result.general.push(message);
    }
  }
  if (result.general.length === 0 && Object.keys(result.fields).length === 0) result.general.push(error.message);
  if (error instanceof ErpError && result.general.length > 0 && error.status >= 500) {
    result.general = result.general.map((message) => t('storage.serverCouldNot', { status: error.status, message }));
  }
  return result;
}
