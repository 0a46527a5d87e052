import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { ApiError, invoke, UsageError } from './client.ts';
import { contextOf, EXIT, wholeNumber, type CommandContext } from './context.ts';
import { accountOf } from './proxy.ts';
import { HAR_BODY_LIMIT } from '../../../shared/contract/operations-fidelity.ts';
import type { DriftDifference, DriftReport } from '../../../shared/domain/fidelity.ts';
import { splitRestUrl } from '../../core/domains/fidelity/index.ts';

interface DriftOptions {
  account?: number;
  company?: number;
  threshold: number;
  from?: string;
  clear?: boolean;
}

const count = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`'${value}' is not a whole number (0 or more)`);
  return Number(value);
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The part of a HAR file drift.compareHar needs: its GET entries (the others cannot be
 * compared), so that a day of a partner's calls stays under the control API's body limit. A file
 * that cannot be read or is no HAR document is a usage error naming it.
 */
export function readHarForDrift(file: string): { har: { log: { entries: unknown[] } & Record<string, unknown> }; others: number; accounts: number[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--from ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--from ${file}: not JSON (${(error as Error).message}); a HAR 1.2 file is JSON (a browser's "Save all as HAR")`);
  }
  const log = (value as { log?: unknown } | null)?.log;
  const entries = (log as { entries?: unknown } | undefined)?.entries;
  if (typeof log !== 'object' || log === null || !Array.isArray(entries)) {
    throw new UsageError(`--from ${file}: not a HAR document: log.entries is missing (a HAR 1.2 file holds {"log":{"entries":[...]}})`);
  }
  const isGet = (entry: unknown) => String((entry as { request?: { method?: unknown } } | null)?.request?.method ?? '').toUpperCase() === 'GET';
  const gets = entries.filter(isGet);
  // `pages` (a browser's page timings) are not compared either; what remains must fit the body limit.
  const { pages: _pages, ...rest } = log as Record<string, unknown>;
  const har = { log: { ...rest, entries: gets } };
  if (Buffer.byteLength(JSON.stringify(har)) > HAR_BODY_LIMIT) {
    throw new UsageError(`--from ${file}: its GET entries hold more than ${HAR_BODY_LIMIT / 1024 / 1024} MiB; split the file`);
  }
  return { har, others: entries.length - gets.length, accounts: accountsNamed(entries) };
}

/** The company ids the entries' REST API URLs name (/app/rest/v1/{company_id}/...), each once, in order. */
function accountsNamed(entries: unknown[]): number[] {
  const ids = new Set<number>();
  for (const entry of entries) {
    const url = (entry as { request?: { url?: unknown } } | null)?.request?.url;
    const rest = typeof url === 'string' ? splitRestUrl(url) : undefined;
    if (rest) ids.add(rest.companyId);
  }
  return [...ids];
}

/**
 * The account a HAR is compared with: --account when given (the twin's account answers, whatever
 * company id the recording holds: a partner's real id is not the twin's), else the one company
 * id every REST URL of the recording names. None, or several, is a usage error asking for --account.
 */
export function harAccount(given: number | undefined, file: string, named: number[]): { companyId: number; fromHar: boolean } {
  if (given !== undefined) return { companyId: given, fromHar: false };
  if (named.length === 1) return { companyId: named[0]!, fromHar: true };
  if (named.length === 0) {
    throw new UsageError(`drift: --from ${file}: no URL of it names an account (/app/rest/v1/{company_id}/...): give --account N`);
  }
  throw new UsageError(`drift: --from ${file}: its URLs name ${named.length} accounts (${named.join(', ')}): give --account N (the twin's account to compare with)`);
}

function describeDifference(difference: DriftDifference): string {
  const side = (types: string) => types || '(absent)';
  const example = (value: string | null) => (value === null ? '-' : JSON.stringify(value));
  return [
    `  ${difference.kind.padEnd(13)} ${difference.path || '(status code)'}: upstream ${side(difference.upstream)}, twin ${side(difference.twin)} (${plural(difference.calls, 'call')})`,
    `      e.g. ${difference.example_request}   upstream ${example(difference.upstream_example)}, twin ${example(difference.twin_example)}`,
  ].join('\n');
}

/** The report in lines a person reads: per route template its counts and differences, then the summary. */
export function describeReport(report: DriftReport, threshold: number): string {
  const lines = [`Drift of account ${report.company_id} (${report.source === 'har' ? 'a HAR recording' : 'shadow comparisons'}, ${report.generated_at})`];
  for (const route of report.routes) {
    lines.push(`${route.template}   ${plural(route.calls, 'call')}, ${route.compared} compared, ${plural(route.differences.length, 'difference')}`);
    lines.push(...route.differences.map(describeDifference));
  }
  if (report.skipped.length > 0) lines.push(`Not compared: ${report.skipped.map((s) => `${plural(s.calls, 'call')} (${s.reason})`).join(', ')}`);
  const verdict = report.differences <= threshold ? 'ok' : 'above the threshold';
  lines.push(
    `${plural(report.differences, 'difference')} in ${plural(report.routes.filter((r) => r.differences.length > 0).length, 'route')} of ${report.routes.length}; ` +
      `${plural(report.calls, 'call')}, ${report.compared} compared; threshold ${threshold}: ${verdict}`,
  );
  return lines.join('\n');
}

/** The entries left out before sending (not GETs) counted where compareHar counts what it did not compare. */
function withLeftOut(report: DriftReport, others: number): DriftReport {
  if (others === 0) return report;
  const reason = 'not a GET';
  const known = report.skipped.find((s) => s.reason === reason);
  const skipped = known
    ? report.skipped.map((s) => (s === known ? { reason, calls: s.calls + others } : s))
    : [...report.skipped, { reason, calls: others }];
  return { ...report, calls: report.calls + others, skipped };
}

/**
 * drift: the drift report of an account (the shadow comparisons of its proxied GETs), or of a
 * HAR file compared offline (--from); exit 5 when it lists more differences than --threshold.
 */
export function registerDrift(program: Command): void {
  program
    .command('drift')
    .description('Where the twin answers differently from the real service, by route; exit 5 above --threshold (for CI)')
    .option('--account <id>', 'the account (company id); with --from, default: the one its URLs name', wholeNumber)
    .addOption(new Option('--company <id>', 'the account, as the other commands name it').argParser(wholeNumber).hideHelp())
    .option('--threshold <n>', 'differences allowed before exit code 5', count, 0)
    .option('--from <file>', "compare a HAR 1.2 recording (a partner's logs, a browser's network tab) with the twin; no upstream")
    .option('--clear', "forget the account's shadow comparisons")
    .addHelpText(
      'after',
      `
Examples:
  erp-workbench drift --account 1                       # the shadow comparisons of the proxy
  erp-workbench drift --account 1 --threshold 3 --json
  erp-workbench drift --account 1 --from partner-2026-11-28.har
  erp-workbench drift --from twin-2026-11-28.har       # the account its URLs name
  erp-workbench drift --account 1 --clear

Exit codes: 0 differences <= threshold, 5 above it, 1 the service refused the call,
2 usage error (a file that cannot be read or is no HAR), 3 the service cannot be reached.`,
    )
    .action(async (options: DriftOptions, command: Command) => {
      const ctx = contextOf(command);
      if (options.clear && (options.from !== undefined || command.getOptionValueSource('threshold') === 'cli')) {
        throw new UsageError('--clear forgets the comparisons: give it without --from and --threshold');
      }
      if (options.from !== undefined) {
        const { har, others, accounts } = readHarForDrift(options.from);
        const { companyId, fromHar } = harAccount(options.account ?? options.company, options.from, accounts);
        const other = accounts.filter((id) => id !== companyId);
        if (!fromHar && other.length > 0) {
          console.error(`note: ${options.from} names account ${other.join(', ')}; the twin's account ${companyId} (--account) answers its requests`);
        }
        let compared: DriftReport;
        try {
          compared = await invoke(ctx.connection(), 'drift.compareHar', { company_id: companyId, har });
        } catch (error) {
          if (fromHar && error instanceof ApiError && error.status === 404) {
            throw new UsageError(
              `drift: --from ${options.from}: its URLs name account ${companyId}, which this workbench does not have: give --account N (the twin's account to compare with)`,
            );
          }
          throw error;
        }
        finish(ctx, withLeftOut(compared, others), options.threshold);
        return;
      }
      const companyId = accountOf(options, 'drift');
      if (options.clear) {
        const { cleared_routes } = await invoke(ctx.connection(), 'drift.clear', { company_id: companyId });
        ctx.print({ cleared_routes }, () => `Account ${companyId}: ${plural(cleared_routes, 'route')} of shadow comparisons forgotten`);
        return;
      }
      finish(ctx, await invoke(ctx.connection(), 'drift.report', { company_id: companyId }), options.threshold);
    });
}

/** Prints the report with its verdict; exit 5 above the threshold. */
function finish(ctx: CommandContext, report: DriftReport, threshold: number): void {
  const ok = report.differences <= threshold;
  ctx.print({ ...report, threshold, ok }, () => describeReport(report, threshold));
  if (!ok) process.exitCode = EXIT.driftAboveThreshold;
}
