// Every corpus model, with its .chr and .ani companions: parse → writeO3d → parse keeps every fact
// (counts, names, hierarchy, materials, textures, clips, LODs, colliders, bind bounds and bounds
// posed at 25/50/75% of every clip), the read warns nothing, and writing what was read back gives
// the same files again.
// And the fields the reader keeps in extras come back (legacy fields): the written files carry the
// original header (id, forces, events, frame attributes), object flags and ids, materials and block
// effects, bone palettes, skeleton attachments and events, and each motion's id, speed, attributes,
// events and root path. Both suites share each model's parse and write (they were two files, each
// parsing and writing every model).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import type { Scene, WriteResult } from '@relic3d/core';
import { parseO3dFile } from '../../src/node.js';
import { findCompanions, readAni, readChr, readO3d, writeO3d } from '../../src/index.js';
import { listing, o3ds } from '../corpus/helpers.js';
import { rawDifferences, readBack } from './helpers.js';

/** Each model parsed (with its .chr and .ani companions) and written once, for both suites below. */
const made = new Map<string, Promise<{ source: Scene; written: WriteResult }>>();
function parsedAndWritten(entry: CorpusEntry): Promise<{ source: Scene; written: WriteResult }> {
  let result = made.get(entry.path);
  if (!result) {
    result = parseO3dFile(entry.path, { kernels: 'js', motions: /^part_/i.test(entry.file) ? 'none' : 'auto' }).then((source) => ({ source, written: writeO3d(source) }));
    made.set(entry.path, result);
  }
  return result;
}

describe.skipIf(!o3ds.length)('corpus round trip', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s', async (file, entry) => {
    const { source, written } = await parsedAndWritten(entry);
    const back = await readBack(written);
    expect(compareSceneFacts(sceneFacts(source), sceneFacts(back))).toEqual([]);
    expect(back.warnings.map((w) => w.code)).toEqual([]);
    const again = writeO3d(back);
    expect(Object.keys(again.files)).toEqual(Object.keys(written.files));
    // Float noise of the world-matrix round trip aside, the files are the same.
    for (const [name, bytes] of Object.entries(written.files)) {
      const read = /\.o3d$/i.test(name) ? readO3d : /\.chr$/i.test(name) ? readChr : readAni;
      expect(again.files[name].length, name).toBe(bytes.length);
      expect(rawDifferences(read(again.files[name]), read(bytes)), name).toEqual([]);
    }
    // Without clips or bones (whose matrices go through TRS nodes) the files are the same bytes.
    if (!source.animations.length && !source.nodes.some((n) => n.joint)) for (const [name, bytes] of Object.entries(written.files)) expect(Buffer.compare(again.files[name], bytes), name).toBe(0);
  });
});

const beside = (model: string, name: string) => new Uint8Array(readFileSync(model.replace(/[^/]*$/, name)));
/** Flagged frame attributes (the others carry nothing the client uses). */
const flagged = (list: { flags: number }[] | undefined) => list?.flatMap((a, i) => (a.flags ? [{ i, ...a }] : []));
const pick = <T extends object>(o: T, keys: (keyof T)[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

describe.skipIf(!o3ds.length)('legacy fields', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s', async (file, entry) => {
    const player = /^part_/i.test(file);
    const { source, written: result } = await parsedAndWritten(entry);
    const original = readO3d(readCorpusFile(entry));
    const written = readO3d(result.files[`${source.name}.o3d`]);
    const header = ['id', 'scrollU', 'scrollV', 'perSlerp', 'frameCount', 'events', 'lodFlag', 'poolSize', 'attributeCount'] as const;
    expect(rawDifferences(pick(written, [...header]), pick(original, [...header]))).toEqual([]);
    expect(flagged(written.attributes)).toEqual(flagged(original.attributes));
    expect(rawDifferences(written.forces.slice(0, original.forces.length), original.forces)).toEqual([]);
    expect(written.collision?.faceCount).toBe(original.collision?.faceCount);
    expect(written.groups.map((g) => g.length)).toEqual(original.groups.map((g) => g.length));
    original.groups.forEach((group, g) =>
      group.forEach((o, i) => {
        const w = written.groups[g][i];
        const fields = (x: typeof o) => ({
          ...pick(x, ['typeRaw', 'id', 'parentIndex', 'parentType', 'useBones']),
          ...pick(x.geometry, ['opacity', 'bump', 'rigid', 'faceCount', 'materialFlag']),
          // Materials no block uses are not in the scene: each block's material instead.
          blocks: x.geometry.blocks.map((b) => ({ ...pick(b, ['primitiveCount', 'effect', 'amount', 'useBones']), material: x.geometry.materials[b.textureId] })),
          tm: x.tmAnimation?.length,
        });
        expect(rawDifferences(fields(w), fields(o)), `group ${g} object ${i}`).toEqual([]);
      }),
    );
    const companions = findCompanions(file, listing);
    const chrName = Object.keys(result.files).find((n) => n.endsWith('.chr'));
    if (chrName && companions.skeleton) {
      const chr = readChr(result.files[chrName]), chrOriginal = readChr(beside(entry.path, companions.skeleton));
      const slots = chrOriginal.events.length;
      expect(rawDifferences(pick(chr, ['id', 'sendVS', 'localRH', 'localShield', 'localKnuckle']), pick(chrOriginal, ['id', 'sendVS', 'localRH', 'localShield', 'localKnuckle']))).toEqual([]);
      expect(rawDifferences([chr.events.slice(0, slots), Array.from(chr.eventParents).slice(0, slots)], [chrOriginal.events, Array.from(chrOriginal.eventParents)])).toEqual([]);
      expect(chr.bones.map((b) => [b.name, b.parentIndex])).toEqual(chrOriginal.bones.map((b) => [b.name, b.parentIndex]));
      expect(rawDifferences(chr.bones.map((b) => [b.tm, b.inverseTM]), chrOriginal.bones.map((b) => [b.tm, b.inverseTM]), 1e-3)).toEqual([]);
    }
    if (!player) {
      for (const [motion, name] of Object.entries(companions.motions)) {
        const ani = readAni(result.files[name.replace(/^.*?_(?=[^_]*$)/, `${source.name}_`)] ?? result.files[`${source.name}_${motion}.ani`]);
        const aniOriginal = readAni(beside(entry.path, name));
        const fields = ['id', 'perSlerp', 'frameCount', 'events', 'path'] as const;
        expect(rawDifferences(pick(ani, [...fields]), pick(aniOriginal, [...fields])), motion).toEqual([]);
        expect(flagged(ani.attributes), motion).toEqual(flagged(aniOriginal.attributes));
      }
    }
  });
});
