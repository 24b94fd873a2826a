import { computeBounds, computeWorldMatrices, FormatError, math, sampleAnimation, validateScene, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { corpusFiles, readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aseFormat, parseSync, readAse } from '../src/index.js';
import { corpusBytes, corpusScene } from './corpus-scenes.js';
import { dump, expectedWorld, posedVertices, rowsOf, worldFaces, yUpBox, type Dump } from './dump.js';

const files = corpusFiles('ase');
const bad = corpusFiles('bad', '.ase');
const Q3MAP2 = /oalost__|unv_station15__(tree|shrub)/;

// Every file parsed once for all these tests (corpus-scenes.ts), on the path the others use.
beforeAll(async () => {
  await ready();
});

/** Each file's field dump, once for this file's tests. */
const dumps = new Map<CorpusEntry, Dump>();
const dumpOf = (entry: CorpusEntry): Dump => dumps.get(entry) ?? dumps.set(entry, dump(corpusBytes(entry))).get(entry)!;
afterAll(() => dumps.clear());

/** "top: SCENEx1 GEOMOBJECTx26 …" and "N faces" from a MANIFEST note. */
function noteFacts(note: string): { top: Record<string, number>; faces?: number } {
  const top: Record<string, number> = {};
  const m = /top: ([^,]+)/.exec(note);
  for (const t of m?.[1].trim().split(/\s+/) ?? []) {
    const [k, n] = t.split('x');
    top[k] = Number(n);
  }
  const faces = /(\d+) faces/.exec(note);
  return { top, faces: faces ? Number(faces[1]) : undefined };
}

function triangles(scene: Scene): number {
  let n = 0;
  for (const mesh of scene.meshes) for (const p of mesh.primitives) if ((p.mode ?? 'TRIANGLES') === 'TRIANGLES') n += (p.indices?.length ?? 0) / 3;
  return n;
}

function expectBoxClose(actual: { min: number[]; max: number[] }, expected: { min: number[]; max: number[] }, tol: number): void {
  for (let i = 0; i < 3; i++) {
    expect(Math.abs(actual.min[i] - expected.min[i]), `min[${i}] ${actual.min[i]} vs ${expected.min[i]}`).toBeLessThan(tol);
    expect(Math.abs(actual.max[i] - expected.max[i]), `max[${i}] ${actual.max[i]} vs ${expected.max[i]}`).toBeLessThan(tol);
  }
}

/** The files the spec measured (§6): the suite fails rather than shrinks if the MANIFEST loses one. */
const EXPECTED = [
  'assimp__CameraRollAnim.ase', 'assimp__MotionCaptureROM.ase', 'assimp__RotatingCube.ASE', 'assimp__anim.ASE', 'assimp__TestFormatDetection',
  'assimp__UVTransform_Normal.ASE', 'assimp__UVTransform_ScaleUV1-2_OffsetUV0-0.9_Rotate-72_mirrorU.ase', 'assimp__ThreeCubesGreen.ASE',
  'assimp__ThreeCubesGreen_UTF16LE.ASE', 'assimp__Rifle.ase', 'darkradiant__cube_install.ase', 'darkradiant__gauge_needle.ase',
  'darkradiant__room_cuboid_install.ase', 'darkradiant__single_triangle.ase', 'darkradiant__testcube_no_ab_bc_ca_in_mesh_face.ase',
  'darkradiant__testsphere.ase', 'darkradiant__tiles_two_materials.ase', 'darkradiant__moss_patch.ase', 'oalost__am_slipgatish.ase',
  'unv_station15__tree01a.ase', 'unv_station15__shrub01a.ase', 'xreal__chistaballa_test.ase',
];

describe.skipIf(!files.length)('corpus: presence', () => {
  it('the MANIFESTs list every file the spec measured (22 ASE files, the malformed and the empty file)', () => {
    expect(files.map((f) => f.file).sort()).toEqual([...EXPECTED].sort());
    expect(bad.map((f) => f.file)).toEqual(expect.arrayContaining(['unv_station15__mundo_tree.ase', 'assimp__invalid__empty.ase']));
  });
});

describe.skipIf(!files.length)('corpus/ase: every file', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, entry) => {
    const bytes = corpusBytes(entry);
    const d = dumpOf(entry);
    const facts = noteFacts(entry.note);
    expect(aseFormat.test(bytes)).toBe(true);
    const scene = corpusScene(entry);
    expect(validateScene(scene)).toEqual([]);
    expect(scene.format).toBe('ase');
    if (/ASE v200/.test(entry.note)) expect(scene.version).toBe(200);
    else expect(scene.version).toBeUndefined();

    // Objects, meshes and faces (MANIFEST notes).
    const kinds = (k: string) => scene.nodes.filter((n) => n.extras?.kind === k).length;
    expect(kinds('geom')).toBe(facts.top.GEOMOBJECT ?? 0);
    expect(kinds('helper')).toBe(facts.top.HELPEROBJECT ?? 0);
    expect(scene.cameras.length).toBe(facts.top.CAMERAOBJECT ?? 0);
    expect(scene.lights.length).toBe(facts.top.LIGHTOBJECT ?? 0);
    expect(scene.meshes.length).toBe(facts.top.GEOMOBJECT ?? 0);
    expect(triangles(scene)).toBe(facts.faces);
    expect(d.faces).toBe(facts.faces);

    // Materials and sub-materials (field dump); wireframe-colour materials come on top.
    expect(scene.materials.filter((m) => !m.extras?.wireframeColor).length).toBe(d.materials + d.submaterials);
    expect(scene.materials.reduce((n, m) => n + ((m.extras?.submaterials as number) ?? 0), 0)).toBe(d.submaterials);

    // World-space box = box of the *MESH_VERTEX values mapped to Y-up.
    const expected = yUpBox(d.vertices);
    const size = Math.max(...expected.max.map((v, i) => v - expected.min[i]), 1);
    expectBoxClose(computeBounds(scene), expected, 1e-4 * size + 1e-3);

    // Clip: present exactly when the file has *TM_ANIMATION; duration = frames / FRAMESPEED.
    if (d.counts.TM_ANIMATION) {
      expect(scene.animations).toHaveLength(1);
      expect(scene.animations[0].duration).toBeCloseTo((d.scene!.last - d.scene!.first) / d.scene!.fps, 6);
    } else expect(scene.animations).toHaveLength(0);
  });

  it('front faces are counter-clockwise in world space, as the file face normals say (spec §4.4; not Q3Map2)', () => {
    let filesChecked = 0, trianglesChecked = 0;
    for (const entry of files.filter((f) => !Q3MAP2.test(f.file))) {
      const scene = corpusScene(entry);
      // File faces keyed by their world corners in cyclic order (Y-up, file values).
      const list = worldFaces(dumpOf(entry).text).map((f) => ({ corners: f.corners.map(([x, y, z]) => [x, z, -y]), normal: [f.normal[0], f.normal[2], -f.normal[1]] }));
      if (!list.length) continue; // no *MESH_NORMALS in this file
      const key = (c: number[][]) => {
        const s = c.map((p) => p.join(','));
        const i = s.indexOf([...s].sort()[0]);
        return [s[i], s[(i + 1) % 3], s[(i + 2) % 3]].join(' ');
      };
      const fileFaces = new Map(list.map((f) => [key(f.corners), f.normal]));
      // Output positions carry float noise: snap each to the nearest file vertex (grid of 0.01).
      const cell = (p: number[], d: number[] = [0, 0, 0]) => p.map((x, k) => Math.floor(x * 100) + d[k]).join(',');
      const grid = new Map<string, number[][]>();
      for (const f of list) for (const p of f.corners) grid.set(cell(p), [...(grid.get(cell(p)) ?? []), p]);
      const offsets = [-1, 0, 1].flatMap((a) => [-1, 0, 1].flatMap((b) => [-1, 0, 1].map((c) => [a, b, c])));
      const snap = (p: number[]) => {
        let best = p, dist = 1e-2;
        for (const o of offsets) for (const q of grid.get(cell(p, o)) ?? []) {
          const d = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
          if (d < dist) [best, dist] = [q, d];
        }
        return best;
      };
      const find = (tri: number[][]) => fileFaces.get(key(tri.map(snap)));
      const world = computeWorldMatrices(scene);
      let agree = 0, total = 0, matched = 0;
      scene.nodes.forEach((node, i) => {
        if (node.mesh === undefined) return;
        const m = world.subarray(i * 16, i * 16 + 16);
        for (const p of scene.meshes[node.mesh].primitives) {
          const pos = p.attributes.POSITION, idx = p.indices!;
          const w = (v: number) => math.transformPoint(m, pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]);
          for (let t = 0; t < idx.length; t += 3) {
            const tri = [w(idx[t]), w(idx[t + 1]), w(idx[t + 2])];
            total++;
            const n = find(tri);
            if (!n) continue;
            matched++;
            const [a, b, c] = tri;
            const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            const cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
            if (Math.hypot(...cross) < 1e-6 || cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2] > 0) agree++;
          }
        }
      });
      expect(matched, `${entry.file}: output triangles found in the file with the same winding`).toBe(total);
      expect(agree, entry.file).toBe(total);
      filesChecked++;
      trianglesChecked += total;
    }
    // The spec measured 3,516 faces with normals in these files (all but the 4 without *MESH_NORMALS).
    expect(filesChecked).toBe(15);
    expect(trianglesChecked).toBe(3516);
  });
});

