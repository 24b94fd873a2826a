// "Ultra Model" v300–302 corners: node floats, records, quads, PHYS, KIDS, bones, misaligned tags, weights.
import { describe, expect, it } from 'vitest';
import { parseSync as parseMdl, readMdl } from '../../src/index.js';
import { sampleModel, writeMdl, type V3, type WVertex } from '@relic3d/fixtures/mdl';
import { valid, errorOf, tri } from './helpers.js';

describe('"Ultra Model" v300–302 corners (written by the tests)', () => {
  it('v301 node floats, 96-byte records whatever the stride field says, RGBA8 colour', () => {
    const vertex = (x: number): WVertex => ({ position: [x, 0, 0], color: [255, 0, 0, 128], displacement: 0.25 });
    const mesh = tri('c', { strideField: 1234, vertices: [vertex(0), vertex(1), vertex(2)], indices: [0, 1, 2] });
    mesh.vertices[2].position = [0, 1, 0];
    const bytes = writeMdl({ variant: 'ultra', version: 301, root: { name: 'n', unknownFloats: [1, 2, 3], lods: [{ meshes: [mesh] }] } });
    const raw = readMdl(bytes);
    expect(raw.root.unknownNodeFloats).toEqual([1, 2, 3]);
    expect(raw.root.lods[0].meshes[0].strideField).toBe(1234);
    expect(raw.root.lods[0].meshes[0].vertexStride).toBe(96);
    const p = valid(parseMdl(bytes)).meshes[0].primitives[0];
    expect(Array.from(p.attributes.COLOR_0!.subarray(0, 4))).toEqual([1, 0, 0, 128 / 255].map(Math.fround));
    expect(p.extras!.displacement).toBe(0.25);
    expect(readMdl(writeMdl({ variant: 'ultra', version: 300, root: {} })).root.unknownNodeFloats).toBeUndefined();
  });

  it('quads (polyVerts 4) are fanned into triangles; lines stay lines', () => {
    const quad = {
      polyVerts: 4, vertices: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]].map((p) => ({ position: p as V3 })),
      indices: [0, 1, 2, 3], primitiveFlags: [3],
    };
    const scene = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [quad] }] } })));
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 2, 1, 0, 3, 2]);
    expect(scene.meshes[0].primitives[0].extras!.polyVerts).toBe(4);
    const lines = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [{ ...quad, polyVerts: 2, primitiveFlags: [] }] }] } })));
    expect(lines.meshes[0].primitives[0].mode).toBe('LINES');
    expect(Array.from(lines.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2, 3]);
  });

  it('PHYS: BOX_, CYLI, MESH; an unknown shape tag is skipped by size with a warning', () => {
    const bytes = writeMdl({
      variant: 'ultra',
      root: {
        lods: [{ meshes: [tri()] }],
        parts: [
          { shape: 'CYLI', offset: [0, 1, 2], rotation: [-0.7069, 0, 0, 0.7073], size: [0.5, 2, 0.5] },
          { shape: 'MESH', mesh: { flag: 1, polygons: [[[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]]] } },
          { shape: 'CONE', raw: [1, 2, 3, 4, 5, 6, 7, 8] },
        ],
      },
    });
    const warnings: string[] = [];
    const scene = valid(parseMdl(bytes, { onWarning: (w) => warnings.push(w.message) }));
    expect(warnings).toEqual(['unknown collider shape CONE; the rest of PHYS (8 bytes) was skipped']);
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_UNKNOWN_COLLIDER_SHAPE']);
    const [cyl, mesh] = scene.colliders;
    expect(cyl.shape).toEqual({ type: 'cylinder', radius: 0.25, height: 2 });
    expect(cyl.translation).toEqual([0, 1, -2]);
    cyl.rotation!.forEach((v, c) => expect(v).toBeCloseTo([0.7069, 0, 0, 0.7073][c] / Math.hypot(0.7069, 0.7073), 6));
    expect(mesh.extras).toMatchObject({ shapeTag: 'MESH', flag: 1, polygonSizes: [3, 4] });
    expect(Array.from((mesh.shape as { indices: Uint32Array }).indices)).toEqual([0, 2, 1, 3, 5, 4, 3, 6, 5]);
    expect(readMdl(bytes).root.collision.raw!.length).toBe(8);
  });

  it('KIDS with a child count', () => {
    const bytes = writeMdl({ variant: 'ultra', version: 302, root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }, { name: 'd' }] } });
    const scene = valid(parseMdl(bytes));
    expect(scene.nodes.map((n) => `${n.name}<${n.parent}`)).toEqual(['a<-1', 'b<0', 'c<1', 'd<0']);
  });

  it('bones and animations in an Ultra file are read the documented way when the tags line up', () => {
    const file = sampleModel();
    const bytes = writeMdl({ ...file, variant: 'ultra', version: 302 });
    const scene = valid(parseMdl(bytes));
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(['base', 'top']);
    expect(scene.animations[0].name).toBe('bend');
  });

  it('misaligned bones or animations fail with "layout unverified"', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { bones: [{ name: 'b' }] } });
    // Break the BONE child count so the documented reading does not end at ATCH.
    const at = bytes.length - 4 * 8 - 4; // the bone's child count, before ATCH ASET PHYS KIDS
    const broken = bytes.slice();
    new DataView(broken.buffer).setInt32(at, 1, true);
    const e = errorOf(() => parseMdl(broken));
    expect(e.message).toMatch(/^Ultra MDL with bones\/animations: layout unverified/);
    expect(e.code).toBe('UNSUPPORTED');
  });

  it('a tag that does not line up names both tags and the offset', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri()] }] } });
    const s = new TextDecoder().decode(bytes);
    const pick = s.lastIndexOf('PICK');
    expect(pick).toBeGreaterThan(0);
    const broken = bytes.slice();
    broken.set([0x58, 0x58, 0x58, 0x58], pick);
    expect(errorOf(() => parseMdl(broken)).message).toBe(`mdl: expected 'PICK' at offset ${pick}, found 'XXXX'`);
  });

  it('weights in bytes 60–95 are used only with a skeleton, and marked unverified', () => {
    const v = (x: number, y: number): WVertex => ({ position: [x, y, 0], bones: [0, 0, 0, 0], weights: [255, 0, 0, 0] });
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('w', { vertices: [v(0, 0), v(1, 0), v(0, 1)] })] }], bones: [{ name: 'root' }] } });
    const scene = valid(parseMdl(bytes));
    const p = scene.meshes[0].primitives[0];
    expect(p.attributes.JOINTS_0).toBeDefined();
    expect(p.extras!.unverified).toMatch(/bytes 60–95/);
    const noSkeleton = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('w', { vertices: [v(0, 0), v(1, 0), v(0, 1)] })] }] } })));
    expect(noSkeleton.meshes[0].primitives[0].attributes.JOINTS_0).toBeUndefined();
    expect(noSkeleton.warnings.map((w) => w.code)).toEqual(['MDL_WEIGHTS_WITHOUT_SKELETON']);
  });
});
