// writeFile: a scene to disk in any format relic3d writes, every file inside the output's folder.
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WriteError, type FormatWriter, type Resolver, type Scene, type Warning, type WriteOptions } from '@relic3d/core';
import type { ExportOptions, OptimizeOptions } from '@relic3d/gltf';
import { commitFiles, type PlannedFile } from './output-commit.js';
import { diskSafeNames, isReservedName } from './output-names.js';
import { checkFileNames, fileNameProblem, writerFor, writers } from './write.js';

/** Options of `writeFile`. */
export interface WriteFileOptions extends WriteOptions, Pick<ExportOptions, 'lod' | 'animation'> {
  /**
   * A format id or extension (`'o3d'`, `'.ms3d'`, `'glb'`, `'gltf'`) or a `FormatWriter` of your
   * own; default: the extension of the output path. With a format given, the main file is still
   * written under the path given.
   */
  format?: string | FormatWriter;
  /**
   * Where the scene's textures come from (the reader's resolver, e.g. `folderResolver` of the
   * input's folder): glTF embeds them (`.glb`) or writes them beside (`.gltf`); a legacy format
   * references them by name, and the ones it finds are copied beside the output (`copyTextures`).
   */
  resolve?: Resolver;
  /** Copy the textures `resolve` finds beside a legacy output (default true; ignored for glTF). */
  copyTextures?: boolean;
  /** Replace files already there (default false: any existing file is a `WriteError` and nothing is written). */
  force?: boolean;
  /** Files never replaced, even with `force` (the input): compared by inode and real path, so links to them count. */
  protect?: readonly string[];
  /** glTF output only: make it web-ready with optimizeGlb (glTF-Transform); its warnings join the others. */
  optimize?: Omit<OptimizeOptions, 'onWarning'>;
  /** Any writer's own options pass through. */
  [option: string]: unknown;
}

/** One file `writeFile` wrote. */
export interface WrittenFile {
  /** Absolute path. */
  path: string;
  bytes: number;
  /** `model`: the main file; `companion`: another file of the format (`.chr`, `.ani`, `.mat`, `.bin`, embedded images); `texture`: a copied texture. */
  role: 'model' | 'companion' | 'texture';
}

/** What `writeFile` did. */
export interface WriteFileResult {
  /** The format written (a writer's id, `glb` or `gltf`). */
  format: string;
  /** Absolute path of the main file. */
  path: string;
  /** Every file written, the main file first. */
  files: WrittenFile[];
  /** Textures found through `resolve` but not copied, and why (not found, not a plain name, ...). */
  texturesNotCopied: { name: string; reason: string }[];
  /** The writer's (or glTF export's) warnings. */
  warnings: Warning[];
}

const GLTF_TARGETS: Record<string, 'glb' | 'gltf'> = { glb: 'glb', '.glb': 'glb', gltf: 'gltf', '.gltf': 'gltf' };

/** `glb`, `gltf` or the writer for a format id, extension or file name; undefined for none. */
export function outputFormatFor(target: string | FormatWriter): 'glb' | 'gltf' | FormatWriter | undefined {
  if (typeof target !== 'string') return target;
  const key = target.trim().toLowerCase();
  const gltf = GLTF_TARGETS[key] ?? GLTF_TARGETS[/(\.[^.\\/]+)$/.exec(key)?.[1] ?? ''];
  return gltf ?? writerFor(key);
}

/** The formats `writeFile` and `relic3d convert` write, for messages: `glb, gltf, ms3d, ase, ...`. */
export const outputFormatIds = (): string[] => ['glb', 'gltf', ...writers.map((w) => w.id)];

