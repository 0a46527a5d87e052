/**
 * The public types of the package's in-process API (`import { startWorkbench } from 'erp-workbench'`).
 * Kept apart from the implementation so the published declarations hold these and the contract
 * they name (the operations map, the REST paths), not the whole core.
 */
import type { ControlClient } from './control-client.ts';
import type { CreatedApiUser, NewApiUser } from '../../shared/domain/accounts.ts';
import type { FixturesDocument, FixturesResult } from '../../shared/contract/fixtures.ts';

export type { FixturesDocument, FixturesResult } from '../../shared/contract/fixtures.ts';
import type { Client } from 'openapi-fetch';
import type { paths } from '../../shared/rest/paths.ts';

export type { paths as RestPaths, components as RestComponents, operations as RestOperations } from '../../shared/rest/paths.ts';
export type { PathFilters } from '../../shared/rest/path-filters.ts';

/**
 * The REST API's typed client (openapi-fetch over the OpenAPI document's types): paths, path
 * parameters, bodies and answers typed; path-segment filters through withFilters.
 */
export type RestClient = Client<paths>;

export type { ControlClient, ControlConnection } from './control-client.ts';
export type { OperationInput, OperationName, OperationOutput } from '../../shared/contract/operations.ts';

export interface WorkbenchOptions {
  /** The data folder. Default: a new temporary folder, removed by stop() (unless keepData). */
  dataDir?: string;
  /** Remove nothing at stop(), the temporary folder included. Default false. */
  keepData?: boolean;
  /** What a new data folder is seeded with. Default 'demo' (an existing database is never reseeded). */
  seed?: 'demo' | 'empty';
  /** The demo's volume multiplier, 1 to 10000. Default 1. */
  scale?: number;
  /** Listen address. Default 127.0.0.1. */
  host?: string;
  /** Listen port. Default 0: a free port (workbench.port says which). */
  port?: number;
  /** The control API's bearer token. Default: a random one (workbench.adminToken). */
  adminToken?: string;
  /** Host names added to the allowed_hosts setting. */
  allowedHosts?: string[];
  /** Serve the web UI at `/` when the package has its build. Default true. */
  webUi?: boolean;
  /**
   * Declared data applied once the service runs (docs/fixtures.md): a JSON or YAML file's path,
   * or the document itself. A refusal stops the service again and throws, naming the place.
   */
  fixtures?: string | FixturesDocument;
}

/** An API user made for a test: its credentials and a REST base that goes with them. */
export interface WorkbenchApiUser {
  username: string;
  password: string;
  companyId: number;
  /** Basic credentials as the Authorization header wants them. */
  authorization: string;
  user: CreatedApiUser;
}

/** The control API and helpers over it, for one running service. */
export interface WorkbenchClient {
  /** Every control-API operation, typed: `control.accounts.list()`, `control.clock.set({...})`. */
  control: ControlClient;
  /**
   * Makes a REST API user (POST /_sandbox/accounts/{id}/api-users). Default: every route and
   * method, any IP, a generated password and a unique name.
   */
  createApiUser(companyId?: number, user?: Partial<NewApiUser>): Promise<WorkbenchApiUser>;
  /**
   * A typed REST client that calls as this user: `rest(user).GET('/app/rest/v1/{company_id}/sales/list/',
   * { params: { path: { company_id: 1 } } })`; with filters: `GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: 2026 }), ...)`.
   */
  rest(user: { username: string; password: string }): RestClient;
}

/** A service started in this process by startWorkbench. */
export interface Workbench {
  /** http://host:port of the listener. */
  url: string;
  port: number;
  /** The REST API base of an account, no trailing slash: http://127.0.0.1:PORT/app/rest/v1/1 */
  restBase(companyId?: number): string;
  /** The control API base, no trailing slash: http://127.0.0.1:PORT/_sandbox */
  controlBase: string;
  /** The REST API's OpenAPI document. */
  openapiUrl: string;
  adminToken: string;
  dataDir: string;
  /** The accounts of the data folder (company ids). */
  accounts: number[];
  /** What the fixtures option created and found (undefined without fixtures). */
  fixtures: FixturesResult | undefined;
  client: WorkbenchClient;
  /** Stops the listener (requests in flight finish), closes the database, removes a temporary folder. Safe to call twice. */
  stop(): Promise<void>;
}
