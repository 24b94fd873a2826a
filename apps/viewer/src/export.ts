// Exporting the scene on show (in the worker, where it was parsed): glTF or any legacy writer.
import { baseNameOf, isWriteError, serializeError, type Resolver, type Scene, type Warning } from '@relic3d/core';
import { writers } from '@relic3d/formats';
import { toGlb } from '@relic3d/gltf';
import type { ExportFormat, WireError } from './protocol.js';

/** What the Export menu offers: glTF binary first, then every writer relic3d has. */
export function exportFormats(): ExportFormat[] {
  return [{ id: 'glb', name: 'glTF binary', extension: '.glb' }, ...writers.map((w) => ({ id: w.id, name: w.name, extension: w.extension }))];
}

/** Why `name` may not be a file in the download (a folder, `..`, a drive), or undefined. */
function nameProblem(name: string): string | undefined {
  if (!name || name === '.' || name === '..') return 'not a file name';
  if (/[\\/:\u0000-\u001f]/.test(name)) return 'it has a folder separator, a colon or a control character';
  return undefined;
}

/**
 * The files of `scene` in `format`, by plain base name (`<stem>.glb`; `.o3d` + `.chr` + `.ani`,
 * `.mdl` + `.mat`, embedded images), and the warnings. For a legacy format, the textures the model
 * names that `resolve` finds (dropped beside it, or beside its URL) come along, as the CLI copies
 * them beside its output. Throws the writer's WriteError.
 */
export async function exportScene(scene: Scene, modelName: string, resolve: Resolver, format: string): Promise<{ files: Record<string, Uint8Array>; warnings: Warning[] }> {
  const stem = baseNameOf(modelName).replace(/\.[^.]*$/, '') || 'scene';
  const warnings: Warning[] = [];
  if (format === 'glb') return { files: { [`${stem}.glb`]: await toGlb(scene, { resolve, onWarning: (w) => warnings.push(w) }) }, warnings };
  const writer = writers.find((w) => w.id === format);
  if (!writer) throw new Error(`no writer for '${format}'`);
  const result = writer.write(scene, { name: stem });
  const files: Record<string, Uint8Array> = {};
  const taken = new Set<string>();
  for (const [name, data] of Object.entries(result.files)) {
    const problem = nameProblem(name) ?? (taken.has(name.toLowerCase()) ? 'two files have that name' : undefined);
    if (problem) throw new Error(`${writer.id}: refusing the file name '${name}': ${problem}`);
    taken.add(name.toLowerCase());
    files[name] = data;
  }
  for (const texture of scene.textures) {
    if (texture.image?.data || !texture.uri) continue;
    const name = baseNameOf(texture.uri);
    if (nameProblem(name) || taken.has(name.toLowerCase())) continue;
    taken.add(name.toLowerCase());
    const found = await Promise.resolve(resolve(texture.uri)).catch(() => undefined);
    if (found) files[name] = found instanceof Uint8Array ? found : new Uint8Array(found);
  }
  return { files, warnings: result.warnings };
}

/** An error for postMessage: a FormatError's fields, and a WriteError's limit, value, maximum and place. */
export function wireError(error: unknown): WireError {
  const wire: WireError = serializeError(error);
  if (isWriteError(error)) {
    wire.limit = error.limit;
    wire.value = error.value;
    if (error.max !== undefined) wire.max = error.max;
    if (error.where !== undefined) wire.where = error.where;
  }
  return wire;
}
