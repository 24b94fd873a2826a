import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { scratchFolder } from '@relic3d/test-harness/scratch';
import { computeBounds, requireFormat, validateScene, type Scene } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { sceneStats, toThree } from '@relic3d/three';
import { writeSamples, SAMPLE_LOD, SAMPLE_MDL, SAMPLE_MDL_MATERIAL, SAMPLE_O3D } from '../scripts/samples.js';
import { samples } from '../src/samples.js';

const corpus = process.env.RELIC3D_CORPUS ?? path.resolve(import.meta.dirname, '../../../../shared/corpus');

/** MANIFEST.tsv rows of a corpus folder, read here rather than through the parser's helpers. */
function manifest(folder: string): { file: string; sha256: string; license: string }[] {
  const [head, ...rows] = readFileSync(path.join(corpus, folder, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
  return rows.map((r) => ({ file: r[head.indexOf('file')], sha256: r[head.indexOf('sha256')], license: r[head.indexOf('license')] }));
}

const dir = path.resolve(import.meta.dirname, '..');
/** Every file shipped under public/samples (the generated ones are written at build time, not shipped). */
const shipped = readdirSync(path.join(dir, 'public/samples'), { withFileTypes: true }).filter((e) => e.isFile() && e.name !== 'NOTICE.md').map((e) => e.name);
const models = shipped.filter((f) => /\.(ms3d|ase|lod|o3d|mdl)$/i.test(f));
/** The corpus name of a shipped file: its own, or (a texture keeps the name its model writes) `<source>__<name>`. */
const corpusRow = (folder: string, file: string) => manifest(folder).find((r) => r.file === file || r.file.endsWith(`__${file}`));

async function parseSample(file: string, companions: Record<string, Uint8Array> = {}): Promise<Scene> {
  const bytes = new Uint8Array(readFileSync(file));
  const name = path.basename(file);
  const format = requireFormat(bytes, name, formats);
  const options: Record<string, unknown> = { fileName: name, resolve: (n: string) => companions[path.basename(n)] };
  if (format.id === 'o3d') options.motions = Object.keys(companions).filter((n) => n.endsWith('.ani'));
  return format.parse(bytes, options);
}

describe('shipped samples', () => {
  // Licences that allow redistribution with a notice; anything else must not be shipped. MPL-1.1 is
  // not here: the only file under it (TRINITYrage.lod) is covered by its repository's code licence
  // only, with no notice of its own.
  const allowed = /^(MPL-2\.0|BSD-3-Clause|MIT)\b/;

  it.skipIf(!existsSync(corpus)).each(shipped)('%s is an unmodified corpus file with a redistributable licence and a notice', (file) => {
    const folder = ['ms3d', 'ase'].find((f) => corpusRow(f, file)) ?? file.split('.').pop()!.toLowerCase();
    const row = corpusRow(folder, file);
    expect(row, `${file} is in the ${folder} MANIFEST`).toBeDefined();
    expect(row!.license).toMatch(allowed);
    expect(createHash('sha256').update(readFileSync(path.join(dir, 'public/samples', file))).digest('hex')).toBe(row!.sha256);
    expect(readFileSync(path.join(dir, 'public/samples/NOTICE.md'), 'utf8')).toMatch(new RegExp(`^## .*\\b${file.replace(/\./g, '\\.')}\\b`, 'm'));
  });

  it('has a sample for every format, O3D, MDL and LOD generated rather than shipped', () => {
    expect([...new Set(samples.map((s) => s.format))].sort()).toEqual(['ase', 'lod', 'mdl', 'ms3d', 'o3d']);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
    expect(samples.filter((s) => s.generated).map((s) => s.format).sort()).toEqual(['lod', 'mdl', 'o3d']);
    expect(shipped.some((f) => /\.(o3d|mdl|lod)$/i.test(f))).toBe(false);
    expect(models.sort()).toEqual(['assimp__MotionCaptureROM.ase', 'assimp__jeep1.ms3d', 'glscene__Woman4.ms3d']);
    expect(shipped.filter((f) => !models.includes(f))).toEqual(['jeep1.jpg']);
    expect(readFileSync(path.join(dir, 'public/samples/NOTICE.md'), 'utf8')).not.toContain('## xtreme3d__TRINITYrage.lod');
  });

  it('opens on a sample whose textures are shipped (jeep1: MANIFEST texture path .\\jeep1.jpg), with nothing to warn about', async () => {
    const first = samples[0];
    expect(first.file).toBe('samples/assimp__jeep1.ms3d');
    const files = Object.fromEntries(shipped.map((f) => [f, new Uint8Array(readFileSync(path.join(dir, 'public/samples', f)))]));
    const asked: string[] = [];
    const scene = await parseSample(path.join(dir, 'public', first.file));
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings).toEqual([]);
    // MANIFEST: 1190 vertices, 2032 triangles, 7 groups, 1 material.
    expect(sceneStats(scene)).toMatchObject({ triangles: 2032, materials: 1, textures: 1 });
    expect(scene.textures[0].uri?.replace(/\\/g, '/')).toBe('./jeep1.jpg');
    // The texture is shipped under the name the model writes, and the sample lists it as a companion.
    const base = path.basename(scene.textures[0].uri!.replace(/\\/g, '/'));
    expect(first.companions).toEqual([base]);
    const three = toThree(scene, { resolve: (name) => (asked.push(name), files[path.basename(name.replace(/\\/g, '/'))]), decodeImage: async (b) => ({ width: b.length, height: 1 }) as unknown as ImageBitmap });
    await three.ready;
    expect(asked).toEqual(['./jeep1.jpg']);
    expect(three.warnings).toEqual([]);
    expect(three.textures[0].image).toEqual({ width: files['jeep1.jpg'].length, height: 1 });
  });

  it('says on the credit what a sample lacks (Woman4: her textures are not shipped)', () => {
    const woman4 = samples.find((s) => s.id === 'woman4')!;
    expect(woman4.companions).toEqual([]);
    expect(woman4.note).toMatch(/untextured/);
  });

  it('Woman4 (MANIFEST: 31 joints, 3450 triangles, animated) is valid and converts', async () => {
    const scene = await parseSample(path.join(dir, 'public/samples/glscene__Woman4.ms3d'));
    expect(validateScene(scene)).toEqual([]);
    expect(sceneStats(scene)).toMatchObject({ joints: 31, triangles: 3450 });
    const three = toThree(scene);
    expect(three.clips[0].duration).toBeGreaterThan(1);
    expect(three.skeletons[0].bones).toHaveLength(31);
  });

  it('MotionCaptureROM (MANIFEST: 26 geometry objects, 2016 faces, node animation) is valid', async () => {
    const scene = await parseSample(path.join(dir, 'public/samples/assimp__MotionCaptureROM.ase'));
    expect(validateScene(scene)).toEqual([]);
    expect(sceneStats(scene).triangles).toBe(2016);
    expect(scene.nodes.filter((n) => n.mesh !== undefined)).toHaveLength(26);
    expect(scene.animations.length).toBeGreaterThan(0);
    expect(toThree(scene).clips[0].tracks.length).toBeGreaterThan(0);
  });

});

describe('generated samples (scripts/samples.ts)', () => {
  it('writes an animated skinned O3D with companions and an MDL with its .mat that parse and validate', async () => {
    const out = scratchFolder('samples');
    const written = await writeSamples(out, (id) => import(id), () => {});
    expect(written.map((w) => w.file)).toEqual([SAMPLE_O3D, 'mvr_sample.chr', 'mvr_sample_sway.ani', SAMPLE_MDL, SAMPLE_MDL_MATERIAL, SAMPLE_LOD]);
    for (const w of written) expect(w.bytes, `${w.file} stays tiny`).toBeLessThan(50_000);
    const companions = Object.fromEntries(['mvr_sample.chr', 'mvr_sample_sway.ani'].map((f) => [f, new Uint8Array(readFileSync(path.join(out, f)))]));
    const o3d = await parseSample(path.join(out, SAMPLE_O3D), companions);
    expect(validateScene(o3d)).toEqual([]);
    // Nothing to warn about: the header names the file it is written to (the client checks that).
    expect(o3d.warnings).toEqual([]);
    expect(o3d.format).toBe('o3d');
    expect(o3d.skins.length).toBe(1);
    expect(o3d.animations.map((a) => a.name)).toEqual(['sway']);
    // Untextured, with a warm (not white) diffuse colour.
    expect(sceneStats(o3d)).toMatchObject({ materials: 1, textures: 0 });
    const [r, g, b] = o3d.materials[0].baseColorFactor;
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    const mdl = await parseSample(path.join(out, SAMPLE_MDL), { [SAMPLE_MDL_MATERIAL]: new Uint8Array(readFileSync(path.join(out, SAMPLE_MDL_MATERIAL))) });
    expect(validateScene(mdl)).toEqual([]);
    expect(mdl.warnings).toEqual([]);
    expect(mdl.format).toBe('mdl');
    // Fine: 16 sides, 15 profile rings + 2 poles = 16 bands, 14 of quads and 2 pole fans; coarse: 8 sides, 8 rings + 2 poles.
    expect(sceneStats(mdl).triangles).toBe(14 * 16 * 2 + 2 * 16 + (7 * 8 * 2 + 2 * 8));
    // Two levels of detail, so the viewer's LOD switch has something to switch.
    expect(mdl.nodes.flatMap((n) => n.lods ?? []).map((l) => l.distance)).toEqual([0, 12]);
    expect(toThree(mdl).lodObjects[0].levels).toHaveLength(2);
    // The .mat written next to the model gives its colour and surface.
    const stored = JSON.parse(readFileSync(path.join(out, SAMPLE_MDL_MATERIAL), 'utf8')).material;
    expect(mdl.materials).toHaveLength(1);
    expect(mdl.materials[0].baseColorFactor).toEqual(stored.color);
    expect(mdl.materials[0]).toMatchObject({ metallicFactor: stored.metallic, roughnessFactor: stored.roughness });
    // Smooth: one normal per position in the fine mesh (no faceted duplicates).
    const prim = mdl.meshes[0].primitives[0];
    const [p, n] = [prim.attributes.POSITION, prim.attributes.NORMAL!];
    const byPosition = new Map<string, string>();
    for (let i = 0; i < p.length; i += 3) {
      const key = `${p[i].toFixed(5)},${p[i + 1].toFixed(5)},${p[i + 2].toFixed(5)}`;
      const normal = `${n[i].toFixed(4)},${n[i + 1].toFixed(4)},${n[i + 2].toFixed(4)}`;
      expect(byPosition.get(key) ?? normal).toBe(normal);
      byPosition.set(key, normal);
    }
  });
});

/** Top-level chunks of a LODka3D file, walked here by the spec's header layout (id, Size, Count), not by the parser. */
function lodChunks(bytes: Uint8Array, start: number, end: number): { id: string; count: number; data: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { id: string; count: number; data: Uint8Array }[] = [];
  for (let at = start; at < end; ) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getInt32(at + 4, true);
    out.push({ id, count: view.getInt32(at + 8, true), data: bytes.subarray(at + 12, at + 12 + size) });
    at += 12 + size;
  }
  return out;
}

