// The per-file temporary folder (temp-guard.js): every project's files run in one, and a file that
// leaves a relic3d-* folder fails by name, with the folder removed all the same.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from '../../test-harness/src/scratch.js';
// @ts-expect-error a plain .js setup module without declarations
import { openTempFolder } from '../temp-folder.js';

describe('temp-guard', () => {
  it('gives this file its own temporary folder, beside the shared one', () => {
    const shared = process.env.RELIC3D_SHARED_TMPDIR!;
    expect(shared).toBeTruthy();
    expect(path.dirname(os.tmpdir())).toBe(shared);
    expect(path.basename(os.tmpdir())).toMatch(/^relic3d-test-/);
  });

  it('removes scratch folders and other leftovers, and restores TMPDIR', () => {
    const outer = os.tmpdir();
    const end = openTempFolder();
    const folder = os.tmpdir();
    expect(folder).not.toBe(outer);
    const made = scratchFolder('guard-probe');
    writeFileSync(path.join(made, 'a.glb'), 'x');
    mkdirSync(path.join(folder, 'chromium-profile'));
    expect(path.dirname(made)).toBe(folder);
    end();
    expect([existsSync(made), existsSync(folder), os.tmpdir()]).toEqual([false, false, outer]);
  });

  it('fails naming a relic3d-* folder the file left, and removes it', () => {
    const outer = os.tmpdir();
    const end = openTempFolder();
    const leaked = mkdtempSync(path.join(os.tmpdir(), 'relic3d-game-'));
    expect(end).toThrow(new RegExp(`left ${path.basename(leaked)} in the temporary folder`));
    expect([existsSync(leaked), os.tmpdir()]).toEqual([false, outer]);
  });

  it("removes the folder of a test process that ended without its afterAll (a file that failed to load)", () => {
    // A shared folder of its own: in the real one, any other test process starting a file sweeps the
    // planted orphan too, and did between its mkdtemp and its write (a fresh-clone gate, s17).
    const shared = process.env.RELIC3D_SHARED_TMPDIR!;
    const ownShared = mkdtempSync(path.join(os.tmpdir(), 'shared-'));
    const orphan = mkdtempSync(path.join(ownShared, 'relic3d-test-999999999-'));
    writeFileSync(path.join(orphan, 'left.glb'), 'x');
    const alive = mkdtempSync(path.join(ownShared, `relic3d-test-${process.ppid}-`));
    const outer = os.tmpdir();
    process.env.RELIC3D_SHARED_TMPDIR = ownShared;
    try {
      openTempFolder()();
    } finally {
      process.env.RELIC3D_SHARED_TMPDIR = shared;
    }
    expect([existsSync(orphan), existsSync(alive), existsSync(outer), os.tmpdir()]).toEqual([false, true, true, outer]);
    rmSync(ownShared, { recursive: true, force: true });
  });
});
