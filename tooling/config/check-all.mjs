#!/usr/bin/env node
// `pnpm test`'s one check task (turbo's `//#check-all`): every workspace folder's check (check.mjs:
// types and lint on one program) in one process, plus the root files the root `check` script lints.
// A check process pays ~3 CPU-s before its first package file (TypeScript and ESLint loading, lib and
// @types/node parsed); here the modules load once and the .d.ts files are parsed once (issue #30:
// 72 CPU-s against 246 for 23 check tasks). Usage: node tooling/config/check-all.mjs [folder...]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { lint, parseConfig, typecheck } from './check.mjs';

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
 * Checks `folders` one after another on shared .d.ts files; prints a line per folder and returns
 * the folders that failed (a type error, or any lint error or warning). A file that is one folder's
 * own (its tsconfig's files) is type-checked in that folder's program only; other folders' programs
 * read it for its types (a third of the checked sources were another folder's, the viewer's most).
 */
export async function checkFolders(folders, declarations = new Map()) {
  const owners = new Set(folders.flatMap((folder) => parseConfig(folder).fileNames.map((f) => path.resolve(f))));
  const failed = [];
  for (const folder of folders) {
    const before = process.cpuUsage();
    const types = typecheck(folder, declarations, owners);
    const results = await lint(types.program, folder);
    const cpu = process.cpuUsage(before);
    const bad = types.failed || results.some((r) => r.errorCount + r.warningCount > 0);
    if (bad) failed.push(folder);
    process.stdout.write(`${bad ? 'FAIL' : 'ok  '} ${path.relative(root, folder)} ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s\n`);
  }
  return failed;
}

/** Lints ROOT_FILES (no TypeScript program: config files are linted without types). */
export async function lintRootFiles() {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(ROOT_FILES);
  const output = (await eslint.loadFormatter('stylish')).format(results);
  if (output) process.stdout.write(output);
  return results.some((r) => r.errorCount + r.warningCount > 0);
}

/**
 * The command: checks the folders named (all checked folders, and the root files, when none is) and
 * returns the exit code, 1 on any failure. The config tests run it in-process on planted folders.
 */
export async function main(args) {
  const named = args.length > 0;
  const folders = named ? args.map((f) => path.resolve(f)) : checkedFolders();
  const start = process.cpuUsage();
  const failed = await checkFolders(folders);
  const rootFailed = !named && (await lintRootFiles());
  const cpu = process.cpuUsage(start);
  process.stdout.write(`${folders.length} folders checked in ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s${failed.length || rootFailed ? `; FAILED: ${[...failed.map((f) => path.relative(root, f)), ...(rootFailed ? ROOT_FILES : [])].join(', ')}` : ''}\n`);
  return failed.length || rootFailed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
