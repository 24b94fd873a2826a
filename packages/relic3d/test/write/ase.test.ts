// Every corpus model of every format → the ASE writer → the ASE reader: the facts ASE can hold are
// equal, the rest is warned (levels of detail, colliders, several clips merged onto one timeline).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aseWriter } from '@relic3d/ase';
import type { Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts, type FactName } from '@relic3d/scene-facts';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { corpusScene, expectWrittenAlikeThroughGltf, throughModels, writtenCorpus, writtenOrThrow } from './corpus-writes.js';

const folders = ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'bad'];
const models = /\.(ms3d|ase|o3d|mdl|lod)$/i;

/** What each writer warning says the file cannot hold. */
const EXCUSED: Record<string, FactName[]> = {
  ASE_WRITE_LOD: ['lodLevels'],
  ASE_WRITE_COLLIDERS: ['colliders'],
};
/**
 * Warnings that excuse nothing: the facts stay equal. Merged clips are cut apart again by the
 * reader from the ranges the writer puts in `*COMMENT` (other tools see one timeline).
 */
const HARMLESS = new Set(['ASE_WRITE_SKIN_REST_POSE', 'ASE_WRITE_CLIPS_MERGED']);

function corpusModels(): string[] {
  const root = corpusRoot();
  return folders
    .filter((f) => existsSync(path.join(root, f)))
    .flatMap((f) => readdirSync(path.join(root, f)).filter((n) => models.test(n)).map((n) => `${f}/${n}`))
    .sort();
}

/** Clip ranges in frames from the comment of a merged timeline (`… | clips: 'walk' 0-30, 'run' 31-50`). */
function clipRanges(back: Scene): Map<string, [number, number]> {
  const comment = String(back.extras.comment ?? '');
  const out = new Map<string, [number, number]>();
  for (const m of comment.matchAll(/'([^']*)' (\d+)-(\d+)/g)) out.set(m[1], [Number(m[2]), Number(m[3])]);
  return out;
}

const haveCorpus = corpusNotice('ase');
const files = haveCorpus ? corpusModels() : [];
const tally = { exact: 0, warned: 0, unreadable: 0 };

describe.skipIf(!haveCorpus)('every corpus model → ASE → parse', () => {
  it.each(files)('%s', async (file) => {
    let scene: Scene;
    try {
      scene = await corpusScene(file);
    } catch {
      tally.unreadable++; // the readers refuse it (bad/ files): nothing to write
      return;
    }
    const { result, back } = writtenOrThrow(await writtenCorpus(aseWriter, file, 'out'));
    expect(back.warnings.map((w) => `${w.code}: ${w.message}`)).toEqual([]);
    const codes = new Set(result.warnings.map((w) => w.code));
    for (const code of codes) expect(code in EXCUSED || HARMLESS.has(code), `unexpected warning ${code}`).toBe(true);
    // Warned exactly when the scene has what ASE cannot hold.
    expect(codes.has('ASE_WRITE_LOD')).toBe(scene.nodes.some((n) => n.lods?.length));
    expect(codes.has('ASE_WRITE_COLLIDERS')).toBe(scene.colliders.length > 0);
    expect(codes.has('ASE_WRITE_CLIPS_MERGED')).toBe(scene.animations.filter((c) => c.channels.length).length > 1);
    const skip = [...codes].flatMap((c) => EXCUSED[c] ?? []);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip })).toEqual([]);
    if (skip.length) tally.warned++;
    else tally.exact++;

    if (codes.has('ASE_WRITE_CLIPS_MERGED')) {
      // The comment names each clip's range on the one timeline, in frames.
      const ranges = clipRanges(back);
      const fps = Number(back.extras.frameSpeed);
      for (const clip of scene.animations.filter((c) => c.channels.length)) {
        const range = ranges.get(clip.name);
        expect(range, `clip "${clip.name}" in the comment`).toBeDefined();
        expect((range![1] - range![0]) / fps).toBeCloseTo(clip.duration, 2);
      }
    }
  });

  // legacy → toGlb → fromGltf → ASE reads back as the legacy scene written as ASE does.
  it.each(throughModels)('%s through glTF is written alike', (file) => expectWrittenAlikeThroughGltf(aseWriter, file, 'out'));

  it('covers the corpus (every readable model written and read back)', () => {
    expect(tally.exact + tally.warned + tally.unreadable).toBe(files.length);
    expect(tally.exact).toBeGreaterThan(40);
    console.log(`ASE round trip: ${tally.exact} exact, ${tally.warned} with warned facts, ${tally.unreadable} unreadable by their own reader`);
  });
});
