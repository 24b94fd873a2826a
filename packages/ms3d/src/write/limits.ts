// What MilkShape 3D holds (docs/formats/ms3d.md §2.9, msModel.h). The reader only warns past these;
// the writer never writes past them: it reduces where it can and refuses with a WriteError otherwise.
import { WriteError } from '@relic3d/core';
import { FORMAT_ID, MS3D_LIMITS } from '../file.js';

export const WRITE_LIMITS = {
  ...MS3D_LIMITS,
  /** Key counts are u16. */
  keysPerTrack: 0xffff,
  /** Name fields are 32 bytes; one is kept for the NUL most readers expect. */
  nameBytes: 32,
  /** Texture and alpha-map paths. */
  pathBytes: 128,
} as const;

/** Refuses a count over a limit, naming both numbers (WriteError's message says by how much). */
export function checkLimit(limit: string, value: number, max: number, where?: string): void {
  if (value > max) throw new WriteError({ format: FORMAT_ID, code: 'OVER_LIMIT', limit, value, max, ...(where ? { where } : {}) });
}
