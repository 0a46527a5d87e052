/**
 * npx erp-workbench <command> [options]: the service from a terminal and from CI (bin/erp-workbench.mjs
 * runs this). Every command but `serve` talks to a running service through the control API (the
 * operations map, shared/contract/operations.ts). Exit codes: 0 ok, 1 the service refused (API
 * error), 2 usage, 3 the service cannot be reached (4 verify: the count differs; 5 drift: above the threshold).
 */
import { Command, CommanderError } from 'commander';
import { ApiError, UnreachableError, UsageError } from './commands/client.ts';
import { EXIT } from './commands/context.ts';
import { registerServe } from './commands/serve.ts';
import { registerReset } from './commands/reset.ts';
import { registerSnapshot } from './commands/snapshot.ts';
import { registerTrigger } from './commands/trigger.ts';
import { registerListen } from './commands/listen.ts';
import { registerLogs } from './commands/logs.ts';
import { registerUsers } from './commands/users.ts';
import { registerOp } from './commands/op.ts';
import { registerWait } from './commands/wait.ts';
import { registerVerify } from './commands/verify.ts';
import { registerProxy } from './commands/proxy.ts';
import { registerDrift } from './commands/drift.ts';
import { APP_VERSION } from '../core/version.ts';

const CONNECTION_HELP = `
Connection (every command but serve): --url and --token, else ERP_WORKBENCH_URL and ERP_WORKBENCH_TOKEN
(what serve prints; the URL defaults to http://127.0.0.1:8080). An https URL of a service started with
--https: --ca <data>/tls/ca.pem, or NODE_EXTRA_CA_CERTS=<that file>.

Exit codes: 0 ok, 1 the service refused the call (its message on stderr), 2 usage error,
3 the service cannot be reached (not running, wrong URL, certificate not trusted), 4 verify: the count differs,
5 drift: more differences than --threshold.`;

/** The options of the connection and the output, on the program and on every command (before or after its name). */
function addCommonOptions(command: Command): Command {
  return command
    .option('--url <url>', 'the service, http(s)://host:port (default: $ERP_WORKBENCH_URL, else http://127.0.0.1:8080)')
    .option('--token <token>', 'the admin token serve printed (default: $ERP_WORKBENCH_TOKEN)')
    .option('--ca <file>', 'a CA certificate (PEM) to trust: <data>/tls/ca.pem of a service started with --https')
    .option('--json', 'print JSON for scripts: one object per line (live commands: one per event)');
}

export function buildProgram(): Command {
  const program = new Command('erp-workbench')
    .description('ERP Workbench: start the service, and drive a running one from a terminal or CI')
    .version(APP_VERSION)
    .enablePositionalOptions()
    .showHelpAfterError('(add --help for usage)')
    // Usage errors are exit code 2 (commander's own default is 1, which here means an API error).
    .exitOverride((error: CommanderError) => {
      throw error;
    });
  addCommonOptions(program).addHelpText('after', CONNECTION_HELP);
  registerServe(program);
  registerReset(program);
  registerSnapshot(program);
  registerTrigger(program);
  registerListen(program);
  registerLogs(program);
  registerUsers(program);
  registerWait(program);
  registerVerify(program);
  registerProxy(program);
  registerDrift(program);
  registerOp(program);
  const withCommon = (command: Command) => {
    // serve and op read their own flags; every other command takes the common ones after its name too.
    if (command.name() !== 'serve' && command.name() !== 'op') {
      if (command.commands.length === 0) addCommonOptions(command);
    }
    command.commands.forEach(withCommon);
  };
  program.commands.forEach(withCommon);
  return program;
}

/** Runs the CLI; resolves with the exit code (a live command resolves only when it stops). */
export async function runCli(argv: string[]): Promise<number> {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  try {
    process.exitCode = undefined;
    await buildProgram().parseAsync(argv, { from: 'user' });
    // A command may set a non-zero code of its own (verify: the count differs).
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof ApiError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.apiError;
    }
    if (error instanceof UnreachableError) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.unreachable;
    }
    throw error;
  }
}

process.exitCode = await runCli(process.argv.slice(2));
