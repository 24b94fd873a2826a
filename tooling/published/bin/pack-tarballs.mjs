#!/usr/bin/env node
// `pnpm pack:tarballs [folder]`: packs every public package of the workspace (never the private
// test helpers, whose workspace dependencies are not on the registry) into one folder, then prints
// the `npm install` line that installs them all together into another project. The published-package
// tests install the tarballs with this same script, so the README's recipe is what the tests run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** package.json paths of the public (not `private`) workspace packages, sorted. */
export function publicManifests(root = repoRoot) {
  const found = [];
  for (const group of ['packages', 'apps', 'tooling']) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const folder of readdirSync(groupDir).sort()) {
      const file = path.join(groupDir, folder, 'package.json');
      if (existsSync(file) && !JSON.parse(readFileSync(file, 'utf8')).private) found.push(file);
    }
  }
  return found;
}

/** The file name `pnpm pack` gives a package's tarball. */
export const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * Packs every public package into `destination` (absolute) with pnpm, as `pnpm publish` would pack
 * it. Returns the tarballs' absolute paths; throws with pnpm's output when packing fails.
 */
export function packTarballs(destination, { env = process.env, root = repoRoot } = {}) {
  const manifests = publicManifests(root).map((file) => ({ dir: path.dirname(file), ...JSON.parse(readFileSync(file, 'utf8')) }));
  for (const { name, dir } of manifests) {
    if (!existsSync(path.join(dir, 'dist'))) throw new Error(`${name} is not built (${path.join(dir, 'dist')} is missing): run \`npx -y pnpm@10 build\` first`);
  }
  mkdirSync(destination, { recursive: true });
  const pnpm = path.join(root, 'node_modules/pnpm/bin/pnpm.cjs');
  const filters = manifests.flatMap((m) => ['--filter', m.name]);
  const packed = spawnSync(process.execPath, [pnpm, '-r', ...filters, 'pack', '--pack-destination', destination], { cwd: root, env, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`pnpm pack failed (exit ${packed.status})\n${packed.stdout}\n${packed.stderr}`);
  const tarballs = manifests.map((m) => path.join(destination, tarballName(m.name, m.version)));
  for (const tarball of tarballs) if (!existsSync(tarball)) throw new Error(`pnpm pack made no ${tarball}\n${packed.stdout}`);
  return tarballs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const destination = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'tarballs');
  try {
    const tarballs = packTarballs(destination);
    console.log(`packed ${tarballs.length} packages into ${destination}`);
    console.log('install them all together in your project with:');
    console.log(`  npm install ${tarballs.map((t) => JSON.stringify(t)).join(' ')}`);
  } catch (error) {
    console.error(`pack-tarballs: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
