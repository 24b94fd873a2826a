// check-all.mjs checks every folder in one process: with TypeScript 5.9 (RELIC3D_TSC=5) sharing parsed
// .d.ts files between the programs, which must not hide an error and must really share (lib files
// parsed once); with TypeScript 7 checking every folder in one `tsc -b` process, each by its own
// tsconfig; with either, a file is reported by the folder that owns it only.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { buildSections, parseConfig, typecheck, typecheckNative } from '../check.mjs';
// @ts-expect-error a plain .mjs script without declarations
import { checkedFolders } from '../check-all.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

describe('check-all.mjs', () => {
  it('checks the folders pnpm test checks: every workspace folder with a tsconfig.json', () => {
    const folders = checkedFolders().map((f: string) => path.relative(root, f));
    expect(folders).toEqual(expect.arrayContaining(['packages/core', 'packages/relic3d', 'apps/viewer', 'tooling/config', 'tooling/published', 'bench']));
    expect(folders).not.toContain('packages/fixtures/src');
  });

  it('type-checks every tsup.config.ts and vite.config.ts: each is in its folder’s program', () => {
    const configs = checkedFolders().flatMap((folder: string) => ['tsup.config.ts', 'vite.config.ts'].map((name) => path.join(folder, name)).filter((file) => existsSync(file)));
    expect(configs.length).toBeGreaterThanOrEqual(13);
    for (const file of configs) expect(parseConfig(path.dirname(file)).fileNames.map((f: string) => path.resolve(f)), path.relative(root, file)).toContain(file);
  });

  it('a second program gets the first one’s parsed lib files and still reports its own type error', { timeout: 120_000 }, () => {
    const dirs = [mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-all-')), mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-all-'))];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      for (const dir of dirs) writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['es5'] }, include: ['*.ts'] }));
      writeFileSync(path.join(dirs[0], 'right.ts'), 'export const count: number = 3;\n');
      writeFileSync(path.join(dirs[1], 'wrong.ts'), "export const count: number = 'three';\n");
      const declarations = new Map();
      const first = typecheck(dirs[0], declarations, new Set(), 'typescript');
      expect(first.failed).toBe(false);
      expect(declarations.size).toBeGreaterThan(0);
      const second = typecheck(dirs[1], declarations, new Set(), 'typescript');
      expect(second.failed).toBe(true);
      expect(String(write.mock.calls.at(-1)?.[0])).toContain('TS2322');
      const lib = first.program.getSourceFiles().find((f: { fileName: string }) => f.fileName.endsWith('lib.es5.d.ts'));
      expect(second.program.getSourceFile(lib.fileName)).toBe(lib);
    } finally {
      write.mockRestore();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(['native', 'typescript'])('a file another folder of the run owns is type-checked there only; a file no folder owns is checked where it is imported (%s)', { timeout: 120_000 }, (checker) => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-all-'));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['es5'] }, include: ['*.ts'] });
      for (const name of ['owner', 'user', 'loose']) mkdirSync(path.join(base, name));
      writeFileSync(path.join(base, 'owner', 'tsconfig.json'), tsconfig);
      writeFileSync(path.join(base, 'user', 'tsconfig.json'), tsconfig);
      const wrong = path.join(base, 'owner', 'wrong.ts');
      writeFileSync(wrong, "export const count: number = 'three';\n");
      writeFileSync(path.join(base, 'loose', 'wrong.ts'), "export const loose: number = 'three';\n");
      writeFileSync(path.join(base, 'user', 'index.ts'), "export { count } from '../owner/wrong.js';\n");
      const declarations = new Map();
      expect(typecheck(path.join(base, 'owner'), declarations, new Set([wrong]), checker).failed).toBe(true);
      // owner/ is in the run: its error is owner/'s, not reported again by user/.
      expect(typecheck(path.join(base, 'user'), declarations, new Set([wrong]), checker).failed).toBe(false);
      // Checked alone (owner/ not in the run), user/ reports it, as tsc -p does.
      expect(typecheck(path.join(base, 'user'), declarations, new Set(), checker).failed).toBe(true);
      // A file outside every folder of the run is checked by the folder importing it.
      writeFileSync(path.join(base, 'user', 'index.ts'), "export { loose } from '../loose/wrong.js';\n");
      expect(typecheck(path.join(base, 'user'), declarations, new Set([wrong]), checker).failed).toBe(true);
      expect(String(write.mock.calls.at(-1)?.[0])).toContain('TS2322');
    } finally {
      write.mockRestore();
      rmSync(base, { recursive: true, force: true });
    }
  });
  it('TypeScript 7 checks several folders in one process, each by its own tsconfig, its errors its own, and leaves no file behind', { timeout: 120_000 }, () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-all-'));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      // The same source in three folders; only `strict` differs, so an implicit any (TS7006) is the strict folders' only.
      const source = 'export function echo(x) { return x; }\n';
      const folders = ['strict', 'loose', 'strict-too'].map((name) => {
        const dir = path.join(base, name);
        mkdirSync(dir);
        writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: name !== 'loose', noEmit: true, types: [], lib: ['es5'] }, include: ['*.ts'] }));
        writeFileSync(path.join(dir, 'index.ts'), source);
        return dir;
      });
      for (let run = 0; run < 2; run++) {
        const results = typecheckNative(folders);
        expect(folders.map((f) => results.get(f).failed), `run ${run}`).toEqual([true, false, true]);
        expect(folders.map((f) => results.get(f).diagnostics.map((d: { file: string; line: number; code: number }) => `${path.relative(base, d.file)}:${d.line} TS${d.code}`)), `run ${run}`).toEqual([[`strict${path.sep}index.ts:1 TS7006`], [], [`strict-too${path.sep}index.ts:1 TS7006`]]);
        // tsc -b's .tsbuildinfo and the configs extending each folder's are gone: the second run checks again.
        for (const f of folders) expect(readdirSync(f).sort(), f).toEqual(['index.ts', 'node_modules', 'tsconfig.json']);
        for (const f of folders) expect(readdirSync(path.join(f, 'node_modules', '.cache')), f).toEqual([]);
      }
    } finally {
      write.mockRestore();
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('splits tsc -b --verbose output by the project built', () => {
    const output = "1:02:03 AM - Projects in this build: \n    * a/tsconfig.json\n\n1:02:03 AM - Building project 'a/tsconfig.json'...\n\nx.ts(1,2): error TS2322: Wrong.\n  More.\n1:02:04 AM - Project 'b/tsconfig.json' is being forcibly rebuilt\n\n1:02:04 AM - Building project 'b/tsconfig.json'...\n\nFound 1 error.\n";
    const sections = buildSections(output, '/repo');
    expect([...sections.keys()]).toEqual([path.resolve('/repo/a/tsconfig.json'), path.resolve('/repo/b/tsconfig.json')]);
    expect(sections.get(path.resolve('/repo/a/tsconfig.json')).map((d: { text: string }) => d.text)).toEqual(['x.ts(1,2): error TS2322: Wrong.\n  More.']);
    expect(sections.get(path.resolve('/repo/b/tsconfig.json'))).toEqual([]);
  });
});
