/**
 * `console` blocks: `$ command` lines, each followed by the output it printed. The docs test runs
 * each command and compares, tolerant of timings and nothing else: a `...` line stands for any
 * number of lines (as in the READMEs' elided batch logs).
 */
import { shellWords } from './markdown.js';

export interface Session {
  /** The command line as written (without its `# comment`). */
  commandLine: string;
  words: string[];
  expected: string[];
}

/** Splits a console block into its commands and their expected output. */
export function sessions(block: string): Session[] {
  const found: Session[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('$ ')) {
      const commandLine = line.slice(2).replace(/\s+#.*$/, '').trim();
      found.push({ commandLine, words: shellWords(commandLine), expected: [] });
    } else if (found.length) {
      found[found.length - 1]!.expected.push(line);
    } else if (line.trim()) {
      throw new Error(`output before the first '$ ' command: ${line}`);
    }
  }
  for (const session of found) {
    while (session.expected.length && !session.expected[session.expected.length - 1]!.trim()) session.expected.pop();
  }
  return found;
}

/**
 * One output line with its timings replaced: durations in milliseconds anywhere (`231 ms`,
 * `(1.5 ms, …`) and elapsed seconds after "in" (`… in 11.99 s`). Clip lengths (`142.2 s,`) are
 * content and stay.
 */
export function normaliseLine(line: string): string {
  return line
    .replace(/\s+$/, '')
    .replace(/\b\d+(?:\.\d+)? ?ms\b/g, '<ms>')
    .replace(/\bin \d+(?:\.\d+)? ?s\b/g, 'in <s>');
}

export const ELLIPSIS = '...';

/** Whether `actual` matches `expected` line by line, `...` matching any run of lines (also none). */
export function matches(expected: readonly string[], actual: readonly string[]): boolean {
  const want = expected.map(normaliseLine);
  const got = actual.map(normaliseLine);
  // memo[i][j]: want[i..] matches got[j..]
  const memo = new Map<number, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = i * (got.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === want.length) result = j === got.length;
    else if (want[i] === ELLIPSIS) result = match(i + 1, j) || (j < got.length && match(i, j + 1));
    else result = j < got.length && want[i] === got[j] && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

/** The lines a command printed, without the trailing blank line(s). */
export function outputLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
  return lines;
}

/**
 * Where `actual` first departs from `expected` (read greedily, `...` skipping to the next expected
 * line), for a failure message that does not drown in the lines a `...` stands for.
 */
export function firstMismatch(expected: readonly string[], actual: readonly string[]): string {
  const want = expected.map(normaliseLine);
  const got = actual.map(normaliseLine);
  let j = 0;
  let skipping = false;
  for (let i = 0; i < want.length; i++) {
    if (want[i] === ELLIPSIS) {
      skipping = true;
      continue;
    }
    const at = skipping ? got.indexOf(want[i]!, j) : got[j] === want[i] ? j : -1;
    if (at < 0) {
      const found = j < got.length ? `output line ${j + 1} is\n    ${got[j]}` : 'the output ended';
      return `expected line ${i + 1}${skipping ? ' (after ...)' : ''}\n    ${want[i]}\nbut ${found}`;
    }
    j = at + 1;
    skipping = false;
  }
  return skipping || j === got.length ? 'no difference found greedily' : `the output goes on after the expected end:\n    ${got[j]}`;
}
