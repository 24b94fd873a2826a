// Vitest global setup of the fuzz project: fuzz.mjs's bundle of the sources is made once (0.7 CPU-s
// of esbuild each) and every runFuzz of the tests passes its folder to fuzz.mjs (RELIC3D_FUZZ_BUNDLE).
import type { TestProject } from 'vitest/node';
import { bundle } from '../fuzz.mjs';

export default async function setup(project: TestProject): Promise<void> {
  project.provide('fuzzBundle', await bundle());
}
