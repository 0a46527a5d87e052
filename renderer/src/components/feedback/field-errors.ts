import { ErpError } from '../../api/errors.ts';

/**
 * The core's refusal split by field: its messages read "field: what is wrong" (validate.ts and
 * the domain rules), so a form shows each at the field it names. Messages for no known field
 * are returned under `_form`, to show above the buttons.
 */
export function fieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!error) return {};
  const messages = error instanceof ErpError ? error.messages : [error instanceof Error ? error.message : String(error)];
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const message of messages) {
    const match = /^([A-Za-z_][\w.[\]]*):\s*(.+)$/s.exec(message);
    const field = match ? match[1]!.split(/[.[]/)[0]! : undefined;
    if (match && field && fields.includes(field)) byField[field] = byField[field] ? `${byField[field]}; ${match[2]}` : match[2]!;
    else {
      // A rule that names the field inside its sentence ("amount must be ...") still lands there.
      const named = fields.find((f) => new RegExp(`\\b${f}\\b`).test(message));
      if (named && !byField[named]) byField[named] = message;
      else rest.push(message);
    }
  }
  if (rest.length > 0) byField._form = rest.join('\n');
  return byField;
}
