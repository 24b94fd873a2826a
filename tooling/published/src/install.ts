/**
 * Vitest global setup of the `published` project: packs every public package with `pnpm pack`
 * (workspace ranges become real versions, `files` decides the contents, exactly as `pnpm publish`
 * would) and installs all tarballs together into an empty project outside the repository with
 * npm, so nothing resolves through the workspace. Third-party dependencies come from the npm
 * registry, through npm's cache.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { publicPackages, repoRange, type PublicPackage } from './packages.js';
import { packTarballs } from '../bin/pack-tarballs.mjs';
import { describeRun, run, userEnv } from './run.js';

/** What the tests get through `inject('published')`. */
export interface PublishedProject {
  /** The consumer project (node_modules holds the installed tarballs). */
  dir: string;
  packages: PublicPackage[];
  /** Set when the install could not reach the registry outside CI: the suites skip, loudly. */
  skipped?: string;
  /** Seconds spent packing and installing. */
  seconds: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    published: PublishedProject;
  }
}

/** Packages the consumer project installs beside the tarballs: a peer and the types a TS user adds. */
const consumerExtras = ['three', '@types/three', '@types/node'];

const NETWORK = /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)|network|socket hang up/i;

export async function packAndInstall(): Promise<PublishedProject> {
  const started = performance.now();
  const packages = publicPackages();
  for (const pkg of packages) {
    if (!existsSync(path.join(pkg.dir, 'dist'))) {
      throw new Error(`${pkg.name} is not built (${path.join(pkg.dir, 'dist')} is missing): run \`pnpm build\` first (\`pnpm test\` does)`);
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-published-'));
  const tarballs = path.join(dir, 'tarballs');
  mkdirSync(tarballs);

  // The README's recipe (`pnpm pack:tarballs`), so what users run is what is tested.
  packTarballs(tarballs, { env: userEnv() });

  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'relic3d-consumer', version: '0.0.0', private: true, type: 'module' }, null, 2),
  );
  const installArgs = [
    'install',
    ...packages.map((p) => `./tarballs/${p.tarball}`),
    ...consumerExtras.map((name) => `${name}@${repoRange(name)}`),
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--loglevel=error',
    '--fetch-retries=1',
    '--fetch-retry-mintimeout=2000',
    '--fetch-retry-maxtimeout=5000',
  ];
  const installed = await run('npm', installArgs, { cwd: dir, env: userEnv(), timeoutMs: 240_000 });
  const seconds = (performance.now() - started) / 1000;
  if (installed.code === 0) return { dir, packages, seconds };

  const report = describeRun(`npm ${installArgs.join(' ')}`, installed);
  if (NETWORK.test(installed.stderr) && process.env.CI !== 'true') {
    const skipped = `relic3d: the npm registry is unreachable, so the published-package and docs suites are SKIPPED (CI fails here instead).\n${installed.stderr.trim()}`;
    console.warn(`\n${'!'.repeat(100)}\n${skipped}\n${'!'.repeat(100)}\n`);
    return { dir, packages, skipped, seconds };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`installing the packed tarballs into an empty project failed\n${report}`);
}

export default async function setup(project: TestProject): Promise<() => void> {
  const published = await packAndInstall();
  project.provide('published', published);
  return () => {
    if (process.env.RELIC3D_KEEP_PUBLISHED === '1') console.log(`relic3d: kept the consumer project at ${published.dir}`);
    else rmSync(published.dir, { recursive: true, force: true });
  };
}
