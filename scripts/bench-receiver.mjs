// A webhook receiver for the benchmark: reads each POST body and answers 200 at once.
// Runs in its own process so that it does not share the sender's event loop.
// Usage: node scripts/bench-receiver.mjs ; prints "listening <port>".
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 });
    response.end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
