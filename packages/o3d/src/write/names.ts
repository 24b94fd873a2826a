/**
 * Names the client reads into fixed buffers (docs/formats/o3d.md §9.13): the model's file name
 * (the XOR header name, under 64 bytes, equal to the file's own name), `.chr`/`.ani` file names
 * (64-byte buffers), bone names (32 bytes with the NUL) and texture names (64 bytes with the NUL).
 */
import { fixedName, outputBaseName, type Scene, type WarningSink, type WriteOptions } from '@relic3d/core';
import { LIMITS } from '../file.js';
import { motionFileFor, skeletonNameFor } from '../read/companion-names.js';
import type { WriteContext } from './context.js';

/** The client's buffers: `char[64]` for file names, `char[32]` for bone names, `char[64]` for texture names. */
export const FILE_NAME_BYTES = LIMITS.nameLength - 1;
export const BONE_NAME_FIELD = LIMITS.boneName;
export const TEXTURE_NAME_FIELD = 64;

/**
 * The base name of every file: the header stores `<base>.o3d` in ASCII (the detector and the client
 * compare it with the file name), so other characters become `_` and the name is cut to fit.
 */
export function modelBaseName(scene: Scene, options: WriteOptions, sink: WarningSink): string {
  const wanted = outputBaseName(scene, options);
  let base = wanted.replace(/[^\x20-\x7e]/g, '_');
  if (base !== wanted) sink.warn('O3D_WRITE_FILE_NAME', `the model name "${wanted}" has characters other than ASCII, which the O3D header cannot hold; written as "${base}"`);
  const room = FILE_NAME_BYTES - '.o3d'.length;
  if (base.length > room) {
    sink.warn('O3D_WRITE_FILE_NAME', `the model name "${base}" is ${base.length} characters; the client's name field holds ${room} before ".o3d", cut to "${base.slice(0, room)}"`);
    base = base.slice(0, room);
  }
  return base;
}

export const o3dFileName = (base: string) => `${base}.o3d`;
/** The `.chr` the reader and the client look for beside the model (player parts share `mvr_male`/`mvr_female`). */
export const chrFileName = (base: string) => skeletonNameFor(o3dFileName(base));

/** A name cut to fit a field of `size` bytes with its NUL, in the file's code page (warned when cut or lossy). */
export function fitName(ctx: WriteContext, text: string, size: number, what: string): string {
  return ctx.decoder.decode(fixedName(text, size, ctx.encoder, ctx.sink, what));
}

export const nameBytes = (ctx: WriteContext) => (text: string) => ctx.encoder.encode(text).bytes;

/**
 * The `.ani` file of each clip, `<skeleton>_<clip>.ani` (the client's motion naming, and what the
 * reader's `findCompanions` looks for): file-system characters become `_`, the name is cut to the
 * client's 64-byte buffer, and clips whose names would collide (case-insensitively) get a number.
 */
export function motionFileNames(ctx: WriteContext, clips: readonly string[]): string[] {
  const model = o3dFileName(ctx.base);
  const used = new Set<string>([model.toLowerCase(), chrFileName(ctx.base).toLowerCase()]);
  return clips.map((clip, i) => {
    let motion = clip.replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_').trim() || `clip${i}`;
    const bytesOf = (m: string) => ctx.encoder.encode(motionFileFor(model, m)).bytes.length;
    while (motion.length > 1 && bytesOf(motion) > FILE_NAME_BYTES) motion = Array.from(motion).slice(0, -1).join('');
    let file = motionFileFor(model, motion);
    for (let n = 2; used.has(file.toLowerCase()); n++) file = motionFileFor(model, `${motion}_${n}`);
    used.add(file.toLowerCase());
    if (motionFileFor(model, clip) !== file) {
      const prefix = motionFileFor(model, '').length - 4;
      ctx.sink.warn(
        'O3D_WRITE_CLIP_NAME',
        `clip "${clip}" is written as ${file} (file-name characters, the client's ${FILE_NAME_BYTES}-byte file names, or another clip of that name); it reads back as "${file.slice(prefix, -4)}"`,
      );
    }
    return file;
  });
}
