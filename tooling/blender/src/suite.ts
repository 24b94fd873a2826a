// Shared setup of the Blender suites: find Blender (or say loudly why they skip) and a scratch folder.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchFolder } from '@relic3d/test-harness/scratch';
import { findBlender, type BlenderJob, type BlenderResult } from './run-blender.js';

/** Blender, or undefined after a loud warning (the suites then show one skipped test with the reason). */
export function blenderOrWarn(): { blender?: string; reason: string } {
  const blender = findBlender();
  const reason = blender ? '' : "Blender is not on PATH (set BLENDER or install Debian's blender + python3-numpy): the Blender client suites are SKIPPED";
  if (!blender) console.warn(`\n${'!'.repeat(100)}\nrelic3d: ${reason}\n${'!'.repeat(100)}\n`);
  return { blender, reason };
}

/** RELIC3D_KEEP_BLENDER keeps it for a look afterwards: then outside the file's own temporary folder, which temp-guard.js removes. */
export function scratchDir(name: string): string {
  if (process.env.RELIC3D_KEEP_BLENDER) return mkdtempSync(path.join(process.env.RELIC3D_SHARED_TMPDIR ?? os.tmpdir(), `relic3d-blender-${name}-`));
  return scratchFolder(`blender-${name}`);
}

/** A test file's part of the one Blender run: its jobs, then Blender's results, then a line for the log. */
export interface BlenderSuite {
  prepare(dir: string): Promise<BlenderJob[]>;
  receive(results: Map<string, BlenderResult>): void;
  report(seconds: number): void;
}
