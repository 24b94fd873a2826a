import { WriteError, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';
import { writers } from '@relic3d/formats';

/** Every format relic3d writes (`ms3dWriter`, `aseWriter`, `o3dWriter`, `mdlWriter`, `lodWriter`), from `@relic3d/formats`. */
export { writers, ms3dWriter, aseWriter, o3dWriter, mdlWriter, lodWriter } from '@relic3d/formats';

/** Options of `write`: the common ones plus any writer's own. */
export type AnyWriteOptions = WriteOptions & Record<string, unknown>;

const extensionOf = (name: string) => /(\.[^.\\/]+)$/.exec(name)?.[1]?.toLowerCase();

/**
 * The writer for a format id (`'o3d'`), an extension (`'.o3d'`) or a file name (`'monster.o3d'`),
 * in any case; undefined when relic3d writes no such format (glTF is `toGlb` / `toGltf`).
 */
export function writerFor(target: string, list: readonly FormatWriter[] = writers): FormatWriter | undefined {
  const wanted = target.trim().toLowerCase();
  const byId = list.find((w) => w.id.toLowerCase() === wanted || w.extension.toLowerCase() === wanted || w.extension.toLowerCase() === `.${wanted}`);
  if (byId) return byId;
  const extension = extensionOf(wanted);
  return extension ? list.find((w) => w.extension.toLowerCase() === extension) : undefined;
}

/**
 * Why `name` is not a plain file name a writer may return (a folder, `..`, a drive or stream
 * separator, a control character), or undefined when it is one. Whoever writes the files to disk
 * joins these names to one folder, so none may lead out of it.
 */
export function fileNameProblem(name: string): string | undefined {
  if (!name) return 'it is empty';
  if (name === '.' || name === '..') return `'${name}' is a folder`;
  if (/[\\/]/.test(name)) return 'it has a folder separator';
  if (name.includes(':')) return "it has a ':' (a drive or a Windows stream)";
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'it has a control character';
  return undefined;
}

/** Throws when a writer returned a file name that is not a plain base name (see `fileNameProblem`). */
export function checkFileNames(writer: Pick<FormatWriter, 'id'>, result: WriteResult): void {
  const seen = new Set<string>();
  for (const name of Object.keys(result.files)) {
    const problem = fileNameProblem(name);
    const key = name.toLowerCase();
    if (!problem && !seen.has(key)) {
      seen.add(key);
      continue;
    }
    throw new WriteError({
      format: writer.id,
      code: 'INVALID_SCENE',
      limit: 'file name',
      value: name,
      message: `${writer.id}: refusing the file name '${name}': ${problem ?? 'another file has the same name (in any case)'}; a writer returns plain base names`,
    });
  }
}

/**
 * Writes `scene` in a legacy format: `format` is a format id, an extension or a file name
 * (`'o3d'`, `'.o3d'`, `'monster.o3d'`) or a `FormatWriter`. Returns every file the format needs
 * (`.o3d` + `.chr` + one `.ani` per clip, `.mdl` + `.mat`, embedded textures) by plain base name,
 * and the warnings. Throws only `WriteError`: over a limit, something the format cannot hold, an
 * unknown format (glTF is `toGlb` / `toGltf`), or a file name that is not a plain base name.
 */
export function write(scene: Scene, format: string | FormatWriter, options: AnyWriteOptions = {}): WriteResult {
  const writer = typeof format === 'string' ? writerFor(format) : format;
  if (!writer) {
    const known = writers.map((w) => `${w.id} (${w.extension})`).join(', ');
    throw new WriteError({
      format: String(format),
      code: 'UNSUPPORTED',
      limit: 'format',
      value: String(format),
      max: known,
      message: `relic3d writes no '${String(format)}' files: it writes ${known}; glTF with toGlb / toGltf`,
    });
  }
  const result = writer.write(scene, options);
  checkFileNames(writer, result);
  return result;
}
