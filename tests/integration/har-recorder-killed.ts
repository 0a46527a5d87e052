// A process that records proxied calls without end, until it is killed (har-recorder-kill.test.ts).
import { createRecorder } from '../../electron/core/domains/fidelity/index.ts';

const dir = process.argv[2]!;
const recorder = createRecorder({ dir, clock: { now: () => new Date('2026-11-29T08:00:00Z') }, maxFileBytes: 200_000 });
const body = Buffer.from(JSON.stringify({ status: 1, data: { rows: [{ name: 'Ionescu Ștefan', phone: '0722 123 456', mentions: 'x'.repeat(2000) }] } }));
let calls = 0;
function next(): void {
  for (let i = 0; i < 20; i++) {
    recorder.record(3, 'day', {
      startedAt: new Date(),
      method: 'GET',
      url: `https://erp.example.ro/app/rest/v1/3/contacts/list/page:${++calls}/`,
      requestHeaders: { authorization: 'Basic dXNlcjpwYXNz' },
      status: 200,
      statusText: 'OK',
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: body,
      timeMs: 3,
    });
  }
  if (calls === 20) process.stdout.write('recording\n');
  setImmediate(next);
}
next();
