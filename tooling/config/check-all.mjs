#!/usr/bin/env node
// `pnpm test`'s one check task (turbo's `//#check-all`): every workspace folder's check (check.mjs:
// types, then lint) in one process, plus the root files the root `check` script lints; the lint of
// them all is one oxlint run. A check process pays ~3 CPU-s before its first package file (TypeScript
// loading, lib and @types/node parsed); here it loads once and the .d.ts files are parsed once (issue #30:
// 72 CPU-s against 246 for 23 check tasks). `pnpm test` runs it as three turbo tasks, one per GROUPS
// entry, so a group starts once the builds its folders read are done instead of after every build.
// Usage: node tooling/config/check-all.mjs [--group name | folder...]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenCpu } from './children-cpu.js';
import { lint, parseConfig, typeChecker, typecheck, typecheckNative } from './check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Root files outside every package folder; the root `check` script lints the same ones. */
export const ROOT_FILES = ['eslint.config.js', 'vitest.config.ts'];

/** The folders pnpm-workspace.yaml lists (`dir/*` and `dir` patterns), so a new package is checked without a list to edit. */
export function workspaceFolders() {
  const patterns = [...readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+["']?([^"'\s]+)["']?\s*$/gm)].map((m) => m[1]);
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [path.join(root, pattern)];
    const parent = path.join(root, pattern.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(parent, e.name)).sort();
  }).filter((dir) => existsSync(path.join(dir, 'package.json')));
}

/** Workspace folders with a tsconfig.json: each one's check runs here. */
export function checkedFolders() {
  return workspaceFolders().filter((dir) => existsSync(path.join(dir, 'tsconfig.json')));
}

/**
 * The turbo tasks `pnpm test` checks in (`//#check:<name>`, each waiting for `builds` only, as
 * turbo.json says): a folder goes to the first group whose builds cover every workspace package its
 * check reads (its package.json's, and theirs, transitively); the root files go to the first group.
 * `builds: null` is every build (the last group takes any folder).
 */
export const GROUPS = [
  { name: 'base', builds: ['@relic3d/core', '@relic3d/kernels'] },
  { name: 'scene', builds: ['@relic3d/core', '@relic3d/kernels', '@relic3d/ms3d', '@relic3d/ase', '@relic3d/o3d', '@relic3d/mdl', '@relic3d/lod', '@relic3d/gltf', '@relic3d/formats', '@relic3d/res', '@relic3d/three'] },
  { name: 'cli', builds: null },
];

/** Each workspace folder's package.json, by package name. */
function manifests() {
  return new Map(workspaceFolders().map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return [manifest.name, { dir, manifest }];
  }));
}

/**
 * The built workspace packages a folder's check reads: its package.json's workspace dependencies
 * (dev ones too: tests import them) with a build script, and those packages' own dependencies; the
 * folder's own package when a file imports it by name (relic3d's tests: its dist).
 */
export function buildsRead(folder, byName = manifests()) {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const seen = new Set();
  const self = new RegExp(`(from |import\\()'${manifest.name.replace(/[/.]/g, '\\$&')}(/[^']*)?'`);
  if (parseConfig(folder).fileNames.some((f) => self.test(readFileSync(f, 'utf8')))) seen.add(manifest.name);
  const visit = (names) => {
    for (const name of names) {
      const entry = byName.get(name);
      if (!entry || seen.has(name)) continue;
      seen.add(name);
      visit(Object.keys({ ...entry.manifest.dependencies, ...entry.manifest.peerDependencies }));
    }
  };
  visit(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }));
  return [...seen].filter((name) => byName.get(name).manifest.scripts?.build).sort();
}

/** The checked folders of group `name` (GROUPS). */
export function groupFolders(name) {
  const byName = manifests();
  const groupOf = (folder) => GROUPS.find((g) => g.builds === null || buildsRead(folder, byName).every((b) => g.builds.includes(b))).name;
  if (!GROUPS.some((g) => g.name === name)) throw new Error(`check-all: no group ${name} (${GROUPS.map((g) => g.name).join(', ')})`);
  return checkedFolders().filter((folder) => groupOf(folder) === name);
}

