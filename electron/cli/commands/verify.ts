import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { invoke, UsageError } from './client.ts';
import { contextOf, EXIT, wholeNumber } from './context.ts';
import { API_LOG_METHODS } from '../../../shared/contract/operations-logs.ts';

interface VerifyOptions {
  company: number;
  method?: string;
  route?: string;
  exact?: boolean;
  status?: number;
  user?: string;
  since?: string;
  until?: string;
  afterId?: number;
  count?: number;
  atLeast?: number;
  atMost?: number;
  mark?: boolean;
}

const count = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`'${value}' is not a whole number (0 or more)`);
  return Number(value);
};

const method = (value: string): string => {
  const upper = value.toUpperCase();
  if (!(API_LOG_METHODS as readonly string[]).includes(upper)) throw new InvalidArgumentError(`'${value}' is not one of ${API_LOG_METHODS.join(', ')}`);
  return upper;
};

/** What was asked, in words: "2 POST /orders/ (exactly)". */
function describe(options: VerifyOptions): string {
  const what = [options.method ?? 'any method', options.route ? `${options.route}${options.exact ? '' : '*'}` : 'any route'];
  if (options.status !== undefined) what.push(`answered ${options.status}`);
  if (options.user) what.push(`by ${options.user}`);
  if (options.afterId !== undefined) what.push(`after log entry ${options.afterId}`);
  if (options.since) what.push(`since ${options.since}`);
  if (options.until) what.push(`until ${options.until}`);
  return what.join(' ');
}

/**
 * verify: asserts how many REST calls the API log holds for a method, route and time window (as
 * WireMock's verify does), so a CI job can check that its code called the ERP as expected.
 * Exit 0 when the count is as expected, 4 when it is not (1, 2, 3 as every command).
 */
export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description('Check how many REST calls the API log holds (method, route, window); exit 4 when the count differs')
    .option('--company <id>', 'account', wholeNumber, 1)
    .option('--method <method>', 'GET, POST, PUT, PATCH, DELETE ...', method)
    .option('--route <route>', "route after the company id; its start ('/orders' counts /orders/... ) unless --exact")
    .option('--exact', 'the route must be equal, not only its start')
    .option('--status <code>', 'only calls answered with this status', wholeNumber)
    .option('--user <name>', 'only calls of this API user')
    .option('--since <time>', "from: an ISO instant (2026-11-28T10:00:00Z) or 'YYYY-MM-DD[ HH:MM:SS]' in the log's time")
    .option('--until <time>', 'up to, inclusive (same forms)')
    .option('--after-id <id>', 'only calls after this log entry (the id --mark printed)', count)
    .option('--count <n>', 'expect exactly n calls', count)
    .option('--at-least <n>', 'expect n calls or more', count)
    .option('--at-most <n>', 'expect n calls or fewer', count)
    .option('--mark', "print the newest log entry's id and exit (for a later --after-id)")
    .addHelpText(
      'after',
      `
Examples:
  MARK=$(erp-workbench verify --mark)             # before the code under test runs
  ...
  erp-workbench verify --after-id "$MARK" --method POST --route /orders/ --count 1
  erp-workbench verify --route /sales/list --since 2026-11-28T10:00:00Z --at-least 1

Exit codes: 0 as expected, 4 the count differs (found and expected on stderr), 1 the service
refused the call, 2 usage error, 3 the service cannot be reached.`,
    )
    .action(async (options: VerifyOptions, command: Command) => {
      const ctx = contextOf(command);
      const expectations = [options.count, options.atLeast, options.atMost].filter((n) => n !== undefined).length;
      if (options.mark && expectations > 0) throw new UsageError('--mark prints a mark; give it alone, without --count / --at-least / --at-most');
      if (!options.mark && expectations === 0) throw new UsageError('say what to expect: --count N, --at-least N and/or --at-most N (or --mark)');
      if (options.count !== undefined && expectations > 1) throw new UsageError('--count is exact: do not combine it with --at-least / --at-most');
      if (options.exact && !options.route) throw new UsageError('--exact needs --route');
      const found = await invoke(ctx.connection(), 'apiLog.count', {
        company_id: options.company,
        ...(options.method && { method: options.method as (typeof API_LOG_METHODS)[number] }),
        ...(options.route && { route: options.route }),
        ...(options.exact && { exact: true }),
        ...(options.status !== undefined && { status: options.status }),
        ...(options.user && { user: options.user }),
        ...(options.since && { since: options.since }),
        ...(options.until && { until: options.until }),
        ...(options.afterId !== undefined && { after_id: options.afterId }),
      });
      if (options.mark) {
        ctx.print({ latest_id: found.latest_id }, () => String(found.latest_id));
        return;
      }
      const failures: string[] = [];
      if (options.count !== undefined && found.count !== options.count) failures.push(`expected exactly ${options.count}`);
      if (options.atLeast !== undefined && found.count < options.atLeast) failures.push(`expected at least ${options.atLeast}`);
      if (options.atMost !== undefined && found.count > options.atMost) failures.push(`expected at most ${options.atMost}`);
      const asked = describe(options);
      ctx.print({ ok: failures.length === 0, ...found, expected: { count: options.count, at_least: options.atLeast, at_most: options.atMost } }, () =>
        failures.length === 0 ? `ok: ${found.count} call(s): ${asked}` : `${found.count} call(s): ${asked}`,
      );
      if (failures.length > 0) {
        const when = found.count > 0 ? ` (first ${found.first_ts}, last ${found.last_ts})` : '';
        ctx.note(`verify failed: found ${found.count}${when}; ${failures.join(' and ')}: ${asked}`);
        process.exitCode = EXIT.verifyFailed;
      }
    });
}
