// task-cpu.mjs: CPU per turbo task, read from the log its `pnpm` shim writes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { cpuTable, fileTable, parseFileLog, parseTaskLog, timeline, writeShim } from '../task-cpu.mjs';
// @ts-expect-error a plain .js setup file without declarations
import { waitedChildrenCpu } from '../children-cpu.js';

const root = path.resolve(import.meta.dirname, '../../..');

describe('task-cpu.mjs', () => {
  const log = [`${root}/packages/lod|run test|12.000|1.500|40.100`, `${root}|run check|1.000|0.200|3.000`, ''].join('\n');

  it('reads folder, task, user + system CPU and wall time from each line', () => {
    expect(parseTaskLog(log)).toEqual([
      { folder: 'packages/lod', task: 'run test', cpu: 13.5, wall: 40.1 },
      { folder: '.', task: 'run check', cpu: 1.2, wall: 3 },
    ]);
  });

  it('lists the heaviest test files first, the top ones only, and sums all files', () => {
    const files = parseFileLog(['packages/lod/test/a.test.ts|1.250|3.000|first', 'apps/viewer/test/e2e.test.ts|40.000|90.400|', 'packages/lod/test/b.test.ts|0.500|1.000|', ''].join('\n'));
    expect(files[0]).toEqual({ file: 'packages/lod/test/a.test.ts', cpu: 1.25, wall: 3, first: true });
    const lines = fileTable(files, 2).split('\n');
    expect(lines.slice(2)).toEqual([
      '| apps/viewer/test/e2e.test.ts | 40.0 | 90 |  |',
      '| packages/lod/test/a.test.ts | 1.3 | 3 | yes |',
      '| **all 3 files** | **41.8** | | |',
    ]);
  });

  it('reads a process’s own and waited children’s CPU from /proc/<pid>/stat, a name with spaces and parentheses included', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 1200 300 20 0 11 0 1 2 3';
    expect(waitedChildrenCpu(stat)).toBe(15);
  });

  it('lists the heaviest task first and sums the CPU', () => {
    const lines = cpuTable(parseTaskLog(log)).split('\n');
    expect(lines[2]).toBe('| packages/lod | run test | 13.5 | 40 |');
    expect(lines[3]).toBe('| . | run check | 1.2 | 3 |');
    expect(lines.at(-1)).toBe('| **total** | 2 tasks | **14.7** | |');
  });

  it('draws the timeline from each task’s start: ends, and the packing on two cores', () => {
    const timed = [`${root}/packages/core|run build|5.000|0.000|10.000|1000.0`, `${root}/packages/lod|run test|25.000|5.000|20.000|1010.0`].join('\n');
    expect(parseTaskLog(timed)[1]).toEqual({ folder: 'packages/lod', task: 'run test', cpu: 30, wall: 20, start: 1010 });
    const lines = timeline(parseTaskLog(timed)).split('\n');
    expect(lines[2]).toBe('| packages/core | run build | 0 | 10 | 5.0 |');
    expect(lines[3]).toBe('| packages/lod | run test | 10 | 30 | 30.0 |');
    // 35 CPU-s in 30 s on 2 cores.
    expect(lines[4]).toBe('| **run** | 2 tasks | 0 | **30** | **35.0** (packing 0.58 on 2 cores) |');
    expect(timeline(parseTaskLog(log))).toBe('');
  });

  // A task whose child exits at once and leaves a grandchild nobody waits for (setsid, double fork),
  // as Chromium leaves its GPU and renderer processes: bash's `time` counted ~0 of its CPU.
  const burn = (cpuMs: number, { thenSleepMs = 0, waitForBurn = false } = {}) => `#!/usr/bin/env bash
( setsid node -e 'const s = process.cpuUsage(); let x = 0;
while (process.cpuUsage(s).user < ${cpuMs * 1000}) for (let i = 0; i < 1e6; i++) x += i;
require("node:fs").writeFileSync("burnt", "");
setTimeout(() => {}, ${thenSleepMs});' </dev/null >/dev/null 2>&1 & )
${waitForBurn ? 'while [ ! -e burnt ]; do sleep 0.05; done' : ''}
exit 3
`;
  function runTask(script: string, env: Record<string, string> = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), 'task-cpu-test-'));
    try {
      writeFileSync(path.join(dir, 'task.sh'), script, { mode: 0o755 });
      writeShim(path.join(dir, 'pnpm'), path.join(dir, 'task.sh'), path.join(dir, 'tasks.log'));
      const run = spawnSync(path.join(dir, 'pnpm'), ['run', 'test'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
      return { status: run.status, stderr: run.stderr, tasks: parseTaskLog(readFileSync(path.join(dir, 'tasks.log'), 'utf8')) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('counts a detached grandchild that burns 1 CPU-s after the task’s own process is gone', () => {
    const { status, tasks } = runTask(burn(1000));
    expect(status).toBe(3);
    expect(tasks).toHaveLength(1);
    expect(tasks[0].task).toBe('run test');
    // user time alone is ≥ 1 s by the burner's own measure; its start-up adds a little.
    expect(tasks[0].cpu).toBeGreaterThanOrEqual(1);
    expect(tasks[0].cpu).toBeLessThan(10);
    // The wall is the task's own (its process ended at once), not the grandchild's.
    expect(tasks[0].wall).toBeLessThan(1);
  }, 120_000);

  it('runs the task with the PATH it was started with, whatever python3 launcher runs reap-all.py', () => {
    // pyenv's python3 shim puts its own Python first on PATH; Blender's embedded Python then took that
    // one's home and lost the system's numpy (the Blender suite failed only under task-cpu).
    const dir = mkdtempSync(path.join(tmpdir(), 'task-cpu-path-'));
    try {
      writeFileSync(path.join(dir, 'python3'), `#!/usr/bin/env bash\nPATH="/launcher-first:$PATH" exec ${JSON.stringify(spawnSync('bash', ['-c', 'command -v python3'], { encoding: 'utf8' }).stdout.trim())} "$@"\n`, { mode: 0o755 });
      const { tasks, status } = runTask('#!/usr/bin/env bash\ncase ":$PATH:" in *:/launcher-first:*) exit 7;; esac\nexit 3\n', { PATH: `${dir}:${process.env.PATH}` });
      expect(tasks).toHaveLength(1);
      expect(status).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('counts a grandchild still alive past the grace period from /proc, says so, and returns', () => {
    // The task waits for the burn, so the grandchild has its CPU when the 1-s grace ends; it lives 6 s more.
    const { tasks, stderr } = runTask(burn(500, { thenSleepMs: 6000, waitForBurn: true }), { REAP_ALL_GRACE_S: '1' });
    expect(stderr).toMatch(/descendants still alive 1 s after the command/);
    expect(tasks[0].cpu).toBeGreaterThanOrEqual(0.5);
  }, 120_000);
});
