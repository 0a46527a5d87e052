// The ceiling of the benchmark: a bare node:http server answering a pre-serialized body of the
// same size as a list page, so the ratio shows what the service costs above the machine's floor.
// Usage: node scripts/bench-ceiling.mjs <body-file> ; prints "listening <port>".
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.argv[2]);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
