// Reading back what a writer wrote: its main file parsed with the other files as companions.
import { expect } from 'vitest';
import { FolderIndex, indexResolver, isWriteError, parse, validateScene, type FormatWriter, type Scene, type WriteResult } from 'relic3d';

/** A resolver over the files a writer returned (case-insensitive, as the readers expect). */
export function filesResolver(files: Record<string, Uint8Array>) {
  const names = Object.keys(files);
  return indexResolver(FolderIndex.fromPaths(names), '', (found) => files[found]);
}

/** The writer's main file: the one with its extension. */
export function mainFile(writer: FormatWriter, result: WriteResult): string {
  const name = Object.keys(result.files).find((n) => n.toLowerCase().endsWith(writer.extension));
  expect(name, `${writer.id} wrote no ${writer.extension} file: ${Object.keys(result.files).join(', ')}`).toBeDefined();
  return name!;
}

/** Parses what `writer` wrote, checks it is a valid scene of the writer's format, and returns it. */
export async function readBack(writer: FormatWriter, result: WriteResult): Promise<Scene> {
  for (const name of Object.keys(result.files)) expect(name, 'a written file name is a plain base name').toMatch(/^[^\\/]+$/);
  const name = mainFile(writer, result);
  const scene = await parse(result.files[name], { fileName: name, resolve: filesResolver(result.files) });
  expect(scene.format).toBe(writer.id);
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

export type Outcome = { refused: Error & { code: string; limit: string } } | { scene: Scene; result: WriteResult };

/** Writes `scene`: a typed refusal, or files that read back as a valid scene. Anything else fails. */
export async function writeOutcome(writer: FormatWriter, scene: Scene): Promise<Outcome> {
  let result: WriteResult;
  try {
    result = writer.write(scene, { name: 'hostile' });
  } catch (error) {
    expect(isWriteError(error), `${writer.id} threw ${String(error)}`).toBe(true);
    const refused = error as Error & { code: string; limit: string; format: string };
    expect(refused.format).toBe(writer.id);
    return { refused };
  }
  return { scene: await readBack(writer, result), result };
}
