// Downloads of the e2e page (screenshots, contact sheets) and the facts of a downloaded PNG.
import { expect } from 'vitest';
import type { Download } from 'playwright-core';
import { page, served } from './session.js';

let pngs = 0;

/** A downloaded PNG's width and height (IHDR) and, decoded in the page, its pixel variance and transparent share. */
export async function pngFacts(bytes: Buffer): Promise<{ width: number; height: number; variance: number; transparent: number }> {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = bytes.readUInt32BE(16), height = bytes.readUInt32BE(20);
  // The page fetches the PNG from the test's server: a megabyte as a JSON array through the DevTools
  // protocol cost seconds of CPU on both sides.
  const at = `/e2e-files/png/${++pngs}.png`;
  served.set(at, bytes);
  const pixels = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(new Blob([await (await fetch(url)).arrayBuffer()], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const d = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let sum = 0, sq = 0, clear = 0;
    for (let i = 0; i < d.length; i += 4) {
      const v = (d[i] + d[i + 1] + d[i + 2]) / 3;
      sum += v;
      sq += v * v;
      if (d[i + 3] === 0) clear++;
    }
    const n = d.length / 4;
    return { variance: sq / n - (sum / n) ** 2, transparent: clear / n };
  }, at).finally(() => served.delete(at));
  return { width, height, ...pixels };
}

export async function download(action: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), action()]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

/**
 * A finished download's bytes, read through Playwright's stream: the e2e files share one Chromium
 * they connect to (build.ts), and a connected client cannot ask for the download's path.
 */
export async function downloadedBytes(file: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
