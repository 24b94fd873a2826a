// Scrub once: a reader that scrubbed its whole scene sets FINITE_SCENE and the exporter skips its
// own scan; the output must still be valid and finite. A scene without the flag is checked.
import { FINITE_SCENE, addNode, createScene, defaultMaterial, markScrubbedFinite, type Scene } from '@relic3d/core';
import { writeMdl, type WMesh } from '@relic3d/fixtures/mdl';
import { parseSync as parseMdl } from '@relic3d/mdl';
import { NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { isKnownFinite, toGlb } from '../src/index.js';
import { describeIssues, validateGltf } from './validate.js';

const tri = (name: string, vertices: WMesh['vertices']): WMesh => ({ name, material: '', vertices, indices: [0, 1, 2] });

async function positionsOf(glb: Uint8Array): Promise<number[]> {
  const doc = await new NodeIO().readBinary(glb);
  return doc.getRoot().listMeshes().flatMap((m) => m.listPrimitives().flatMap((p) => Array.from(p.getAttribute('POSITION')!.getArray()!)));
}

describe('FINITE_SCENE', () => {
  it('MDL sets it after its scrub; a damaged file still exports valid, finite, with no exporter fix', async () => {
    const bytes = writeMdl({
      variant: 'ultra',
      root: { lods: [{ meshes: [tri('bad', [{ position: [NaN, 0, 0], normal: [NaN, 0, 1] }, { position: [1, Infinity, 0], uv0: [Infinity, 0.5] }, { position: [0, 1, 0] }])] }] },
    });
    const scene = parseMdl(bytes);
    expect(isKnownFinite(scene)).toBe(true);
    expect(scene.warnings.map((w) => w.code)).toContain('MDL_NOT_FINITE');
    const codes: string[] = [];
    const glb = await toGlb(scene, { onWarning: (w) => codes.push(w.code) });
    expect(codes).not.toContain('GLTF_VALUES_FIXED');
    const report = await validateGltf(glb);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    expect(await positionsOf(glb)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]); // z mirrored: −0 reads back as 0
  });

  it('a hand-built scene has no flag: its non-finite POSITION is fixed by the exporter and reported', async () => {
    const scene: Scene = createScene('test');
    scene.materials.push(defaultMaterial());
    scene.meshes.push({ name: 'm', primitives: [{ attributes: { POSITION: Float32Array.of(NaN, 0, 0, 1, 0, 0, 0, 1, 0) }, indices: Uint16Array.of(0, 1, 2), mode: 'TRIANGLES', material: 0 }] });
    addNode(scene, { name: 'n', mesh: 0 });
    expect(isKnownFinite(scene)).toBe(false);
    const codes: string[] = [];
    const glb = await toGlb(scene, { onWarning: (w) => codes.push(w.code) });
    expect(codes).toContain('GLTF_VALUES_FIXED');
    expect((await positionsOf(glb))[0]).toBe(0);
    expect((await validateGltf(glb)).errors).toEqual([]);
  });

  it('is not set when a primitive has an attribute the scrub does not cover', () => {
    const scene: Scene = createScene('test');
    scene.meshes.push({ name: 'm', primitives: [{ attributes: { POSITION: new Float32Array(9), TEXCOORD_2: Float32Array.of(NaN, 0, 0, 0, 0, 0) }, mode: 'TRIANGLES', material: 0 }] });
    expect(markScrubbedFinite(scene)).toBe(false);
    expect((scene as Scene & { [FINITE_SCENE]?: boolean })[FINITE_SCENE]).toBeUndefined();
    delete scene.meshes[0].primitives[0].attributes.TEXCOORD_2;
    expect(markScrubbedFinite(scene)).toBe(true);
    expect(isKnownFinite(scene)).toBe(true);
  });
});
