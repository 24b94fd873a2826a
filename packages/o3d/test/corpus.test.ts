/**
 * Every corpus file, checked against facts from an independent read: the MANIFEST notes (measured by
 * a separate tool), an XOR name decode and a texture-name scan written here, and a Direct3D
 * row-vector skinning reference (spec §5) computed from the raw structures.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { computeSkinMatrices, computeWorldMatrices, FormatError, sampleAnimation, skinVerticesReference, validateScene, type Scene } from '@relic3d/core';
import { corpusFiles, corpusRoot, readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { findCompanions, parseSync as parseO3d, readAni, readChr, readO3d, o3dFormat } from '../src/index.js';
import { parseO3dFile } from '../src/node.js';
import type { AniFile, ChrFile, MotionBody, O3dFile } from '../src/file.js';

const entries = corpusFiles('o3d');
const o3ds = entries.filter((e) => /\.o3d$/i.test(e.file));
const chrs = entries.filter((e) => /\.chr$/i.test(e.file));
const anis = entries.filter((e) => /\.ani$/i.test(e.file));
const listing = entries.map((e) => e.file);
const num = (note: string, re: RegExp) => {
  const m = re.exec(note);
  return m ? Number(m[1]) : undefined;
};
const list = (s: string) => s.split(',').map((x) => Number(x.trim()));

/** The header name, decoded here independently: length byte, then bytes XOR 0xCD. */
function headerName(bytes: Uint8Array): string {
  return String.fromCharCode(...Array.from(bytes.subarray(1, 1 + bytes[0]), (b) => b ^ 0xcd));
}

/** Texture names found by scanning for `<int len><name>.dds\0` records in the raw bytes. */
function scannedTextures(bytes: Uint8Array): Set<string> {
  const found = new Set<string>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 4; i + 4 < bytes.length; i++) {
    if (bytes[i] !== 0x2e || (bytes[i + 1] | 0x20) !== 0x64 || (bytes[i + 2] | 0x20) !== 0x64 || (bytes[i + 3] | 0x20) !== 0x73 || bytes[i + 4] !== 0) continue;
    const nul = i + 4;
    for (let start = nul - 1; start >= 4 && nul - start < 64; start--) {
      const b = bytes[start];
      if (b < 0x20 || b > 0x7e) break;
      if (view.getInt32(start - 4, true) === nul - start + 1) {
        found.add(String.fromCharCode(...bytes.subarray(start, nul)));
        break;
      }
    }
  }
  return found;
}

function groupNodes(scene: Scene): number[] {
  const root = scene.nodes[scene.roots[0]];
  return root.lods ? root.lods.map((l) => l.node) : root.children.filter((c) => / objects$/.test(scene.nodes[c].name));
}

/** Mesh nodes of a subtree (objects attached to bones live under bones; their extras say the group). */
function trianglesOfGroup(scene: Scene, group: number): number {
  let total = 0;
  scene.nodes.forEach((node) => {
    if (node.mesh === undefined || !node.name.includes(` LOD${group} `)) return;
    for (const p of scene.meshes[node.mesh].primitives) total += p.indices!.length / 3;
  });
  return total;
}

