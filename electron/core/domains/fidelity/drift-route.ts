// One route's comparison so far, as plain JSON (the store keeps it in a row, the offline drift in
// memory): the calls of the route, the merged shapes of both sides, the status mismatches and
// skips counted. A call is first read into a PreparedCall outside any transaction (parsing a
// large answer takes time); adding it to the route's state is then cheap.
import type { DriftReport, DriftRoute } from '../../../../shared/domain/fidelity.ts';
import { routeTemplate } from './route-template.ts';
import { mergeShapes, shapeOf, type Shape } from './shape.ts';
import { diffShapes, type ShapeDifference } from './shape-diff.ts';

/** An HTTP answer as compared: status, its Content-Type ('' when none) and its body bytes. */
export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}
export interface ComparedCall {
  method: string;
  pathBelowAccount: string;
  upstream: Answer;
  twin: Answer;
}

/** Routes kept per account (per offline comparison); the calls of any further route are counted as skipped. */
export const MAX_ROUTES = 500;
/** Answers larger than this are not compared (counted as skipped). */
export const MAX_COMPARED_BODY = 20 * 1024 * 1024;
/** Differences whose calls are counted per route (more are still reported, counted as the route's calls). */
const MAX_SEEN = 1000;

export const SKIP = {
  notGet: 'not a GET',
  notRest: 'not a REST API call',
  notJson: 'the answer is not JSON',
  onlyUpstream: 'the record exists only upstream',
  onlyTwin: 'the record exists only in the twin',
  noBody: 'the recorded answer has no body',
  noAnswer: 'the request got no answer',
  tooLarge: 'the answer is over 20 MiB',
  tooManyRoutes: 'too many routes',
} as const;

interface Counted {
  calls: number;
  example_request: string;
}
interface Seen extends Counted {
  difference: ShapeDifference;
}

export interface RouteState {
  calls: number;
  /** Calls compared: by status (a mismatch) or by the shapes of both answers (`shaped`). */
  compared: number;
  shaped: number;
  upstream: Shape | null;
  twin: Shape | null;
  /** Status mismatches by '<upstream> <twin>'. */
  statuses: Record<string, Counted>;
  /** The calls each difference ('<kind> <path>') showed in on its own, with how the first one showed it. */
  seen: Record<string, Seen>;
  skipped: Record<string, number>;
  /** The first call whose bodies were compared. */
  example_request: string;
}

export const emptyRoute = (): RouteState => ({
  calls: 0, compared: 0, shaped: 0, upstream: null, twin: null, statuses: {}, seen: {}, skipped: {}, example_request: '',
});

export type PreparedCall =
  | { outcome: 'skipped'; reason: string; template?: string }
  | { outcome: 'status'; template: string; request: string; upstream: number; twin: number }
  | { outcome: 'shapes'; template: string; request: string; upstream: Shape; twin: Shape };

