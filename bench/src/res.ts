// `pnpm --filter @relic3d/bench bench:res`: Flyff .res packs. One entry read from a large pack by
// offset (openResFile) vs the whole pack read first; the 256-byte decipher table vs the client's
// per-byte formula; listing a 65,535-entry pack; `relic3d batch` over the game folder loose and packed
// (`--game-scale=<f>`, default 0.1; 0 skips it). Ratios are within one run; the load average is printed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decipher, decipherTable, openRes, writeRes } from '@relic3d/res';
import { openResFile } from '@relic3d/res/node';
import { cliBatch, gameFolder, type BatchRun } from './batch.js';
import { timeInterleaved } from './timing.js';

const mb = Number(process.argv.find((a) => a.startsWith('--mb='))?.slice(5) ?? 128);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' / ');
console.log(`load average before: ${load()}`);

// A pack of 1 MB bodies, enciphered; the entry read is the last one.
const body = new Uint8Array(1 << 20).map((_, i) => (i * 31) & 0xff);
const file = path.join(os.tmpdir(), `relic3d-bench-${process.pid}.res`);
writeFileSync(file, writeRes(Array.from({ length: mb }, (_, i) => ({ name: `e${i}.dds`, bytes: body })), { key: 0x5a, encrypted: true }));
const last = `e${mb - 1}.dds`;

const byOffset = () => {
  const pack = openResFile(file);
  const bytes = pack.read(last);
  pack.close();
  return bytes;
};
const whole = () => openRes(new Uint8Array(readFileSync(file))).read(last);
const [offsetMs, wholeMs] = timeInterleaved([byOffset, whole], 5, 50);
console.log(`one 1 MB entry of a ${mb} MB pack: by offset ${offsetMs.toFixed(2)} ms, whole pack read ${wholeMs.toFixed(2)} ms CPU; ratio ${(wholeMs / offsetMs).toFixed(1)}×`);
rmSync(file);

// Deciphering 16 MB: a table per pack vs the formula per byte.
const data = new Uint8Array(16 << 20).map((_, i) => i & 0xff);
const table = decipherTable(0x5a);
const viaTable = () => {
  const out = data.slice();
  for (let i = 0; i < out.length; i++) out[i] = table[out[i]];
  return out;
};
const viaFormula = () => {
  const out = data.slice();
  for (let i = 0; i < out.length; i++) {
    const x = ~out[i] ^ 0x5a;
    out[i] = ((x << 4) | ((x >> 4) & 0x0f)) & 0xff;
  }
  return out;
};
const viaWords = () => decipher(data.slice(), 0x5a);
const [tableMs, formulaMs, wordsMs] = timeInterleaved([viaTable, viaFormula, viaWords], 5, 50);
console.log(`decipher 16 MB: table ${tableMs.toFixed(1)} ms, formula ${formulaMs.toFixed(1)} ms, four bytes a step (what reads use) ${wordsMs.toFixed(1)} ms CPU; table ÷ words ${(tableMs / wordsMs).toFixed(2)}×`);

// The directory of the largest pack the format allows.
const many = writeRes(Array.from({ length: 0xffff }, (_, i) => ({ name: `entry_${i}.dds`, bytes: new Uint8Array() })), { key: 3 });
const [listMs] = timeInterleaved([() => openRes(many).entries.length], 3, 50);
console.log(`open a 65,535-entry pack (${(many.length / 1e6).toFixed(1)} MB header): ${listMs.toFixed(1)} ms CPU`);
console.log(`load average after: ${load()}`);

// A batch over the generated game folder, loose and packed: every folder's files in one enciphered
// pack per folder, as a client ships them. The batch must be at least as fast over packs (issue 27).
const gameScale = Number(process.argv.find((a) => a.startsWith('--game-scale='))?.slice(13) ?? 0.1);
if (gameScale > 0) {
  const { dir: loose } = gameFolder(gameScale);
  const packed = path.join(os.tmpdir(), 'relic3d-bench', `game-packed-s${gameScale}`);
  rmSync(packed, { recursive: true, force: true });
  const packFolder = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    const files: { name: string; bytes: Uint8Array }[] = [];
    for (const e of readdirSync(from, { withFileTypes: true })) {
      if (e.isDirectory()) packFolder(path.join(from, e.name), path.join(to, e.name));
      else if (e.isFile()) files.push({ name: e.name.toLowerCase(), bytes: new Uint8Array(readFileSync(path.join(from, e.name))) });
    }
    if (files.length) writeFileSync(path.join(to, `${path.basename(from) || 'root'}.res`), writeRes(files, { key: 0x5a, encrypted: true }));
  };
  packFolder(loose, packed);
  const runs: Record<'loose' | 'packed', BatchRun[]> = { loose: [], packed: [] };
  for (let round = 0; round < 2; round++) {
    runs.loose.push(await cliBatch(loose, 2));
    runs.packed.push(await cliBatch(packed, 2));
  }
  const best = (r: BatchRun[]) => r.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  const [l, p] = [best(runs.loose), best(runs.packed)];
  console.log(`batch --jobs 2 over the game folder (scale ${gameScale}): loose ${l.converted}/${l.files} models in ${(l.wallMs / 1000).toFixed(2)} s (${(l.cpuMs / 1000).toFixed(2)} s CPU), packed ${p.converted}/${p.files} in ${(p.wallMs / 1000).toFixed(2)} s (${(p.cpuMs / 1000).toFixed(2)} s CPU); packed ÷ loose wall ${(p.wallMs / l.wallMs).toFixed(2)}×, CPU ${(p.cpuMs / l.cpuMs).toFixed(2)}×`);
  rmSync(packed, { recursive: true, force: true });
  console.log(`load average after the batches: ${load()}`);
}