/**
 * Writes `scene` to `outPath` in the format its extension names (or `options.format`): `.glb`,
 * `.gltf` (+ `.bin` and images), or a legacy format through its writer (`.o3d` + `.chr` + `.ani`,
 * `.mdl` + `.mat`, embedded textures as files). Every file goes into the output's folder (made
 * when missing) and never outside it: a name that is not a plain base name, or a target that is a
 * symlink leaving the folder, is refused. Texture and material names too long for a file name or
 * reserved on Windows are renamed first (warned), so the model references the files written.
 * Every file is checked before any is written, written to a temporary file, then renamed: all of
 * them or none. An existing file is never replaced unless `force` (a copied texture with the same
 * bytes is left as it is), and a `protect`ed file (the input) never. Throws `WriteError` when the
 * format cannot hold the scene or a file may not be written (nothing is written then).
 */
export async function writeFile(scene: Scene, outPath: string, options: WriteFileOptions = {}): Promise<WriteFileResult> {
  const { format: requested, resolve: given, copyTextures = true, force = false, protect = [], lod, animation, optimize, ...writeOptions } = options;
  const target = outputFormatFor(requested ?? outPath);
  if (!target) {
    const value = (requested as string | undefined) ?? path.extname(outPath);
    throw new WriteError({
      format: value || 'unknown',
      code: 'UNSUPPORTED',
      limit: 'format',
      value: value || outPath,
      max: outputFormatIds().join(', '),
      message: `no format to write '${outPath}' in${requested ? ` ('${String(requested)}' is none relic3d writes)` : ''}: relic3d writes ${outputFormatIds().join(', ')}`,
    });
  }
  if (optimize && typeof target !== 'string') {
    throw new WriteError({ format: target.id, code: 'UNSUPPORTED', limit: 'optimize', value: target.id, max: 'glb, gltf', message: `optimize writes glTF only; '${outPath}' is ${target.id}` });
  }
  const base = path.basename(outPath);
  const stem = base.replace(/\.[^.]*$/, '') || base;
  const baseProblem = fileNameProblem(base);
  if (baseProblem) throw new WriteError({ format: typeof target === 'string' ? target : target.id, code: 'UNSUPPORTED', limit: 'file name', value: base, message: `cannot write '${outPath}': ${baseProblem}` });
  const folder = path.dirname(path.resolve(outPath));
  // A .glb holds everything; other outputs name files after textures and materials.
  const disk = target === 'glb' ? { scene, resolve: given, warnings: [] } : diskSafeNames(scene, folder, given);
  const resolve = disk.resolve;

  const warnings: Warning[] = [];
  const onWarning = (w: Warning) => {
    warnings.push(w);
    writeOptions.onWarning?.(w);
  };
  for (const w of disk.warnings) onWarning(w);
  let files: Record<string, Uint8Array>;
  let main: string;
  let formatId: string;
  if (target === 'glb' || target === 'gltf') {
    formatId = target;
    // glTF-Transform loads on the first glTF write, not with the CLI (~55 ms of each start).
    const { optimizeGlb, optimizeGlbToGltf, toGlb, toGltf } = await import('@relic3d/gltf');
    const common = { resolve, onWarning, lod, animation };
    main = base;
    if (target === 'glb') {
      const glb = await toGlb(disk.scene, common);
      files = { [base]: optimize ? await optimizeGlb(glb, { ...optimize, onWarning }) : glb };
    } else {
      const { json, resources } = optimize
        ? await optimizeGlbToGltf(await toGlb(disk.scene, common), { ...optimize, onWarning, basename: stem })
        : await toGltf(disk.scene, { ...common, basename: stem });
      files = { [base]: new TextEncoder().encode(JSON.stringify(json, null, 2)) };
      for (const [uri, data] of Object.entries(resources)) files[decodeURIComponent(uri)] = data;
    }
    checkFileNames({ id: target }, { files, warnings });
  } else {
    formatId = target.id;
    const result = target.write(disk.scene, { ...writeOptions, name: writeOptions.name ?? stem, onWarning: undefined });
    checkFileNames(target, result);
    for (const w of result.warnings) onWarning(w);
    // The main file goes under the name asked for (`Monster.O3D`, or any name with --format).
    const own = Object.keys(result.files);
    const named = own.find((n) => n.toLowerCase() === `${writeOptions.name ?? stem}${target.extension}`.toLowerCase()) ??
      own.find((n) => n.toLowerCase().endsWith(target.extension.toLowerCase())) ?? own[0];
    if (named === undefined) throw new WriteError({ format: target.id, code: 'INVALID_SCENE', limit: 'files', value: 0, message: `${target.id}: the writer returned no file` });
    files = {};
    main = base;
    files[base] = result.files[named]!;
    for (const name of own) {
      if (name === named) continue;
      if (name.toLowerCase() === base.toLowerCase()) {
        throw new WriteError({ format: target.id, code: 'INVALID_SCENE', limit: 'file name', value: name, message: `${target.id}: the writer's file '${name}' has the name asked for the model ('${base}'); choose another output name` });
      }
      files[name] = result.files[name]!;
    }
  }

  const texturesNotCopied: WriteFileResult['texturesNotCopied'] = [];
  const plan: (PlannedFile & { role: WrittenFile['role'] })[] = [{ name: main, bytes: files[main]!, role: 'model' }];
  for (const [name, bytes] of Object.entries(files)) if (name !== main) plan.push({ name, bytes, role: 'companion' });
  if (typeof target !== 'string' && resolve && copyTextures) {
    for (const copy of await texturesToCopy(disk.scene, files, resolve, folder)) {
      if ('reason' in copy) texturesNotCopied.push(copy);
      else plan.push({ ...copy, role: 'texture' });
    }
  }
  for (const { name } of plan.slice(1)) {
    if (isReservedName(name)) onWarning({ code: 'WRITE_FILE_NAME_RESERVED', message: `'${name}' is a device name on Windows, where that file cannot be opened` });
  }
  const paths = commitFiles(folder, plan, { format: formatId, force, protect });
  const written: WrittenFile[] = plan.map((f, i) => ({ path: paths[i]!, bytes: f.bytes.byteLength, role: f.role }));
  return { format: formatId, path: written[0]!.path, files: written, texturesNotCopied, warnings };
}

