#!/usr/bin/env node
// Every workspace folder's `check` (check.mjs: types and lint on one program) in one process, for
// issue #30: a check process pays ~3 CPU-s before its first package file (TypeScript and ESLint
// loading, lib and @types/node parsed), about half of what a small package's check costs. Here the
// modules load once and the .d.ts files are parsed once. Usage: node tooling/config/check-all.mjs [folder...]
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lint, typecheck } from './check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Workspace folders with a tsconfig.json, as `pnpm test` checks them one task each. */
export function checkedFolders() {
  const groups = ['packages', 'tooling', 'apps'].flatMap((group) => readdirSync(path.join(root, group)).map((dir) => path.join(root, group, dir)));
  return [...groups, path.join(root, 'bench')].filter((dir) => existsSync(path.join(dir, 'tsconfig.json')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = process.argv.length > 2 ? process.argv.slice(2).map((f) => path.resolve(f)) : checkedFolders();
  const declarations = new Map();
  const start = process.cpuUsage();
  for (const folder of folders) {
    const before = process.cpuUsage();
    const { program, failed } = typecheck(folder, declarations);
    const results = await lint(program, folder);
    const cpu = process.cpuUsage(before);
    const bad = failed || results.some((r) => r.errorCount + r.warningCount > 0);
    if (bad) process.exitCode = 1;
    process.stdout.write(`${bad ? 'FAIL' : 'ok  '} ${path.relative(root, folder)} ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s\n`);
  }
  const cpu = process.cpuUsage(start);
  process.stdout.write(`${folders.length} folders checked in ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s\n`);
}
