#!/usr/bin/env node
// CPU seconds (user + system, children included) of every turbo task of a run, for issue #30: on a
// machine shared by others, wall times say nothing, CPU per task does. Usage, from the repo root:
//   node tooling/config/task-cpu.mjs run build check test --concurrency=3 --continue --force
// (`--force`: turbo shares its cache between git worktrees, so without it tasks come from others' runs).
// turbo starts each task as `pnpm run <task>`; a `pnpm` first on PATH runs each one under
// reap-all.py, which counts every process the task starts, reaped by its parent or not (Chromium's
// GPU and renderer processes are not: bash's `time` saw 81 of a viewer run's 484 CPU-s), and
// appends a line to a log; the table is printed at the end and written next to the log.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Parses the `pnpm` shim's log lines: `folder|task|user s|system s|wall s[|start epoch s]`. */
export function parseTaskLog(text) {
  return text.split('\n').filter(Boolean).map((line) => {
    const [folder, task, user, system, wall, start] = line.split('|');
    const row = { folder: path.relative(root, folder) || '.', task, cpu: Number(user) + Number(system), wall: Number(wall) };
    return start ? { ...row, start: Number(start) } : row;
  });
}

/**
 * The run's timeline (issue #30: what waits for what, what runs alone at the end): each task's start
 * and end in seconds from the first start, and the packing, task CPU ÷ (cores × wall of the run).
 */
export function timeline(tasks, cores = 2) {
  const timed = tasks.filter((t) => t.start !== undefined).sort((a, b) => a.start - b.start);
  if (!timed.length) return '';
  const t0 = timed[0].start;
  const wall = Math.max(...timed.map((t) => t.start + t.wall)) - t0;
  const cpu = timed.reduce((sum, t) => sum + t.cpu, 0);
  const rows = timed.map((t) => `| ${t.folder} | ${t.task} | ${(t.start - t0).toFixed(0)} | ${(t.start - t0 + t.wall).toFixed(0)} | ${t.cpu.toFixed(1)} |`);
  return ['| folder | task | start s | end s | CPU s |', '|---|---|---:|---:|---:|', ...rows, `| **run** | ${timed.length} tasks | 0 | **${wall.toFixed(0)}** | **${cpu.toFixed(1)}** (packing ${(cpu / (cores * wall)).toFixed(2)} on ${cores} cores) |`].join('\n');
}

/** Parses file-cpu.js's log lines: `file|cpu s|wall s|first` (first: the worker's first file, its imports). */
export function parseFileLog(text) {
  return text.split('\n').filter(Boolean).map((line) => {
    const [file, cpu, wall, first] = line.split('|');
    return { file, cpu: Number(cpu), wall: Number(wall), first: first === 'first' };
  });
}

/** Markdown table of the `top` test files by CPU (their worker's CPU and its waited children's). */
export function fileTable(files, top = 25) {
  const rows = [...files].sort((a, b) => b.cpu - a.cpu).slice(0, top).map((f) => `| ${f.file} | ${f.cpu.toFixed(1)} | ${f.wall.toFixed(0)} | ${f.first ? 'yes' : ''} |`);
  const total = files.reduce((sum, f) => sum + f.cpu, 0);
  return ['| test file | CPU s | wall s | worker\'s first |', '|---|---:|---:|---|', ...rows, `| **all ${files.length} files** | **${total.toFixed(1)}** | | |`].join('\n');
}

/** Markdown table of tasks, heaviest first, with the total. */
export function cpuTable(tasks) {
  const rows = [...tasks].sort((a, b) => b.cpu - a.cpu).map((t) => `| ${t.folder} | ${t.task} | ${t.cpu.toFixed(1)} | ${t.wall.toFixed(0)} |`);
  const total = tasks.reduce((sum, t) => sum + t.cpu, 0);
  return ['| folder | task | CPU s | wall s |', '|---|---|---:|---:|', ...rows, `| **total** | ${tasks.length} tasks | **${total.toFixed(1)}** | |`].join('\n');
}

/**
 * Writes an executable `shim` that runs `target` with its arguments and appends the task's log line
 * (`$PWD|args|user|system|wall|start`) to `log`. Without python3, bash's `time` counts only the
 * processes the task's own tree reaped, and the run says so.
 */
export function writeShim(shim, target, log) {
  const reapAll = path.join(root, 'tooling/config/reap-all.py');
  const python = spawnSync('python3', ['-c', ''], { stdio: 'ignore' }).status === 0;
  if (!python) process.stderr.write('task-cpu: no python3, so processes nobody reaps (Chromium\'s) go uncounted\n');
  writeFileSync(shim, python
    ? `#!/usr/bin/env bash\nRELIC3D_TASK_PATH="$PATH" exec python3 ${JSON.stringify(reapAll)} --log ${JSON.stringify(log)} --label "$PWD|$*" -- ${JSON.stringify(target)} "$@"\n`
    : `#!/usr/bin/env bash
TIMEFORMAT="$PWD|$*|%3U|%3S|%3R|$(date +%s.%N)"
{ time ${JSON.stringify(target)} "$@" 2>&3 ; } 3>&2 2>> ${JSON.stringify(log)}
`);
  chmodSync(shim, 0o755);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pnpm = path.join(root, 'node_modules/.bin/pnpm');
  if (!existsSync(pnpm)) throw new Error(`task-cpu: ${pnpm} is missing; run pnpm install first`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-task-cpu-'));
  const log = path.join(dir, 'tasks.log');
  // Tasks run as `pnpm test` runs them: through turbo.mjs's shim, unless RELIC3D_PNPM_SHIM=0.
  const viaShim = process.env.RELIC3D_PNPM_SHIM !== '0' && process.platform !== 'win32';
  writeShim(path.join(dir, 'pnpm'), viaShim ? path.join(root, 'tooling/config/bin/pnpm') : pnpm, log);
  // Each test file's CPU too (file-cpu.js, a setup file every project loads when this is set).
  const fileLog = path.join(dir, 'files.log');
  const turbo = spawnSync(path.join(root, 'node_modules/.bin/turbo'), process.argv.slice(2), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', RELIC3D_FILE_CPU: fileLog, RELIC3D_REAL_PNPM: pnpm, PATH: `${dir}${path.delimiter}${process.env.PATH}` },
  });
  const tasks = existsSync(log) ? parseTaskLog(readFileSync(log, 'utf8')).filter((t) => t.task.startsWith('run ')) : [];
  const files = existsSync(fileLog) ? fileTable(parseFileLog(readFileSync(fileLog, 'utf8'))) : '';
  const table = `${cpuTable(tasks)}\n\n${timeline(tasks)}${files && `\n\n${files}`}`;
  writeFileSync(path.join(dir, 'tasks.md'), `${table}\n`);
  process.stdout.write(`\n${table}\n\n(log: ${log})\n`);
  process.exitCode = turbo.status ?? 1;
}
