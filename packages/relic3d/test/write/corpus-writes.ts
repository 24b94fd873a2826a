// The write suites' shared work, once per vitest worker (the project runs with isolate: false): each
// corpus model parsed once, sent through glTF once, and written and read back once per writer and
// options. The writers' own suites and their through-glTF checks use the same entries (issue #30:
// the default test run did each of these up to five times). Nothing here is mutated by its users.
import path from 'node:path';
import { expect } from 'vitest';
import { readManifest, corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { fromGltf, isWriteError, toGlb, type FormatWriter, type Scene, type WriteResult } from 'relic3d';
import { parseFile } from '../../src/node.js';
import { readBack } from './written-files.js';

/** `folder/file` of every corpus model of the five formats (the through-glTF set). */
export const throughModels: string[] = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'].flatMap((folder) =>
  corpusNotice(folder)
    ? readManifest(folder)
        .filter((e) => /\.(ms3d|ase|o3d|mdl|lod)$/i.test(e.file) && e.bytes < 20_000_000)
        .map((e) => `${folder}/${e.file}`)
    : [],
);

const memo = <T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> => {
  let found = cache.get(key);
  if (!found) {
    found = make();
    // A refusal is the caller's to see; the cached promise alone must not be an unhandled rejection.
    found.catch(() => undefined);
    cache.set(key, found);
  }
  return found;
};

const parsed = new Map<string, Promise<Scene>>();
const throughGltf = new Map<string, Promise<Scene>>();
const writes = new Map<string, Promise<Written>>();

/** The scene of a corpus file (`folder/file`), parsed once per worker; rejects as parseFile does. */
export const corpusScene = (file: string): Promise<Scene> => memo(parsed, file, () => parseFile(path.join(corpusRoot(), file)));

/** The corpus scene after toGlb → fromGltf. */
export const throughScene = (file: string): Promise<Scene> => memo(throughGltf, file, async () => fromGltf(await toGlb(await corpusScene(file))));

/** What a writer made of a scene: its result and the scene read back, or its typed refusal. */
export type Written = { result: WriteResult; back: Scene } | { refused: Error & { code: string; limit?: string } };

async function write(writer: FormatWriter, scene: Scene, name: string | undefined): Promise<Written> {
  let result: WriteResult;
  try {
    result = writer.write(scene, name === undefined ? undefined : { name });
  } catch (error) {
    expect(isWriteError(error), `${writer.id} threw ${String(error)}`).toBe(true);
    return { refused: error as Error & { code: string; limit?: string } };
  }
  return { result, back: await readBack(writer, result) };
}

/** `writer` on the corpus scene of `file` (`name` is the write option), read back; once per worker. */
export const writtenCorpus = (writer: FormatWriter, file: string, name?: string): Promise<Written> =>
  memo(writes, `${writer.id}|${name ?? ''}|${file}`, async () => write(writer, await corpusScene(file), name));

/** The same writer on the through-glTF scene of `file`: not shared, so not kept. */
export const writtenThrough = async (writer: FormatWriter, file: string, name?: string): Promise<Written> => write(writer, await throughScene(file), name);

/** The direct result or rethrows its refusal (for suites that handle a refusal as a thrown error). */
export function writtenOrThrow(written: Written): { result: WriteResult; back: Scene } {
  if ('refused' in written) throw written.refused;
  return written;
}

const refusal = (w: { refused: { code: string; limit?: string } }) => `${w.refused.code} ${w.refused.limit ?? ''}`.trim();

/**
 * Through glTF, `writer` makes of `file` what it makes of the legacy scene: the same typed refusal, or
 * files that read back with the same facts (compared as the writer holds them: a legacy format may
 * hold less than the scene).
 */
export async function expectWrittenAlikeThroughGltf(writer: FormatWriter, file: string, name?: string): Promise<void> {
  const direct = await writtenCorpus(writer, file, name);
  // Written under the name the legacy scene's files got (core's rule: the option, the scene's name,
  // else 'model'), so that the names in both come from the same place.
  const through = await writtenThrough(writer, file, name ?? (await corpusScene(file)).name ?? 'model');
  if ('refused' in direct) {
    expect('refused' in through ? refusal(through) : 'written', `${writer.id} refuses the legacy scene`).toBe(refusal(direct));
    return;
  }
  expect('refused' in through ? refusal(through) : undefined, `${writer.id} refused the scene from glTF`).toBeUndefined();
  const back = (through as { back: Scene }).back;
  expect(compareSceneFacts(sceneFacts(direct.back), sceneFacts(back)), writer.id).toEqual([]);
}
