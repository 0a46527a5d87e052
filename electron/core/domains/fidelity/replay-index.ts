import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readHarFile, type HarDocument } from './har.ts';
import { isOperationError } from '../../../../shared/contract/errors.ts';
import { splitRestUrl } from './rest-url.ts';

/** What replay answers with: the recorded status, headers and body bytes. */
export interface ReplayAnswer {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** A request as replay keys it: the path below the account (raw), the raw query ('' or '?a=b'), the body bytes. */
export interface ReplayRequest {
  method: string;
  pathBelowAccount: string;
  query: string;
  body?: Buffer;
}

/** The recorded answers of a folder of HAR files, found by method, path, query and body hash. */
export interface ReplayIndex {
  /** Requests indexed (REST API calls of every file). */
  entries: number;
  /** HAR files read. */
  files: number;
  /** REST calls left out because their answer's body was not recorded (a document, a body too large: the recorder's comment says why). */
  withoutBody: number;
  /** The next recorded answer to this request (repeated requests get them in order, the last one repeating); undefined: none recorded. */
  lookup(request: ReplayRequest): ReplayAnswer | undefined;
  /** Whether some recorded request has this method, path and query, whatever its body (no answer is taken). */
  covers(request: Omit<ReplayRequest, 'body'>): boolean;
}

/** A folder or file that cannot be replayed: names the file and, for a HAR that is not valid, the field. */
export class ReplayIndexError extends Error {
  override name = 'ReplayIndexError';
}

/**
 * Headers never replayed: they describe the recorded connection or the bytes as they travelled
 * (the body is replayed decoded, with its own length), or a credential.
 */
const NOT_REPLAYED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'set-cookie',
  'proxy-authenticate',
  'upgrade',
  'trailer',
]);

const sha256 = (body: Buffer | undefined) => createHash('sha256').update(body ?? Buffer.alloc(0)).digest('hex');

/** Percent-encoding written differently (a browser's %3A vs ':') reads the same; an invalid escape stays as written. */
function normalisePath(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** Parameters sorted by name (a repeated name keeps its order), encoding normalised. */
function normaliseQuery(query: string): string {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  params.sort();
  return params.toString();
}

function routeKey(request: Omit<ReplayRequest, 'body'>): string {
  return `${request.method.toUpperCase()} ${normalisePath(request.pathBelowAccount)}?${normaliseQuery(request.query)}`;
}

type HarEntry = HarDocument['log']['entries'][number];

/** The recorded answer of one entry: content.text (base64 decoded when so encoded), its content type. */
function answerOf(entry: HarEntry): ReplayAnswer {
  const { response } = entry;
  const { content } = response;
  const headers = response.headers
    .filter((header) => !NOT_REPLAYED.has(header.name.toLowerCase()))
    .map((header): [string, string] => [header.name, header.value]);
  if (!headers.some(([name]) => name.toLowerCase() === 'content-type') && content.mimeType) headers.push(['content-type', content.mimeType]);
  const text = content.text ?? '';
  const body = content.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
  return { status: response.status, statusText: response.statusText, headers, body };
}

/** One recording read and checked (readHarFile); a ReplayIndexError naming the file and each field otherwise. */
function readHar(file: string): HarDocument {
  try {
    return readHarFile(file);
  } catch (error) {
    if (!isOperationError(error)) throw error;
    throw new ReplayIndexError(`${error.messages.join('; ')} (not a HAR 1.2 recording)`);
  }
}

/**
 * Reads every *.har file of `dir` (sorted by name; entries in their recorded order) and indexes
 * its REST API calls by method + path below the account (any host, any company id; a trailing
 * slash optional) + query with its parameters sorted + the SHA-256 of the request body
 * (postData.text; none: the empty body). Entries of other URLs are left out, and so are answers
 * recorded without their body (the recorder leaves documents out). Throws a
 * ReplayIndexError for a missing folder or a file that is not a valid HAR.
 */
export function loadReplayIndex(dir: string): ReplayIndex {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new ReplayIndexError(`${dir}: not a folder (give the folder holding the .har files)`);
    names = readdirSync(dir)
      .filter((name) => name.toLowerCase().endsWith('.har'))
      .sort();
  } catch (error) {
    if (error instanceof ReplayIndexError) throw error;
    throw new ReplayIndexError(`${dir}: cannot read the folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const answers = new Map<string, { answers: ReplayAnswer[]; next: number }>();
  const routes = new Set<string>();
  let entries = 0;
  let withoutBody = 0;
  for (const name of names) {
    const har = readHar(join(dir, name));
    for (const entry of har.log.entries) {
      const rest = splitRestUrl(entry.request.url);
      if (!rest) continue;
      // An answer recorded without its body cannot be given back as it was: the fallback answers it.
      const { content } = entry.response;
      if (content.text === undefined && content.size !== 0) {
        withoutBody++;
        continue;
      }
      const route = routeKey({ method: entry.request.method, pathBelowAccount: rest.pathBelowAccount, query: rest.query });
      const text = entry.request.postData?.text;
      const key = `${route}#${sha256(text === undefined ? undefined : Buffer.from(text, 'utf8'))}`;
      const sequence = answers.get(key) ?? { answers: [], next: 0 };
      sequence.answers.push(answerOf(entry));
      answers.set(key, sequence);
      routes.add(route);
      entries++;
    }
  }
  return {
    entries,
    files: names.length,
    withoutBody,
    lookup(request) {
      const sequence = answers.get(`${routeKey(request)}#${sha256(request.body)}`);
      if (!sequence) return undefined;
      const answer = sequence.answers[Math.min(sequence.next, sequence.answers.length - 1)]!;
      sequence.next++;
      return answer;
    },
    covers: (request) => routes.has(routeKey(request)),
  };
}
