// The floor of an ASE write (issue 25): the least work that produces the same text. Every number the
// written file holds is formatted again, to the same digits, into one fresh buffer of the output's
// size, and the fixed text around the numbers (keywords, tabs, names) is copied in between. No writer
// logic: no planning, smoothing groups, normals, resampling or checks. The numbers come from the
// written text (outside the timed work), each float moved toward zero by up to 0.4 of its last
// digit, so it is not already round and still prints the same digits.
// Four exact ways are timed, and each must give the written bytes exactly (checked once):
//   digits   - `%.4f` by integer arithmetic (× 10⁴, floor, digit loop; `toFixed` near a tie), `%d` by a digit loop;
//   digits int32 - the same in int32 arithmetic, the scaled float's digits in one loop with the point put in;
//   toFixed  - `toFixed(4)` and `String(int)`, encoded by `TextEncoder.encodeInto`;
//   charCode - the same strings, encoded by a `charCodeAt` byte loop.
// The floor is the cheapest of them. Timed as write.ts times: each round a forced GC, then each path
// twice, the second run kept (process CPU, and the main thread's own), paths interleaved.
//   node --expose-gc --import tsx src/ase-write-floor.ts [static|skinned] [--mb=50] [--rounds=3]
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { fmt } from './timing.js';
import { secondRunCpu } from './write-second-run.js';

/** The written text split into fixed text and numbers. */
interface Split {
  /** The fixed text between numbers, concatenated; `literalEnds[i]` ends the text before number i. */
  literal: Uint8Array;
  literalEnds: Uint32Array;
  values: Float64Array;
  /** 1 where the number is a float (`%.4f`), 0 an integer (`%d`). */
  isFloat: Uint8Array;
  outputBytes: number;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isGap = (c: number | undefined) => c === undefined || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x20;

/** Numbers are whitespace-delimited `-?d+` or `-?d+.dddd` tokens; everything else is fixed text. */
function split(text: Uint8Array): Split {
  const literal = new Uint8Array(text.length);
  const ends: number[] = [], values: number[] = [], floats: number[] = [];
  let lit = 0, seed = 1;
  for (let p = 0; p < text.length; ) {
    let q = p + (text[p] === 0x2d ? 1 : 0);
    const start = q;
    while (q < text.length && isDigit(text[q])) q++;
    let decimals = -1;
    if (q > start && text[q] === 0x2e) {
      const f = ++q;
      while (q < text.length && isDigit(text[q])) q++;
      decimals = q - f;
    }
    if (q > start && isGap(text[p - 1]) && isGap(text[q]) && (decimals === -1 || decimals === 4)) {
      const token = new TextDecoder().decode(text.subarray(p, q));
      let v = Number(token);
      if (decimals === 4 && Math.abs(v) >= 1e-4) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        v -= Math.sign(v) * ((seed >>> 8) / 16777216) * 0.4e-4; // still rounds to `token`
      }
      ends.push(lit), values.push(v), floats.push(decimals === 4 ? 1 : 0);
      p = q;
    } else literal[lit++] = text[p++];
  }
  ends.push(lit);
  return { literal: literal.slice(0, lit), literalEnds: Uint32Array.from(ends), values: Float64Array.from(values), isFloat: Uint8Array.from(floats), outputBytes: text.length };
}

/** Copies fixed text i into `out` at `p` by a byte loop (the pieces are short: a `set` per piece costs more). */
function copyLiteral(s: Split, i: number, out: Uint8Array, p: number): number {
  const lit = s.literal;
  for (let k = i ? s.literalEnds[i - 1] : 0, end = s.literalEnds[i]; k < end; k++) out[p++] = lit[k];
  return p;
}

/** `%.4f` and `%d` by integer arithmetic straight into the bytes. */
function floorDigits(s: Split): Uint8Array {
  const out = new Uint8Array(s.outputBytes);
  const { values, isFloat } = s;
  let p = 0;
  for (let i = 0; i < values.length; i++) {
    p = copyLiteral(s, i, out, p);
    let v = values[i];
    if (v < 0) out[p++] = 0x2d, (v = -v);
    let whole: number, part = -1;
    if (isFloat[i]) {
      const scaled = v * 10000;
      let n = Math.floor(scaled);
      const f = scaled - n;
      if (f > 0.5 - 1e-6 && f < 0.5 + 1e-6) {
        // Near a tie the product may round the wrong way: the exact decimal expansion decides.
        const t = v.toFixed(4);
        for (let k = 0; k < t.length; k++) out[p++] = t.charCodeAt(k);
        continue;
      }
      if (f > 0.5) n++;
      whole = Math.floor(n / 10000);
      part = n - whole * 10000;
    } else whole = v;
    let len = 1;
    for (let t = whole; t >= 10; t = Math.floor(t / 10)) len++;
    for (let q = p + len - 1, t = whole; q >= p; q--) {
      const next = Math.floor(t / 10);
      out[q] = 0x30 + t - next * 10;
      t = next;
    }
    p += len;
    if (part >= 0) {
      out[p] = 0x2e;
      for (let q = p + 4; q > p; q--) {
        const next = (part / 10) | 0;
        out[q] = 0x30 + part - next * 10;
        part = next;
      }
      p += 5;
    }
  }
  copyLiteral(s, values.length, out, p);
  return out;
}

