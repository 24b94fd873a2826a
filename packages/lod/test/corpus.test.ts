import { computeBounds, computeSkinMatrices, computeWorldMatrices, sampleAnimation, skinVerticesReference, validateScene, type Scene } from '@relic3d/core';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { lodFormat, parseSync, readLod } from '../src/index.js';

const files = corpusFiles('lod', '.lod');
const entry = files.find((f) => f.file === 'xtreme3d__TRINITYrage.lod');

/**
 * A minimal field dump, written for the test from the spec's tables and sharing no parser code:
 * chunk headers of LOD1's children, the MAT1 names, SKL1 bone names and the mesh's counts.
 */
/** Signed volume of a triangle list (positive when CCW front faces point outward, right-handed). */
function signedVolume(indices: ArrayLike<number>, position: (i: number) => ArrayLike<number>): number {
  let volume = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const [a, b, c] = [0, 1, 2].map((k) => position(indices[t + k]));
    volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
  }
  return volume;
}

function dump(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));
  const header = (at: number) => ({ id: ascii(at, 4), size: view.getInt32(at + 4, true), count: view.getInt32(at + 8, true), data: at + 12 });
  const lod = header(8);
  const children: ReturnType<typeof header>[] = [];
  for (let at = lod.data; at < lod.data + lod.size; ) {
    const h = header(at);
    children.push(h);
    at = h.data + h.size;
  }
  const byId = (id: string) => children.find((c) => c.id === id)!;
  const mat = header(byId('MAL1').data);
  const names: string[] = [];
  let at = mat.data + 5;
  for (let i = 0; i < view.getInt32(mat.data + 1, true); i++) {
    const n = view.getInt32(at, true);
    names.push(ascii(at + 4, n));
    at += 4 + n;
    at += 4 + view.getInt32(at, true) + 101;
  }
  const skl = byId('SKL1');
  const bones: string[] = [];
  at = skl.data + 1;
  for (let i = 0; i < skl.count; i++) {
    const n = view.getInt32(at + 4, true);
    bones.push(ascii(at + 8, n));
    at += 8 + n;
  }
  const msh = header(byId('MSL1').data);
  at = msh.data;
  const meshName = ascii(at + 4, view.getInt32(at, true));
  at += 4 + meshName.length;
  const mode = bytes[at + 1];
  const vertexCount = view.getInt32(at + 3, true);
  const firstPosition = [0, 1, 2].map((k) => view.getFloat32(at + 7 + k * 4, true));
  const positionsAt = at + 7;
  at += 7 + vertexCount * 12;
  const normalCount = view.getInt32(at, true);
  at += 4 + normalCount * 12;
  const uvCount = view.getInt32(at, true);
  at += 4 + uvCount * 8;
  // PntBnAssoc: one byte per position (fewer than 255 bones).
  const boneIdCount = view.getInt32(at, true);
  const boneIds = Array.from(bytes.subarray(at + 4, at + 4 + boneIdCount));
  // Bones of each stored position, keyed by its coordinates as stored (float32 bits).
  const bonesAt = new Map<string, Set<number>>();
  for (let v = 0; v < vertexCount; v++) {
    const key = [0, 1, 2].map((k) => view.getFloat32(positionsAt + v * 12 + k * 4, true)).join(',');
    if (!bonesAt.has(key)) bonesAt.set(key, new Set());
    bonesAt.get(key)!.add(boneIds[v]);
  }
  // PntBnWeightType, FaceGroupsCnt, then the FaceType 1 groups of a mode-2 mesh: 2-byte position and UV indices.
  at += 4 + boneIdCount + 4;
  const groupCount = view.getInt32(at, true);
  at += 4;
  const triangles: number[] = [];
  for (let g = 0; g < groupCount; g++) {
    at += 5;
    at += 4 + view.getInt32(at, true) + 1; // name, visible
    at += 4 + view.getInt32(at, true); // material name
    const n = view.getInt32(at, true);
    for (let i = 0; i < n; i++) triangles.push(view.getUint16(at + 4 + i * 2, true));
    at += 4 + n * 2;
    at += 4 + view.getInt32(at, true) * 2; // normal indices (0)
    at += 4 + view.getInt32(at, true) * 2; // UV indices
  }
  const position = (i: number) => [0, 1, 2].map((k) => view.getFloat32(positionsAt + i * 12 + k * 4, true));
  return { end: lod.data + lod.size, lod, children, materialNames: names, bones, meshName, mode, vertexCount, normalCount, uvCount, firstPosition, boneIds, bonesAt, triangles, position, groupsEnd: at };
}

it('the corpus file is present whenever the lod corpus folder is', () => {
  if (files.length) expect(entry, 'xtreme3d__TRINITYrage.lod in MANIFEST.tsv').toBeDefined();
});