/**
 * Checks `folders`: their types (TypeScript 7: one `tsc -b` process; 5.9: one program after another
 * on shared .d.ts files), then every folder's lint (and `alsoLint`'s files) in one oxlint run; prints
 * a line per folder and returns the folders that failed (a type error, or any lint error or warning),
 * with `alsoLint`'s entries when they failed.
 * A file that is one folder's own (its tsconfig's files) is type-checked in that folder's program
 * only; other folders' programs read it for its types (a third of the checked sources were another
 * folder's, the viewer's most).
 */
export function checkFolders(folders, declarations = new Map(), ownerFolders = folders, alsoLint = []) {
  const owners = new Set(ownerFolders.flatMap((folder) => parseConfig(folder).fileNames.map((f) => path.resolve(f))));
  const typesFailed = new Set();
  const checker = typeChecker();
  const before = process.cpuUsage();
  const beforeChildren = childrenCpu();
  // TypeScript 7: one `tsc -b` process for every folder; 5.9: a program after another, in-process.
  const native = checker === 'native' ? typecheckNative(folders, owners) : null;
  for (const folder of folders) {
    const { failed, diagnostics } = native ? native.get(folder) : typecheck(folder, declarations, owners, checker);
    if (failed) typesFailed.add(folder);
    process.stdout.write(`types ${failed ? 'FAIL' : 'ok  '} ${path.relative(root, folder)} (${diagnostics.length} diagnostics)\n`);
  }
  const cpu = process.cpuUsage(before);
  process.stdout.write(`types of ${folders.length} folders ${((cpu.user + cpu.system) / 1e6 + childrenCpu() - beforeChildren).toFixed(1)} CPU-s (${checker === 'native' ? 'TypeScript 7, one process' : 'TypeScript 5.9'})\n`);
  const lintBefore = childrenCpu();
  const targets = [...folders, ...alsoLint.map((f) => path.resolve(root, f))];
  const bad = lint(targets).filter((r) => r.errorCount + r.warningCount > 0);
  // A file is its innermost target's (a folder may hold another's).
  const targetOf = (file) => targets.filter((t) => file === t || file.startsWith(t + path.sep)).sort((a, b) => b.length - a.length)[0];
  const lintFailed = new Set(bad.map((r) => targetOf(r.filePath)));
  process.stdout.write(`lint  ${lintFailed.size ? 'FAIL' : 'ok  '} ${targets.length} folders and files in one oxlint run ${(childrenCpu() - lintBefore).toFixed(1)} CPU-s\n`);
  for (const t of targets) {
    const why = [typesFailed.has(t) && 'types', lintFailed.has(t) && 'lint'].filter(Boolean);
    process.stdout.write(`${why.length ? 'FAIL' : 'ok  '} ${path.relative(root, t)}${why.length ? ` (${why.join(', ')})` : ''}\n`);
  }
  // A finding outside every target (none expected) fails as its own file.
  return [...targets.filter((t) => typesFailed.has(t) || lintFailed.has(t)), ...bad.map((r) => r.filePath).filter((f) => !targetOf(f))];
}

/**
 * The command: checks the folders named (all checked folders, and the root files, when none is), or
 * group `--group name`'s (with the root files in the first group), and returns the exit code, 1 on
 * any failure. A group's files owned by another group are left to it, as in a run of every folder.
 * The config tests run it in-process on planted folders.
 */
export async function main(args) {
  const group = args[0] === '--group' ? args[1] : undefined;
  const named = group === undefined && args.length > 0;
  const folders = group !== undefined ? groupFolders(group) : named ? args.map((f) => path.resolve(f)) : checkedFolders();
  const start = process.cpuUsage();
  const startChildren = childrenCpu();
  const withRootFiles = group === undefined ? !named : group === GROUPS[0].name;
  const failed = checkFolders(folders, new Map(), group !== undefined ? checkedFolders() : folders, withRootFiles ? ROOT_FILES : []);
  const cpu = process.cpuUsage(start);
  const seconds = (cpu.user + cpu.system) / 1e6 + childrenCpu() - startChildren;
  process.stdout.write(`${folders.length} folders checked in ${seconds.toFixed(1)} CPU-s${failed.length ? `; FAILED: ${failed.map((f) => path.relative(root, f)).join(', ')}` : ''}\n`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