describe.skipIf(!o3ds.length)('corpus .o3d', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s matches the MANIFEST facts', async (_file, entry: CorpusEntry) => {
    const bytes = readCorpusFile(entry);
    const note = entry.note;
    const raw = readO3d(bytes);
    expect(o3dFormat.test(bytes)).toBe(true);
    expect(raw.version).toBe(num(note, /o3d v(\d+)/));
    expect(raw.name).toBe(headerName(bytes));
    const groups = /LOD groups=(\d) \[([^\]]*)\]/.exec(note)!;
    expect(raw.groups.length).toBe(Number(groups[1]));
    expect(raw.groups.map((g) => g.length)).toEqual(list(groups[2]));
    const lod0 = /LOD0: vb=(\d+) vlist=(\d+) faces=(\d+)/.exec(note)!;
    const sum = (f: (o: O3dFile['groups'][0][0]) => number) => raw.groups[0].reduce((n, o) => n + f(o), 0);
    expect(sum((o) => o.geometry.positions.length / 3)).toBe(Number(lod0[1]));
    expect(sum((o) => o.geometry.vertexList.length / 3)).toBe(Number(lod0[2]));
    expect(sum((o) => o.geometry.faceCount)).toBe(Number(lod0[3]));
    expect(raw.frameCount).toBe(num(note, /frames=(\d+)/));
    expect(raw.events.length).toBe(num(note, /events=(\d+)/));
    expect(raw.perSlerp).toBe(0.5);
    const coll = num(note, /coll=yes\((\d+) faces\)/);
    expect(raw.collision?.faceCount).toBe(coll);
    expect(raw.skeleton?.baseTMs.length).toBe(num(note, /embedded bones=(\d+)/));
    const objects = raw.groups.flat();
    expect(objects.filter((o) => o.light).length).toBe(num(note, /light objs=(\d+)/) ?? 0);
    expect(objects.filter((o) => o.geometry.bump).length).toBe(num(note, /bump objs=(\d+)/) ?? 0);
    expect(objects.filter((o) => o.tmAnimation).length).toBe(num(note, /TM-animated objs=(\d+)/) ?? 0);
    const types = /types=([a-z+]+)/.exec(note)![1].split('+');
    expect([...new Set(objects.map((o) => (o.type ? 'skin' : 'normal')))].sort()).toEqual(types.sort());
    if (/attr block=yes/.test(note)) expect(raw.attributes?.length).toBe(raw.frameCount);
    if (/attr block=absent/.test(note)) expect(raw.attributeCount).toBeUndefined();
    const parents = /parentTypes=\{(\d+): (\d+)\}/.exec(note);
    if (parents) expect(objects.filter((o) => o.parentType === Number(parents[1])).length).toBe(Number(parents[2]));

    // The scene, with companions from the folder and every motion there.
    const warnings: string[] = [];
    const scene = await parseO3dFile(entry.path, { motions: 'all', onWarning: (w) => warnings.push(w.code) });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.format).toBe('o3d');
    expect(scene.version).toBe(raw.version);
    expect(warnings).toEqual(/MISMATCH/.test(note) ? ['O3D_NAME_MISMATCH'] : []);
    expect(groupNodes(scene).length).toBe(raw.groups.length);
    expect(trianglesOfGroup(scene, 0)).toBe(Number(lod0[3]));
    const perLod = /faces per LOD=\[([^\]]*)\]/.exec(note);
    if (perLod) list(perLod[1]).forEach((faces, g) => expect(trianglesOfGroup(scene, g)).toBe(faces));
    if (coll) expect(scene.colliders[0].shape.type === 'trimesh' && scene.colliders[0].shape.indices.length / 3).toBe(coll);
    else expect(scene.colliders).toEqual([]);
    // Materials: every texture record in the bytes, and nothing else, becomes a texture.
    expect(new Set(scene.textures.map((t) => t.uri))).toEqual(scannedTextures(bytes));
    expect(scene.materials.length).toBeGreaterThan(0);
    if (/skinned=yes/.test(note)) {
      expect(scene.skins.length).toBe(1);
      // Joints: the embedded bone count, else the bone count the MANIFEST gives for the .chr.
      const chrFile = findCompanions(entry.file, listing).skeleton;
      const chrNote = entries.find((e) => e.file === chrFile)?.note ?? '';
      expect(scene.skins[0].joints.length).toBe(num(note, /embedded bones=(\d+)/) ?? num(chrNote, /bones=(\d+)/));
    }
    if (raw.frameCount > 0) {
      const clip = scene.animations.find((a) => a.name === 'embedded')!;
      expect(clip.extras?.frameCount).toBe(raw.frameCount);
      expect(clip.duration).toBeCloseTo((raw.frameCount - 1) / 30, 5);
    }
  });

  it('rejects corpus/bad/obj_dunTest.o3d (version 18) naming the version', () => {
    const bytes = readCorpusFile('obj_dunTest.o3d', 'bad');
    expect(o3dFormat.test(bytes)).toBe(false);
    let error: unknown;
    try {
      parseO3d(bytes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe('BAD_VERSION');
    expect((error as FormatError).message).toMatch(/version 18/);
  });
});

describe.skipIf(!chrs.length)('corpus .chr', () => {
  it.each(chrs.map((e) => [e.file, e] as const))('%s matches the MANIFEST facts', (_file, entry: CorpusEntry) => {
    const chr = readChr(readCorpusFile(entry));
    const note = entry.note;
    expect(chr.version).toBe(num(note, /chr v(\d+)/));
    expect(chr.bones.length).toBe(num(note, /bones=(\d+)/));
    expect(chr.bones[0].name).toBe(/root=(\S+?);/.exec(note)![1]);
    expect(chr.sendVS).toBe(num(note, /sendVS=(\d+)/));
    expect(chr.events.length).toBe(num(note, /event slots=(\d+)/));
    expect(chr.localLH !== undefined).toBe(/localLH present/.test(note));
    chr.bones.forEach((b, i) => expect(b.parentIndex).toBeLessThan(i));
  });
});

