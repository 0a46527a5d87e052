import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { validate } from '../../electron/core/validate.ts';
import { isOperationError } from '../../shared/contract/errors.ts';

// An unknown field reads "<field>: unknown field" however many there are: TypeBox stops at 8
// errors and, past 8 unknown fields, had only its "schema is false" errors left to report.

const Item = Type.Object({ code: Type.String(), qty: Type.Integer() }, { additionalProperties: false });
const Body = Type.Object(
  { name: Type.String(), note: Type.Optional(Type.String()), items: Type.Optional(Type.Array(Item)) },
  { additionalProperties: false },
);

function messagesOf(value: unknown): string[] {
  try {
    validate(Body, value);
  } catch (error) {
    if (isOperationError(error)) return error.messages;
    throw error;
  }
  throw new Error('accepted');
}

const fields = (count: number, prefix = 'k') => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));
const unknownList = (count: number, at = '') => Array.from({ length: count }, (_, i) => `${at}k${i}: unknown field`).join('; ');

describe('unknown fields in a refusal', () => {
  it.each([1, 7, 8, 9, 12, 60])('%i unknown fields: one message naming each', (count) => {
    expect(messagesOf({ name: 'a', ...fields(count) })).toEqual([unknownList(count)]);
  });

  it('past the error limit (200) still no "schema is false"', () => {
    const messages = messagesOf({ name: 'a', ...fields(250) });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^k0: unknown field; k1: unknown field; .*; k199: unknown field$/);
    expect(messages.join(' ')).not.toContain('schema is false');
  });

  it('a mix: nine unknown fields, a wrong value, a missing field and a nested unknown field are each reported', () => {
    const messages = messagesOf({ ...fields(9), note: 5, items: [{ code: 'A', qty: 1, ...fields(9) }] });
    // In TypeBox's order (required before the object's unknown fields): one message each.
    expect(messages).toHaveLength(4);
    expect(messages).toEqual(
      expect.arrayContaining([unknownList(9), 'name: required field is missing', expect.stringMatching(/^note: /), unknownList(9, 'items[0].')]),
    );
  });
});
