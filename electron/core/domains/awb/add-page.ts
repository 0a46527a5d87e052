import type { TSchema } from 'typebox';
import { AWB_ADD_MAX_ITEMS, AwbAddBody, type AwbAddBody as AwbAddBodyType, type CourierCode } from '../../../../shared/domain/awb.ts';

/** One field of a request body, flattened: awbs[].sale_id. */
interface FieldDoc {
  path: string;
  type: string;
  required: boolean;
  rules: string[];
  description: string;
}

interface SchemaNode {
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  additionalProperties?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
}

/** The fields of an object schema with their type and constraints, nested objects and arrays flattened. */
export function describeFields(schema: TSchema, prefix = ''): FieldDoc[] {
  const node = schema as unknown as SchemaNode;
  const out: FieldDoc[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = `${prefix}${name}`;
    const rules: string[] = [];
    if (child.format) rules.push(`format ${child.format}`);
    if (child.minLength !== undefined) rules.push(`at least ${child.minLength} character(s)`);
    if (child.maxLength !== undefined) rules.push(`at most ${child.maxLength} characters`);
    if (child.minimum !== undefined) rules.push(`>= ${child.minimum}`);
    if (child.maximum !== undefined) rules.push(`<= ${child.maximum}`);
    if (child.minItems !== undefined) rules.push(`at least ${child.minItems} item(s)`);
    if (child.maxItems !== undefined) rules.push(`at most ${child.maxItems} items`);
    if (child.pattern !== undefined) rules.push(`matches ${child.pattern}`);
    if (child.enum !== undefined) rules.push(`one of ${child.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (child.default !== undefined) rules.push(`default ${JSON.stringify(child.default)}`);
    const type = child.type === 'array' ? `array of ${child.items?.type ?? 'any'}` : (child.type ?? 'any');
    out.push({ path, type, required: node.required?.includes(name) ?? false, rules, description: child.description ?? '' });
    if (child.type === 'object') out.push(...describeFields(child as unknown as TSchema, `${path}.`));
    if (child.type === 'array' && child.items?.type === 'object') {
      out.push(...describeFields(child.items as unknown as TSchema, `${path}[].`));
    }
  }
  return out;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A body that POST /awb/add/ accepts for the account: a plain courier and a broker with its sub-courier. */
export function sampleBody(saleIds: number[], couriers: CourierCode[]): AwbAddBodyType {
  const plain = couriers.find((c) => c.is_broker === 0 && c.parent_code === null);
  const broker = couriers.find((c) => c.is_broker === 1 && couriers.some((s) => s.parent_code === c.code));
  const sub = broker && couriers.find((s) => s.parent_code === broker.code);
  const first = saleIds[0] ?? 1;
  const second = saleIds[1] ?? first;
  const awbs: AwbAddBodyType['awbs'] = [];
  if (plain) {
    awbs.push({ sale_id: first, awb_nr: '2000123456789', awb_type: plain.code, awb_url: 'https://courier.example/awb/2000123456789.pdf' });
  }
  if (broker && sub) awbs.push({ sale_id: second, awb_nr: '2000123456790', awb_type: broker.code, awb_subtype: sub.code });
  return { awbs };
}

/**
 * GET /awb/add/: the documentation of POST /awb/add/ as a readable HTML page, generated from the
 * schema that validates the POST, with a sample body and the accepted courier codes.
 */
export function renderAwbAddPage(couriers: CourierCode[], sample: AwbAddBodyType): string {
  const fields = describeFields(AwbAddBody)
    .map(
      (f) =>
        `<tr><td><code>${escape(f.path)}</code></td><td>${escape(f.type)}</td><td>${f.required ? 'yes' : 'no'}</td>` +
        `<td>${escape(f.rules.join('; '))}</td><td>${escape(f.description)}</td></tr>`,
    )
    .join('\n');
  const subsOf = (code: string) => couriers.filter((c) => c.parent_code === code);
  const courierRows = couriers
    .filter((c) => c.parent_code === null)
    .map((c) => {
      const subs = subsOf(c.code);
      const subText = subs.map((s) => `<code>${escape(s.code)}</code> (${escape(s.name)})`).join('<br>');
      return (
        `<tr><td><code>${escape(c.code)}</code></td><td>${escape(c.name)}</td><td>${c.is_broker === 1 ? 'broker' : 'courier'}</td>` +
        `<td>${c.is_broker === 1 ? subText || '(none)' : '&mdash;'}</td></tr>`
      );
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>POST /awb/add/</title></head>
<body>
<h1>POST /awb/add/</h1>
<p>Attaches AWBs already issued with the courier to sales of the account. Content-Type
<code>application/json</code>; the body is an object with <code>awbs</code>, 1 to ${AWB_ADD_MAX_ITEMS} AWB items.
All items are stored in one transaction: when one is refused (400, each message naming the field, such as
<code>awbs[1].awb_type</code>), none is stored. The answer's <code>data.awb_ids</code> lists the created AWB
ids in the order of the request; the AWBs appear in <code>GET /awb/list/</code> with <code>source</code> "api"
and today's date. <code>DELETE /awb/{awb_id}/</code> cancels one.</p>

<h2>Fields</h2>
<table border="1" id="fields">
<thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules</th><th>Notes</th></tr></thead>
<tbody>
${fields}
</tbody>
</table>
<p>Unknown fields are refused. A sale that does not exist in the account or is cancelled, an unknown courier
code, a missing or foreign sub-courier of a broker, a sub-courier on a courier that is not a broker, a URL that
is not http(s) and a tracking number already registered for the same courier (and not cancelled), or repeated
within the request, are each a 400.</p>

<h2>Sample body</h2>
<pre id="sample-body">${escape(JSON.stringify(sample, null, 2))}</pre>

<h2>Courier codes (<code>awb_type</code>)</h2>
<table border="1" id="couriers">
<thead><tr><th>awb_type</th><th>Name</th><th>Kind</th><th>Sub-couriers (awb_subtype)</th></tr></thead>
<tbody>
${courierRows}
</tbody>
</table>
<p>A broker needs one of its sub-couriers in <code>awb_subtype</code>; a sub-courier code is not an
<code>awb_type</code> of its own.</p>
</body>
</html>
`;
}