describe.skipIf(!entry)('lod corpus: xtreme3d__TRINITYrage.lod', () => {
  // A skipped suite's body is still collected: without the corpus there is nothing to read.
  if (!entry) return;
  const bytes = readCorpusFile(entry!);
  const d = dump(bytes);
  const file = readLod(bytes);
  // As stored (the identity axis), so fields compare with the dump; the default Z-up turn is tested below and in up-axis.test.ts.
  const scene: Scene = parseSync(bytes, { fileName: entry!.file, upAxis: 'y' });

  it('the independent dump agrees with the MANIFEST note and ends on the last byte', () => {
    expect(bytes.length).toBe(121894);
    expect(d.end).toBe(bytes.length);
    expect(d.lod.size).toBe(121874);
    expect(d.children.map((c) => [c.id, c.size, c.count])).toEqual([
      ['MAL1', 585, 1],
      ['SKL1', 833, 40],
      ['MSL1', 21387, 1],
      ['ANS1', 99021, 5],
    ]);
    expect([d.meshName, d.mode, d.vertexCount, d.normalCount, d.uvCount]).toEqual(['Mesh0', 2, 569, 0, 427]);
    expect([d.boneIds.length, Math.max(...d.boneIds)]).toEqual([569, 39]);
    expect(d.triangles.length).toBe(2583);
    expect(d.groupsEnd).toBe(d.children[2].data + d.children[2].size);
  });

  it('detects by content and reads every chunk to the end without warnings', () => {
    expect(lodFormat.test(bytes)).toBe(true);
    expect(file.chunkOrder).toEqual(['MAL1', 'SKL1', 'MSL1', 'ANS1']);
    expect(file.warnings).toEqual([]);
    expect(file.trailingBytes).toBe(0);
    expect(file.unknownChunks).toEqual([]);
  });

  it('materials: MAT1 type 3, 4 materials named after their textures, options as measured', () => {
    expect(file.materialLibraries.map((l) => l.materialsType)).toEqual([3]);
    const mats = file.materialLibraries[0].materials;
    expect(mats.map((m) => m.name)).toEqual(d.materialNames);
    expect(mats.map((m) => m.name)).toEqual(['trinitypantsF.bmp', 'chrome_glass.bmp', 'trinityskin3.bmp', 'chrome_buckle.bmp']);
    for (const m of mats) {
      expect(m.textureName).toBe(m.name);
      const o = m.options!;
      o.ambient.forEach((v, i) => expect(v).toBeCloseTo([0.2, 0.2, 0.2, 1][i], 6));
      o.diffuse.forEach((v, i) => expect(v).toBeCloseTo([0.8, 0.8, 0.8, 1][i], 6));
      expect([o.shininess, o.imageBrightness, o.imageGamma, o.normalMapScale]).toEqual([0, 1, 1, 0.125]);
      expect([o.blendingMode, o.imageAlpha, o.textureMode, o.textureWrap, o.textureFormat, o.textureEnabled, o.enabled, o.mappingMode]).toEqual([0, 0, 1, 0, 0, true, true, 0]);
    }
    expect(scene.materials.map((m) => m.name)).toEqual(d.materialNames);
    expect(scene.textures.map((t) => t.uri)).toEqual(d.materialNames);
    expect(scene.materials.every((m, i) => m.baseColorTexture?.texture === i && m.alphaMode === 'OPAQUE')).toBe(true);
  });

  it('skeleton: 40 bones, BoneID = list position, parents first, Biped names', () => {
    const bones = file.skeleton!.bones;
    expect(bones.length).toBe(40);
    expect(bones.map((b) => b.name)).toEqual(d.bones);
    expect(bones.slice(0, 3).map((b) => b.name)).toEqual(['Bip01', 'Bip01 Pelvis', 'Bip01 L Leg']);
    bones.forEach((b, i) => {
      expect(b.id).toBe(i);
      expect(b.parentId).toBeLessThan(i);
    });
    expect(bones[0].parentId).toBe(-1);
    const joints = scene.nodes.filter((n) => n.joint);
    expect(joints.map((n) => n.name)).toEqual(d.bones);
    expect(scene.skins[0].joints.length).toBe(40);
  });

  it('animations: 5 clips of 1/24/23/34/21 frames at 100 ms, loop mode', () => {
    expect(file.animations.map((a) => [a.name, a.frameCount, a.interval, a.mode])).toEqual([
      ['TRINITYrage', 1, 100, 2],
      ['walk', 24, 100, 2],
      ['run', 23, 100, 2],
      ['jump', 34, 100, 2],
      ['long_jump', 21, 100, 2],
    ]);
    // Euler radians: values cluster at ±π/2, the largest magnitude is 3.69 (spec §4.3).
    let max = 0;
    for (const a of file.animations) for (let i = 0; i < a.bonesRotPos.length; i += 6) for (let k = 3; k < 6; k++) max = Math.max(max, Math.abs(a.bonesRotPos[i + k]));
    expect(max).toBeCloseTo(3.69, 2);
    expect(scene.animations.map((c) => c.name)).toEqual(['TRINITYrage', 'walk', 'run', 'jump', 'long_jump']);
    [0, 2.3, 2.2, 3.3, 2].forEach((v, i) => expect(scene.animations[i].duration).toBeCloseTo(v, 5));
    const walk = scene.animations[1];
    expect(walk.channels.length).toBe(80);
    expect(walk.channels[0].times.length).toBe(24);
    expect(walk.channels[0].times[1]).toBeCloseTo(0.1, 6);
    expect(walk.extras).toMatchObject({ mode: 2, modeName: 'loop', interval: 100, frameCount: 24 });
  });

  it('mesh: Mesh0, mode 2, 569 positions, 0 normals, 427 UVs, 569 one-byte bone ids, 4 type-1 groups', () => {
    const m = file.meshes[0];
    expect(file.meshes.length).toBe(1);
    expect([m.name, m.meshMode, m.positions.length / 3, m.normals.length, m.texCoords.map((t) => t.length / 2)]).toEqual(['Mesh0', 2, 569, 0, [427]]);
    expect(Array.from(m.positions.subarray(0, 3))).toEqual(d.firstPosition.map(Math.fround));
    expect(m.isSkeletonExists).toBe(false);
    expect(m.boneAssoc).toBeInstanceOf(Uint8Array);
    expect(m.boneAssoc.length).toBe(569);
    expect(Math.max(...m.boneAssoc)).toBe(39);
    expect(Array.from(m.boneAssoc)).toEqual(d.boneIds);
    expect(m.weightType).toBe(0);
    expect(m.faceGroups.map((g) => g.name)).toEqual(['Group0', 'Group1', 'Group2', 'Group3']);
    expect(m.faceGroups.map((g) => g.faceType)).toEqual([1, 1, 1, 1]);
    expect(m.faceGroups.every((g) => g.indexWidths.position === 2 && g.indexWidths.texCoord[0] === 2)).toBe(true);
    expect(m.faceGroups.reduce((s, g) => s + g.vertexIndices.length, 0)).toBe(2583);
    expect(m.faceGroups.every((g) => g.normalIndices.length === 0 && g.texCoordIndices[0].length === g.vertexIndices.length)).toBe(true);
    expect(m.faceGroups.every((g) => g.materialNames.length === 1 && d.materialNames.includes(g.materialNames[0]))).toBe(true);
  });

  it('scene: valid, one skinned mesh with generated unit normals and the Z-up height 0.19..74.1', () => {
    expect(validateScene(scene)).toEqual([]);
    expect(scene.format).toBe('lod');
    expect(scene.version).toBe(1);
    expect(scene.warnings).toEqual([]);
    const mesh = scene.meshes[0];
    expect(mesh.primitives.length).toBe(4);
    expect(mesh.primitives.reduce((s, p) => s + p.indices!.length, 0)).toBe(2583);
    for (const p of mesh.primitives) {
      const n = p.attributes.NORMAL!;
      for (let i = 0; i < n.length; i += 3) expect(Math.hypot(n[i], n[i + 1], n[i + 2])).toBeCloseTo(1, 4);
      expect(p.attributes.JOINTS_0!.length).toBe(p.attributes.POSITION.length / 3 * 4);
    }
    // Every render vertex binds fully to the bone the file gives its position (independent dump).
    for (const p of mesh.primitives) {
      const pos = p.attributes.POSITION, joints = p.attributes.JOINTS_0!, weights = p.attributes.WEIGHTS_0!;
      for (let v = 0; v < pos.length / 3; v++) {
        expect(d.bonesAt.get(`${pos[v * 3]},${pos[v * 3 + 1]},${pos[v * 3 + 2]}`)?.has(joints[v * 4])).toBe(true);
        expect(Array.from(weights.subarray(v * 4, v * 4 + 4))).toEqual([1, 0, 0, 0]);
      }
    }
    const meshNode = scene.nodes.find((n) => n.mesh === 0)!;
    expect(meshNode.skin).toBe(0);
    const b = computeBounds(scene);
    expect(b.min[2]).toBeCloseTo(0.1918, 3);
    expect(b.max[2]).toBeCloseTo(74.1068, 3);
    // The default (upAxis 'z') turns the height onto +Y, keeping the scene valid.
    const yUp = parseSync(bytes);
    expect(validateScene(yUp)).toEqual([]);
    const by = computeBounds(yUp);
    expect(by.min[1]).toBeCloseTo(0.1918, 3);
    expect(by.max[1]).toBeCloseTo(74.1068, 3);
    expect(by.min[2]).toBeCloseTo(-b.max[1], 3);
  });

  it('winding: CCW front faces point outward in the file (signed volume > 0) and the scene keeps them so', () => {
    const fileVolume = signedVolume(d.triangles, d.position);
    expect(fileVolume).toBeGreaterThan(4000); // measured: ≈ 4,207 units³ on a 74-unit-tall model
    for (const upAxis of ['y', 'z'] as const) {
      const s = upAxis === 'y' ? scene : parseSync(bytes, { upAxis });
      let volume = 0;
      let agree = 0;
      let triangles = 0;
      for (const p of s.meshes[0].primitives) {
        const pos = p.attributes.POSITION, nrm = p.attributes.NORMAL!, idx = p.indices!;
        volume += signedVolume(idx, (i) => pos.subarray(i * 3, i * 3 + 3));
        // Generated normals agree with the winding: the corner normals' sum faces the same side as the face normal.
        for (let t = 0; t < idx.length; t += 3) {
          const [a, b, c] = [0, 1, 2].map((k) => pos.subarray(idx[t + k] * 3, idx[t + k] * 3 + 3));
          const u = [0, 1, 2].map((k) => b[k] - a[k]), v = [0, 1, 2].map((k) => c[k] - a[k]);
          const face = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
          const sum = [0, 1, 2].map((k) => nrm[idx[t] * 3 + k] + nrm[idx[t + 1] * 3 + k] + nrm[idx[t + 2] * 3 + k]);
          if (face[0] * sum[0] + face[1] * sum[1] + face[2] * sum[2] > 0) agree++;
          triangles++;
        }
      }
      expect(volume).toBeCloseTo(fileVolume, 0);
      expect(agree / triangles).toBeGreaterThan(0.9);
    }
  });

  for (const upAxis of ['y', 'z'] as const) {
    it(`the skinned mesh stays attached to its bones at several frames (upAxis ${upAxis})`, () => {
      const s = upAxis === 'y' ? scene : parseSync(bytes, { upAxis });
      const raw = file.meshes[0];
      const nodeOfBone = s.skins[0].joints;
      const positions = raw.positions;
      // Bind pose (frame 0 of the first ANM1): vertex-to-bone-origin distances, median ≈ 4.6 (spec §8.2).
      const bindWorld = computeWorldMatrices(s);
      const dist = (world: Float32Array, v: number, p: ArrayLike<number>) => {
        const o = nodeOfBone[d.boneIds[v]] * 16;
        return Math.hypot(p[0] - world[o + 12], p[1] - world[o + 13], p[2] - world[o + 14]);
      };
      const toScene = (v: number) => (upAxis === 'y' ? [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]] : [positions[v * 3], positions[v * 3 + 2], -positions[v * 3 + 1]]);
      const bind = Array.from({ length: 569 }, (_, v) => dist(bindWorld, v, toScene(v)));
      const sorted = [...bind].sort((a, b) => a - b);
      expect(sorted[284]).toBeGreaterThan(4.3);
      expect(sorted[284]).toBeLessThan(4.9);
      expect(sorted[Math.floor(569 * 0.9)]).toBeLessThan(9);
      // Pose with each clip at several times: every vertex keeps its distance to its (moved) bone.
      const prim = { POSITION: new Float32Array(569 * 3), JOINTS_0: new Uint16Array(569 * 4), WEIGHTS_0: new Float32Array(569 * 4) };
      for (let v = 0; v < 569; v++) {
        prim.POSITION.set(toScene(v), v * 3);
        prim.JOINTS_0[v * 4] = d.boneIds[v];
        prim.WEIGHTS_0[v * 4] = 1;
      }
      for (const [clip, time] of [[0, 0], [1, 0.5], [2, 1.05], [3, 2.2], [4, 1.9]] as const) {
        const pose = sampleAnimation(s, clip, time);
        const world = computeWorldMatrices(s, pose.locals);
        const skinned = new Float32Array(569 * 3);
        skinVerticesReference(prim.POSITION, prim.JOINTS_0, prim.WEIGHTS_0, computeSkinMatrices(s, 0, world), skinned);
        for (let v = 0; v < 569; v++) expect(dist(world, v, skinned.subarray(v * 3, v * 3 + 3))).toBeCloseTo(bind[v], 2);
        if (clip === 0) for (let i = 0; i < skinned.length; i++) expect(skinned[i]).toBeCloseTo(prim.POSITION[i], 3);
        const b = computeBounds(s, { animation: clip, time });
        const height = Math.max(...[0, 1, 2].map((k) => b.max[k] - b.min[k]));
        expect(height).toBeGreaterThan(40);
        expect(height).toBeLessThan(110);
      }
    });
  }
});
