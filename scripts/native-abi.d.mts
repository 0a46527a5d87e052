// Types of native-abi.mjs (plain JavaScript: npm start runs it before anything is compiled).

/** What a `.node` file's registration symbol says it needs. */
export type NativeEntry = { kind: 'napi' } | { kind: 'node-abi'; abi: number } | { kind: 'unknown' };

/** A Node or Electron, with the NODE_MODULE_VERSION it loads. */
export interface Runtime {
  name: 'node' | 'electron';
  version: string;
  abi: number;
}

export type NativeCheck = { ok: true; entry: NativeEntry } | { ok: false; entry?: NativeEntry; reason: string };

export function readNativeEntry(file: string): NativeEntry;
export function electronAbi(version: string): number;
export function runtimeFromVersions(versions: { node: string; modules: string; electron?: string }): Runtime;
export function electronRuntime(root?: string): Runtime;
export function checkNativeModule(file: string, runtime: Runtime): NativeCheck;
export function sqliteBindingPath(packageDir: string, target: { platform: string; arch: string; musl?: boolean }): string;
export function localSqliteBinding(root?: string): string;
