// `relic3d assemble`: the corpus female parts on mvr_female.chr with a weapon and GenStand → one .glb.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateScene } from '@relic3d/core';
import { fromGltf } from '@relic3d/gltf';
import { corpusFiles } from '@relic3d/test-harness';
import { clipName } from '../../src/cli/assemble-command.js';
import { run, tmp } from '../run-cli.js';

const corpus = corpusFiles('o3d');
const at = (name: string) => corpus.find((e) => e.file.toLowerCase() === name.toLowerCase())?.path;
const parts = corpus.filter((e) => /^part_f.*\.o3d$/i.test(e.file)).map((e) => e.path);
const chr = at('mvr_female.chr'), stand = at('Mvr_female_GenStand.ani'), axe = at('Item_WeaAxeCrystal.o3d');

describe('relic3d assemble', () => {
  it('names a clip after its file without the skeleton prefix', () => {
    expect(clipName('a/Mvr_female_GenStand.ani', 'x/mvr_female.chr')).toBe('GenStand');
    expect(clipName('walk.ani', 'mvr_male.chr')).toBe('walk');
  });

  it.skipIf(!parts.length || !chr || !stand || !axe)('writes one .glb: every part, the axe in the right hand, the motion', async () => {
    const out = path.join(tmp('assemble'), 'girl.glb');
    const { code, stdout, stderr } = await run('assemble', '--skeleton', chr!, ...parts, '--weapon', axe!, '--motion', stand!, '-o', out);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(new RegExp(`${parts.length} parts on mvr_female\\.chr, weapon Item_WeaAxeCrystal\\.o3d, 1 clip`));
    const scene = await fromGltf(new Uint8Array(readFileSync(out)));
    expect(validateScene(scene)).toEqual([]);
    expect(scene.animations.map((a) => a.name)).toEqual(['GenStand']);
    const weapon = scene.nodes.find((n) => n.extras?.held === 'weapon')!;
    expect(scene.nodes[weapon.parent].name).toMatch(/ R Hand$/);
  });

  it('refuses without --skeleton or -o (usage, exit 2), and writes nothing', async () => {
    const dir = tmp('assemble-usage');
    expect((await run('assemble', 'Part_x.o3d', '-o', path.join(dir, 'a.glb'))).code).toBe(2);
    expect((await run('assemble', '--skeleton', path.join(dir, 'none.chr'), path.join(dir, 'Part_x.o3d'), '-o', path.join(dir, 'a.glb'))).code).toBe(2);
    expect(existsSync(path.join(dir, 'a.glb'))).toBe(false);
  });
});