function parseJson(answer: Answer): { json: unknown } | undefined {
  // Only an object or an array is an API answer; a CSV or XML export is not compared.
  const text = answer.body.toString('utf8').replace(/^\uFEFF/, '');
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Reads one call: its route, and what to add to it (shapes, a status mismatch) or why it is skipped. */
export function prepareCall(call: ComparedCall, request = call.pathBelowAccount): PreparedCall {
  if (call.method.toUpperCase() !== 'GET') return { outcome: 'skipped', reason: SKIP.notGet };
  const template = routeTemplate(call.method, call.pathBelowAccount);
  const skip = (reason: string): PreparedCall => ({ outcome: 'skipped', reason, template });
  const { upstream, twin } = call;
  if (upstream.status === 0) return skip(SKIP.noAnswer);
  if (upstream.body.length > MAX_COMPARED_BODY || twin.body.length > MAX_COMPARED_BODY) return skip(SKIP.tooLarge);
  const ok = (status: number) => status >= 200 && status < 300;
  // A record one side's data has and the other's has not: not a difference of the twin's.
  if (/\{(id|order_id)\}/.test(template)) {
    if (ok(upstream.status) && twin.status === 404) return skip(SKIP.onlyUpstream);
    if (upstream.status === 404 && ok(twin.status)) return skip(SKIP.onlyTwin);
  }
  if (upstream.status !== twin.status) return { outcome: 'status', template, request, upstream: upstream.status, twin: twin.status };
  const u = parseJson(upstream);
  const t = parseJson(twin);
  if (!u || !t) return skip(SKIP.notJson);
  return { outcome: 'shapes', template, request, upstream: shapeOf(u.json), twin: shapeOf(t.json) };
}

function count(statuses: Record<string, Counted>, key: string, request: string): void {
  const known = statuses[key];
  if (known) known.calls += 1;
  else statuses[key] = { calls: 1, example_request: request };
}

/** The route's state with the call added (the same object, changed). */
export function addCall(state: RouteState, call: PreparedCall): RouteState {
  state.calls += 1;
  if (call.outcome === 'skipped') {
    state.skipped[call.reason] = (state.skipped[call.reason] ?? 0) + 1;
    return state;
  }
  state.compared += 1;
  if (call.outcome === 'status') {
    count(state.statuses, `${call.upstream} ${call.twin}`, call.request);
    return state;
  }
  state.shaped += 1;
  if (state.example_request === '') state.example_request = call.request;
  for (const difference of diffShapes(call.upstream, call.twin)) {
    const key = `${difference.kind} ${difference.path}`;
    const known = state.seen[key];
    if (known) known.calls += 1;
    else if (Object.keys(state.seen).length < MAX_SEEN) state.seen[key] = { calls: 1, example_request: call.request, difference };
  }
  state.upstream = state.upstream ? mergeShapes(state.upstream, call.upstream) : call.upstream;
  state.twin = state.twin ? mergeShapes(state.twin, call.twin) : call.twin;
  return state;
}

const byPath = <T extends { path: string; kind: string }>(a: T, b: T): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;

/** The route as the report shows it: status mismatches, the differences of the merged shapes and those single calls showed, by path. */
export function routeOf(template: string, state: RouteState): DriftRoute {
  const statuses = Object.entries(state.statuses).map(([key, seen]) => {
    const [upstream = '', twin = ''] = key.split(' ');
    return { kind: 'status' as const, path: '', upstream, twin, calls: seen.calls, example_request: seen.example_request, upstream_example: null, twin_example: null };
  });
  const merged = state.upstream && state.twin ? diffShapes(state.upstream, state.twin) : [];
  const shapes = merged.map((difference) => {
    // A difference only the calls together show (each call alone did not): all of them.
    const seen = state.seen[`${difference.kind} ${difference.path}`];
    return { ...difference, calls: seen?.calls ?? state.shaped, example_request: seen?.example_request ?? state.example_request };
  });
  // What one call's two answers showed stays a difference when other calls hide it in the merged
  // shapes (an empty page an object upstream, an array in the twin, beside full pages both send
  // as arrays). A key missing on one side is not: another call may have had it (an optional key).
  const reported = new Set(merged.map((difference) => `${difference.kind} ${difference.path}`));
  for (const [key, seen] of Object.entries(state.seen)) {
    if (reported.has(key) || seen.difference.kind === 'only_upstream' || seen.difference.kind === 'only_twin') continue;
    shapes.push({ ...seen.difference, calls: seen.calls, example_request: seen.example_request });
  }
  return { template, calls: state.calls, compared: state.compared, differences: [...statuses, ...shapes].sort(byPath) };
}

/** The whole report: routes by template, skips by reason (the routes' and those of no route). */
export function reportOf(
  companyId: number,
  source: DriftReport['source'],
  generatedAt: string,
  routes: Iterable<[string, RouteState]>,
  routelessSkips: Record<string, number>,
): DriftReport {
  const skipped = new Map(Object.entries(routelessSkips));
  const list: DriftRoute[] = [];
  for (const [template, state] of routes) {
    for (const [reason, calls] of Object.entries(state.skipped)) skipped.set(reason, (skipped.get(reason) ?? 0) + calls);
    list.push(routeOf(template, state));
  }
  list.sort((a, b) => (a.template < b.template ? -1 : a.template > b.template ? 1 : 0));
  const compared = list.reduce((sum, route) => sum + route.compared, 0);
  const skips = [...skipped].filter(([, calls]) => calls > 0).map(([reason, calls]) => ({ reason, calls })).sort((a, b) => b.calls - a.calls || (a.reason < b.reason ? -1 : 1));
  return {
    company_id: companyId,
    source,
    generated_at: generatedAt,
    calls: compared + skips.reduce((sum, skip) => sum + skip.calls, 0),
    compared,
    skipped: skips,
    differences: list.reduce((sum, route) => sum + route.differences.length, 0),
    routes: list,
  };
}
