/**
 * The code blocks of the repository's READMEs, as the docs test runs them.
 *
 * A block is run when its language is TypeScript or JavaScript (`ts`, `typescript`, `js`,
 * `javascript`, `mjs`, `mts`), and compared with the real CLI when it is a `console` block or its
 * first line is a `$ ` command. An HTML comment on the line(s) just above the fence changes that:
 *
 *   <!-- no-run: why -->         the block is not run (the reason is required and shown)
 *   <!-- run-args: a b -->       command-line arguments for the example (`process.argv[2]`, …)
 *   <!-- throws: text -->        the example must end with an uncaught error containing `text`
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export type BlockKind = 'script' | 'console' | 'other';

export interface CodeBlock {
  /** README path relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  kind: BlockKind;
  code: string;
  noRun?: string;
  args: string[];
  throws?: string;
}

const SCRIPT_LANGS = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'mts']);
const DIRECTIVE = /^<!--\s*(no-run|run-args|throws)\s*(?::\s*([\s\S]*?))?\s*-->$/;

/** Every README.md under `root` (not in node_modules, dist, build output or dot folders). */
export function readmeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || ['node_modules', 'dist', 'build', 'coverage'].includes(entry.name)) continue;
        walk(path.join(dir, entry.name));
      } else if (entry.name.toLowerCase() === 'readme.md') {
        found.push(path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return found.sort();
}

/** Splits `a 'b c' "d"` like a shell (quotes group, no expansion). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"((?:\\.|[^"\\])*)"|(\S+)/g;
  for (const m of text.matchAll(pattern)) words.push(m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!);
  return words;
}

/** The fenced code blocks of a Markdown text, with the directives above each. */
export function codeBlocks(markdown: string, file: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang = ''] = open;
    const close = new RegExp(`^\\s*\\${fence![0]}{${fence!.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (close.test(line)) break;
      body.push(line.startsWith(indent!) ? line.slice(indent!.length) : line.trimStart());
    }
    if (j >= lines.length) throw new Error(`${file}:${i + 1}: unclosed code fence`);

    const directives: Partial<Record<'no-run' | 'run-args' | 'throws', string>> = {};
    for (let k = i - 1; k >= 0; k--) {
      const text = lines[k]!.trim();
      if (!text) continue;
      const directive = DIRECTIVE.exec(text);
      if (!directive) break;
      directives[directive[1] as keyof typeof directives] = directive[2] ?? '';
    }

    const code = body.join('\n');
    const firstLine = body.find((l) => l.trim()) ?? '';
    const kind: BlockKind = SCRIPT_LANGS.has(lang.toLowerCase())
      ? 'script'
      : lang.toLowerCase() === 'console' || firstLine.startsWith('$ ')
        ? 'console'
        : 'other';
    blocks.push({
      file,
      line: i + 1,
      lang,
      kind,
      code,
      ...(directives['no-run'] !== undefined ? { noRun: directives['no-run'] } : {}),
      args: shellWords(directives['run-args'] ?? ''),
      ...(directives.throws !== undefined ? { throws: directives.throws } : {}),
    });
    i = j;
  }
  return blocks;
}
