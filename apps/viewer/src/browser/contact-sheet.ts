// The grid as one picture: N×M thumbnails with their names under them, as a PNG.
import { THUMB_SIZE } from './thumb-render.js';

export interface SheetItem {
  name: string;
  blob?: Blob;
  /** The model could not be read (else a missing picture is one not drawn yet). */
  failed?: boolean;
}

const LABEL = 18, GAP = 8, MARGIN = 12;

export async function contactSheet(items: readonly SheetItem[], columns: number, rows: number): Promise<Blob> {
  const cells = items.slice(0, columns * rows);
  const usedRows = Math.max(1, Math.ceil(cells.length / columns));
  const canvas = document.createElement('canvas');
  canvas.width = MARGIN * 2 + columns * THUMB_SIZE + (columns - 1) * GAP;
  canvas.height = MARGIN * 2 + usedRows * (THUMB_SIZE + LABEL) + (usedRows - 1) * GAP;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#14161c';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.font = '11px system-ui, sans-serif';
  g.textBaseline = 'top';
  g.textAlign = 'center';
  for (const [i, item] of cells.entries()) {
    const x = MARGIN + (i % columns) * (THUMB_SIZE + GAP);
    const y = MARGIN + Math.floor(i / columns) * (THUMB_SIZE + LABEL + GAP);
    g.fillStyle = '#1d212a';
    g.fillRect(x, y, THUMB_SIZE, THUMB_SIZE);
    if (item.blob) {
      const picture = await createImageBitmap(item.blob);
      g.drawImage(picture, x, y, THUMB_SIZE, THUMB_SIZE);
      picture.close();
    } else {
      g.fillStyle = item.failed ? '#ff6b6b' : '#8b93a5';
      g.fillText(item.failed ? 'failed' : 'not drawn yet', x + THUMB_SIZE / 2, y + THUMB_SIZE / 2 - 6);
    }
    g.fillStyle = '#e6e9ef';
    g.fillText(fit(g, item.name, THUMB_SIZE), x + THUMB_SIZE / 2, y + THUMB_SIZE + 3);
  }
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the contact sheet could not be encoded'))), 'image/png'));
}

/** The name, shortened with an ellipsis in the middle to fit `width` pixels. */
function fit(g: CanvasRenderingContext2D, name: string, width: number): string {
  if (g.measureText(name).width <= width) return name;
  let keep = name.length;
  while (keep > 4) {
    keep--;
    const head = Math.ceil(keep / 2), tail = keep - head;
    const text = `${name.slice(0, head)}…${name.slice(name.length - tail)}`;
    if (g.measureText(text).width <= width) return text;
  }
  return name.slice(0, 4);
}

/** Saves a blob as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
