import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// electron-builder's own naming of an installer's arch (x86_64 for an AppImage, amd64 for a deb,
// x64 otherwise); builder-util is the electron-builder package that holds it.
import { Arch, getArtifactArchName } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * What of .github/workflows/release.yml can be checked without GitHub: when it runs, on which
 * systems, that each builds with `npm run dist` and checks the packaged native modules, and that
 * the files it attaches are the installers electron-builder.yml makes, by the names electron-
 * builder gives them. Whether the runners build them is seen only on a tag (docs/desktop.md).
 */

const ROOT = join(import.meta.dirname, '../..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  'runs-on': string;
  permissions?: Record<string, string>;
  strategy?: { matrix: { include: Array<{ os: string; installers: string }> } };
  steps: Step[];
}
interface Workflow {
  on: { push: { tags: string[]; branches?: string[] } } & Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}
interface BuilderConfig {
  artifactName: string;
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as Workflow;
const builder = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };

const build = workflow.jobs.installers!;
const release = workflow.jobs.release!;
const matrix = build.strategy!.matrix.include;

/** The runner families and what each builds: electron-builder's config key ($os), its targets, the runner's arch. */
const SYSTEMS = {
  ubuntu: { os: 'linux', targets: builder.linux.target, arch: Arch.x64 },
  windows: { os: 'win', targets: builder.win.target, arch: Arch.x64 },
  // macos-latest runs on Apple silicon.
  macos: { os: 'mac', targets: builder.mac.target, arch: Arch.arm64 },
} as const;

/** The file extension of each target's installer (electron-builder: nsis makes an .exe). */
const EXTENSION: Record<string, string> = { AppImage: 'AppImage', deb: 'deb', nsis: 'exe', dmg: 'dmg' };

/** The name electron-builder gives a target's installer: electron-builder.yml's artifactName expanded. */
function artifactName(os: string, target: string, arch: Arch): string {
  const ext = EXTENSION[target];
  if (!ext) throw new Error(`no extension known for target ${target}`);
  const values: Record<string, string> = { name: pkg.name, version: pkg.version, os, ext, arch: getArtifactArchName(arch, ext) };
  return builder.artifactName.replace(/\$\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`artifactName uses \${${key}}, which this test does not expand`);
    return value;
  });
}

/** A glob of the workflow (only `*`, within a path segment) as a regular expression. */
function globRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
}

function runs(job: Job): string[] {
  return job.steps.flatMap((step) => (step.run ? [step.run] : []));
}

describe('the release workflow', () => {
  it('runs on version tags only, read-only but for the job that makes the release', () => {
    expect(Object.keys(workflow.on)).toEqual(['push']);
    expect(workflow.on.push).toEqual({ tags: ['v*'] });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(build.permissions).toBeUndefined();
    expect(release.permissions).toEqual({ contents: 'write' });
  });

  it('builds on Linux, Windows and macOS, each on its own runner, with Node 22', () => {
    expect(build['runs-on']).toBe('${{ matrix.os }}');
    expect(matrix.map((entry) => entry.os.split('-')[0]).sort()).toEqual(['macos', 'ubuntu', 'windows']);
    const setup = build.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with?.['node-version']).toBe(22);
  });

  it('installs from the lock, runs npm run dist, checks the packaged native modules, then uploads', () => {
    const commands = runs(build);
    const order = [
      commands.findIndex((run) => run.includes('if [ "$GITHUB_REF_NAME" != "v$version" ]')),
      commands.findIndex((run) => run.trim() === 'npm ci --no-audit --no-fund'),
      commands.findIndex((run) => run.trim() === 'npm run dist'),
      commands.findIndex((run) => run.includes('node scripts/native-abi.mjs --electron "$version" "${resources[0]}/sqlite/better_sqlite3.node" ')),
    ];
    expect(order.every((index) => index >= 0), JSON.stringify(order)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The Electron version checked against is the installed one (package-lock's).
    expect(commands[order[3]!]).toContain(`version=$(node -p "require('./node_modules/electron/package.json').version")`);
    const upload = build.steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload).toBeGreaterThan(build.steps.findIndex((step) => step.run?.includes('scripts/native-abi.mjs')));
    expect(build.steps[upload]!.with).toMatchObject({ path: '${{ matrix.installers }}', 'if-no-files-found': 'error' });
  });

  it('npm run dist is scripts/dist.mjs: the driver for Electron, the stale builds, then electron-builder without publishing', () => {
    expect(pkg.scripts.dist).toBe('node scripts/dist.mjs');
    const steps = readFileSync(join(ROOT, 'scripts/installers/main.ts'), 'utf8');
    expect(steps).toMatch(/ensureDriver\(root[\s\S]*staleParts\(root, \['renderer', 'electron'\]\)[\s\S]*\[cli, '--publish', 'never', '--config', config, \.\.\.args\]/);
  });

  it("uploads exactly the installers electron-builder.yml's targets make, by electron-builder's names", () => {
    for (const entry of matrix) {
      const system = SYSTEMS[entry.os.split('-')[0] as keyof typeof SYSTEMS];
      const expected = system.targets.map((target) => artifactName(system.os, target, system.arch));
      const globs = entry.installers.split('\n').map((line) => line.trim()).filter(Boolean);
      // Each glob picks one installer of this OS, and each installer is picked.
      for (const glob of globs) {
        expect(glob.startsWith('out/'), glob).toBe(true);
        expect(expected.filter((name) => globRegExp(glob).test(`out/${name}`)), `${entry.os}: ${glob}`).toHaveLength(1);
      }
      for (const name of expected) expect(globs.some((glob) => globRegExp(glob).test(`out/${name}`)), `${entry.os}: ${name}`).toBe(true);
    }
    // The names the docs quote.
    expect(artifactName('linux', 'AppImage', Arch.x64)).toBe(`erp-workbench-${pkg.version}-linux-x86_64.AppImage`);
    expect(artifactName('linux', 'deb', Arch.x64)).toBe(`erp-workbench-${pkg.version}-linux-amd64.deb`);
    expect(artifactName('win', 'nsis', Arch.x64)).toBe(`erp-workbench-${pkg.version}-win-x64.exe`);
    expect(artifactName('mac', 'dmg', Arch.arm64)).toBe(`erp-workbench-${pkg.version}-mac-arm64.dmg`);
  });

  it('then makes the release of the tag with every uploaded installer attached', () => {
    expect(release.needs).toBe('installers');
    const upload = build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    const download = release.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'));
    expect(upload?.with?.name).toBe('installers-${{ matrix.os }}');
    expect(download?.with).toMatchObject({ pattern: 'installers-*', path: 'installers', 'merge-multiple': true });
    const script = runs(release).join('\n');
    expect(script).toMatch(/gh release create "\$GITHUB_REF_NAME" .*installers\/\*$/m);
    expect(script).toMatch(/gh release upload "\$GITHUB_REF_NAME" .*--clobber installers\/\*$/m);
  });
});