describe.skipIf(!anis.length)('corpus .ani', () => {
  it.each(anis.map((e) => [e.file, e] as const))('%s matches the MANIFEST facts', (_file, entry: CorpusEntry) => {
    const ani = readAni(readCorpusFile(entry));
    const note = entry.note;
    const bones = /bones=(\d+) \(animated (\d+), static LocalTM (\d+)\)/.exec(note)!;
    expect(ani.version).toBe(10);
    expect(ani.motion.bones.length).toBe(Number(bones[1]));
    expect(ani.motion.tracks.filter((t) => t.keys).length).toBe(Number(bones[2]));
    expect(ani.motion.tracks.filter((t) => t.matrix).length).toBe(Number(bones[3]));
    expect(ani.frameCount).toBe(num(note, /frames=(\d+)/));
    expect(ani.perSlerp).toBe(num(note, /perSlerp=([\d.]+)/));
    expect(ani.path !== undefined).toBe(/path=yes/.test(note));
    expect(ani.events.length).toBe(num(note, /; events=(\d+)/));
    expect(ani.attributes.filter((a) => a.flags !== 0).length).toBe(num(note, /attr frames flagged=(\d+)/));
  });
});

// ---- posing: the scene against a Direct3D row-vector reference -----------------------------------

type RowMat = Float64Array;
const rowMul = (a: ArrayLike<number>, b: ArrayLike<number>): RowMat => {
  const out = new Float64Array(16);
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) {
    let s = 0;
    for (let k = 0; k < 4; k++) s += a[r * 4 + k] * b[k * 4 + c];
    out[r * 4 + c] = s;
  }
  return out;
};
/** D3DX quaternion → row-vector rotation, row 3 = position (spec §5.1). */
const keyMatrix = (k: ArrayLike<number>, o: number): RowMat => {
  const [x, y, z, w] = [k[o], k[o + 1], k[o + 2], k[o + 3]];
  return Float64Array.from([
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
    k[o + 4], k[o + 5], k[o + 6], 1,
  ]);
};

/** Scene-space key of a stored (D3D) position: z mirrored. */
const bindKey = (x: number, y: number, z: number) => `${x},${y},${0 - z}`;

/**
 * Group 0's skinned vertices at a frame: D3D row-vector skinning, then z negated. Returns their box
 * and, per bind position (scene space), the posed positions of the stored vertices there.
 */
function referenceBox(o3d: O3dFile, inverses: ArrayLike<number>[], parents: number[], motion: MotionBody, frame: number) {
  const worlds: RowMat[] = [];
  motion.tracks.forEach((t, i) => {
    const local = t.keys ? keyMatrix(t.keys, frame * 7) : Float64Array.from(t.matrix!);
    worlds.push(parents[i] >= 0 ? rowMul(local, worlds[parents[i]]) : local);
  });
  const skin = worlds.map((w, i) => rowMul(inverses[i], w));
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const byBind = new Map<string, number[][]>();
  for (const o of o3d.groups[0]) {
    if (o.type !== 1) continue;
    const g = o.geometry;
    for (const block of g.blocks) {
      const palette = block.useBones.length ? block.useBones : o.useBones.length ? o.useBones : undefined;
      const bone = (idx: number) => (palette ? palette[idx / 3] : idx / 3);
      for (let k = block.startIndex; k < block.startIndex + block.primitiveCount * 3; k++) {
        const v = g.indices[k];
        const p = [g.positions[v * 3], g.positions[v * 3 + 1], g.positions[v * 3 + 2], 1];
        const w1 = g.weights![v * 2], w2 = g.weights![v * 2 + 1];
        const out = [0, 0, 0];
        const add = (m: RowMat, w: number) => {
          for (let c = 0; c < 3; c++) out[c] += w * (p[0] * m[c] + p[1] * m[4 + c] + p[2] * m[8 + c] + m[12 + c]);
        };
        add(skin[bone(g.boneIndices![v * 2])], w1);
        if (w2 !== 0) add(skin[bone(g.boneIndices![v * 2 + 1])], w2);
        out[2] = -out[2];
        const key = bindKey(p[0], p[1], p[2]);
        byBind.set(key, [...(byBind.get(key) ?? []), out]);
        for (let c = 0; c < 3; c++) {
          min[c] = Math.min(min[c], out[c]);
          max[c] = Math.max(max[c], out[c]);
        }
      }
    }
  }
  return { min, max, byBind };
}

