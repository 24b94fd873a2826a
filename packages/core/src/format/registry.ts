import type { Format } from './types.js';

/** Formats registered by the format packages that are imported. */
const registry: Format[] = [];

/** Registers a format for `detectFormat` and the umbrella `parse`. Registering twice is a no-op. */
export function registerFormat(format: Format): void {
  if (!registry.some((f) => f.id === format.id)) registry.push(format);
}

export function registeredFormats(): readonly Format[] {
  return registry;
}
