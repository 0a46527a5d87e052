import { describe, expect, it } from 'vitest';
import { bodyHeadOf, jsonShapeBeyond } from '../../electron/server/json-body.ts';
import { API_LOG_BODY_HEAD } from '../../shared/domain/api-log.ts';

const scan = (text: string, maxDepth = 64, maxMembers = 5) => jsonShapeBeyond(Buffer.from(text), maxDepth, maxMembers);

/** Object members and array items of a parsed value, counted the way the limit means them. */
function members(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce((sum: number, item) => sum + members(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + 1 + members(item), 0);
  return 0;
}

describe('jsonShapeBeyond', () => {
  it('counts object members and array items in all, empty containers and whitespace included', () => {
    for (const text of ['{}', '[]', '[[],{},[ ]]', '{"a":[1,2],"b":{"c":{}}}', ' [ 1 , [ 2 , 3 ] ] ', '{"a":"x"}']) {
      const count = members(JSON.parse(text));
      expect(jsonShapeBeyond(Buffer.from(text), 64, count), text).toBeUndefined();
      if (count > 0) expect(jsonShapeBeyond(Buffer.from(text), 64, count - 1), text).toEqual({ kind: 'members' });
    }
  });

  it('ignores brackets, commas and escaped quotes inside strings, multi-byte characters too', () => {
    expect(scan('{"a":"[,,,{,,}\\",,,","b":"ț,ș,[[["}', 1, 2)).toBeUndefined();
    expect(scan('["\\\\",1,2]', 64, 2)).toEqual({ kind: 'members' });
  });

  it('refuses nesting past the depth limit', () => {
    expect(scan('[[[]]]', 3)).toBeUndefined();
    expect(scan('[[[[]]]]', 3)).toEqual({ kind: 'depth' });
  });
});

describe('bodyHeadOf', () => {
  it('keeps a short body whole and cuts a long one between characters, at most the head size in bytes', () => {
    expect(bodyHeadOf(Buffer.from('{"a":1}'))).toBe('{"a":1}');
    const text = `x${'ț'.repeat(API_LOG_BODY_HEAD)}`;
    const head = bodyHeadOf(Buffer.from(text));
    expect(text.startsWith(head)).toBe(true);
    expect(Buffer.byteLength(head)).toBe(API_LOG_BODY_HEAD - 1);
    expect(head).not.toContain('\uFFFD');
  });
});
