// Baseline 1, the static ceiling: a bare node:http server answering, for each URL the bench
// measures, the very bytes the service answered for it (fetched first) with the same content
// type. What the service costs above this is everything it does besides sending the answer.
// Usage: node scripts/bench/ceiling.mjs <manifest.json> ; the manifest lists {url, file, contentType};
// prints "listening <port>".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map(({ url, file, contentType }) => [
    url,
    { body: readFileSync(file), headers: { 'content-type': contentType } },
  ]),
);
const server = createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
