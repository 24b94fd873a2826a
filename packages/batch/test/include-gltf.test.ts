// `includeGltf`: a folder's .glb/.gltf files (and files whose first bytes are glTF) are inputs only
// when asked for, so a batch over a folder that holds its own outputs does not convert them again.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromGltf, toGlb, toGltf } from '@relic3d/gltf';
import { parse as parseO3d } from '@relic3d/o3d';
import type { Scene } from '@relic3d/core';
import { writeSampleO3d } from '@relic3d/fixtures/o3d';
import { convertBatch, scanFolder, type BatchFileResult } from '../src/node.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const tmp = scratchFolder;
const triangles = (scene: Scene) => scene.meshes.reduce((n, m) => n + m.primitives.reduce((k, p) => k + (p.indices?.length ?? 0) / 3, 0), 0);

describe('a folder with glTF files beside its models', () => {
  const root = tmp('include-gltf');
  let scene: Scene;

  beforeAll(async () => {
    const { o3d, chr, ani } = writeSampleO3d();
    writeFileSync(path.join(root, 'mvr_sample.o3d'), o3d);
    writeFileSync(path.join(root, 'mvr_sample.chr'), chr);
    scene = await parseO3d(o3d, { fileName: 'mvr_sample.o3d', skeleton: chr, motions: { sway: ani } });
    writeFileSync(path.join(root, 'bat.glb'), await toGlb(scene));
    writeFileSync(path.join(root, 'glb-without-extension'), await toGlb(scene));
    mkdirSync(path.join(root, 'text'));
    const { json, resources } = await toGltf(scene, { basename: 'crab' });
    writeFileSync(path.join(root, 'text', 'crab.gltf'), JSON.stringify(json));
    for (const [uri, data] of Object.entries(resources)) writeFileSync(path.join(root, 'text', uri), data);
  });

  it('skips glTF by default, as companions and unknown files', () => {
    const scan = scanFolder(root);
    expect(scan.inputs.map((i) => i.file)).toEqual(['mvr_sample.o3d']);
    expect(scan.skipped.map((s) => s.file)).toEqual(['bat.glb', 'glb-without-extension', 'mvr_sample.chr', 'text/crab.bin', 'text/crab.gltf']);
  });

  it('takes .glb, .gltf and sniffed glTF as inputs with includeGltf (a .bin stays a companion)', () => {
    const scan = scanFolder(root, undefined, { includeGltf: true });
    expect(scan.inputs.map((i) => i.file)).toEqual(['bat.glb', 'glb-without-extension', 'mvr_sample.o3d', 'text/crab.gltf']);
    expect(scan.skipped.map((s) => s.file)).toEqual(['mvr_sample.chr', 'text/crab.bin']);
  });

  it('converts them on the calling thread, a .gltf with its .bin, to .glb files with the same triangles', async () => {
    const out = tmp('include-gltf-out');
    const results: BatchFileResult[] = [];
    for await (const result of convertBatch(root, { out, jobs: 0, includeGltf: true })) results.push(result);
    const byFile = new Map(results.map((r) => [r.file, r]));
    expect([...byFile.keys()].sort()).toEqual(['bat.glb', 'glb-without-extension', 'mvr_sample.o3d', 'text/crab.gltf']);
    for (const file of ['bat.glb', 'glb-without-extension', 'text/crab.gltf']) {
      const result = byFile.get(file)!;
      expect([result.format, result.error]).toEqual(['gltf', undefined]);
      const written = await fromGltf(new Uint8Array(readFileSync(path.join(out, result.output!))));
      expect(triangles(written)).toBe(triangles(scene));
    }
  });
});
