// Materials: sub-materials picked by *MESH_MTLID, map slots, textures, *WIREFRAME_COLOR.
import { describe, expect, it } from 'vitest';
import { aseFile, bitmapMap, cube, geom, material } from '@relic3d/fixtures/ase';
import { load, codes } from './helpers.js';

describe('materials', () => {
  it('*MESH_MTLID picks *SUBMATERIAL id mod NUMSUBMTLS (warning); nested sub-materials; map slots; textures', () => {
    const subs = [
      material(0, 'red', { diffuse: [1, 0, 0], maps: [bitmapMap('DIFFUSE', 'red.tga', { uOffset: 0.5, vOffset: 0.25, uTiling: 2, vTiling: 3, angle: 0.5 }), bitmapMap('BUMP', 'bump.tga', { amount: 0.3 })] }, 'SUBMATERIAL'),
      material(1, 'green', { diffuse: [0, 1, 0], transparency: 0.25, twoSided: true, maps: [bitmapMap('OPACITY', 'alpha.tga'), bitmapMap('SELFILLUM', 'glow.tga')], subs: [material(0, 'deep', {}, 'SUBMATERIAL')] }, 'SUBMATERIAL'),
    ];
    const m = { ...cube(), mtlIds: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5] };
    const s = load(aseFile([geom('M', m, { materialRef: 0 })], { materials: [material(0, 'multi', { subs })] }));
    expect(s.materials.map((x) => x.name)).toEqual(['multi', 'red', 'green', 'deep']);
    expect(codes(s)).toContain('ASE_MTLID_RANGE');
    expect(s.meshes[0].primitives.map((p) => p.material)).toEqual([1, 2]);
    const red = s.materials[1], green = s.materials[2];
    expect(red.baseColorFactor).toEqual([1, 0, 0, 1]);
    expect(s.textures[red.baseColorTexture!.texture].uri).toBe('red.tga');
    expect(red.baseColorTexture!.transform).toEqual({ offset: [0.5, -0.25], scale: [2, 3], rotation: 0.5 });
    expect(red.otherTextures!.bump.strength).toBeCloseTo(0.3, 6);
    expect(green.baseColorFactor[3]).toBeCloseTo(0.75, 6);
    expect(s.materials[3].baseColorFactor.slice(0, 3).map((v) => +v.toFixed(5))).toEqual([0.21404, 0.21404, 0.21404]); // the writer's 0.5 grey → linear
    expect(green.alphaMode).toBe('BLEND');
    expect(green.doubleSided).toBe(true);
    expect(s.textures[green.emissiveTexture!.texture].uri).toBe('glow.tga');
    expect(s.textures[green.otherTextures!.opacity.texture].uri).toBe('alpha.tga');
  });

  it('objects without *MATERIAL_REF use *WIREFRAME_COLOR', () => {
    const s = load(aseFile([geom('W', cube(), { wireframe: [0.25, 0.5, 0.75] })]));
    // Gamma-space wireframe colour → linear factor (sRGB curve): 0.25 → 0.05088, 0.5 → 0.21404, 0.75 → 0.52252.
    const factor = s.materials[s.meshes[0].primitives[0].material!].baseColorFactor;
    factor.forEach((v, i) => expect(v).toBeCloseTo([0.05088, 0.21404, 0.52252, 1][i], 5));
  });
});
