// The scene and the .glb of every corpus file, hashed: a refactor that is meant to change no
// behaviour must leave every hash equal. RELIC3D_UPDATE_HASHES=1 rewrites scene-hashes.json
// (do that only for a change that is meant to change output, and say so in its commit).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toGlb } from '@relic3d/gltf';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { parseFile } from '../src/node.js';

const hashFile = path.join(import.meta.dirname, 'scene-hashes.json');
const folders = ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'bad', 'foreign'];
const models = /\.(ms3d|ase|o3d|mdl|lod)$/i;

/** Feeds a value to a hash in a canonical order: object keys sorted, typed arrays by type and bytes. */
function feed(hash: ReturnType<typeof createHash>, value: unknown, seen: Set<object>): void {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && Number.isNaN(value)) hash.update('NaN;');
    else hash.update(`${typeof value}:${typeof value === 'bigint' ? value.toString() : JSON.stringify(value) ?? 'undefined'};`);
    return;
  }
  if (ArrayBuffer.isView(value)) {
    hash.update(`${value.constructor.name}[${value.byteLength}]`);
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return;
  }
  if (seen.has(value)) {
    hash.update('<cycle>');
    return;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    hash.update(`[${value.length}`);
    for (const item of value) feed(hash, item, seen);
    hash.update(']');
  } else if (value instanceof Map) {
    hash.update(`Map{${value.size}`);
    for (const [k, v] of [...value.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)))) {
      feed(hash, k, seen);
      feed(hash, v, seen);
    }
    hash.update('}');
  } else {
    hash.update('{');
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      hash.update(`${key}=`);
      feed(hash, v, seen);
    }
    hash.update('}');
  }
  seen.delete(value);
}

function hashOf(value: unknown): string {
  const hash = createHash('sha256');
  feed(hash, value, new Set());
  return hash.digest('hex').slice(0, 32);
}

/** Every model file of the corpus folders, relative to the corpus root. */
function corpusModels(): string[] {
  const root = corpusRoot();
  return folders
    .filter((f) => existsSync(path.join(root, f)))
    .flatMap((f) =>
      readdirSync(path.join(root, f))
        .filter((n) => models.test(n))
        .map((n) => `${f}/${n}`),
    )
    .sort();
}

async function hashesOf(file: string): Promise<{ scene: string; glb: string }> {
  try {
    const scene = await parseFile(path.join(corpusRoot(), file));
    const glb = await toGlb(scene);
    return { scene: hashOf(scene), glb: createHash('sha256').update(glb).digest('hex').slice(0, 32) };
  } catch (error) {
    const e = error as Record<string, unknown>;
    const described = { name: e?.constructor && (e.constructor as { name: string }).name, message: e?.message, code: e?.code, offset: e?.offset };
    return { scene: `error ${hashOf(described)}`, glb: '' };
  }
}

describe.runIf(corpusNotice('ms3d'))('scene hashes of the corpus', () => {
  it('are those recorded in scene-hashes.json', { timeout: 300_000 }, async () => {
    const actual: Record<string, { scene: string; glb: string }> = {};
    for (const file of corpusModels()) actual[file] = await hashesOf(file);
    expect(Object.keys(actual).length).toBeGreaterThan(100);
    if (process.env.RELIC3D_UPDATE_HASHES === '1' || !existsSync(hashFile)) {
      writeFileSync(hashFile, `${JSON.stringify(actual, null, 1)}\n`);
    }
    const expected = JSON.parse(readFileSync(hashFile, 'utf8')) as typeof actual;
    const differing = Object.keys({ ...expected, ...actual }).filter(
      (f) => JSON.stringify(expected[f]) !== JSON.stringify(actual[f]),
    );
    expect(differing, 'files whose scene or .glb changed').toEqual([]);
  });
});
