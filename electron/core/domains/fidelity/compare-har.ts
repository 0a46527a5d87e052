// Offline drift: answers recorded elsewhere (a partner's logs, a browser's network tab, a
// recording of this service) compared with what the twin answers to the same requests now.
import type { DriftReport } from '../../../../shared/domain/fidelity.ts';
import { addCall, emptyRoute, MAX_ROUTES, prepareCall, reportOf, SKIP, type Answer, type PreparedCall, type RouteState } from './drift-route.ts';
import type { HarDocument, HarEntry } from './har.ts';
import { splitRestUrl } from './rest-url.ts';
import { routeTemplate } from './route-template.ts';

export interface TwinRequest {
  method: string;
  pathBelowAccount: string;
  /** The raw query ('' or '?a=b'), as recorded. */
  query: string;
}
export type TwinAnswerer = (request: TwinRequest) => Promise<Answer>;

/** The recorded answer's body, or undefined when the recording has none (a 304, a HAR saved without content). */
function recordedBody(entry: HarEntry): Buffer | undefined {
  const { content } = entry.response;
  if (content.text === undefined) return undefined;
  const body = content.encoding === 'base64' ? Buffer.from(content.text, 'base64') : Buffer.from(content.text, 'utf8');
  return body.length === 0 ? undefined : body;
}

/**
 * Offline drift: every GET entry of the HAR (already validated by parseHar) answered by `twin`
 * and compared; nothing stored. Entries are answered one after the other (the twin is this
 * process's own service: no gain in asking it many things at once). The HAR's company id and
 * host do not matter: the path below the account is asked of account `companyId`.
 */
export async function compareHar(companyId: number, har: HarDocument, twin: TwinAnswerer, now: string): Promise<DriftReport> {
  const routes = new Map<string, RouteState>();
  const routeless: Record<string, number> = {};
  const skipRouteless = (reason: string) => void (routeless[reason] = (routeless[reason] ?? 0) + 1);
  for (const entry of har.log.entries) {
    const method = entry.request.method.toUpperCase();
    if (method !== 'GET') {
      skipRouteless(SKIP.notGet);
      continue;
    }
    const rest = splitRestUrl(entry.request.url);
    if (!rest) {
      skipRouteless(SKIP.notRest);
      continue;
    }
    const template = routeTemplate(method, rest.pathBelowAccount);
    let state = routes.get(template);
    if (!state) {
      if (routes.size >= MAX_ROUTES) {
        skipRouteless(SKIP.tooManyRoutes);
        continue;
      }
      state = emptyRoute();
      routes.set(template, state);
    }
    const body = recordedBody(entry);
    const { status, content } = entry.response;
    // Neither an answer nor a body to compare: the twin is not asked.
    const prepared: PreparedCall =
      status === 0
        ? { outcome: 'skipped', reason: SKIP.noAnswer, template }
        : body === undefined
          ? { outcome: 'skipped', reason: SKIP.noBody, template }
          : prepareCall(
              {
                method,
                pathBelowAccount: rest.pathBelowAccount,
                upstream: { status, contentType: content.mimeType, body },
                twin: await twin({ method, pathBelowAccount: rest.pathBelowAccount, query: rest.query }),
              },
              `${rest.pathBelowAccount}${rest.query}`,
            );
    addCall(state, prepared);
  }
  return reportOf(companyId, 'har', now, routes, routeless);
}
