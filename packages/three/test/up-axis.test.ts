// Issue #30 item 6: RelicLoader shows a LODka3D model standing along +Y (the lod reader turns its
// Z-up content at the edge); `parseOptions: { upAxis: 'y' }` keeps a file that breaks the rule.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import '@relic3d/formats';
import { RelicLoader } from '../src/index.js';

const entry = corpusFiles('lod', '.lod').find((f) => f.file === 'xtreme3d__TRINITYrage.lod');

/** The axis (0 x, 1 y, 2 z) the loaded objects are tallest along, and that extent. */
function tallest(root: THREE.Object3D): [number, number] {
  root.updateMatrixWorld(true);
  const size = new THREE.Box3().setFromObject(root).getSize(new THREE.Vector3()).toArray();
  const axis = size.indexOf(Math.max(...size));
  return [axis, size[axis]];
}

describe.skipIf(!entry)('RelicLoader: xtreme3d__TRINITYrage.lod', () => {
  const bytes = entry ? readCorpusFile(entry) : new Uint8Array(0);

  it('stands along +Y: the height the spec measures along the file\'s Z (0.19..74.1, docs/formats/lod.md §8.1)', async () => {
    const result = await new RelicLoader().parse(bytes, 'TRINITYrage.lod');
    const [axis, height] = tallest(result.root);
    expect(axis).toBe(1);
    expect(height).toBeCloseTo(74.1068 - 0.1918, 2);
  });

  it("parseOptions upAxis 'y' keeps the stored Z-up", async () => {
    const result = await new RelicLoader(undefined, { parseOptions: { upAxis: 'y' } }).parse(bytes, 'TRINITYrage.lod');
    expect(tallest(result.root)[0]).toBe(2);
  });
});
