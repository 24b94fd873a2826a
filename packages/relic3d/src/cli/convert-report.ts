// What `relic3d convert` prints: one summary line, the other files written, textures copied, warnings.
import path from 'node:path';
import type { Scene, Warning } from '@relic3d/core';
import { describeScene } from '../info.js';
import type { WriteFileResult } from '../write-file.js';
import { plural, type CliIO } from './io.js';

export interface Converted {
  input: string;
  output: string;
  scene: Scene;
  written: WriteFileResult;
  /** The reader's warnings, then the writer's (or the glTF export's). */
  warnings: Warning[];
  lod?: number;
  animation?: string;
}

/** Warnings of one format and code, in order: the first one and how many there are. */
export function groupWarnings(warnings: readonly Warning[]): { first: Warning; all: Warning[] }[] {
  const groups = new Map<string, { first: Warning; all: Warning[] }>();
  for (const w of warnings) {
    const key = `${w.format ?? ''}\u0000${w.code}`;
    const group = groups.get(key);
    if (group) group.all.push(w);
    else groups.set(key, { first: w, all: [w] });
  }
  return [...groups.values()];
}

const line = (w: Warning) => `  ${w.format ?? ''} ${w.code}: ${w.message}\n`;

/**
 * The human summary. Warnings of one code are summarised as their first message and a count
 * (`--verbose` lists each); copied textures and the other files a format needs are named.
 */
export function printConverted(io: CliIO, c: Converted & { verbose: boolean; copyTextures: boolean; sameFolder: boolean }): void {
  const info = describeScene(c.scene, { lod: c.lod });
  const [main, ...rest] = c.written.files;
  const companions = rest.filter((f) => f.role === 'companion');
  const textures = rest.filter((f) => f.role === 'texture');
  const legacy = c.written.format !== 'glb' && c.written.format !== 'gltf';
  const total = c.written.files.reduce((sum, f) => sum + f.bytes, 0);
  const size = companions.length || textures.length ? `${total} bytes in ${plural(c.written.files.length, 'file')}` : `${main!.bytes} bytes`;
  io.out(
    `${c.input} (${c.scene.format}) → ${c.output}${legacy ? ` (${c.written.format})` : ''}: ${size}; ${plural(info.meshes, 'mesh').replace('meshs', 'meshes')}, ` +
      `${plural(info.triangles, 'triangle')}, ${plural(c.animation ? 1 : info.animations.length, 'clip')}` +
      `${c.lod !== undefined ? ` (LOD ${c.lod})` : ''}, ${plural(c.warnings.length, 'warning')}\n`,
  );
  const named = (files: typeof rest) => files.map((f) => `${path.basename(f.path)} (${f.bytes} bytes)`).join(', ');
  if (companions.length) io.out(`  with ${named(companions)}\n`);
  if (textures.length) io.out(`  textures copied beside it from the input's folder (--no-copy-textures to not): ${named(textures)}\n`);
  const byReason = new Map<string, string[]>();
  for (const t of c.written.texturesNotCopied) byReason.set(t.reason, [...(byReason.get(t.reason) ?? []), t.name]);
  for (const [reason, names] of byReason) io.out(`  ${plural(names.length, 'texture')} not copied, ${reason}: ${names.join(', ')}\n`);
  if (legacy && !c.copyTextures && !c.sameFolder && c.scene.textures.some((t) => t.uri && !t.image?.data)) io.out(`  textures not copied (--no-copy-textures)\n`);
  for (const group of groupWarnings(c.warnings)) {
    if (c.verbose || group.all.length === 1) {
      for (const w of group.all) io.out(line(w));
    } else {
      io.out(`  ${group.first.format ?? ''} ${group.first.code} (${group.all.length}×, the first): ${group.first.message}\n`);
    }
  }
}

/** `convert --json`: what was read, every file written, and every warning. */
export function convertJson(c: Converted): Record<string, unknown> {
  const info = describeScene(c.scene, { lod: c.lod });
  return {
    ok: true,
    input: c.input,
    inputFormat: c.scene.format,
    output: c.output,
    format: c.written.format,
    files: c.written.files,
    texturesNotCopied: c.written.texturesNotCopied,
    meshes: info.meshes,
    triangles: info.triangles,
    clips: c.animation ? 1 : info.animations.length,
    lod: c.lod ?? null,
    warnings: c.warnings.map((w) => ({ code: w.code, message: w.message, ...(w.offset !== undefined ? { offset: w.offset } : {}), ...(w.format ? { format: w.format } : {}) })),
  };
}
