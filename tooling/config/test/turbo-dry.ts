// turbo's plans (`turbo run <tasks> --dry=json`) that several test files read, made once per test run
// by the project's global setup and handed to the files with inject() (issue #30: four files asked
// turbo for the same plan of `pnpm test`, each ~1 CPU-s and ~10 s under load). A file asking for a
// plan the setup did not make gets it from turbo itself, so no file reads another plan than it names.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../../..');
const turbo = path.join(root, 'node_modules/.bin/turbo');

/** The task lists planned once: `pnpm test`'s pipeline and the builds alone. */
export const SHARED_PLANS: string[][] = [['build', 'check:base', 'check:scene', 'check:cli', 'test'], ['build']];

declare module 'vitest' {
  export interface ProvidedContext {
    /** turbo's --dry=json output (parsed) by the task list joined with spaces. */
    turboPlans: Record<string, { tasks: unknown[] }>;
  }
}

/** turbo's dry-run plan of `tasks`, as JSON. */
function plan(tasks: readonly string[]): { tasks: unknown[] } {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
  return JSON.parse(execFileSync(turbo, ['run', ...tasks, '--dry=json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env }));
}

/** The plan of `tasks`: the one the global setup made, else turbo's answer now. */
export function dryRun<T>(tasks: readonly string[]): { tasks: T[] } {
  const made = inject('turboPlans')?.[tasks.join(' ')];
  return (made ?? plan(tasks)) as { tasks: T[] };
}

export default function setup(project: TestProject): void {
  project.provide('turboPlans', Object.fromEntries(SHARED_PLANS.map((tasks) => [tasks.join(' '), plan(tasks)])));
}
