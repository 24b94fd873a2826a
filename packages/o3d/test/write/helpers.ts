// Shared by the writer tests: read back what writeO3d wrote, through a resolver over its files.
import { expect } from 'vitest';
import { FolderIndex, indexResolver, validateScene, type Scene, type WriteResult } from '@relic3d/core';
import { parse, type O3dParseOptions } from '../../src/index.js';

/** A resolver over written files (case-insensitive, listing them, as a folder would). */
export function filesResolver(files: Record<string, Uint8Array>) {
  return indexResolver(FolderIndex.fromPaths(Object.keys(files)), '', (found) => files[found]);
}

/** The written `.o3d`'s name. */
export function modelFile(result: WriteResult): string {
  const name = Object.keys(result.files).find((n) => n.toLowerCase().endsWith('.o3d'));
  expect(name, `no .o3d in ${Object.keys(result.files).join(', ')}`).toBeDefined();
  return name!;
}

/** Parses the written model with its written companions; the scene is valid and the read warns nothing. */
export async function readBack(result: WriteResult, options: O3dParseOptions = {}): Promise<Scene> {
  const name = modelFile(result);
  const scene = await parse(result.files[name], { fileName: name, resolve: filesResolver(result.files), kernels: 'js', ...options });
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

/** Where two decoded files differ beyond float noise (relative `tolerance`), as paths; empty when alike. */
export function rawDifferences(a: unknown, b: unknown, tolerance = 1e-4, at = '$', out: string[] = []): string[] {
  if (out.length > 10) return out;
  if (typeof a === 'number' && typeof b === 'number') {
    if (!(a === b || Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b)))) out.push(`${at}: ${a} ≠ ${b}`);
    return out;
  }
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) return rawDifferences(Array.from(a as Float32Array), Array.from(b as Float32Array), tolerance, at, out);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at}: length ${a.length} ≠ ${b.length}`);
    else a.forEach((v, i) => rawDifferences(v, b[i], tolerance, `${at}[${i}]`, out));
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (k !== 'skinRecords') rawDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], tolerance, `${at}.${k}`, out);
    return out;
  }
  if (a !== b) out.push(`${at}: ${String(a)} ≠ ${String(b)}`);
  return out;
}
