// Runs Blender headless over many .glb files in one process (Blender starts in ~1–2 s, so one
// process per file would dominate the suite) and reads its JSON lines back. When Blender dies
// inside a job, that job is reported as crashed and a new process takes the rest.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../python/check_glb.py');

/** Bounds in glTF axes. */
export interface BlenderBounds {
  min: [number, number, number];
  max: [number, number, number];
}

/** One Blender object after import: the glTF node it came from and what Blender made of it. */
export interface BlenderObject {
  name: string;
  node: number | null;
  type: string;
  triangles?: number;
  polygons?: number;
  bones?: string[];
  tracks?: string[];
}

export interface BlenderJob {
  id: string;
  glb: string;
  /** Where Blender exports the imported scene again (.glb), if wanted. */
  export?: string;
  /** Clips by Blender NLA track name, with the times (s) at which to take world bounds. */
  clips?: { track: string; times: number[] }[];
}

export interface BlenderResult {
  id: string;
  /** The import (or the harness) failed. */
  error?: string;
  trace?: string;
  /** Blender's export failed (the import worked). */
  exportError?: string;
  objects?: BlenderObject[];
  actions?: string[];
  /** Action name → its [first, last] frame. */
  actionRanges?: Record<string, [number, number]>;
  /** Object name → bounds with no action playing. */
  static?: Record<string, BlenderBounds>;
  /** Track name → per time: object name → bounds. */
  posed?: Record<string, Record<string, BlenderBounds>[]>;
  timings?: Record<string, number>;
}

/**
 * The Blender on PATH (`BLENDER` overrides), or undefined when there is none. A PATH lookup, not a
 * `blender --version` run (0.4 CPU-s): a `blender` that is not Blender fails every job, its output
 * in the error, as a Blender that cannot start its script does.
 */
export function findBlender(): string | undefined {
  const candidate = process.env.BLENDER || 'blender';
  const dirs = candidate.includes('/') || candidate.includes(path.sep) ? [''] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const suffixes = process.platform === 'win32' ? ['', '.exe'] : [''];
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  return dirs.some((dir) => suffixes.some((suffix) => executable(path.resolve(dir, candidate + suffix)))) ? candidate : undefined;
}

function runOnce(blender: string, jobs: BlenderJob[], dir: string, round: number, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const jobsFile = path.join(dir, `jobs-${round}.json`);
  writeFileSync(jobsFile, JSON.stringify(jobs));
  const resultsFile = path.join(dir, 'results.jsonl');
  return new Promise((resolve) => {
    const child = spawn(blender, ['-b', '--factory-startup', '-noaudio', '--python-exit-code', '3', '--python', script, '--', jobsFile, resultsFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Blender prints its Python errors (a failed `import numpy`) on stdout, so both are kept.
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // A hang is no new result line for `timeoutMs`, not a whole run longer than that: on a loaded
    // machine the corpus run outlasted one fixed limit, failing the job it was in (Woman4, the longest).
    let size = -1;
    let quietSince = performance.now();
    const watchdog = setInterval(() => {
      const now = statSync(resultsFile, { throwIfNoEntry: false })?.size ?? 0;
      if (now !== size) [size, quietSince] = [now, performance.now()];
      else if (performance.now() - quietSince > timeoutMs) child.kill('SIGKILL');
    }, Math.min(5_000, timeoutMs / 4));
    child.on('close', (code) => {
      clearInterval(watchdog);
      resolve({ code, output });
    });
  });
}

/** Runs every job; a job whose Blender process died or hung (no result for `timeoutMs`) gets `error` saying so. */
export async function runBlender(blender: string, jobs: BlenderJob[], dir: string, options: { timeoutMs?: number } = {}): Promise<Map<string, BlenderResult>> {
  const results = new Map<string, BlenderResult>();
  const resultsFile = path.join(dir, 'results.jsonl');
  let remaining = jobs;
  for (let round = 0; remaining.length && round < jobs.length + 1; round++) {
    const { code, output } = await runOnce(blender, remaining, dir, round, options.timeoutMs ?? 600_000);
    let started: string | undefined;
    const lines = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean) : [];
    for (const line of lines) {
      const entry = JSON.parse(line) as BlenderResult & { started?: string };
      if (entry.started !== undefined) started = entry.started;
      else {
        results.set(entry.id, entry);
        if (entry.id === started) started = undefined;
      }
    }
    if (started !== undefined && !results.has(started)) {
      results.set(started, { id: started, error: `Blender exited (code ${code}) inside this job: ${output.slice(-1500)}` });
    }
    const next = remaining.filter((j) => !results.has(j.id));
    if (next.length === remaining.length) {
      for (const j of next) results.set(j.id, { id: j.id, error: `Blender made no progress (code ${code}): ${output.slice(-1500)}` });
      break;
    }
    remaining = next;
  }
  return results;
}
