import {
  checkDrawnCopies,
  codePageEncoder,
  outputBaseName,
  validateScene,
  WarningSink,
  WriteError,
  writeBudget,
  type CodePageEncoder,
  type FormatWriter,
  type Scene,
  type WriteOptions,
  type WriteResult,
} from '@relic3d/core';
import { FORMAT_ID, FORMAT_NAME } from '../file.js';
import { worldMatrices64, type UltraVersion, type WriteContext } from './context.js';
import { encodeMdl } from './encode.js';
import { OutputFiles } from './files.js';
import { MaterialFiles } from './materials.js';
import { nodeRecords } from './nodes.js';
import { planStructure } from './structure.js';
import { TexturePaths } from './textures.js';
import { checkBoneCount } from './weights.js';

/** Options of `writeMdl`. */
export interface WriteMdlOptions extends WriteOptions {
  /**
   * "Ultra Model" version: 302 (the default, the newest the engine writes), 301 (same layout) or
   * 300 (without the three node floats v301 added).
   */
  version?: UltraVersion;
}

const VERSIONS: readonly UltraVersion[] = [300, 301, 302];

/** Bytes a written vertex and triangle take while built and encoded (vertex arrays, their records, the file). */
const BYTES_PER_VERTEX = 96;
const BYTES_PER_TRIANGLE = 24;

/** Scene problems no file can be written from (the rest is converted or warned). */
const BROKEN = new Set(['BAD_REFERENCE', 'NODE_LINK', 'NODE_CYCLE', 'LOD_LINK', 'SKIN_MATRICES', 'KEY_ORDER', 'KEY_VALUES', 'ATTRIBUTE_LENGTH', 'TARGET_LENGTH', 'INDEX_RANGE', 'JOINT_RANGE', 'NAME_TYPE']);

/**
 * Writes a scene as an Ultra Engine "Ultra Model" file (docs/formats/mdl.md §2) plus one `.mat`
 * material file per material and its embedded images, converting from glTF's conventions at this
 * edge (see axes.ts). Throws only `WriteError`; what the format cannot hold is warned.
 */
export function writeMdl(scene: Scene, options: WriteMdlOptions = {}): WriteResult {
  const version = options.version ?? 302;
  if (!VERSIONS.includes(version)) throw new WriteError({ format: FORMAT_ID, code: 'UNSUPPORTED', limit: 'version', value: String(version), max: '300, 301 or 302' });
  const issues = validateScene(scene, { trustMarkedFinite: true });
  const broken = issues.find((issue) => BROKEN.has(issue.code));
  if (broken) throw new WriteError({ format: FORMAT_ID, code: 'INVALID_SCENE', limit: broken.code, value: broken.message, where: broken.path });
  const attributesFinite = !issues.some((issue) => issue.code === 'NOT_FINITE' && issue.path.includes('.attributes.'));

  // Ultra MDL nodes have no instances: each drawing node's mesh is written out (its records and their bytes).
  const budget = writeBudget(scene);
  checkDrawnCopies(FORMAT_ID, scene, BYTES_PER_VERTEX, BYTES_PER_TRIANGLE, budget);
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const ctx: WriteContext = { scene, sink, encoder: encoderFor(options.codePage), version, world: worldMatrices64(scene), attributesFinite, budget };
  const base = outputBaseName(scene, options);
  const structure = planStructure(ctx);
  checkBoneCount(structure.skeleton.bones.length);
  warnMorphWeights(scene, sink);

  const files = new OutputFiles();
  const main = files.add(base, '.mdl', new Uint8Array(0));
  const materials = new MaterialFiles(ctx, files, new TexturePaths(ctx, files, base), base);
  const root = nodeRecords(ctx, structure, materials);
  files.files[main] = encodeMdl(root, version, ctx.encoder, sink);
  return { files: files.files, warnings: sink.list };
}

/** Names are ISTRINGs (no size limit); UTF-8 unless asked otherwise, as the reader decodes them. */
function encoderFor(page: string | undefined): CodePageEncoder {
  try {
    return codePageEncoder(page ?? 'utf-8');
  } catch {
    throw new WriteError({ format: FORMAT_ID, code: 'UNSUPPORTED', limit: 'code page', value: String(page) });
  }
}

/** Ultra MDL morphs have no default weights: non-zero ones are not written. */
function warnMorphWeights(scene: Scene, sink: WarningSink): void {
  const weighted = scene.nodes.filter((n) => n.mesh !== undefined && (n.weights ?? scene.meshes[n.mesh]?.weights ?? []).some((w) => w !== 0)).length;
  if (weighted) sink.warn('MDL_WRITE_MORPH_WEIGHTS_DROPPED', `${weighted} nodes set default morph weights; Ultra MDL stores none (the base shape is written)`);
}

/** The Ultra Engine MDL writer as plain data (the loaders.gl writer shape). */
export const mdlWriter: FormatWriter<WriteMdlOptions> = {
  id: FORMAT_ID,
  name: FORMAT_NAME,
  extension: '.mdl',
  write: writeMdl,
};
