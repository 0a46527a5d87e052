import type { Command } from 'commander';
import { UsageError } from './client.ts';

/**
 * serve: the headless service (electron/cli/serve.ts, flags of electron/cli/args.ts). The bin
 * (bin/erp-workbench.mjs) starts it without this program: the compiled dist/server/serve.js, as
 * `npm run serve` does, or serve.ts through tsx; serve.ts answers `serve --help` with its usage.
 */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Start the service: REST API, control API and web UI (flags: serve --help; --https serves over TLS)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[flags...]')
    .action(() => {
      // Listed here for the overview; the bin starts it itself, before this program loads.
      throw new UsageError('serve starts through the bin: npx erp-workbench serve [flags] (or npm run serve -- [flags])');
    });
}
