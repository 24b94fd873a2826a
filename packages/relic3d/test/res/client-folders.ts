// Client folders the res tests build in a temporary folder from the corpus Flyff files: loose,
// packed (both time_t widths, plain and enciphered), and loose files beside packed ones.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusFiles, corpusRoot } from '@relic3d/test-harness';
import { writeRes, type WriteResOptions } from '@relic3d/res';
import { tmp } from '../run-cli.js';

export const flyff = corpusFiles('o3d');
export const models = flyff.filter((e) => /\.o3d$/i.test(e.file)).map((e) => e.file);
const isModel = (name: string) => /\.o3d$/i.test(name);
const bytesOf = (name: string) => new Uint8Array(readFileSync(path.join(corpusRoot(), 'o3d', name)));

/** The layouts: each is a `Model/` folder holding every corpus Flyff file, loose or packed. */
export const LAYOUTS = ['loose', 'packed-plain-4', 'packed-enciphered-8', 'models-loose-companions-packed', 'models-packed-companions-loose', 'split-packs'] as const;
export type Layout = (typeof LAYOUTS)[number];

function pack(dir: string, name: string, files: string[], options: WriteResOptions): void {
  writeFileSync(path.join(dir, name), writeRes(files.map((f) => ({ name: f, bytes: bytesOf(f), time: 1_150_000_000 })), options));
}

/** Builds every layout under one temporary folder; returns the `Model/` folder of each. */
export function buildClients(): Record<Layout, string> {
  const root = tmp('res-clients');
  const names = flyff.map((e) => e.file);
  const out = {} as Record<Layout, string>;
  for (const layout of LAYOUTS) {
    const dir = path.join(root, layout, 'Model');
    mkdirSync(dir, { recursive: true });
    const loose = (files: string[]) => files.forEach((f) => copyFileSync(path.join(corpusRoot(), 'o3d', f), path.join(dir, f)));
    if (layout === 'loose') loose(names);
    if (layout === 'packed-plain-4') pack(dir, 'model.res', names, { key: 0 });
    if (layout === 'packed-enciphered-8') pack(dir, 'Model.res', names, { key: 0xc7, encrypted: true, timeBytes: 8 });
    if (layout === 'models-loose-companions-packed') {
      loose(names.filter(isModel));
      pack(dir, 'anim.res', names.filter((n) => !isModel(n)), { key: 0x5a, encrypted: true });
    }
    if (layout === 'models-packed-companions-loose') {
      pack(dir, 'mdl.res', names.filter(isModel), { key: 0x11, encrypted: true, timeBytes: 8 });
      loose(names.filter((n) => !isModel(n)));
    }
    if (layout === 'split-packs') {
      // The client reads every pack of a folder: skeletons in one, motions in another, models in a third.
      pack(dir, 'a.res', names.filter(isModel), { key: 1 });
      pack(dir, 'b.res', names.filter((n) => /\.chr$/i.test(n)), { key: 2, encrypted: true });
      pack(dir, 'c.res', names.filter((n) => /\.ani$/i.test(n)), { key: 3, encrypted: true, timeBytes: 8 });
    }
    out[layout] = dir;
  }
  return out;
}
