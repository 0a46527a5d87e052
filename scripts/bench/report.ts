/**
 * The bench's results: ratios to the baselines, the targets as PASS/BELOW markers (the
 * bench reports, it never fails on them), one table for stdout and the same as JSON.
 */

/** One server's figures in a run, whatever the run measured (answers or exported rows). */
export interface Figures {
  /** service, ceiling, minimal, or what else the line shows. */
  server: string;
  /** Answers per second, or rows per second for exports. */
  rate: number;
  p50_ms?: number;
  p99_ms?: number;
  /** Server CPU per answer (per row for exports), µs. */
  cpu_us?: number;
  rss_mb?: number;
  non2xx?: number;
  errors?: number;
}

export interface Ratios {
  /** service rate / baseline rate */
  rate: number;
  /** baseline CPU / service CPU: 0.5 means the service spends twice the baseline's CPU. */
  cpu: number;
}

export interface Check {
  label: string;
  ok: boolean;
}

export interface ReportRow {
  section: string;
  name: string;
  unit: 'req/s' | 'rows/s';
  /** The service first, then the baselines it is compared with. */
  lines: Figures[];
  /** The baseline the ratios are to. */
  against?: 'ceiling' | 'minimal';
  ratios?: Ratios;
  checks: Check[];
  note?: string;
  /** Everything measured, for the JSON. */
  details?: unknown;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Ratios of the service to a baseline; 0 where a figure is missing or zero. */
export function ratiosOf(service: Pick<Figures, 'rate' | 'cpu_us'>, baseline: Pick<Figures, 'rate' | 'cpu_us'>): Ratios {
  return {
    rate: baseline.rate > 0 ? round2(service.rate / baseline.rate) : 0,
    cpu: service.cpu_us && baseline.cpu_us ? round2(baseline.cpu_us / service.cpu_us) : 0,
  };
}

/**
 * The "at least N x the baseline", on the lower of the two ratios: the rate ratio flatters
 * the service when the load generator bounds the baseline, the CPU ratio when the service idles
 * (waiting on the disk, say); the lower one is the honest one.
 */
export function ratioCheck(ratios: Ratios, min: number): Check {
  return { label: `>=${min}x`, ok: Math.min(ratios.rate, ratios.cpu) >= min };
}

export const atLeast = (label: string, value: number, min: number): Check => ({ label: `${label}>=${min}`, ok: value >= min });
export const under = (label: string, value: number, max: number): Check => ({ label: `${label}<${max}`, ok: value < max });
export const atMost = (label: string, value: number, max: number): Check => ({ label: `${label}<=${max}`, ok: value <= max });
export const marker = (check: Check) => `${check.ok ? 'PASS' : 'BELOW'} ${check.label}`;

const num = (x: number | undefined, digits = 0) => (x === undefined ? '' : x.toFixed(digits));

/** The table: one block per section, a line per server, ratios and markers on the service's line. */
export function formatTable(rows: ReportRow[]): string {
  const head = ['target', 'server', 'rate', 'unit', 'p50', 'p99', 'CPU µs', 'RSS MB', 'fail', 'x rate', 'x CPU', 'targets'];
  const widths = [46, 8, 9, 6, 5, 6, 8, 7, 6, 7, 6, 0];
  const cells = (values: string[]) =>
    values.map((v, i) => (i === 0 || i === 1 || i === 3 || i === values.length - 1 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' ').trimEnd();
  const out: string[] = [cells(head)];
  let section = '';
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      out.push('', `== ${section}`);
    }
    const targets = [...(row.against && row.ratios ? [`vs ${row.against}:`] : []), row.checks.map(marker).join(' · ')].join(' ');
    if (row.lines.length === 0) out.push(cells([row.name.slice(0, widths[0]), '', '', '', '', '', '', '', '', '', '', targets]));
    row.lines.forEach((line, i) => {
      const failures = (line.non2xx ?? 0) + (line.errors ?? 0);
      const first = i === 0;
      out.push(
        cells([
          first ? row.name.slice(0, widths[0]) : '',
          line.server,
          num(line.rate),
          first ? row.unit : '',
          num(line.p50_ms),
          num(line.p99_ms),
          num(line.cpu_us, line.cpu_us !== undefined && line.cpu_us < 10 ? 1 : 0),
          num(line.rss_mb),
          failures ? String(failures) : '',
          first && row.ratios?.rate ? `${row.ratios.rate}` : '',
          first && row.ratios?.cpu ? `${row.ratios.cpu}` : '',
          first ? targets : '',
        ]),
      );
    });
    if (row.note) out.push(`${''.padEnd(widths[0]! + 1)}${row.note}`);
  }
  return out.join('\n');
}
