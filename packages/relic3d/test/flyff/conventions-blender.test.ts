// A Blender-style .glb with every Flyff authoring convention, made in the test (fixtures): fromGltf →
// writeO3d → the .o3d walked independently (fixtures' conventions dump) and read back by our reader.
import { describe, expect, it } from 'vitest';
import { FolderIndex, indexResolver, validateScene } from '@relic3d/core';
import { blenderStyleGlb } from '@relic3d/fixtures/o3d/blender-gltf';
import { dumpO3dConventions } from '@relic3d/fixtures/o3d/conventions-dump';
import { fromGltf } from '@relic3d/gltf';
import { parse as parseO3d, writeO3d } from '@relic3d/o3d';

const EFFECT = { REFLECT: 0x1, OPACITY: 0x2, TWO_SIDED: 0x4, SELF_ILLUMINATE: 0x8 };

async function written() {
  const scene = await fromGltf(blenderStyleGlb());
  const warnings: string[] = [];
  const result = writeO3d(scene, { onWarning: (w) => warnings.push(w.code) });
  return { files: result.files, warnings };
}

describe('a Blender-style glTF with every convention → .o3d', () => {
  it('the client read order finds collision, light object, LOD groups and flags (independent walk)', async () => {
    const { files } = await written();
    const name = Object.keys(files).find((n) => /\.o3d$/i.test(n))!;
    const dump = dumpO3dConventions(files[name]);
    expect(dump.collision).toEqual({ vertices: 4, faces: 2 });
    expect(dump.lodFlag).toBe(1);
    // body (skin) in every group; the lamp and prop only at level 0; prop_LOD1 / prop_LOD2 below.
    expect(dump.groups.map((g) => g.length)).toEqual([3, 2, 2]);
    expect(dump.groups.map((g) => g.filter((o) => o.light).length)).toEqual([1, 0, 0]);
    expect(dump.groups.map((g) => g.filter((o) => o.type === 1).length)).toEqual([1, 1, 1]);
    const effects = dump.groups[0].map((o) => o.blocks.map((b) => [b.effect, b.amount]));
    expect(effects).toContainEqual([[EFFECT.TWO_SIDED, 0]]);
    expect(effects).toContainEqual([[EFFECT.OPACITY | EFFECT.SELF_ILLUMINATE, 128]]);
    expect(effects).toContainEqual([[EFFECT.OPACITY | EFFECT.REFLECT, 255]]);
    for (const g of dump.groups.slice(1)) for (const o of g) if (o.type === 0) expect(o.blocks.map((b) => b.effect)).toEqual([EFFECT.OPACITY | EFFECT.REFLECT]);
  });

  it('the .ani holds the markers as frame attributes (hit + sound at 0.5 s, quake at frame 3)', async () => {
    const { files } = await written();
    const ani = Object.keys(files).find((n) => /_attack\.ani$/i.test(n))!;
    expect(ani).toBeDefined();
    const bytes = files[ani];
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const frames = dv.getInt32(48, true);
    const events = dv.getInt32(bytes.length - 4, true);
    expect(events).toBe(0);
    // MOTION_ATTR[frames] (12 B: flags, soundId, frame) end right before the event count (docs/formats/o3d.md §4.1).
    const at = bytes.length - 4 - 12 * frames;
    const flags = Array.from({ length: frames }, (_, f) => dv.getUint32(at + 12 * f, true));
    const half = Math.round(0.5 * (frames - 1));
    expect(flags[half]).toBe(1 | 2);
    expect(dv.getInt32(at + 12 * half + 4, true)).toBe(7);
    expect(flags[3]).toBe(4);
    expect(flags.filter((f) => f !== 0).length).toBe(2);
  });

  it('our reader reads the conventions back as names, a collider, LODs, materials and clip markers', async () => {
    const { files } = await written();
    const name = Object.keys(files).find((n) => /\.o3d$/i.test(n))!;
    const resolve = indexResolver(FolderIndex.fromPaths(Object.keys(files)), '', (found) => files[found]);
    const scene = await parseO3d(files[name], { fileName: name, resolve, kernels: 'js', motions: 'all' });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.colliders).toHaveLength(1);
    expect(scene.nodes.filter((n) => / light$/.test(n.name))).toHaveLength(1);
    expect(scene.nodes.find((n) => n.lods)?.lods).toHaveLength(3);
    expect(scene.materials.some((m) => m.doubleSided && m.alphaMode === 'OPAQUE')).toBe(true);
    expect(scene.materials.some((m) => m.alphaMode === 'MASK' && (m.extras?.effects as string[]).includes('reflect'))).toBe(true);
    const clip = scene.animations.find((a) => a.name.endsWith('attack'))!;
    expect((clip.extras?.markers as { name: string }[]).map((m) => m.name).sort()).toEqual(['hit', 'quake', 'sound']);
  });
});
