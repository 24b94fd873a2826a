// O3D corpus: every .o3d, .chr and .ani file against the MANIFEST facts, and the rejected version-18 file.
import { describe, expect, it } from 'vitest';
import { FormatError, validateScene, type Scene } from '@relic3d/core';
import { readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { findCompanions, parseSync as parseO3d, readAni, readChr, readO3d, o3dFormat } from '../../src/index.js';
import { parseO3dFile } from '../../src/node.js';
import type { O3dFile } from '../../src/file.js';
import { entries, o3ds, chrs, anis, listing, num, list } from './helpers.js';

/** The header name, decoded here independently: length byte, then bytes XOR 0xCD. */
function headerName(bytes: Uint8Array): string {
  return String.fromCharCode(...Array.from(bytes.subarray(1, 1 + bytes[0]), (b) => b ^ 0xcd));
}

/** Texture names found by scanning for `<int len><name>.dds\0` records in the raw bytes. */
function scannedTextures(bytes: Uint8Array): Set<string> {
  const found = new Set<string>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 4; i + 4 < bytes.length; i++) {
    if (bytes[i] !== 0x2e || (bytes[i + 1] | 0x20) !== 0x64 || (bytes[i + 2] | 0x20) !== 0x64 || (bytes[i + 3] | 0x20) !== 0x73 || bytes[i + 4] !== 0) continue;
    const nul = i + 4;
    for (let start = nul - 1; start >= 4 && nul - start < 64; start--) {
      const b = bytes[start];
      if (b < 0x20 || b > 0x7e) break;
      if (view.getInt32(start - 4, true) === nul - start + 1) {
        found.add(String.fromCharCode(...bytes.subarray(start, nul)));
        break;
      }
    }
  }
  return found;
}

function groupNodes(scene: Scene): number[] {
  const root = scene.nodes[scene.roots[0]];
  return root.lods ? root.lods.map((l) => l.node) : root.children.filter((c) => / objects$/.test(scene.nodes[c].name));
}

/** Mesh nodes of a subtree (objects attached to bones live under bones; their extras say the group). */
function trianglesOfGroup(scene: Scene, group: number): number {
  let total = 0;
  scene.nodes.forEach((node) => {
    if (node.mesh === undefined || !node.name.includes(` LOD${group} `)) return;
    for (const p of scene.meshes[node.mesh].primitives) total += p.indices!.length / 3;
  });
  return total;
}

