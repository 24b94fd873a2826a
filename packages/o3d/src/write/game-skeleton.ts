/**
 * Binding a scene's skin to a skeleton the game already has (`writeO3d(scene, { skeleton })`, e.g.
 * `mvr_male.chr` for a new `Part_m*` item; docs/formats/o3d.md §5.5, §13). Bones are matched by name
 * (case-insensitive, as the client compares them); every bone index the objects store — object and
 * block palettes, physique, bone parents — is rewritten to the game skeleton's index. Palettes only
 * shrink by this, so the writer's 28-bone blocks (the client's MAX_VS_BONE) stay within it; a model
 * that used global indices gets its object palette spelled out (the game's skeleton may have more
 * than 28 bones). No `.chr` is written.
 */
import { FormatError, WriteError, type WarningSink } from '@relic3d/core';
import { LIMITS, OBJECT_SKIN, PARENT_BONE, type ChrFile } from '../file.js';
import { isPlan, type WrittenObject } from './plan.js';
import { readChr } from '../read/index.js';
import { toD3dMatrix } from './axes.js';
import { plural } from './context.js';
import type { Bones } from './skeleton.js';

/** Bind matrices further apart than this (largest element) are reported: the mesh was bound in another pose. */
const BIND_TOLERANCE = 1e-3;
const NAMED = 8;

/** The game skeleton the options give, read (a broken one is refused, typed). */
export function readGameSkeleton(bytes: Uint8Array | ArrayBuffer, sink: WarningSink): ChrFile {
  try {
    return readChr(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), { onWarning: (w) => sink.warn(w.code, `skeleton: ${w.message}`) });
  } catch (e) {
    if (e instanceof FormatError) throw new WriteError({ format: 'o3d', code: 'UNSUPPORTED', limit: 'skeleton', value: e.message });
    throw e;
  }
}

/**
 * Each scene bone's index in the game skeleton: by name, else its nearest ancestor that has one.
 * Warns about bones missing on either side; refuses when no name matches.
 */
export function boneMapping(bones: Bones, chr: ChrFile, sink: WarningSink): Int32Array {
  const byName = new Map<string, number>();
  chr.bones.forEach((b, i) => byName.has(b.name.toLowerCase()) || byName.set(b.name.toLowerCase(), i));
  const direct = bones.names.map((n) => byName.get(n.toLowerCase()) ?? -1);
  if (!direct.some((i) => i >= 0)) {
    throw new WriteError({
      format: 'o3d',
      code: 'UNSUPPORTED',
      limit: 'skeleton bone names',
      value: `none of the scene's ${plural(bones.names.length, 'bone')} (${named(bones.names)}) is in the skeleton (${named(chr.bones.map((b) => b.name))})`,
    });
  }
  const map = Int32Array.from(direct);
  const missing: string[] = [];
  for (let i = 0; i < map.length; i++) {
    if (map[i] >= 0) continue;
    missing.push(bones.names[i]);
    for (let p = bones.parents[i], guard = 0; p >= 0 && guard < map.length; p = bones.parents[p], guard++) {
      if (direct[p] >= 0) {
        map[i] = direct[p];
        break;
      }
    }
    if (map[i] < 0) map[i] = direct.find((d) => d >= 0)!;
  }
  if (missing.length) sink.warn('O3D_WRITE_SKELETON_MISSING', `${plural(missing.length, 'bone')} of the scene not in the skeleton, bound to their nearest ancestor that is: ${named(missing)}`);
  const used = new Set(direct);
  const unused = chr.bones.filter((_, i) => !used.has(i)).map((b) => b.name);
  if (unused.length) sink.warn('O3D_WRITE_SKELETON_UNUSED', `${plural(unused.length, 'bone')} of the skeleton not in the scene (no vertex follows them): ${named(unused)}`);
  const bent = bones.inverses.filter((inverse, i) => direct[i] >= 0 && maxDifference(toD3dMatrix(inverse), chr.bones[direct[i]].inverseTM) > BIND_TOLERANCE).length;
  if (bent) sink.warn('O3D_WRITE_BIND_POSE', `${plural(bent, 'bone')} bound in another pose than the skeleton's; vertices are written as the scene binds them, so they move off where the game skins them`);
  return map;
}

/** Rewrites every stored bone index of the objects to the game skeleton's. */
export function bindObjects(groups: WrittenObject[][], map: Int32Array): void {
  const to = (list: Int32Array) => Int32Array.from(list, (b) => (b >= 0 && b < map.length ? map[b] : b));
  for (const objects of groups) {
    for (const object of objects) {
      const g = object.geometry;
      if (object.type === OBJECT_SKIN) {
        // Global indices (no palette anywhere) name the scene's bones directly: spell them out.
        if (!object.useBones.length && g.blocks.every((b) => !b.useBones.length)) object.useBones = Int32Array.from({ length: Math.min(map.length, LIMITS.palette) }, (_, k) => k);
        object.useBones = to(object.useBones);
        for (const block of g.blocks) block.useBones = to(block.useBones);
      }
      if (isPlan(g)) g.boneMap = map;
      else if (g.physique.length) g.physique = to(g.physique);
      if (object.parentType === PARENT_BONE && object.parentIndex >= 0 && object.parentIndex < map.length) object.parentIndex = map[object.parentIndex];
    }
  }
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let k = 0; k < 16; k++) d = Math.max(d, Math.abs(a[k] - b[k]));
  return d;
}

const named = (names: string[]) => names.slice(0, NAMED).join(', ') + (names.length > NAMED ? ` and ${names.length - NAMED} more` : '');
