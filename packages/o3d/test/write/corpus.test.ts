// Every corpus model, with its .chr and .ani companions: parse → writeO3d → parse keeps every fact
// (counts, names, hierarchy, materials, textures, clips, LODs, colliders, bind bounds and bounds
// posed at 25/50/75% of every clip), the read warns nothing, and writing what was read back gives
// the same files again.
import { describe, expect, it } from 'vitest';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { parseO3dFile } from '../../src/node.js';
import { readAni, readChr, readO3d, writeO3d } from '../../src/index.js';
import { o3ds } from '../corpus/helpers.js';
import { rawDifferences, readBack } from './helpers.js';

describe.skipIf(!o3ds.length)('corpus round trip', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s', async (file, entry) => {
    const source = await parseO3dFile(entry.path, { kernels: 'js', motions: /^part_/i.test(file) ? 'none' : 'auto' });
    const written = writeO3d(source);
    const back = await readBack(written);
    expect(compareSceneFacts(sceneFacts(source), sceneFacts(back))).toEqual([]);
    expect(back.warnings.map((w) => w.code)).toEqual([]);
    const again = writeO3d(back);
    expect(Object.keys(again.files)).toEqual(Object.keys(written.files));
    // Float noise of the world-matrix round trip aside, the files are the same.
    for (const [name, bytes] of Object.entries(written.files)) {
      const read = /\.o3d$/i.test(name) ? readO3d : /\.chr$/i.test(name) ? readChr : readAni;
      expect(again.files[name].length, name).toBe(bytes.length);
      expect(rawDifferences(read(again.files[name]), read(bytes)), name).toEqual([]);
    }
    // Without clips or bones (whose matrices go through TRS nodes) the files are the same bytes.
    if (!source.animations.length && !source.nodes.some((n) => n.joint)) for (const [name, bytes] of Object.entries(written.files)) expect(Buffer.compare(again.files[name], bytes), name).toBe(0);
  });
});
