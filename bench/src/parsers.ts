// The format packages' parsers, loaded lazily so a package that does not export one yet is skipped.
import type { Resolver, Scene } from '@relic3d/core';

export type Parse = (bytes: Uint8Array, options?: { fileName?: string; kernels?: 'wasm' | 'js'; resolve?: Resolver }) => Promise<Scene>;

export async function loadParsers(): Promise<Record<string, Parse | undefined>> {
  const load = async (name: string): Promise<Parse | undefined> => {
    try {
      const mod = (await import(name)) as { parse?: Parse };
      return typeof mod.parse === 'function' ? mod.parse : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    ms3d: await load('@relic3d/ms3d'),
    ase: await load('@relic3d/ase'),
    o3d: await load('@relic3d/o3d'),
    mdl: await load('@relic3d/mdl'),
    lod: await load('@relic3d/lod'),
  };
}
