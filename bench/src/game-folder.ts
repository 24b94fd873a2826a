// A synthetic Flyff client `Model/` folder with the real one's shape, for the batch benchmark and
// tests: thousands of static .o3d objects and items, a few hundred monsters with their own .chr
// skeleton and motions, player parts (Part_m*/Part_f*) sharing mvr_male.chr/mvr_female.chr with
// hundreds of motions each, small DDS textures in Texture/, names in mixed case, and a few broken
// files. Deterministic (seeded): the same scale and seed give the same bytes. ~400 MB at scale 1.
//
// Files are built with the O3D test writer (packages/fixtures/src/o3d.ts), written one at a time, and
// described in the returned manifest, which tests use as the independent truth (counts, bones,
// motions, which files are broken and why).
//
// CLI: node --import tsx src/game-folder.ts <dir> [--scale=<f>] [--seed=<n>]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quatZ, translationMatrix, writeAni, writeChr, writeO3d, type WGeometry, type WMotionBone, type WObject, type WVertex } from '@relic3d/fixtures/o3d';
import { rng } from '@relic3d/test-harness';

type V3 = [number, number, number];

export interface GameFolderOptions {
  /** 1 is the full folder (~400 MB, ~4,700 models); counts scale linearly, with a small floor per kind. */
  scale?: number;
  seed?: number;
}

export type ModelKind = 'object' | 'item' | 'monster' | 'part' | 'broken';

/** What the generator wrote for one model: the facts tests check against. */
export interface GameModel {
  /** Path relative to the folder, with '/'. */
  file: string;
  kind: ModelKind;
  bytes: number;
  /** Triangles of LOD 0 (all objects), and of all levels. */
  triangles?: number;
  trianglesAllLevels?: number;
  lods?: number;
  /** Bones of the skeleton the model is skinned to (monsters and player parts). */
  bones?: number;
  /** The skeleton file (as spelled on disk). */
  skeleton?: string;
  /** Motion clip names beside the skeleton (a monster's own; a player part's shared ones). */
  motions?: string[];
  /** Texture names the model writes, and which of them exist in Texture/. */
  textures?: string[];
  missingTextures?: string[];
  /** Broken files: why, and the error code a reader must give. */
  broken?: string;
}

export interface GameFolderManifest {
  scale: number;
  seed: number;
  /** Every file written, relative, with its size. */
  totalBytes: number;
  totalFiles: number;
  models: GameModel[];
  /** Files that are not models (skeletons, motions, textures, notes). */
  companions: number;
  counts: Record<ModelKind | 'skeletons' | 'motions' | 'textures' | 'playerMotions', number>;
}

const MOTIONS = ['stand', 'walk', 'run', 'idle', 'atk1', 'atk2', 'dmg', 'die', 'buff', 'jump', 'sit', 'fly'];
const SLOTS = ['Upper', 'Lower', 'Hand', 'Foot', 'Head', 'Hair', 'Cloak', 'Mask'];

/** A small DXT1 DDS (width × height, multiples of 4): 128-byte header + 8 bytes per 4×4 block. */
export function ddsDxt1(width: number, height: number, colour: number): Uint8Array {
  const blocks = (width / 4) * (height / 4);
  const out = new Uint8Array(128 + blocks * 8);
  const v = new DataView(out.buffer);
  out.set([0x44, 0x44, 0x53, 0x20]);
  v.setUint32(4, 124, true);
  v.setUint32(8, 0x1007, true); // caps, height, width, pixel format
  v.setUint32(12, height, true);
  v.setUint32(16, width, true);
  v.setUint32(76, 32, true);
  v.setUint32(80, 0x4, true); // DDPF_FOURCC
  out.set([0x44, 0x58, 0x54, 0x31], 84); // 'DXT1'
  v.setUint32(108, 0x1000, true);
  for (let b = 0; b < blocks; b++) {
    const at = 128 + b * 8;
    v.setUint16(at, colour & 0xffff, true);
    v.setUint16(at + 2, (colour >>> 16) & 0xffff, true);
    v.setUint32(at + 4, (b * 0x9e3779b1) >>> 0, true);
  }
  return out;
}