/** As `floorDigits`, in int32 arithmetic: the scaled float's digits in one loop, the point put in
 * before the last four (values ≥ 2^31 / 10⁴ or near a tie take `floorDigits`' path). */
function floorDigits32(s: Split): Uint8Array {
  const out = new Uint8Array(s.outputBytes);
  const { values, isFloat } = s;
  let p = 0;
  for (let i = 0; i < values.length; i++) {
    p = copyLiteral(s, i, out, p);
    let v = values[i];
    if (v < 0) out[p++] = 0x2d, (v = -v);
    const float = isFloat[i];
    let n = v;
    if (float) {
      const scaled = v * 10000;
      n = Math.floor(scaled);
      const f = scaled - n;
      if (scaled >= 2147483647 || (f > 0.5 - 1e-6 && f < 0.5 + 1e-6)) {
        const t = v.toFixed(4);
        for (let k = 0; k < t.length; k++) out[p++] = t.charCodeAt(k);
        continue;
      }
      if (f > 0.5) n++;
    } else if (n >= 2147483647) {
      const t = String(n);
      for (let k = 0; k < t.length; k++) out[p++] = t.charCodeAt(k);
      continue;
    }
    let t = n | 0;
    let len = 1;
    for (let u = t; u >= 10; u = (u / 10) | 0) len++;
    if (float) {
      if (len < 5) len = 5; // 0.dddd
      len++; // the point
    }
    const dot = float ? p + len - 5 : -1;
    for (let q = p + len - 1; q >= p; q--) {
      if (q === dot) {
        out[q] = 0x2e;
        continue;
      }
      const next = (t / 10) | 0;
      out[q] = 0x30 + t - next * 10;
      t = next;
    }
    p += len;
  }
  copyLiteral(s, values.length, out, p);
  return out;
}

const textOf = (v: number, float: number) => (float ? v.toFixed(4) : String(v));

/** `toFixed`/`String`, each string encoded by `TextEncoder.encodeInto`. */
function floorEncodeInto(s: Split): Uint8Array {
  const out = new Uint8Array(s.outputBytes);
  const encoder = new TextEncoder();
  let p = 0;
  for (let i = 0; i < s.values.length; i++) {
    p = copyLiteral(s, i, out, p);
    p += encoder.encodeInto(textOf(s.values[i], s.isFloat[i]), out.subarray(p)).written;
  }
  copyLiteral(s, s.values.length, out, p);
  return out;
}

/** `toFixed`/`String`, each string copied by a `charCodeAt` loop. */
function floorCharCode(s: Split): Uint8Array {
  const out = new Uint8Array(s.outputBytes);
  let p = 0;
  for (let i = 0; i < s.values.length; i++) {
    p = copyLiteral(s, i, out, p);
    const t = textOf(s.values[i], s.isFloat[i]);
    for (let k = 0; k < t.length; k++) out[p++] = t.charCodeAt(k);
  }
  copyLiteral(s, s.values.length, out, p);
  return out;
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const kind = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'static';
await ready();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['ase'])).find((g) => g.kind === kind)!;
const format = formats.find((f) => f.id === 'ase')!;
const options = parseOptionsOf(input);
const scene = await format.parse(input.bytes, options);
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages/ase/src/index.ts')).href;
const writeAse = ((await import(source)) as { writeAse: (s: Scene, o: { name: string }) => WriteResult }).writeAse;
const written = Object.values(writeAse(scene, { name: 'bench' }).files);
if (written.length !== 1) throw new Error(`expected one written file, got ${written.length}`);
const s = split(written[0]);
const floors: [string, () => Uint8Array][] = [['digits', () => floorDigits(s)], ['digits int32', () => floorDigits32(s)], ['toFixed+encodeInto', () => floorEncodeInto(s)], ['toFixed+charCode', () => floorCharCode(s)]];
for (const [name, run] of floors) if (!same(run(), written[0])) throw new Error(`floor ${name} did not give the written bytes`);
const floats = s.isFloat.reduce((n, f) => n + f, 0);
console.log(`ase ${kind}: input ${fmt(input.bytes.length / 1048576, 1)} MB, output ${fmt(s.outputBytes / 1048576, 1)} MB, ${floats} floats + ${s.values.length - floats} integers, fixed text ${fmt(s.literal.length / 1048576, 1)} MB; every floor gave the written bytes`);
const load = os.loadavg();
const paths: [string, () => unknown][] = [['parse', () => format.parse(input.bytes, options)], ['write', () => writeAse(scene, { name: 'bench' })], ...floors];
const { process: cpu, thread } = await secondRunCpu(paths, Number(flags.rounds ?? 3));
const floorAt = 2 + cpu.slice(2).indexOf(Math.min(...cpu.slice(2)));
console.log(`| path | CPU ms | thread CPU ms |\n|:--|--:|--:|\n${paths.map(([n], i) => `| ${n} | ${fmt(cpu[i], 1)} | ${fmt(thread[i], 1)} |`).join('\n')}`);
console.log(`floor = ${paths[floorAt][0]}; CPU floor ÷ parse ${fmt(cpu[floorAt] / cpu[0])} (thread ${fmt(thread[floorAt] / thread[0])}), write ÷ floor ${fmt(cpu[1] / cpu[floorAt])} (thread ${fmt(thread[1] / thread[floorAt])}), write ÷ parse ${fmt(cpu[1] / cpu[0])} (thread ${fmt(thread[1] / thread[0])})`);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