/** Posed group-0 skinned vertices of the scene and their bind positions. */
function scenePose(scene: Scene, clip: number, time: number) {
  const pose = sampleAnimation(scene, clip, time);
  const world = computeWorldMatrices(scene, pose.locals);
  const jm = computeSkinMatrices(scene, 0, world);
  const posed: number[] = [], bind: number[] = [];
  scene.nodes.forEach((node) => {
    if (node.skin === undefined || !node.name.includes(' LOD0 ')) return;
    for (const p of scene.meshes[node.mesh!].primitives) {
      const out = new Float32Array(p.attributes.POSITION.length);
      skinVerticesReference(p.attributes.POSITION, p.attributes.JOINTS_0!, p.attributes.WEIGHTS_0!, jm, out);
      posed.push(...out);
      bind.push(...p.attributes.POSITION);
    }
  });
  return { posed, bind };
}

function box(xyz: number[]) {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < xyz.length; i += 3) for (let c = 0; c < 3; c++) {
    min[c] = Math.min(min[c], xyz[i + c]);
    max[c] = Math.max(max[c], xyz[i + c]);
  }
  return { min, max };
}

const skinned = o3ds.filter((e) => /skinned=yes/.test(e.note));

describe.skipIf(!skinned.length)('corpus posing', () => {
  it.each(skinned.map((e) => [e.file, e] as const))('%s poses at three frames like the D3D reference', (_file, entry: CorpusEntry) => {
    const bytes = readCorpusFile(entry);
    const raw = readO3d(bytes);
    const found = findCompanions(entry.file, listing);
    let inverses: ArrayLike<number>[], parents: number[], motion: MotionBody, frames: number, scene: Scene;
    let standing = false;
    if (raw.skeleton) {
      expect(raw.skeleton.motion).toBeDefined();
      motion = raw.skeleton.motion!;
      inverses = raw.skeleton.inverseTMs;
      parents = motion.bones.map((b) => b.parentIndex);
      frames = raw.frameCount;
      scene = parseO3d(bytes, { fileName: entry.file });
    } else {
      expect(found.skeleton).toBeDefined();
      const motionFile = Object.values(found.motions)[0];
      expect(motionFile).toBeDefined();
      standing = /stand|idle/i.test(motionFile);
      const chrBytes = readCorpusFile(found.skeleton!, 'o3d');
      const aniBytes = readCorpusFile(motionFile, 'o3d');
      const chr: ChrFile = readChr(chrBytes);
      const ani: AniFile = readAni(aniBytes);
      motion = ani.motion;
      // Inverse binds from the .chr; the .ani inverses differ and are not for skinning.
      inverses = chr.bones.map((b) => b.inverseTM);
      parents = chr.bones.map((b) => b.parentIndex);
      frames = ani.frameCount;
      scene = parseO3d(bytes, { fileName: entry.file, skeleton: chrBytes, motions: { m: aniBytes } });
    }
    expect(validateScene(scene)).toEqual([]);
    const clip = scene.animations.findIndex((a) => a.name === (raw.skeleton ? 'embedded' : 'm'));
    expect(clip).toBeGreaterThanOrEqual(0);
    const height = raw.bboxMax[1] - raw.bboxMin[1];
    let moved = 0;
    for (const frame of [0, Math.floor(frames / 2), frames - 1]) {
      const { posed, bind } = scenePose(scene, clip, frame / 30);
      if (frame === 0) {
        const d: number[] = [];
        for (let i = 0; i < posed.length; i += 3) d.push(Math.hypot(posed[i] - bind[i], posed[i + 1] - bind[i + 1], posed[i + 2] - bind[i + 2]));
        d.sort((a, b) => a - b);
        // The client's own check (spec §5.3): at rest in a standing motion the median vertex stays
        // within a few cm of the bind pose (measured 0–7 cm); the wrong matrix order gives 0.3–1.5 m.
        if (standing) expect(d[d.length >> 1]).toBeLessThan(0.1);
      }
      // Every posed vertex stays within a few body heights of the bind pose.
      for (let i = 0; i < posed.length; i += 3) {
        const d = Math.hypot(posed[i] - bind[i], posed[i + 1] - bind[i + 1], posed[i + 2] - bind[i + 2]);
        expect(d).toBeLessThan(3 * height);
        moved = Math.max(moved, d);
      }
      // And the scene's pose is the mirrored D3D row-vector pose.
      const ours = box(posed);
      const ref = referenceBox(raw, inverses, parents, motion, frame);
      for (let c = 0; c < 3; c++) {
        expect(ours.min[c]).toBeCloseTo(ref.min[c], 2);
        expect(ours.max[c]).toBeCloseTo(ref.max[c], 2);
      }
      // Vertex by vertex: each posed vertex is the reference pose of a stored vertex at its bind
      // position (render vertices sharing a position on a seam pose alike).
      let worst = 0;
      for (let i = 0; i < posed.length; i += 3) {
        const candidates = ref.byBind.get(bindKey(bind[i], bind[i + 1], 0 - bind[i + 2]));
        expect(candidates).toBeDefined();
        worst = Math.max(worst, Math.min(...candidates!.map((q) => Math.hypot(q[0] - posed[i], q[1] - posed[i + 1], q[2] - posed[i + 2]))));
      }
      // Float noise only: sheared constant bone matrices (mvr_Scopicon's, row cosines up to 0.018)
      // are carried exactly by a shear node above the joint.
      expect(worst).toBeLessThan(1e-4 * Math.max(1, height));
    }
    // The pose differs from the bind pose: vertices move, or (Obj_MaDaStation, whose skinned parts
    // hang on still bones) the clip moves joints away from the rest pose.
    const rest = computeWorldMatrices(scene);
    const mid = computeWorldMatrices(scene, sampleAnimation(scene, clip, Math.floor(frames / 2) / 30).locals);
    const jointMoved = Math.max(...scene.skins[0].joints.map((j) => Math.hypot(mid[j * 16 + 12] - rest[j * 16 + 12], mid[j * 16 + 13] - rest[j * 16 + 13], mid[j * 16 + 14] - rest[j * 16 + 14])));
    expect(Math.max(moved, jointMoved)).toBeGreaterThan(1e-3);
  });
});

