// The check lints with oxlint (.oxlintrc.json, tsgolint for the type-aware rules) what eslint.config.js
// says; ESLint stays the repository's `lint:code` and the editors' linter. The two must not drift: the
// same rules on for each kind of file with the same options, and on the probe lint-probe/mirror (a case
// per subtle rule, next to the cases it must let pass) the same rules fire on the same lines.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { OXLINT_CONFIG, lint } from '../check.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const mirror = path.join(import.meta.dirname, 'lint-probe', 'mirror');
const temp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-oxlint-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

type RuleEntry = string | [string, ...unknown[]];
interface OxlintConfig { rules: Record<string, RuleEntry>; overrides: { files: string[]; rules: Record<string, RuleEntry> }[] }
const oxlintConfig: OxlintConfig = JSON.parse(readFileSync(OXLINT_CONFIG, 'utf8'));

/** A rule's name without its plugin (`eslint/`, `typescript/`, `relic3d/`, `@typescript-eslint/`). */
const bare = (rule: string) => rule.replace(/^.*\//, '');
const severity = (entry: unknown) => (Array.isArray(entry) ? entry[0] : entry);
const isOn = (entry: unknown) => ![0, 'off'].includes(severity(entry) as string | number);
/** `**\/*.ext` and `**\/*.config.ts` patterns, the only kinds .oxlintrc.json uses. */
const matches = (file: string, pattern: string) => pattern.startsWith('**/*') && file.endsWith(pattern.slice(4));

/** oxlint's rules for `file`: the base ones, then each override whose files match, in order. */
function oxlintRules(file: string): Map<string, unknown[]> {
  const rules = new Map<string, unknown[]>();
  for (const block of [oxlintConfig.rules, ...oxlintConfig.overrides.filter((o) => o.files.some((p) => matches(file, p))).map((o) => o.rules)]) {
    for (const [name, entry] of Object.entries(block)) {
      if (isOn(entry)) rules.set(bare(name), Array.isArray(entry) ? entry.slice(1) : []);
      else rules.delete(bare(name));
    }
  }
  return rules;
}

// Syntax errors in a module (every file here is one) and in TypeScript: oxlint fails the file as unparsable.
const SYNTAX_ERRORS: Record<string, string[]> = { ts: ['no-octal'], mjs: ['no-octal', 'no-dupe-args'] };

describe('.oxlintrc.json mirrors eslint.config.js', () => {
  const eslint = new ESLint({ cwd: root, ignore: false });

  it.each([
    ['src/index.ts', 'ts'],
    ['src/vite.config.ts', 'ts'],
    ['scripts/tool.mjs', 'mjs'],
    ['scripts/tool.js', 'mjs'],
  ])('turns on the same rules with the same options for %s', async (file, kind) => {
    const config = await eslint.calculateConfigForFile(path.join(root, 'packages/core', file));
    const eslintRules = new Map(Object.entries(config.rules as Record<string, unknown[]>).filter(([, entry]) => isOn(entry)).map(([name, entry]) => [bare(name), entry.slice(1)]));
    for (const rule of SYNTAX_ERRORS[kind]) {
      expect(eslintRules.has(rule), rule).toBe(true);
      eslintRules.delete(rule);
    }
    const oxlint = oxlintRules(file);
    expect([...oxlint.keys()].sort()).toEqual([...eslintRules.keys()].sort());
    expect(oxlint.size).toBeGreaterThanOrEqual(55);
    // ESLint fills in defaults (meta.defaultOptions); oxlint's options must say the same where they say anything.
    for (const [rule, options] of oxlint) if (options.length) expect(eslintRules.get(rule), rule).toMatchObject(options);
  });

  it('on the probe, oxlint reports what ESLint reports: the same rules on the same lines', { timeout: 120_000 }, async () => {
    const eslintFound = (await eslint.lintFiles([path.join(mirror, 'rules.ts'), path.join(mirror, 'rules.mjs')]))
      .flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line} ${bare(m.ruleId ?? 'parse')}`));
    // A copy outside the repository: .oxlintrc.json ignores the probes where they are.
    cpSync(mirror, path.join(temp, 'mirror'), { recursive: true });
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let oxlintFound: string[];
    try {
      oxlintFound = lint([path.join(temp, 'mirror')]).flatMap((r: { filePath: string; messages: { line: number; ruleId: string | null }[] }) =>
        r.messages.map((m) => `${path.basename(r.filePath)}:${m.line} ${bare(m.ruleId ?? 'parse')}`));
    } finally {
      write.mockRestore();
    }
    expect(eslintFound.length).toBe(27);
    expect(oxlintFound.sort()).toEqual(eslintFound.sort());
    expect(eslintFound).toEqual(expect.arrayContaining(['rules.ts:7 no-floating-promises', 'rules.ts:10 no-misused-promises', 'rules.ts:33 no-unsafe-optional-chaining', 'rules.mjs:5 no-undef', 'rules.mjs:12 no-restricted-syntax']));
  });

  it('fails what ESLint’s no-octal and no-dupe-args report, as a file that does not parse', { timeout: 60_000 }, () => {
    writeFileSync(path.join(temp, 'octal.ts'), 'export const mode = 010;\n');
    writeFileSync(path.join(temp, 'args.mjs'), 'export function pair(a, a) { return a; }\n');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const results = lint([path.join(temp, 'octal.ts'), path.join(temp, 'args.mjs')]);
      expect(results.map((r: { filePath: string; errorCount: number; messages: { ruleId: string | null }[] }) => [path.basename(r.filePath), r.errorCount > 0, r.messages[0].ruleId]).sort()).toEqual([['args.mjs', true, null], ['octal.ts', true, null]]);
    } finally {
      write.mockRestore();
    }
  });
});
