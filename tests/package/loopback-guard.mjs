// Preloaded (NODE_OPTIONS=--import) into the Node processes of a build the tests run offline:
// every TCP connection to an address outside loopback is written to $ERPWB_OUTBOUND_LOG and
// refused before it is made. Plain JavaScript: Node loads it before any TypeScript loader.
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const log = process.env.ERPWB_OUTBOUND_LOG;
const connect = net.Socket.prototype.connect;

// Which processes it guarded ("pid script"), so a test can see it was loaded where it matters.
if (log) appendFileSync(`${log}.guarded`, `${process.pid} ${process.argv[1] ?? ''}\n`);

/** Loopback by name or address; a connection without a host goes to localhost. */
function isLoopback(host) {
  return host === undefined || host === 'localhost' || host === '::1' || /^127\./.test(host) || /^::ffff:127\./.test(host);
}

/** The options of Socket#connect's forms: (options[, cb]), (port[, host][, cb]), (path[, cb]), or net's normalized [options, cb]. */
function connectOptions(args) {
  const [first, second] = args;
  if (Array.isArray(first)) return first[0] ?? {};
  if (first !== null && typeof first === 'object') return first;
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return { port: first, host: typeof second === 'string' ? second : undefined };
}

net.Socket.prototype.connect = function guardedConnect(...args) {
  const options = connectOptions(args);
  if (options.path === undefined && !isLoopback(options.host)) {
    if (log) appendFileSync(log, `${process.pid} ${options.host}:${options.port}\n`);
    process.nextTick(() => this.destroy(new Error(`loopback-guard: refused a connection to ${options.host}:${options.port}`)));
    return this;
  }
  return connect.apply(this, args);
};