const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

describe('generated LOD sample (@relic3d/fixtures/lod writeSampleLod)', async () => {
  const out = scratchFolder('lod-sample');
  await writeSamples(out, (id) => import(id), () => {});
  const bytes = new Uint8Array(readFileSync(path.join(out, SAMPLE_LOD)));
  const { SAMPLE_LOD: shape } = (await import('@relic3d/fixtures/lod')) as typeof import('@relic3d/fixtures/lod');

  it('is a LODka3D file laid out as the spec says: INF1, MAL1 > MAT1, SKL1, MSL1 > MSH1, ANS1 > ANM1 × 2', () => {
    expect(String.fromCharCode(...bytes.subarray(0, 8))).toBe('LODka3D1');
    const [lod1] = lodChunks(bytes, 8, bytes.length);
    expect(lod1.id).toBe('LOD1');
    expect(8 + 12 + lod1.data.length).toBe(bytes.length);
    const top = lodChunks(bytes, 20, bytes.length);
    expect(top.map((c) => c.id)).toEqual(['INF1', 'MAL1', 'SKL1', 'MSL1', 'ANS1']);
    const byId = Object.fromEntries(top.map((c) => [c.id, c]));
    expect(byId.SKL1.count).toBe(shape.bones.length);
    const inner = (c: { data: Uint8Array }) => lodChunks(c.data, 0, c.data.length);
    expect(inner(byId.MAL1).map((c) => [c.id, c.count])).toEqual([['MAT1', 3]]);
    const [msh] = inner(byId.MSL1);
    expect([msh.id, msh.count]).toEqual(['MSH1', 3]); // Count = face groups
    // MSH1: name length, name, isSkeletonExists, MeshMode, isMeshVisible, MeshVertexCnt, positions, MeshNormalsCnt.
    const mv = new DataView(msh.data.buffer, msh.data.byteOffset, msh.data.byteLength);
    const nameLength = mv.getInt32(0, true);
    expect(String.fromCharCode(...msh.data.subarray(4, 4 + nameLength))).toBe('Serpent');
    expect(msh.data[5 + nameLength]).toBe(3); // mode 3 (rev 1.02)
    const vertexCount = mv.getInt32(7 + nameLength, true);
    expect(vertexCount).toBe(shape.positions);
    expect(mv.getInt32(11 + nameLength + 12 * vertexCount, true)).toBe(0); // no stored normals, as in real skinned files
    // ANM1, packed: AnimType u8, AnimInterval i32 @1, AnimMode u8 @5, name length i32 @6, name @10.
    const anims = inner(byId.ANS1).map((c) => {
      const v = new DataView(c.data.buffer, c.data.byteOffset, c.data.byteLength);
      const n = v.getInt32(6, true);
      return { name: String.fromCharCode(...c.data.subarray(10, 10 + n)), interval: v.getInt32(1, true), mode: c.data[5], frames: c.count, rest: c.data.length - 10 - n };
    });
    expect(anims.map((a) => [a.name, a.frames, a.interval])).toEqual(shape.clips);
    for (const a of anims) {
      expect(a.mode).toBe(2); // loop
      expect(a.rest).toBe(a.frames * shape.bones.length * 24); // position + Euler rotation per bone per frame
    }
  });

  it('parses with @relic3d/lod into a valid skinned, animated, coloured scene', async () => {
    const scene = await parseSample(path.join(out, SAMPLE_LOD));
    expect(scene.format).toBe('lod');
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings).toEqual([]);
    const stats = sceneStats(scene);
    expect(stats).toMatchObject({ joints: shape.bones.length, triangles: shape.triangles, clips: 2, materials: 3, textures: 0 });
    expect(shape.triangles).toBe(800);
    expect(scene.extras.info).toContain('relic3d sample');
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(shape.bones);
    // Clips: frames evenly spaced by AnimInterval; the stored closing frame makes (frames − 1) × interval a seamless loop.
    expect(scene.animations.map((a) => a.name)).toEqual(shape.clips.map((c) => c[0]));
    scene.animations.forEach((a, i) => expect(a.duration).toBeCloseTo(((shape.clips[i][1] - 1) * shape.clips[i][2]) / 1000, 5));
    // Gamma-space diffuse colours become linear base colours.
    for (const m of scene.materials) {
      const stored = shape.materials[m.name!];
      expect(stored, m.name).toBeDefined();
      m.baseColorFactor.slice(0, 3).forEach((c, i) => expect(c).toBeCloseTo(srgbToLinear(stored[i]), 4));
    }
    // +Y up as written: the base on y = 0, the head's tip at 4.35, radius ≤ 0.42.
    const rest = computeBounds(scene);
    expect(rest.min[1]).toBeCloseTo(0, 5);
    expect(rest.max[1]).toBeCloseTo(4.35, 5);
    for (const i of [0, 2]) expect(Math.max(Math.abs(rest.min[i]), Math.abs(rest.max[i]))).toBeLessThanOrEqual(0.42 + 1e-5);
    // Both clips move the mesh away from its rest pose.
    for (let a = 0; a < scene.animations.length; a++) {
      const posed = computeBounds(scene, { animation: a, time: scene.animations[a].duration / 4 });
      expect(Math.abs(posed.max[0] - rest.max[0]) + Math.abs(posed.min[0] - rest.min[0])).toBeGreaterThan(0.2);
    }
  });

  it('is closed and wound counter-clockwise outward, with generated smoothing-group normals', async () => {
    const scene = await parseSample(path.join(out, SAMPLE_LOD));
    let volume = 0;
    for (const prim of scene.meshes[0].primitives) {
      const p = prim.attributes.POSITION;
      const idx = prim.indices!;
      expect(prim.attributes.NORMAL).toBeDefined();
      for (let t = 0; t < idx.length; t += 3) {
        const [a, b, c] = [idx[t], idx[t + 1], idx[t + 2]].map((i) => [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]]);
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
      }
    }
    expect(volume).toBeGreaterThan(0.5); // a tapered body ~0.2² π × 4 units³, positive = outward CCW
    // The base is its own smoothing group: every base normal points straight down.
    const base = scene.meshes[0].primitives.find((p) => p.extras?.faceGroup === 'base')!;
    const n = base.attributes.NORMAL!;
    for (let i = 0; i < n.length; i += 3) expect(n[i + 1]).toBeCloseTo(-1, 5);
    // The sides are smooth across quads and face groups: one normal per position, pointing out of the body.
    for (const group of ['scales', 'bands']) {
      const prim = scene.meshes[0].primitives.find((p) => p.extras?.faceGroup === group)!;
      const [p, nn] = [prim.attributes.POSITION, prim.attributes.NORMAL!];
      const byPosition = new Map<string, string>();
      for (let i = 0; i < p.length; i += 3) {
        const r = Math.hypot(p[i], p[i + 2]);
        if (r > 1e-6) expect((nn[i] * p[i] + nn[i + 2] * p[i + 2]) / r, `${group} normal is outward`).toBeGreaterThan(0.8);
        const key = `${p[i].toFixed(5)},${p[i + 1].toFixed(5)},${p[i + 2].toFixed(5)}`;
        const normal = `${nn[i].toFixed(4)},${nn[i + 1].toFixed(4)},${nn[i + 2].toFixed(4)}`;
        expect(byPosition.get(key) ?? normal).toBe(normal);
        byPosition.set(key, normal);
      }
    }
    const three = toThree(scene);
    expect(three.skeletons[0].bones).toHaveLength(shape.bones.length);
    expect(three.clips.map((c) => c.name)).toEqual(['sway', 'slither']);
  });
});

