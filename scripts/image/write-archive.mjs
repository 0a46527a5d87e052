#!/usr/bin/env node
/**
 * Writes a one-layer container image archive around a root filesystem tar (scripts/image/build.sh):
 *
 *   node scripts/image/write-archive.mjs --layer layer.tar --out image.tar --name erp-workbench
 *        --version 0.1.0 --node-version v22.23.5 --uid 10001
 *
 * The format is the `docker save` one (docker-archive): manifest.json naming the config and the
 * layer, which `podman load` and `docker load` both read. Not an OCI archive: an OCI image config
 * has no healthcheck field, and podman 4 drops the Docker `Healthcheck` key when it loads one
 * (tried: `podman inspect` shows no HealthCheck), while from a docker-archive it keeps it and
 * `podman healthcheck run` works. The layer tar is moved into the archive (not copied).
 *
 * The layer stays uncompressed (loading right after the build is the common case, and its digest
 * is then also its diff_id). Every time in the archive is SOURCE_DATE_EPOCH, so the same layer
 * gives the same archive.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    layer: { type: 'string' },
    out: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'string' },
    'node-version': { type: 'string' },
    uid: { type: 'string' },
  },
});
for (const key of ['layer', 'out', 'name', 'version', 'node-version', 'uid']) {
  if (!args[key]) throw new Error(`write-archive: --${key} is required`);
}

const PORT = 8080;
const epoch = Number(process.env.SOURCE_DATE_EPOCH ?? Math.floor(Date.now() / 1000));
const created = new Date(epoch * 1000).toISOString();
const SECOND_NS = 1_000_000_000;

/** The probe: node itself (the image has no curl), on the port the service was told to use. */
const HEALTH_PROBE =
  "fetch('http://127.0.0.1:'+(process.env.ERP_WORKBENCH_PORT||" + PORT + ")+'/_sandbox/health')" +
  '.then(r=>process.exit(r.ok?0:1),()=>process.exit(1))';

const sha256OfFile = (path) =>
  new Promise((done, failed) => {
    const hash = createHash('sha256');
    createReadStream(path).on('data', (chunk) => hash.update(chunk)).on('error', failed).on('end', () => done(hash.digest('hex')));
  });
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

const layerPath = resolve(args.layer);
const layerDigest = await sha256OfFile(layerPath);

/** The image config: what `docker run` / `podman run` need nothing else for. */
const config = {
  created,
  architecture: 'amd64',
  os: 'linux',
  config: {
    User: `${args.uid}:${args.uid}`,
    Env: [
      'PATH=/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin',
      'HOME=/data',
      // serve reads these (a flag would win); the port is the one the probe below uses too
      'ERP_WORKBENCH_HOST=0.0.0.0',
      `ERP_WORKBENCH_PORT=${PORT}`,
      'ERP_WORKBENCH_DATA=/data',
    ],
    Entrypoint: ['erp-workbench'],
    Cmd: ['serve'],
    WorkingDir: '/data',
    ExposedPorts: { [`${PORT}/tcp`]: {} },
    Volumes: { '/data': {} },
    StopSignal: 'SIGTERM',
    Healthcheck: {
      Test: ['CMD', 'node', '-e', HEALTH_PROBE],
      Interval: 5 * SECOND_NS,
      Timeout: 3 * SECOND_NS,
      StartPeriod: 30 * SECOND_NS,
      // Docker 25+ probes this often during StartPeriod (healthy ~1 s after start instead of at
      // the first Interval); older engines and podman 4 ignore it.
      StartInterval: 1 * SECOND_NS,
      Retries: 3,
    },
    Labels: {
      'org.opencontainers.image.title': args.name,
      'org.opencontainers.image.version': args.version,
      'org.opencontainers.image.created': created,
      'org.opencontainers.image.description': `ERP Workbench ${args.version} on Node ${args['node-version']}, Debian bookworm`,
    },
  },
  rootfs: { type: 'layers', diff_ids: [`sha256:${layerDigest}`] },
  history: [{ created, created_by: `scripts/image/build.sh: Debian bookworm minbase, Node ${args['node-version']}, ${args.name} ${args.version}` }],
};
const configJson = JSON.stringify(config);
const configDigest = sha256(configJson);

// Next to the layer: the layer moves in by rename, which needs the same file system.
const staging = await mkdtemp(join(dirname(layerPath), 'archive-'));
try {
  await rename(layerPath, join(staging, `${layerDigest}.tar`));
  await writeFile(join(staging, `${configDigest}.json`), configJson);
  const manifest = [{ Config: `${configDigest}.json`, RepoTags: [`${args.name}:${args.version}`], Layers: [`${layerDigest}.tar`] }];
  await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest));
  const out = resolve(args.out);
  await mkdir(dirname(out), { recursive: true });
  execFileSync('tar', ['--create', `--file=${out}.partial`, `--directory=${staging}`, '--sort=name',
    `--mtime=@${epoch}`, '--owner=0', '--group=0', '--numeric-owner', '--mode=go+rX', '.']);
  await rename(`${out}.partial`, out);
} finally {
  await rm(staging, { recursive: true, force: true });
}
