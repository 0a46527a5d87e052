/**
 * The package's public surface as declarations: what `erp-workbench` exports, typed. The
 * published .d.ts files are emitted from this file (tsconfig.lib.json), so they carry these
 * types and the contract they name, not the core's internals. index.ts implements each
 * declaration under its type (`typeof Api.startWorkbench`): the two cannot drift apart.
 */
import type { ControlConnection } from './control-client.ts';
import type { Workbench, WorkbenchClient, WorkbenchOptions } from './types.ts';

export type * from './types.ts';
export { WorkbenchApiError, createControlClient } from './control-client.ts';
export { FixturesFileError } from './fixtures-file.ts';
export { withFilters } from '../../shared/rest/path-filters.ts';

/** Starts the whole service in this process: a listener on a free port, a temporary data folder. */
export declare function startWorkbench(options?: WorkbenchOptions): Promise<Workbench>;

/** The typed control client of a service already running elsewhere (a container, `npx erp-workbench serve`). */
export declare function connectWorkbench(conn: ControlConnection): WorkbenchClient;
