// The bench's generated Flyff game folder, for the folder browser's e2e tests: written to a scratch
// folder (never the repo), with a few items moved into an enciphered `.res` pack beside them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeRes } from '@relic3d/res';
import { writeGameFolder, type GameFolderManifest } from '../../../../bench/src/game-folder.js';

export interface GeneratedFolder {
  /** The folder to drop (its `Model/`). */
  dir: string;
  manifest: GameFolderManifest;
  /** Model paths (as the viewer keys them: 'Model/…') now inside `Model/packed.res`. */
  packed: string[];
}

export function generatedFolder(root: string, scale: number, pack = 3): GeneratedFolder {
  const manifest = writeGameFolder(root, { scale });
  const items = manifest.models.filter((m) => m.kind === 'item').slice(0, pack);
  const files = items.map((m) => ({ name: path.posix.basename(m.file), bytes: new Uint8Array(readFileSync(path.join(root, m.file))) }));
  if (files.length) {
    writeFileSync(path.join(root, 'Model', 'packed.res'), writeRes(files, { key: 0x5a, encrypted: true }));
    for (const m of items) rmSync(path.join(root, m.file));
  }
  return { dir: path.join(root, 'Model'), manifest, packed: items.map((m) => m.file) };
}
