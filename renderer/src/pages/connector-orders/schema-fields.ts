import { operations, type OperationName } from '../../../../shared/contract/operations.ts';

/*
 * What a form reads off an operation's input schema (the same TypeBox schema the core validates
 * with): a field's allowed values, default, bounds and description, so the form offers exactly
 * what the operation accepts.
 */

interface FieldSchema {
  enum?: readonly unknown[];
  anyOf?: readonly FieldSchema[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description?: string;
}

export function fieldSchema(op: OperationName, field: string): FieldSchema {
  const properties = (operations[op].input as unknown as { properties: Record<string, FieldSchema> }).properties;
  return properties[field] ?? {};
}

/** The values an enum or a union of literals allows, in the schema's order. */
export function choicesOf(op: OperationName, field: string): string[] {
  const schema = fieldSchema(op, field);
  if (schema.enum) return schema.enum.map(String);
  return (schema.anyOf ?? []).flatMap((s) => (s.const !== undefined ? [String(s.const)] : s.enum ? s.enum.map(String) : []));
}
