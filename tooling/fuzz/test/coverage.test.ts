import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeMappings, paintCoverage, summariseCoverage } from '../src/coverage.js';
import { measure } from '../src/measure.js';

describe('source map decoding', () => {
  it('decodes VLQ segments, relative fields and line breaks', () => {
    // AAAA = [0,0,0,0]; CAAC = [+1,0,0,+1]; ';' next line; AACA = [0,0,+1,0]; ADAD = [0,-1,0,-1] (relative).
    expect(decodeMappings('AAAA,CAAC;AACA,ADAD')).toEqual([
      { genLine: 0, genColumn: 0, source: 0, line: 0, column: 0 },
      { genLine: 0, genColumn: 1, source: 0, line: 0, column: 1 },
      { genLine: 1, genColumn: 0, source: 0, line: 1, column: 1 },
      { genLine: 1, genColumn: 0, source: -1, line: 1, column: 0 },
    ]);
    // A one-field segment (no source) is skipped; 'gB' is 16 (a continuation digit).
    expect(decodeMappings('A,gBAAA')).toEqual([{ genLine: 0, genColumn: 16, source: 0, line: 0, column: 0 }]);
  });

  it('paints nested V8 ranges: the innermost count wins, and runs are merged across processes', () => {
    const painted = paintCoverage(10, [{ ranges: [{ startOffset: 0, endOffset: 10, count: 1 }, { startOffset: 2, endOffset: 5, count: 0 }] }]);
    expect(Array.from(painted)).toEqual([1, 1, 0, 0, 0, 1, 1, 1, 1, 1]);
    paintCoverage(10, [{ ranges: [{ startOffset: 0, endOffset: 10, count: 0 }, { startOffset: 3, endOffset: 4, count: 2 }] }], painted);
    expect(Array.from(painted)).toEqual([1, 1, 0, 1, 0, 1, 1, 1, 1, 1]);
  });
});

describe('coverage of a bundled TypeScript folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'relic3d-coverage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the lines and functions that ran in the child process', async () => {
    mkdirSync(path.join(dir, 'pkg/src'), { recursive: true });
    writeFileSync(
      path.join(dir, 'pkg/src/a.ts'),
      [
        'export function used(n: number): number {',
        '  if (n > 100) {',
        '    return -1;',
        '  }',
        '  return n * 2;',
        '}',
        '',
        'export function unused(text: string): string {',
        '  return text.toUpperCase();',
        '}',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(dir, 'main.ts'), "import { used } from './pkg/src/a.ts';\nconsole.log(used(2));\n");
    const bundle = path.join(dir, 'out/main.mjs');
    await build({ entryPoints: [path.join(dir, 'main.ts')], outfile: bundle, bundle: true, format: 'esm', platform: 'node', sourcemap: 'external', treeShaking: false, logLevel: 'silent' });
    const coverage = path.join(dir, 'cov');
    execFileSync(process.execPath, [bundle], { env: { ...process.env, NODE_V8_COVERAGE: coverage } });
    const summary = summariseCoverage(bundle, coverage, path.join(dir, 'pkg/src'));
    expect(summary.functions).toEqual({ covered: 1, total: 2 });
    // Uncovered: `return -1` (line 3) and the function that never ran (lines 8–9); lines holding
    // only a closing brace are not counted.
    expect(summary.files['a.ts'].uncoveredLines).toEqual([3, 8, 9]);
    expect(summary.lines).toEqual({ covered: 3, total: 6 }); // 1, 2 and 5 of 1, 2, 3, 5, 8 and 9
  });
});

describe('measure', () => {
  it('reports the peak of memory allocated and released during the call', async () => {
    const m = await measure(() => {
      let sum = 0;
      for (let i = 0; i < 4; i++) sum += new Uint8Array(16 << 20).fill(1)[7];
      return sum;
    });
    expect(m.value).toBe(4);
    // At least one 16 MB buffer was alive; never more than the four together (plus slack).
    expect(m.peak).toBeGreaterThanOrEqual(16 << 20);
    expect(m.peak).toBeLessThan(72 << 20);
  });

  it('a cheap call shows a small peak, and errors come back as values', async () => {
    const m = await measure(() => {
      throw new RangeError('x');
    });
    expect(m.error).toBeInstanceOf(RangeError);
    expect(m.peak).toBeLessThan(1 << 20);
    expect(m.ms).toBeGreaterThanOrEqual(0);
  });
});