/** A wavy grid of about `n` vertices with two triangles per cell (u16 indices: n ≤ 65,535). */
function grid(n: number, random: () => number, offset = 0): { vertices: WVertex[]; indices: number[] } {
  const side = Math.max(2, Math.floor(Math.sqrt(n)));
  const rows = Math.max(2, Math.floor(n / side));
  const vertices: WVertex[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < side; c++) {
      const p: V3 = [c * 0.1 + offset, Math.sin(c * 0.3) * Math.cos(r * 0.2) + random() * 0.01, r * 0.1];
      vertices.push({ p, n: [0, 1, 0], uv: [c / side, r / rows] });
    }
  }
  const indices: number[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < side; c++) {
      const a = r * side + c;
      indices.push(a, a + side, a + 1, a + 1, a + side, a + side + 1);
    }
  }
  return { vertices, indices };
}

/** Mixed case as real clients have it: the same prefix written three ways. */
function casing(word: string, random: () => number): string {
  const r = random();
  if (r < 0.6) return word;
  if (r < 0.85) return word.toLowerCase();
  return word.toUpperCase();
}

/** A column skeleton of `count` bones (1 unit apart, each child of the one below, some branching). */
function skeletonBones(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const parent = i === 0 ? -1 : i < 4 ? i - 1 : 1 + ((i * 7) % Math.min(i - 1, 12));
    const y = i * 0.25;
    return { name: `Bip01_${String(i).padStart(2, '0')}`, tm: translationMatrix(0, y, 0), inverse: translationMatrix(0, -y, 0), local: translationMatrix(0, i === 0 ? 0 : 0.25, 0), parent };
  });
}

/** An `.ani` for a skeleton: `frames` keys per bone (rotation about Z and the rest position). */
function motion(bones: ReturnType<typeof skeletonBones>, frames: number, phase: number): Uint8Array {
  const motionBones: WMotionBone[] = bones.map((b, i) => ({
    name: b.name,
    parent: b.parent,
    inverse: b.inverse,
    local: b.local,
    keys: Array.from({ length: frames }, (_, f) => [...quatZ(0.3 * Math.sin((f + phase + i) * 0.2)), 0, i === 0 ? 0 : 0.25, 0]),
  }));
  return writeAni({ frameCount: frames, bones: motionBones });
}

/** A skinned object of about `n` vertices bound to `boneCount` bones (two weights per vertex). */
function skinnedObject(n: number, boneCount: number, texture: string, random: () => number): WObject {
  const { vertices, indices } = grid(n, random);
  for (let i = 0; i < vertices.length; i++) {
    const bone = Math.min(boneCount - 1, Math.floor((i / vertices.length) * boneCount));
    const other = Math.max(0, bone - 1);
    vertices[i].w = [0.75, 0.25];
    vertices[i].idx = [bone * 3, other * 3];
  }
  const geometry: WGeometry = { vertices, indices, physique: vertices.map((v) => v.idx![0] / 3), materials: [{ texture }] };
  return { type: 1, geometry };
}

function staticObject(n: number, texture: string, random: () => number, offset = 0): WObject {
  const { vertices, indices } = grid(n, random, offset);
  return { type: 0, geometry: { vertices, indices, materials: [{ texture }] } };
}

/** Vertices for a target .o3d size (normal objects cost ~58 bytes per vertex with two triangles). */
const verticesFor = (bytes: number) => Math.max(16, Math.min(65000, Math.round(bytes / 58)));

/** A size drawn log-uniformly between `min` and `max` bytes (many small files, a few large ones). */
const logUniform = (random: () => number, min: number, max: number) => Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));

const trianglesOf = (o: WObject) => o.geometry.indices.length / 3;

/**
 * Writes the synthetic game folder into `dir` (which must be empty or absent) and returns its
 * manifest. `Model/` holds the models and companions, `Model/Texture/` the textures.
 */