describe.skipIf(!o3ds.length)('corpus .o3d', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s matches the MANIFEST facts', async (_file, entry: CorpusEntry) => {
    const bytes = readCorpusFile(entry);
    const note = entry.note;
    const raw = readO3d(bytes);
    expect(o3dFormat.test(bytes)).toBe(true);
    expect(raw.version).toBe(num(note, /o3d v(\d+)/));
    expect(raw.name).toBe(headerName(bytes));
    const groups = /LOD groups=(\d) \[([^\]]*)\]/.exec(note)!;
    expect(raw.groups.length).toBe(Number(groups[1]));
    expect(raw.groups.map((g) => g.length)).toEqual(list(groups[2]));
    const lod0 = /LOD0: vb=(\d+) vlist=(\d+) faces=(\d+)/.exec(note)!;
    const sum = (f: (o: O3dFile['groups'][0][0]) => number) => raw.groups[0].reduce((n, o) => n + f(o), 0);
    expect(sum((o) => o.geometry.positions.length / 3)).toBe(Number(lod0[1]));
    expect(sum((o) => o.geometry.vertexList.length / 3)).toBe(Number(lod0[2]));
    expect(sum((o) => o.geometry.faceCount)).toBe(Number(lod0[3]));
    expect(raw.frameCount).toBe(num(note, /frames=(\d+)/));
    expect(raw.events.length).toBe(num(note, /events=(\d+)/));
    expect(raw.perSlerp).toBe(0.5);
    const coll = num(note, /coll=yes\((\d+) faces\)/);
    expect(raw.collision?.faceCount).toBe(coll);
    expect(raw.skeleton?.baseTMs.length).toBe(num(note, /embedded bones=(\d+)/));
    const objects = raw.groups.flat();
    expect(objects.filter((o) => o.light).length).toBe(num(note, /light objs=(\d+)/) ?? 0);
    expect(objects.filter((o) => o.geometry.bump).length).toBe(num(note, /bump objs=(\d+)/) ?? 0);
    expect(objects.filter((o) => o.tmAnimation).length).toBe(num(note, /TM-animated objs=(\d+)/) ?? 0);
    const types = /types=([a-z+]+)/.exec(note)![1].split('+');
    expect([...new Set(objects.map((o) => (o.type ? 'skin' : 'normal')))].sort()).toEqual(types.sort());
    if (/attr block=yes/.test(note)) expect(raw.attributes?.length).toBe(raw.frameCount);
    if (/attr block=absent/.test(note)) expect(raw.attributeCount).toBeUndefined();
    const parents = /parentTypes=\{(\d+): (\d+)\}/.exec(note);
    if (parents) expect(objects.filter((o) => o.parentType === Number(parents[1])).length).toBe(Number(parents[2]));

    // The scene, with companions from the folder and every motion there.
    const warnings: string[] = [];
    const scene = await parseO3dFile(entry.path, { motions: 'all', onWarning: (w) => warnings.push(w.code) });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.format).toBe('o3d');
    expect(scene.version).toBe(raw.version);
    expect(warnings).toEqual(/MISMATCH/.test(note) ? ['O3D_NAME_MISMATCH'] : []);
    expect(groupNodes(scene).length).toBe(raw.groups.length);
    expect(trianglesOfGroup(scene, 0)).toBe(Number(lod0[3]));
    const perLod = /faces per LOD=\[([^\]]*)\]/.exec(note);
    if (perLod) list(perLod[1]).forEach((faces, g) => expect(trianglesOfGroup(scene, g)).toBe(faces));
    if (coll) expect(scene.colliders[0].shape.type === 'trimesh' && scene.colliders[0].shape.indices.length / 3).toBe(coll);
    else expect(scene.colliders).toEqual([]);
    // Materials: every texture record in the bytes, and nothing else, becomes a texture.
    expect(new Set(scene.textures.map((t) => t.uri))).toEqual(scannedTextures(bytes));
    expect(scene.materials.length).toBeGreaterThan(0);
    if (/skinned=yes/.test(note)) {
      expect(scene.skins.length).toBe(1);
      // Joints: the embedded bone count, else the bone count the MANIFEST gives for the .chr.
      const chrFile = findCompanions(entry.file, listing).skeleton;
      const chrNote = entries.find((e) => e.file === chrFile)?.note ?? '';
      expect(scene.skins[0].joints.length).toBe(num(note, /embedded bones=(\d+)/) ?? num(chrNote, /bones=(\d+)/));
    }
    if (raw.frameCount > 0) {
      const clip = scene.animations.find((a) => a.name === 'embedded')!;
      expect(clip.extras?.frameCount).toBe(raw.frameCount);
      expect(clip.duration).toBeCloseTo((raw.frameCount - 1) / 30, 5);
    }
  });

  it('rejects corpus/bad/obj_dunTest.o3d (version 18) naming the version', () => {
    const bytes = readCorpusFile('obj_dunTest.o3d', 'bad');
    expect(o3dFormat.test(bytes)).toBe(false);
    let error: unknown;
    try {
      parseO3d(bytes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe('BAD_VERSION');
    expect((error as FormatError).message).toMatch(/version 18/);
  });
});

describe.skipIf(!chrs.length)('corpus .chr', () => {
  it.each(chrs.map((e) => [e.file, e] as const))('%s matches the MANIFEST facts', (_file, entry: CorpusEntry) => {
    const chr = readChr(readCorpusFile(entry));
    const note = entry.note;
    expect(chr.version).toBe(num(note, /chr v(\d+)/));
    expect(chr.bones.length).toBe(num(note, /bones=(\d+)/));
    expect(chr.bones[0].name).toBe(/root=(\S+?);/.exec(note)![1]);
    expect(chr.sendVS).toBe(num(note, /sendVS=(\d+)/));
    expect(chr.events.length).toBe(num(note, /event slots=(\d+)/));
    expect(chr.localLH !== undefined).toBe(/localLH present/.test(note));
    chr.bones.forEach((b, i) => expect(b.parentIndex).toBeLessThan(i));
  });
});

describe.skipIf(!anis.length)('corpus .ani', () => {
  it.each(anis.map((e) => [e.file, e] as const))('%s matches the MANIFEST facts', (_file, entry: CorpusEntry) => {
    const ani = readAni(readCorpusFile(entry));
    const note = entry.note;
    const bones = /bones=(\d+) \(animated (\d+), static LocalTM (\d+)\)/.exec(note)!;
    expect(ani.version).toBe(10);
    expect(ani.motion.bones.length).toBe(Number(bones[1]));
    expect(ani.motion.tracks.filter((t) => t.keys).length).toBe(Number(bones[2]));
    expect(ani.motion.tracks.filter((t) => t.matrix).length).toBe(Number(bones[3]));
    expect(ani.frameCount).toBe(num(note, /frames=(\d+)/));
    expect(ani.perSlerp).toBe(num(note, /perSlerp=([\d.]+)/));
    expect(ani.path !== undefined).toBe(/path=yes/.test(note));
    expect(ani.events.length).toBe(num(note, /; events=(\d+)/));
    expect(ani.attributes.filter((a) => a.flags !== 0).length).toBe(num(note, /attr frames flagged=(\d+)/));
  });
});
