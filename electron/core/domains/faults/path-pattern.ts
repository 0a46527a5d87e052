/**
 * The path patterns of fault switches, relative to an account's REST base (/app/rest/v1/{id}):
 *
 * - segments are compared one by one, exactly (case-sensitive, as the routes are);
 * - '*' as a whole segment is exactly one segment, except as the last one, where it is the rest
 *   of the path, none included: '/sales/list/*' matches '/sales/list/' and '/sales/list/year:2026/page:2/';
 * - '*' inside a segment is any run of characters within it: '/sales/list/page:*';
 * - a lone '*' (or '/*') matches every path;
 * - a trailing '/' is optional on both sides, the query string is ignored.
 *
 * Tiny on purpose: no dependency of the service does URL-path globbing (picomatch and minimatch
 * are file-path globbers of the build tools, with dot-file and brace rules that mean nothing here).
 */

export interface PathPattern {
  /** The pattern as given, normalised (leading '/', no trailing '/'). */
  readonly source: string;
  matches(path: string): boolean;
}

const segmentsOf = (path: string): string[] => path.split('?', 1)[0]!.split('/').filter((segment) => segment !== '');

/** What is wrong with a pattern, or undefined when it is one. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/') && pattern !== '*') return "must start with '/' (a path below the account's REST base, e.g. '/sales/list/*')";
  if (pattern.includes('?')) return 'must not hold a query string: faults match the path only';
  if (/\s/.test(pattern)) return 'must not hold spaces (write them as %20, as the call does)';
  if (pattern.startsWith('/app/rest/')) return "is relative to the account's REST base: leave out /app/rest/v1/{company_id}";
  if (pattern.includes('**')) return "'**' is not a pattern here: a trailing '*' already matches the rest of the path";
  return undefined;
}

function segmentMatcher(segment: string): (value: string) => boolean {
  if (segment === '*') return () => true;
  if (!segment.includes('*')) return (value) => value === segment;
  const escaped = segment.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  const regex = new RegExp(`^${escaped.join('.*')}$`, 's');
  return (value) => regex.test(value);
}

export function compilePathPattern(pattern: string): PathPattern {
  const parts = segmentsOf(pattern);
  const source = `/${parts.join('/')}`;
  const restAtEnd = parts.at(-1) === '*';
  const fixed = (restAtEnd ? parts.slice(0, -1) : parts).map(segmentMatcher);
  return {
    source,
    matches(path: string): boolean {
      const segments = segmentsOf(path);
      if (restAtEnd ? segments.length < fixed.length : segments.length !== fixed.length) return false;
      return fixed.every((match, index) => match(segments[index]!));
    },
  };
}
