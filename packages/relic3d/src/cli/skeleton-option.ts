/**
 * `--skeleton <file.chr>` of `relic3d convert`: an `.o3d` output skinned to a skeleton the game
 * already has (`mvr_male.chr` for a new `Part_m*` item). The writer binds by bone name, warns about
 * bones missing on either side, refuses when none match, and writes no `.chr` (docs/formats/o3d.md §13).
 */
import { readFileSync } from 'node:fs';
import { Option } from 'commander';
import { UsageError } from './io.js';

export const skeletonOption = (): Option => new Option('--skeleton <file.chr>', '.o3d output: bind the skin to this game skeleton by bone name (its .chr and motions are the game\'s: none written)');

/** The writer option for `--skeleton`: the `.chr` bytes; a usage error for another output format or a file that cannot be read. */
export function skeletonWriteOption(file: string | undefined, targetId: string): { skeleton?: Uint8Array } {
  if (file === undefined) return {};
  if (targetId !== 'o3d') throw new UsageError(`--skeleton binds an .o3d output to a game skeleton; the output is ${targetId}`);
  if (!/\.chr$/i.test(file)) throw new UsageError(`--skeleton ${file}: a Flyff skeleton (.chr) is expected`);
  try {
    return { skeleton: new Uint8Array(readFileSync(file)) };
  } catch (e) {
    throw new UsageError(`--skeleton ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}
