// Page work in parts whose size follows the time each part took (Open folder's picked files, issue 31).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextPartSize } from '../src/tasks.js';
import { arrivedFolder, arrivingFolder, type FileHandle } from '../src/arriving-files.js';
import type { FileSet } from '../src/files.js';

describe('nextPartSize', () => {
  it('scales the last size to the budget by the time it took', () => {
    expect(nextPartSize(32, 16, 8, 64)).toBe(16); // twice over: halved
    expect(nextPartSize(32, 80, 8, 64)).toBe(3); // 10× over: a tenth, rounded down
    expect(nextPartSize(12, 6, 8, 64)).toBe(16);
  });

  it('at most doubles, stays within 1 and the most', () => {
    expect(nextPartSize(4, 0, 8, 64)).toBe(8);
    expect(nextPartSize(48, 1, 8, 64)).toBe(64);
    expect(nextPartSize(1, 5000, 8, 64)).toBe(1);
    expect(nextPartSize(64, 0.5, 8, 64)).toBe(64);
  });
});

const folderOf = (n: number): FileSet => new Map(Array.from({ length: n }, (_, i) => [`Model/m${String(i).padStart(4, '0')}.o3d`, new File([`${i}`], `m${i}.o3d`)]));

describe('arrivedFolder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands every file on once, in parts that shrink when each takes long and grow when quick', async () => {
    // A fake clock: each part takes what onFiles says, whatever the machine's load.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const all = folderOf(400);
    const folder = arrivedFolder(all);
    const parts: number[] = [];
    const seen: string[] = [];
    let slow = true;
    folder.onFiles = (part) => {
      parts.push(part.size);
      seen.push(...part.keys());
      // The first parts cost 5 ms a file (a loaded machine's stats), then nothing.
      if (slow) clock += 5 * part.size;
      if (parts.length === 3) slow = false;
    };
    const files = await folder.complete;
    expect(files.size).toBe(400);
    expect(new Set(seen).size).toBe(400);
    expect(seen.length).toBe(400);
    // 4 files at 5 ms each: 20 ms against a budget of 8 → 1 file; 5 ms for one → 8 / 5 → still 1.
    expect(parts.slice(0, 4)).toEqual([4, 1, 1, 1]);
    // Quick again (after the third part): doubled each part up to 64.
    expect(parts.slice(4, 11)).toEqual([2, 4, 8, 16, 32, 64, 64]);
  });

  it('hands the asked-for files on first', async () => {
    const all = folderOf(300);
    const folder = arrivedFolder(all);
    const seen: string[] = [];
    folder.onFiles = (part) => void seen.push(...part.keys());
    folder.prioritise(['Model/m0299.o3d', 'Model/m0150.o3d']);
    await folder.complete;
    expect(seen.slice(0, 2)).toEqual(['Model/m0299.o3d', 'Model/m0150.o3d']);
    expect(seen.length).toBe(300);
  });

  it('while held, hands on only the asked-for files; the others once the hold ends', async () => {
    const folder = arrivedFolder(folderOf(200), true);
    expect(folder.statsOnPage).toBe(true);
    let held = true;
    folder.held = () => held;
    const seen: string[] = [];
    folder.onFiles = (part) => void seen.push(...part.keys());
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
    folder.prioritise(['Model/m0100.o3d']);
    await settle();
    expect(seen).toEqual(['Model/m0100.o3d']);
    folder.prioritise(['Model/m0007.o3d', 'Model/m0100.o3d']);
    await settle();
    expect(seen).toEqual(['Model/m0100.o3d', 'Model/m0007.o3d']);
    held = false;
    await folder.complete;
    expect(seen.length).toBe(200);
    expect(new Set(seen).size).toBe(200);
    expect(seen.slice(2, 5)).toEqual(['Model/m0000.o3d', 'Model/m0001.o3d', 'Model/m0002.o3d']);
  });

  it("a drop's handles, when held: only the asked-for ones are taken; the others once the hold ends", async () => {
    const got: string[] = [];
    const handles = new Map<string, FileHandle>([...folderOf(120)].map(([p, file]) => [p, { getFile: async () => (got.push(p), file) } as unknown as FileHandle]));
    const folder = await arrivingFolder(handles);
    let held = true;
    folder.held = () => held;
    folder.prioritise(['Model/m0042.o3d']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got).toEqual(['Model/m0042.o3d']);
    held = false;
    const files = await folder.complete;
    expect(files.size).toBe(120);
    expect(got.length).toBe(120);
    expect(got.slice(1, 3)).toEqual(['Model/m0000.o3d', 'Model/m0001.o3d']);
  });
});
