import { Option, type Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { invoke, UsageError } from './client.ts';
import { contextOf, wholeNumber } from './context.ts';
import { RECORDING_MODES, type ProxySettings, type ProxySettingsPatch, type RecordingMode } from '../../../shared/domain/fidelity.ts';

interface ProxyOptions {
  account?: number;
  company?: number;
  upstream?: string;
  off?: boolean;
  readOnly?: boolean;
  readWrite?: boolean;
  recording?: RecordingMode;
  shadow?: boolean;
  timeoutMs?: number;
}

const recordingMode = (value: string): RecordingMode => {
  if (!(RECORDING_MODES as readonly string[]).includes(value)) throw new InvalidArgumentError(`'${value}' is not one of ${RECORDING_MODES.join(', ')}`);
  return value as RecordingMode;
};

/** --account (or --company, as the other commands name it); a usage error when neither is given. */
export function accountOf(options: { account?: number; company?: number }, command: string): number {
  const account = options.account ?? options.company;
  if (account === undefined) throw new UsageError(`${command}: --account N is required (the company id of the account)`);
  return account;
}

/** The settings in lines a person reads. */
export function describeProxy(settings: ProxySettings): string {
  if (settings.upstream_url === null) return `Account ${settings.company_id}: proxy off (the twin answers its REST calls)`;
  return [
    `Account ${settings.company_id}: proxy on -> ${settings.upstream_url}`,
    `  ${settings.read_only ? 'read-only: GET is forwarded, other methods are refused (403) before anything leaves the machine' : 'read-write: every method is forwarded; writes reach the real account'}`,
    `  recording: ${settings.recording === 'off' ? 'off' : `one HAR file per ${settings.recording} under <data>/recordings`}`,
    `  shadow comparison: ${settings.shadow ? 'on (erp-workbench drift shows the report)' : 'off'}`,
    `  timeout: ${settings.timeout_ms} ms`,
  ].join('\n');
}

/**
 * proxy: an account's proxy mode (docs/fidelity.md). Without settings it shows them (proxy.get);
 * with any it changes those (proxy.update); --off turns the proxy off.
 */
export function registerProxy(program: Command): void {
  program
    .command('proxy')
    .description("Show or set an account's proxy mode: its REST calls forwarded to the real service, recorded and compared")
    .option('--account <id>', 'the account (company id)', wholeNumber)
    .addOption(new Option('--company <id>', 'the account, as the other commands name it').argParser(wholeNumber).hideHelp())
    .option('--upstream <url>', "the real service's base URL: https://host/app/rest/v1/{its company id} (http only for loopback)")
    .option('--off', 'turn the proxy off: the twin answers the account again')
    .option('--read-only', 'forward GET only; other methods get 403 before anything leaves the machine (the default)')
    .option('--read-write', 'forward every method: writes reach the real account')
    .option('--recording <mode>', `HAR recording: ${RECORDING_MODES.join(', ')} (default day)`, recordingMode)
    .option('--shadow', 'compare every forwarded GET with the twin\'s answer (the default)')
    .option('--no-shadow', 'no shadow comparison')
    .option('--timeout-ms <ms>', 'no complete upstream answer by then: 504 (1000-120000)', wholeNumber)
    .addHelpText(
      'after',
      `
Examples:
  erp-workbench proxy --account 1 --upstream https://erp.example.ro/app/rest/v1/4242
  erp-workbench proxy --account 1 --recording session --no-shadow
  erp-workbench proxy --account 1                 # show the settings
  erp-workbench proxy --account 1 --off

Calls to http://HOST:PORT/app/rest/v1/1/... then reach the upstream with the caller's own
credentials. Recordings: erp-workbench op recordings.list --company_id 1. Report: erp-workbench drift.`,
    )
    .action(async (options: ProxyOptions, command: Command) => {
      const ctx = contextOf(command);
      const companyId = accountOf(options, 'proxy');
      if (options.readOnly && options.readWrite) throw new UsageError('--read-only and --read-write: give one of them');
      const shadowGiven = command.getOptionValueSource('shadow') === 'cli';
      const patch: ProxySettingsPatch = {
        ...(options.upstream !== undefined && { upstream_url: options.upstream }),
        ...(options.readOnly && { read_only: true }),
        ...(options.readWrite && { read_only: false }),
        ...(options.recording !== undefined && { recording: options.recording }),
        ...(shadowGiven && { shadow: options.shadow === true }),
        ...(options.timeoutMs !== undefined && { timeout_ms: options.timeoutMs }),
      };
      if (options.off && Object.keys(patch).length > 0) throw new UsageError('--off turns the proxy off: give it alone');
      const conn = ctx.connection();
      let settings: ProxySettings;
      if (options.off) settings = await invoke(conn, 'proxy.update', { company_id: companyId, upstream_url: null });
      else if (Object.keys(patch).length === 0) settings = await invoke(conn, 'proxy.get', { company_id: companyId });
      else settings = await invoke(conn, 'proxy.update', { company_id: companyId, ...patch });
      if (options.readWrite) ctx.note('warning: --read-write: POST, PUT, PATCH and DELETE are forwarded too; writes reach the real account');
      ctx.print(settings, () => describeProxy(settings));
    });
}
