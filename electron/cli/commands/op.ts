import type { Command } from 'commander';
import { invokeRaw, UsageError } from './client.ts';
import { commonOptions, connectionOf } from './context.ts';

/** Takes `--ca FILE` (or --ca=FILE) out of the fields: the connection's, not the operation's. */
function takeCa(args: string[]): { rest: string[]; ca: string | undefined } {
  const rest: string[] = [];
  let ca: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--ca') ca = args[++i];
    else if (arg.startsWith('--ca=')) ca = arg.slice(5);
    else rest.push(arg);
  }
  return { rest, ca };
}

/**
 * op <operation> [--field value ...]: any operation of the map, exactly as `npm run erp` takes it
 * (electron/cli/erp.ts reads the fields and their types from the map; `--json '{...}'` after the
 * operation gives several fields at once, as there; --url, --token and --ca may follow too). The
 * data is printed as indented JSON, or as one line with --json before `op`.
 */
export function registerOp(program: Command): void {
  program
    .command('op')
    .description("Call any operation of the control API by name (npm run erp): 'op --help' lists them, 'op <operation> --help' its fields")
    .usage('<operation> [--field value ...] [--json \'{"field": ...}\']')
    .helpOption(false)
    .passThroughOptions()
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (_options: unknown, command: Command) => {
      const globals = commonOptions(command);
      const { rest, ca } = takeCa(command.args);
      // Loaded on use (in the bundle, a chunk of its own: erp.ts runs its main only as the entry).
      const { parseCommand } = await import('../erp.ts');
      let parsed: ReturnType<typeof parseCommand>;
      try {
        parsed = parseCommand(rest, {
          ERP_WORKBENCH_URL: globals.url ?? process.env['ERP_WORKBENCH_URL'],
          ERP_WORKBENCH_TOKEN: globals.token ?? process.env['ERP_WORKBENCH_TOKEN'],
        });
      } catch (error) {
        throw new UsageError((error as Error).message.replace(/npm run erp -- --help/g, 'npx erp-workbench op --help'));
      }
      if ('help' in parsed) {
        process.stdout.write(`${(parsed.help ?? '').replace(/npm run erp --/g, 'npx erp-workbench op').replace(/npm run serve/g, 'npx erp-workbench serve')}\n`);
        return;
      }
      const data = await invokeRaw(connectionOf(parsed.url, parsed.token, ca ?? globals.ca), parsed.op, parsed.input);
      process.stdout.write(`${globals.json ? JSON.stringify(data) : JSON.stringify(data, null, 2)}\n`);
    });
}
