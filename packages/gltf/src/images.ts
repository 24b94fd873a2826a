import type { Resolver } from '@relic3d/core';

/** Image types glTF can carry (WebP through EXT_texture_webp). */
export type EmbeddableMime = 'image/png' | 'image/jpeg' | 'image/webp';

/** Recognises an image by its first bytes; returns a MIME type or a short name for others. */
export function sniffImage(bytes: Uint8Array): { mimeType: string; embeddable: boolean; extension: string } | undefined {
  const b = bytes;
  const at = (i: number) => b[i] ?? -1;
  const ascii = (start: number, length: number) => String.fromCharCode(...b.subarray(start, start + length));
  if (at(0) === 0x89 && ascii(1, 3) === 'PNG') return { mimeType: 'image/png', embeddable: true, extension: 'png' };
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { mimeType: 'image/jpeg', embeddable: true, extension: 'jpg' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return { mimeType: 'image/webp', embeddable: true, extension: 'webp' };
  if (ascii(0, 2) === 'BM') return { mimeType: 'image/bmp', embeddable: false, extension: 'bmp' };
  if (ascii(0, 4) === 'DDS ') return { mimeType: 'image/vnd-ms.dds', embeddable: false, extension: 'dds' };
  if (at(0) === 0xab && ascii(1, 6) === 'KTX 20') return { mimeType: 'image/ktx2', embeddable: false, extension: 'ktx2' };
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { mimeType: 'image/gif', embeddable: false, extension: 'gif' };
  return undefined;
}

/** Names to try for a texture path as old files write it: as is, with '/', then the base name. */
export function candidateNames(uri: string): string[] {
  const names = [uri];
  const slashed = uri.replace(/\\/g, '/');
  if (slashed !== uri) names.push(slashed);
  const stripped = slashed.replace(/^(\.\/)+/, '');
  if (!names.includes(stripped)) names.push(stripped);
  const base = slashed.slice(slashed.lastIndexOf('/') + 1);
  if (base && !names.includes(base)) names.push(base);
  return names;
}

/** Asks the resolver for each candidate name; a throwing resolver counts as "not found". */
export async function resolveImage(
  uri: string,
  resolve: Resolver | undefined,
): Promise<{ bytes?: Uint8Array; error?: string }> {
  if (!resolve) return { error: 'no resolver was given' };
  let lastError: string | undefined;
  for (const name of candidateNames(uri)) {
    try {
      const found = await resolve(name);
      if (found) return { bytes: found instanceof Uint8Array ? found : new Uint8Array(found) };
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
  }
  return { error: lastError ?? 'the resolver did not find it' };
}

/** A file-name-safe base name for a texture's .gltf resource. */
export function imageBaseName(uri: string | undefined, fallback: string): string {
  const base = (uri ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '_');
  return stem || fallback;
}
