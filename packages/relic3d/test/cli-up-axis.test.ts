// Issue #30 item 6: a LODka3D model stands along +Y in info, convert and batch (the format is Z-up),
// and `--up-axis y` keeps a file that breaks the rule as stored.
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { corpusFiles } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { corpus, io, jobs, run } from './cli-helpers.js';
import { tmp } from './run-cli.js';

const hasLod = corpusFiles('lod', '.lod').some((f) => f.file === 'xtreme3d__TRINITYrage.lod');
// docs/formats/lod.md §8.1 (measured): the Half-Life player model's height is 0.19..74.1 along the file's +Z.
const HEIGHT = [0.1918, 74.1068];

type Box = { min: number[]; max: number[] };
const tallest = (b: Box) => [0, 1, 2].reduce((best, k) => (b.max[k] - b.min[k] > b.max[best] - b.min[best] ? k : best), 0);

/** The POSITION accessors' min/max over every primitive of a written .glb. */
async function glbBounds(file: string): Promise<Box> {
  const doc = await io.read(file);
  const box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const p of mesh.listPrimitives()) {
      const position = p.getAttribute('POSITION')!;
      const [lo, hi] = [position.getMin([]), position.getMax([])];
      for (let k = 0; k < 3; k++) [box.min[k], box.max[k]] = [Math.min(box.min[k], lo[k]), Math.max(box.max[k], hi[k])];
    }
  }
  return box;
}

describe.runIf(hasLod)('--up-axis: xtreme3d__TRINITYrage.lod', () => {
  const model = corpus('lod', 'xtreme3d__TRINITYrage.lod');

  it('info: the model stands along +Y by default; --up-axis y keeps the stored Z-up', async () => {
    const standing = JSON.parse((await run('info', model, '--json')).stdout).bounds as Box;
    expect(tallest(standing)).toBe(1);
    expect(standing.min[1]).toBeCloseTo(HEIGHT[0], 3);
    expect(standing.max[1]).toBeCloseTo(HEIGHT[1], 3);
    const asStored = JSON.parse((await run('info', model, '--json', '--up-axis', 'y')).stdout).bounds as Box;
    expect(tallest(asStored)).toBe(2);
    expect(asStored.max[2]).toBeCloseTo(HEIGHT[1], 3);
  });

  it('convert: the .glb stands along +Y; with --up-axis y it lies along Z', async () => {
    const out = tmp('up-axis');
    expect((await run('convert', model, path.join(out, 'standing.glb'))).code).toBe(0);
    const standing = await glbBounds(path.join(out, 'standing.glb'));
    expect(tallest(standing)).toBe(1);
    expect(standing.max[1]).toBeCloseTo(HEIGHT[1], 3);
    expect((await run('convert', model, path.join(out, 'stored.glb'), '--up-axis', 'y')).code).toBe(0);
    expect(tallest(await glbBounds(path.join(out, 'stored.glb')))).toBe(2);
  });

  it('batch: every .lod stands along +Y by default, and --up-axis reaches the parser', async () => {
    const root = tmp('up-axis-batch');
    mkdirSync(path.join(root, 'in'));
    cpSync(model, path.join(root, 'in', 'trinity.lod'));
    expect((await run('batch', path.join(root, 'in'), '--out', path.join(root, 'out'), '--jobs', jobs)).code).toBe(0);
    expect(tallest(await glbBounds(path.join(root, 'out', 'trinity.glb')))).toBe(1);
    expect((await run('batch', path.join(root, 'in'), '--out', path.join(root, 'stored'), '--jobs', jobs, '--up-axis', 'y')).code).toBe(0);
    expect(tallest(await glbBounds(path.join(root, 'stored', 'trinity.glb')))).toBe(2);
  });

  it('refuses an axis that is neither y nor z, naming the choices', async () => {
    const { code, stderr } = await run('info', model, '--up-axis', 'x');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--up-axis.*y, z/s);
  });
});