describe.skipIf(!files.length)('corpus/ase: file facts', () => {
  const load = (name: string) => {
    const entry = files.find((f) => f.file === name)!;
    return { bytes: corpusBytes(entry), scene: corpusScene(entry), d: dumpOf(entry) };
  };

  it('animated files: at time 0 every node\'s animated world matrix equals its *NODE_TM', () => {
    for (const name of ['assimp__CameraRollAnim.ase', 'assimp__MotionCaptureROM.ase', 'assimp__RotatingCube.ASE', 'assimp__anim.ASE']) {
      const { scene, d } = load(name);
      const pose = sampleAnimation(scene, 0, 0);
      const world = computeWorldMatrices(scene, pose.locals);
      let checked = 0;
      expect(d.tms.length, name).toBeGreaterThan(0);
      for (const tm of d.tms) {
        const i = scene.nodes.findIndex((n) => n.name === tm.name);
        expect(i, tm.name).toBeGreaterThanOrEqual(0);
        const expected = expectedWorld(rowsOf(tm.rows!), scene.nodes[i].camera !== undefined || scene.nodes[i].light !== undefined);
        const actual = Array.from(world.subarray(i * 16, i * 16 + 16));
        // Rotation entries within 1e-3; translations (file units, 4 decimals) within 1e-3 relative.
        for (let k = 0; k < 16; k++) {
          const tol = k >= 12 ? 1e-3 * Math.max(1, Math.abs(expected[k])) + 2e-3 : 1e-3;
          expect(Math.abs(actual[k] - expected[k]), `${name} ${tm.name} [${k}] ${actual[k]} vs ${expected[k]}`).toBeLessThan(tol);
        }
        checked++;
      }
      expect(checked).toBe(d.tms.length);
    }
  });

  it('bounds at 25/50/75% of the clip match an independent row-vector evaluation (spec §5.2–5.3)', () => {
    for (const name of ['assimp__CameraRollAnim.ase', 'assimp__MotionCaptureROM.ase', 'assimp__RotatingCube.ASE', 'assimp__anim.ASE']) {
      const { scene, d } = load(name);
      const clip = scene.animations[0];
      const s = d.scene!;
      const firstTick = s.first * s.tpf;
      const ticksPerSecond = s.fps * s.tpf;
      const step = clip.extras!.sampleStepTicks as number;
      for (const f of [0.25, 0.5, 0.75]) {
        // Snapped to the exporter's sampling grid, where sampled values are exact.
        const tick = firstTick + Math.round((f * (s.last - s.first) * s.tpf) / step) * step;
        const expected = yUpBox(posedVertices(d, tick, firstTick));
        const size = Math.max(...expected.max.map((v, i) => v - expected.min[i]));
        const got = computeBounds(scene, { animation: clip, time: (tick - firstTick) / ticksPerSecond });
        expectBoxClose(got, expected, 2e-4 * size); // measured ≤ 5e-5 × size (float32 poses)
      }
    }
  });

  it('CameraRollAnim: a target camera with its .Target node', () => {
    const { scene, d } = load('assimp__CameraRollAnim.ase');
    expect(scene.cameras).toHaveLength(1);
    // No manual clipping planes in the file: an infinite projection; the environment range stays in extras.
    expect(d.counts.CAMERA_YON ?? 0).toBe(0);
    expect(scene.cameras[0].zfar).toBeUndefined();
    expect(scene.cameras[0].extras?.settings).toMatchObject({ CAMERA_FAR: 1000 });
    const cam = scene.nodes.find((n) => n.camera !== undefined)!;
    expect(cam.name).toBe('Camera01');
    expect(scene.cameras[0].extras?.horizontalFov).toBeCloseTo(0.7854, 6);
    const target = scene.nodes.findIndex((n) => n.name === 'Camera01.Target');
    expect(cam.extras?.target).toBe(target);
    const world = computeWorldMatrices(scene);
    // TM_ROW3 -37.2279 -0.2205 22.7776 → Y-up (x, z, −y).
    expect(Array.from(world.subarray(target * 16 + 12, target * 16 + 15)).map((v) => +v.toFixed(4))).toEqual([-37.2279, 22.7776, 0.2205]);
    // The camera's −Z looks at the target at time 0.
    const c = scene.nodes.indexOf(cam);
    const m = world.subarray(c * 16, c * 16 + 16);
    const view = [-m[8], -m[9], -m[10]];
    const to = [0, 1, 2].map((k) => world[target * 16 + 12 + k] - m[12 + k]);
    const cos = (view[0] * to[0] + view[1] * to[1] + view[2] * to[2]) / Math.hypot(...view) / Math.hypot(...to);
    expect(cos).toBeGreaterThan(0.9999);
  });

  it('MotionCaptureROM: hierarchy, helpers, exporter-replaced names, 4800 ticks/s', () => {
    const { scene, d } = load('assimp__MotionCaptureROM.ase');
    expect(scene.nodes.filter((n) => n.parent >= 0)).toHaveLength(d.counts.NODE_PARENT);
    expect(scene.nodes.some((n) => n.name === 'Bip01 Wirbels_ule')).toBe(true);
    expect(scene.nodes.filter((n) => n.extras?.helperClass === 'Dummy')).toHaveLength(5);
    expect(scene.animations[0].extras?.ticksPerSecond).toBe(4800);
    expect(scene.animations[0].extras?.sampleStepTicks).toBe(800);
    expect(scene.animations[0].channels.filter((c) => c.path === 'rotation')).toHaveLength(23);
  });

  it('Rifle (AC3D): vertex colours, 21 materials, MTLIDs beyond the material count use the material', () => {
    const { scene } = load('assimp__Rifle.ase');
    expect(scene.materials).toHaveLength(21);
    const prims = scene.meshes[0].primitives;
    expect(prims.every((p) => p.attributes.COLOR_0 !== undefined)).toBe(true);
    expect(new Set(prims.map((p) => p.material)).size).toBe(prims.length);
    // MTLIDs up to 19 with a single non-multi material: every id resolves to that material.
    expect(prims).toHaveLength(1);
    expect(Math.max(...(prims[0].extras!.mtlIds as number[]))).toBe(19);
    expect(scene.warnings).toEqual([]);
  });

  it('UVTransform: *UVW_* become a texture transform; the bitmap path is kept as written', () => {
    const { scene } = load('assimp__UVTransform_ScaleUV1-2_OffsetUV0-0.9_Rotate-72_mirrorU.ase');
    const ref = scene.materials[0].baseColorTexture!;
    expect(scene.textures[ref.texture].uri).toBe('..\\..\\3DS\\UVTransformTest\\UVTransformTestImg.png');
    expect(ref.transform!.scale).toEqual([1, 2]);
    expect(ref.transform!.offset[1]).toBeCloseTo(-0.9, 6);
    expect(ref.transform!.rotation).toBeCloseTo(-1.2566, 6);
    const normal = load('assimp__UVTransform_Normal.ASE').scene.materials[0].baseColorTexture!;
    expect(normal.transform).toBeUndefined();
  });

  it('UTF-16LE with BOM equals its ASCII twin', () => {
    const a = load('assimp__ThreeCubesGreen.ASE').scene;
    const b = load('assimp__ThreeCubesGreen_UTF16LE.ASE').scene;
    expect(b.extras.encoding).toBe('utf-16le');
    expect(b.nodes.map((n) => n.name)).toEqual(a.nodes.map((n) => n.name));
    expect(b.meshes.map((m) => Array.from(m.primitives[0].attributes.POSITION))).toEqual(a.meshes.map((m) => Array.from(m.primitives[0].attributes.POSITION)));
  });

  it('TestFormatDetection (no extension) is sniffed by content', () => {
    const { bytes } = load('assimp__TestFormatDetection');
    expect(aseFormat.test(bytes)).toBe(true);
  });

  it('AxTool: no version, no *SCENE, empty *NODE_TM → identity, faces without AB/BC/CA', () => {
    const { scene, bytes } = load('xreal__chistaballa_test.ase');
    expect(scene.version).toBeUndefined();
    expect(scene.extras.firstFrame).toBeUndefined();
    expect(scene.nodes[0].matrix).toBeUndefined();
    expect(scene.nodes[0].extras?.emptyNodeTM).toBe(true);
    const raw = readAse(bytes);
    expect(Array.from(raw.objects[0].mesh!.edges)).toEqual([-1, -1, -1, -1, -1, -1]);
    expect(raw.materials[0].submaterials[0].name).toBe('initialShadingGroup');
  });

  it('Q3Map2: per-vertex normal layout, face lines without a colon', () => {
    const { scene, bytes } = load('unv_station15__shrub01a.ase');
    const raw = readAse(bytes);
    const mesh = raw.objects[0].mesh!;
    expect(mesh.normals!.vertexNormalVertex.length).toBe(mesh.numVertex);
    // Node-local normal of a render vertex = the file's normal of its vertex, mapped to Y-up.
    const p = scene.meshes[0].primitives[0];
    const pos = p.attributes.POSITION, nor = p.attributes.NORMAL!;
    const v = mesh.normals!.vertexNormalVertex[0];
    const file = mesh.normals!.vertexNormals.subarray(0, 3);
    const want = [file[0], file[2], -file[1]].map((x) => x / Math.hypot(file[0], file[1], file[2]));
    const at = [...Array(pos.length / 3).keys()].find((k) => Math.abs(pos[k * 3] - mesh.vertices[v * 3]) < 1e-4 && Math.abs(pos[k * 3 + 1] - mesh.vertices[v * 3 + 2]) < 1e-4 && Math.abs(pos[k * 3 + 2] + mesh.vertices[v * 3 + 1]) < 1e-4)!;
    expect(Array.from(nor.subarray(at * 3, at * 3 + 3)).map((x, k) => Math.abs(x - want[k]) < 1e-5)).toEqual([true, true, true]);
    expect(raw.objects[0].mesh!.faces.length / 3).toBe(50);
  });

  it('moss_patch: empty *MESH_SMOOTHING values; 25 × 160 ticks per second', () => {
    const { scene, bytes } = load('darkradiant__moss_patch.ase');
    const raw = readAse(bytes);
    expect(Array.from(raw.objects[0].mesh!.smoothing)).toEqual([0, 0, 0, 0, 0, 0]);
    expect((scene.extras.frameSpeed as number) * (scene.extras.ticksPerFrame as number)).toBe(4000);
  });
});

describe.skipIf(!bad.length)('corpus/bad', () => {
  it('mundo_tree (unclosed *MATERIAL_LIST) loads with a warning', () => {
    const entry = bad.find((f) => f.file === 'unv_station15__mundo_tree.ase')!;
    const bytes = readCorpusFile(entry);
    const scene = parseSync(bytes);
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings.map((w) => w.code)).toContain('ASE_UNCLOSED_MATERIAL_LIST');
    expect(scene.warnings.map((w) => w.code)).toContain('ASE_NO_TICKSPERFRAME');
    expect(triangles(scene)).toBe(noteFacts(entry.note).faces);
    expect(scene.materials).toHaveLength(3); // 1 + SUBMATERIALx2
    expectBoxClose(computeBounds(scene), yUpBox(dump(bytes).vertices), 1e-3);
  });

  it('the empty file gives a FormatError', () => {
    const entry = bad.find((f) => f.file === 'assimp__invalid__empty.ase')!;
    const bytes = readCorpusFile(entry);
    expect(aseFormat.test(bytes)).toBe(false);
    let error: unknown;
    try {
      parseSync(bytes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe('EMPTY');
    expect((error as FormatError).message).toMatch(/empty file/);
  });
});
