// INF1, IMG1 and unknown chunks a scene read from a .lod kept in `extras` (docs/formats/lod.md §2).
import type { LodWriter } from './chunks.js';
import { num, record, type WriteContext } from './context.js';

/** Chunk IDs the format defines: a stored chunk with one of these was skipped for a reason, and is not written back. */
const KNOWN = new Set(['LOD1', 'INF1', 'IMG1', 'MAL1', 'MAT1', 'TXTL', 'TXTR', 'SHDL', 'SHDR', 'SKL1', 'ANS1', 'ANM1', 'MSL1', 'MSH1', 'MAN1', 'MMD1', 'PHS1', 'LGS1', 'LIG1', 'PXL1', 'PXI1', 'CLL1', 'COL1']);

const bytesOf = (v: unknown) => (v instanceof Uint8Array ? v : undefined);

/** `INF1`: the text (Count 1) or the raw data and Count the file had. */
export function writeInfo(w: LodWriter, ctx: WriteContext): boolean {
  const info = ctx.scene.extras.info;
  if (typeof info === 'string') {
    w.begin('INF1', 1).bytes(w.text(info, 'info text')).end();
    return true;
  }
  const raw = record(info);
  const data = bytesOf(raw?.data);
  if (!data) return false;
  w.begin('INF1', num(raw?.count, 1)).bytes(data).end();
  return true;
}

/** `IMG1` screenshot, inside LOD1 (GLScene skips it by Size there). */
export function writeScreenshot(w: LodWriter, ctx: WriteContext): boolean {
  const shot = record(ctx.scene.extras.screenshot);
  const data = bytesOf(record(shot?.image)?.data);
  if (!shot || !data) return false;
  w.begin('IMG1', 1).i32(num(shot.type, 0)).str(typeof shot.name === 'string' ? shot.name : '', 'screenshot name').i32(data.length).bytes(data).end();
  return true;
}

/**
 * Chunks of unknown IDs the file had directly in LOD1 (user data; GLScene skips them by Size).
 * Known chunks the reader skipped (duplicates, wrong order or version) and chunks inside other
 * containers are not written back: GLScene would read them.
 */
export function writeUnknownChunks(w: LodWriter, ctx: WriteContext): number {
  const chunks = Array.isArray(ctx.scene.extras.unknownChunks) ? ctx.scene.extras.unknownChunks : [];
  let written = 0;
  const dropped: string[] = [];
  for (const value of chunks) {
    const c = record(value);
    const data = bytesOf(c?.data);
    if (!c || !data || typeof c.id !== 'string' || c.id.length !== 4) continue;
    if (c.parent !== 'LOD1' || KNOWN.has(c.id)) {
      dropped.push(`${c.id} in ${c.parent || 'the file'}`);
      continue;
    }
    w.begin(c.id, num(c.count, 0)).bytes(data).end();
    written++;
  }
  if (dropped.length) ctx.sink.warn('LOD_WRITE_SKIPPED_CHUNKS', `chunks the reader skipped are not written back: ${dropped.join(', ')}`);
  return written;
}