describe.skipIf(!skinned.length)('corpus rest pose', () => {
  // The client draws an unanimated skin with InverseTM × TM per bone; mvr_mushpang.chr's rest locals
  // are 6.8 % off TRS and mvr_Scopicon.chr's 0.8 %, so their joints need shear nodes for this.
  it.each(skinned.map((e) => [e.file, e] as const))('%s: rest skin matrices are the stored TM × inverse', (_file, entry: CorpusEntry) => {
    const raw = readO3d(readCorpusFile(entry));
    const found = findCompanions(entry.file, listing);
    const chr = raw.skeleton ? undefined : readChr(readCorpusFile(found.skeleton!, 'o3d'));
    const scene = parseO3d(readCorpusFile(entry), { fileName: entry.file, ...(chr ? { skeleton: readCorpusFile(found.skeleton!, 'o3d') } : {}) });
    const tms = raw.skeleton ? raw.skeleton.baseTMs : chr!.bones.map((b) => b.tm);
    const inverses = raw.skeleton ? raw.skeleton.inverseTMs : chr!.bones.map((b) => b.inverseTM);
    const skin = computeSkinMatrices(scene, 0, computeWorldMatrices(scene));
    tms.forEach((tm, i) => {
      const ref = mirrored(rowMul(inverses[i], tm));
      for (let k = 0; k < 16; k++) expect(Math.abs(skin[i * 16 + k] - ref[k]), `bone ${i}`).toBeLessThan(1e-4 * Math.max(1, Math.abs(ref[k])));
    });
  });
});

it.skipIf(!o3ds.length)('every skinned corpus model finds its skeleton in the folder', () => {
  for (const e of skinned) {
    const raw = readO3d(readCorpusFile(e));
    if (!raw.skeleton) expect(findCompanions(e.file, readdirSync(path.join(corpusRoot(), 'o3d'))).skeleton, e.file).toBeDefined();
  }
});