type TextureCopy = { name: string; bytes: Uint8Array } | { name: string; reason: string };

/**
 * The uri-only textures of `scene` that `resolve` finds, under their base names: those the writer
 * did not write itself, each once. The same bytes already in the folder are left as they are;
 * anything else of that name is for `commitFiles` to refuse (or replace, with `force`).
 */
async function texturesToCopy(scene: Scene, written: Record<string, Uint8Array>, resolve: Resolver, root: string): Promise<TextureCopy[]> {
  const out: TextureCopy[] = [];
  const seen = new Set(Object.keys(written).map((n) => n.toLowerCase()));
  for (const texture of scene.textures) {
    if (texture.image?.data || !texture.uri) continue;
    const name = texture.uri.replace(/^.*[\\/]/, '');
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const problem = fileNameProblem(name);
    if (problem) {
      out.push({ name: texture.uri, reason: `not a plain file name: ${problem}` });
      continue;
    }
    let found: Uint8Array | ArrayBuffer | null | undefined;
    try {
      found = await resolve(texture.uri);
    } catch (error) {
      out.push({ name, reason: `could not be read: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    if (!found) {
      out.push({ name, reason: 'not found beside the input' });
      continue;
    }
    const bytes = found instanceof Uint8Array ? found : new Uint8Array(found);
    const existing = existingFile(path.join(root, name));
    if (existing === undefined || existing === 'other' || !sameBytes(existing, bytes)) out.push({ name, bytes });
  }
  return out;
}

/** The bytes of a regular file, 'other' for anything else there (never followed), undefined for nothing. */
function existingFile(file: string): Uint8Array | 'other' | undefined {
  try {
    return lstatSync(file).isFile() ? readFileSync(file) : 'other';
  } catch {
    return undefined;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