export function writeGameFolder(dir: string, options: GameFolderOptions = {}): GameFolderManifest {
  const scale = options.scale ?? 1;
  const seed = options.seed ?? 14;
  const random = rng(seed);
  const model = path.join(dir, 'Model');
  const textureDir = path.join(model, 'Texture');
  mkdirSync(textureDir, { recursive: true });
  const count = (full: number, floor: number) => Math.max(floor, Math.round(full * scale));
  const manifest: GameFolderManifest = {
    scale,
    seed,
    totalBytes: 0,
    totalFiles: 0,
    models: [],
    companions: 0,
    counts: { object: 0, item: 0, monster: 0, part: 0, broken: 0, skeletons: 0, motions: 0, textures: 0, playerMotions: 0 },
  };
  const write = (relative: string, bytes: Uint8Array) => {
    writeFileSync(path.join(dir, ...relative.split('/')), bytes);
    manifest.totalBytes += bytes.length;
    manifest.totalFiles++;
    return bytes.length;
  };
  const companion = (relative: string, bytes: Uint8Array) => {
    write(relative, bytes);
    manifest.companions++;
  };

  // Textures: stored in Texture/ with one spelling; models name them in another case.
  const textures: string[] = [];
  for (let t = 0; t < count(600, 6); t++) {
    const name = `${casing('Tex', random)}_${String(t).padStart(4, '0')}.dds`;
    textures.push(name);
    companion(`Model/Texture/${name}`, ddsDxt1(16, 16, (t * 2654435761) >>> 0));
    manifest.counts.textures++;
  }
  const pickTexture = () => {
    // One model in 50 names a texture that was never shipped.
    if (random() < 0.02) return { name: `missing_${Math.floor(random() * 1e6)}.dds`, missing: true };
    const name = textures[Math.floor(random() * textures.length)];
    return { name: random() < 0.5 ? name.toLowerCase() : name, missing: false };
  };

  // Static objects (some with three levels of detail) and items.
  const addStatic = (kind: 'object' | 'item', prefix: string, index: number, min: number, max: number) => {
    const base = `${casing(prefix, random)}_${kind === 'object' ? 'Struct' : 'Weapon'}${String(index).padStart(4, '0')}`;
    const file = `Model/${base}.o3d`;
    const vertices = verticesFor(logUniform(random, min, max));
    const texture = pickTexture();
    const withLods = kind === 'object' && random() < 0.2;
    const parts = 1 + Math.floor(random() * 2);
    const groups: WObject[][] = [];
    for (let level = 0; level < (withLods ? 3 : 1); level++) {
      const per = Math.max(16, Math.floor(vertices / parts / (level + 1)));
      groups.push(Array.from({ length: parts }, (_, k) => staticObject(per, texture.name, random, k)));
    }
    const bytes = writeO3d({ name: `${base}.o3d`, lod: withLods, groups });
    const triangles = groups[0].reduce((s, o) => s + trianglesOf(o), 0);
    manifest.models.push({
      file,
      kind,
      bytes: write(file, bytes),
      triangles,
      trianglesAllLevels: groups.flat().reduce((s, o) => s + trianglesOf(o), 0),
      lods: groups.length,
      textures: [texture.name],
      missingTextures: texture.missing ? [texture.name] : [],
    });
    manifest.counts[kind]++;
  };
  for (let i = 0; i < count(3000, 12); i++) addStatic('object', 'Obj', i, 4 * 1024, 400 * 1024);
  for (let i = 0; i < count(800, 4); i++) addStatic('item', 'Item', i, 2 * 1024, 24 * 1024);

  // Monsters: own skeleton (mvr_<name>.chr, spelled differently from the model) and 3–12 motions.
  for (let i = 0; i < count(300, 3); i++) {
    const name = `Monster${String(i).padStart(3, '0')}`;
    const base = `${casing('Mvr', random)}_${name}`;
    const boneCount = 16 + Math.floor(random() * 20);
    const bones = skeletonBones(boneCount);
    const skeletonFile = `mvr_${name.toLowerCase()}.chr`;
    // One monster in 40 ships without its skeleton (drawn in the bind pose, with a warning).
    const hasSkeleton = i !== 1 && random() >= 0.025;
    if (hasSkeleton) {
      companion(`Model/${skeletonFile}`, writeChr({ bones }));
      manifest.counts.skeletons++;
    }
    const motions = MOTIONS.slice(0, 3 + Math.floor(random() * 10));
    for (const [k, clip] of motions.entries()) {
      companion(`Model/${casing('mvr', random)}_${name}_${clip}.ani`, motion(bones, 20 + Math.floor(random() * 30), k));
      manifest.counts.motions++;
    }
    const texture = pickTexture();
    const object = skinnedObject(verticesFor(logUniform(random, 16 * 1024, 200 * 1024)), boneCount, texture.name, random);
    const file = `Model/${base}.o3d`;
    manifest.models.push({
      file,
      kind: 'monster',
      bytes: write(file, writeO3d({ name: `${base}.o3d`, groups: [[object]] })),
      triangles: trianglesOf(object),
      trianglesAllLevels: trianglesOf(object),
      lods: 1,
      bones: hasSkeleton ? boneCount : undefined,
      skeleton: hasSkeleton ? skeletonFile : undefined,
      motions: hasSkeleton ? motions : [],
      textures: [texture.name],
      missingTextures: texture.missing ? [texture.name] : [],
    });
    manifest.counts.monster++;
  }

  // The two player skeletons and their shared motions (hundreds each at full scale).
  const players = [
    { sex: 'm', skeleton: 'mvr_male.chr', stem: 'mvr_male', bones: skeletonBones(56) },
    { sex: 'f', skeleton: 'Mvr_Female.chr', stem: 'Mvr_Female', bones: skeletonBones(54) },
  ];
  const playerMotions: string[] = [];
  for (let m = 0; m < count(300, 4); m++) playerMotions.push(`${MOTIONS[m % MOTIONS.length]}${String(Math.floor(m / MOTIONS.length)).padStart(2, '0')}`);
  for (const player of players) {
    companion(`Model/${player.skeleton}`, writeChr({ bones: player.bones }));
    manifest.counts.skeletons++;
    for (const [k, clip] of playerMotions.entries()) {
      companion(`Model/${casing(player.stem, random)}_${clip}.ani`, motion(player.bones, 40, k));
      manifest.counts.playerMotions++;
    }
  }
  for (let i = 0; i < count(600, 4); i++) {
    const player = players[i % 2];
    const slot = SLOTS[Math.floor(i / 2) % SLOTS.length];
    const base = `Part_${player.sex}${slot}${String(Math.floor(i / 2)).padStart(3, '0')}`;
    const file = `Model/${random() < 0.3 ? base.replace('Part_', 'part_') : base}.o3d`;
    const texture = pickTexture();
    const object = skinnedObject(verticesFor(logUniform(random, 12 * 1024, 120 * 1024)), player.bones.length, texture.name, random);
    manifest.models.push({
      file,
      kind: 'part',
      bytes: write(file, writeO3d({ name: path.posix.basename(file), groups: [[object]] })),
      triangles: trianglesOf(object),
      trianglesAllLevels: trianglesOf(object),
      lods: 1,
      bones: player.bones.length,
      skeleton: player.skeleton,
      motions: playerMotions,
      textures: [texture.name],
      missingTextures: texture.missing ? [texture.name] : [],
    });
    manifest.counts.part++;
  }

  // Broken files a real folder has: each must be reported, and must not stop the batch.
  const good = writeO3d({ name: 'obj_broken_cut.o3d', groups: [[staticObject(400, textures[0], random)]] });
  const broken: [string, Uint8Array, string][] = [
    ['Model/obj_broken_cut.o3d', good.subarray(0, Math.floor(good.length / 2)), 'truncated in the middle of its geometry'],
    ['Model/obj_broken_empty.o3d', new Uint8Array(0), 'empty'],
    ['Model/Obj_Broken_Noise.o3d', Uint8Array.from({ length: 3000 }, () => Math.floor(random() * 256)), 'random bytes'],
    ['Model/obj_broken_quake.o3d', new Uint8Array([0x49, 0x44, 0x50, 0x4f, 6, 0, 0, 0, ...new Array(80).fill(0)]), 'a Quake 1 MDL renamed'],
  ];
  for (const [file, bytes, why] of broken) {
    manifest.models.push({ file, kind: 'broken', bytes: write(file, bytes), broken: why });
    manifest.counts.broken++;
  }
  // Files a client folder also holds, which are not models.
  companion('Model/readme.txt', new TextEncoder().encode('Model folder of a synthetic Flyff client (relic3d bench).\n'));
  companion('Model/Model.inc', new TextEncoder().encode('// model list\n'));
  manifest.models.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return manifest;
}

// Command line: writes the folder and prints the manifest's counts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(3).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: game-folder.ts <dir> [--scale=<f>] [--seed=<n>]');
    process.exit(2);
  }
  const t = performance.now();
  const m = writeGameFolder(dir, { scale: Number(args.scale ?? 1), seed: Number(args.seed ?? 14) });
  console.log(JSON.stringify({ ...m, models: m.models.length, seconds: (performance.now() - t) / 1000, megabytes: m.totalBytes / 1048576 }, null, 2));
}
