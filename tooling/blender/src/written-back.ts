// A scene written by one of our writers and read back by our reader of that format.
import { FolderIndex, indexResolver, isWriteError, parse, validateScene, type FormatWriter, type Scene } from 'relic3d';

export type WrittenBack = { scene: Scene } | { refused: string };

/** What `writer` makes of `scene`: its files read back (main file, the rest as companions), or its typed refusal. */
export async function writtenBack(writer: FormatWriter, scene: Scene): Promise<WrittenBack> {
  let files: Record<string, Uint8Array>;
  try {
    files = writer.write(scene, { name: 'blender' }).files;
  } catch (error) {
    if (!isWriteError(error)) throw error;
    return { refused: `${error.code} ${(error as { limit?: string }).limit ?? ''}`.trim() };
  }
  const names = Object.keys(files);
  const main = names.find((n) => n.toLowerCase().endsWith(writer.extension));
  if (!main) throw new Error(`${writer.id} wrote no ${writer.extension} file: ${names.join(', ')}`);
  const resolve = indexResolver(FolderIndex.fromPaths(names), '', (found) => files[found]);
  const read = await parse(files[main], { fileName: main, resolve });
  const problems = validateScene(read);
  if (read.format !== writer.id || problems.length) throw new Error(`${writer.id} read back as ${read.format}: ${JSON.stringify(problems).slice(0, 500)}`);
  return { scene: read };
}
