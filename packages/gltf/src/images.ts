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

/** A file-name-safe base name for a texture's .gltf resource. */
export function imageBaseName(uri: string | undefined, fallback: string): string {
  const base = (uri ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '_');
  return stem || fallback;
}