describe.skipIf(!o3ds.length)('corpus winding after conversion', () => {
  // Spec §1: in D3D the plain cross product agrees with the stored normals for 99.4 % of triangles.
  // After mirroring Z and reversing the winding, the counter-clockwise normal must agree likewise.
  it.each(['Item_WeaAxeSephir.o3d', 'Item_WeaAxeCrystal.o3d', 'mvr_AiBatt.o3d', 'Obj_AzriaTree08.o3d'])('%s: CCW faces point along their normals', (file) => {
    const scene = parseO3d(readCorpusFile(file, 'o3d'));
    let agree = 0, total = 0;
    for (const mesh of scene.meshes) for (const p of mesh.primitives) {
      const pos = p.attributes.POSITION, nor = p.attributes.NORMAL!, idx = p.indices!;
      for (let t = 0; t < idx.length; t += 3) {
        const [a, b, c] = [idx[t], idx[t + 1], idx[t + 2]];
        const u = [0, 1, 2].map((k) => pos[b * 3 + k] - pos[a * 3 + k]);
        const v = [0, 1, 2].map((k) => pos[c * 3 + k] - pos[a * 3 + k]);
        const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        if (Math.hypot(...n) < 1e-9) continue;
        const s = [0, 1, 2].map((k) => nor[a * 3 + k] + nor[b * 3 + k] + nor[c * 3 + k]);
        total++;
        if (n[0] * s[0] + n[1] * s[1] + n[2] * s[2] > 0) agree++;
      }
    }
    expect(total).toBeGreaterThan(0);
    expect(agree / total).toBeGreaterThan(0.95);
  });
});

// ---- placement: every normal object against a Direct3D row-vector reference (spec §5.4) -------------

/** The stored row-vector matrix mirrored (F · M · F) and read column-major, computed here. */
const mirrored = (m: ArrayLike<number>) => Array.from({ length: 16 }, (_, k) => ((k >> 2 === 2) !== ((k & 3) === 2) ? -m[k] : m[k]));

describe.skipIf(!o3ds.length)('corpus object placement', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s: object worlds equal the D3D reference at rest and at three frames', async (_file, entry: CorpusEntry) => {
    const raw = readO3d(readCorpusFile(entry));
    const found = findCompanions(entry.file, listing);
    const chr = !raw.skeleton && found.skeleton ? readChr(readCorpusFile(found.skeleton, 'o3d')) : undefined;
    const scene = await parseO3dFile(entry.path);
    const clip = scene.animations.findIndex((a) => a.name === 'embedded');
    const motion = raw.skeleton?.motion;
    // Bone worlds: the animated embedded motion, else the embedded base TMs, else the .chr TMs.
    const boneWorlds = (frame: number | undefined): RowMat[] => {
      if (motion && frame !== undefined) {
        const worlds: RowMat[] = [];
        motion.tracks.forEach((t, i) => {
          const local = t.keys ? keyMatrix(t.keys, frame * 7) : Float64Array.from(t.matrix!);
          const parent = motion.bones[i].parentIndex;
          worlds.push(parent >= 0 ? rowMul(local, worlds[parent]) : local);
        });
        return worlds;
      }
      return (raw.skeleton?.baseTMs ?? chr?.bones.map((b) => b.tm) ?? []).map((m) => Float64Array.from(m));
    };
    const frames = raw.frameCount > 0 && clip >= 0 ? [undefined, 0, Math.floor(raw.frameCount / 2), raw.frameCount - 1] : [undefined];
    let checked = 0;
    for (const frame of frames) {
      const world = computeWorldMatrices(scene, frame === undefined ? undefined : sampleAnimation(scene, clip, frame / 30).locals);
      const bones = boneWorlds(frame);
      raw.groups.forEach((objects, g) => {
        const worlds: RowMat[] = [];
        objects.forEach((o, i) => {
          const animated = frame !== undefined && o.tmAnimation;
          const local = animated ? keyMatrix(o.tmAnimation!, frame * 7) : Float64Array.from(o.localTM);
          const parent = o.parentIndex === -1 ? undefined : o.parentType === 0 ? worlds[o.parentIndex] : bones[o.parentIndex];
          worlds.push(parent ? rowMul(local, parent) : local);
          if (o.type !== 0) return;
          const node = scene.nodes.findIndex((n) => n.name.endsWith(` LOD${g} object ${i}`));
          expect(node).toBeGreaterThanOrEqual(0);
          const ours = world.subarray(node * 16, node * 16 + 16);
          const ref = mirrored(worlds[i]);
          for (let k = 0; k < 16; k++) expect(Math.abs(ours[k] - ref[k])).toBeLessThan(1e-3 * Math.max(1, Math.abs(ref[k])));
          checked++;
        });
      });
    }
    if (raw.groups.flat().some((o) => o.type === 0)) expect(checked).toBeGreaterThan(0);
  });
});
