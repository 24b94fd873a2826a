// Test-only: hostile glTF made from the sample (its JSON edited, the binary chunk kept) or from
// small documents, and what fromGltf makes of them.
import { expect } from 'vitest';
import { Document } from '@gltf-transform/core';
import { isFormatError, validateScene, type Scene } from '@relic3d/core';
import { fromGltf } from '../../src/index.js';
import { packGlb } from '../../src/io/glb.js';
import { buildSample, io } from './sample.js';

type Json = Record<string, any>;

let sample: Promise<{ json: Json; bin: Uint8Array }> | undefined;
/** The sample's .glb parts (JSON and binary chunk), made once. */
function sampleParts() {
  return (sample ??= io.writeJSON(buildSample(), { format: 'GLB' as never }).then(({ json, resources }) => ({ json: json as Json, bin: Object.values(resources)[0] })));
}

/** The sample .glb with its JSON edited by `edit`. */
export async function editedGlb(edit: (json: Json) => void): Promise<Uint8Array> {
  const { json, bin } = await sampleParts();
  const copy = structuredClone(json);
  edit(copy);
  return packGlb(copy, bin);
}

/** The FormatError fromGltf throws for `input` (fails the test when it throws anything else, or nothing). */
export async function formatError(input: Uint8Array | Promise<Uint8Array>): Promise<Error & { code: string; format: string; expected: string; found: string }> {
  let scene: Scene | undefined;
  try {
    scene = await fromGltf(await input);
  } catch (e) {
    expect(isFormatError(e), `not a FormatError: ${String(e)}`).toBe(true);
    expect((e as { format: string }).format).toBe('gltf');
    return e as never;
  }
  throw new Error(`expected a FormatError, read ${scene.nodes.length} nodes`);
}

/** The scene fromGltf reads from `input`, checked valid, with its warning codes. */
export async function readWarned(input: Uint8Array | Document | Promise<Uint8Array>): Promise<{ scene: Scene; codes: string[] }> {
  const scene = await fromGltf(await input);
  expect(validateScene(scene)).toEqual([]);
  return { scene, codes: scene.warnings.map((w) => w.code) };
}

/** A document with one mesh node and nothing else (its buffer made). */
export function emptyDocument(): { doc: Document; buffer: ReturnType<Document['createBuffer']> } {
  const doc = new Document();
  return { doc, buffer: doc.createBuffer() };
}

export const glbOf = (doc: Document) => io.writeBinary(doc);
