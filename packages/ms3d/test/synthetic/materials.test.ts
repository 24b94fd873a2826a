// Strings (32-character names, code pages, texture paths) and material mapping.
import { describe, expect, it } from 'vitest';
import { parseSync, readMs3d } from '../../src/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { valid } from './helpers.js';

describe('strings', () => {
  it('reads 32-character names with no NUL', () => {
    const long = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    const f = quad({
      groups: [{ name: long, triangles: [0, 1], material: 0 }],
      materials: [{ name: long, texture: `${'t'.repeat(124)}.bmp` }],
      joints: [{ name: long }, { name: 'child', parent: long }],
    });
    const file = readMs3d(writeMs3d(f));
    expect(file.groups[0].name).toBe(long);
    expect(file.materials[0].name).toBe(long);
    expect(file.materials[0].texture).toHaveLength(128);
    expect(file.joints[0].name).toBe(long);
    expect(file.joints[1].parentName).toBe(long);
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.nodes[scene.nodes[2].parent].name).toBe(long);
  });

  it('decodes with the code page option (Windows-1252 by default, GBK on request)', () => {
    const gbk = new Uint8Array([0xc4, 0xa3, 0xd0, 0xcd]); // 模型
    const f = quad({ groups: [{ name: gbk, triangles: [0, 1] }], materials: [{ name: new Uint8Array([0x43, 0x61, 0x66, 0xe9]) }] });
    const bytes = writeMs3d(f);
    expect(readMs3d(bytes, { codePage: 'gbk' }).groups[0].name).toBe('模型');
    expect(readMs3d(bytes).materials[0].name).toBe('Café');
    expect(readMs3d(bytes).groups[0].name).toBe('Ä£ÐÍ');
  });

  it('normalises texture paths and keeps the stored path', () => {
    const f = quad({
      groups: [{ name: 'q', triangles: [0, 1], material: 0 }],
      materials: [{ name: 'm', texture: '..\\Textures\\Quadrants.bmp', alphamap: 'data/alpha.bmp' }],
    });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.textures.map((t) => t.uri)).toEqual(['../Textures/Quadrants.bmp', 'data/alpha.bmp']);
    expect(scene.textures[0].extras).toEqual({ path: '..\\Textures\\Quadrants.bmp' });
    expect(scene.materials[0].baseColorTexture).toEqual({ texture: 0 });
    expect(scene.materials[0].otherTextures).toEqual({ alphamap: { texture: 1 } });
  });
});

describe('materials', () => {
  it('maps the four colours, shininess, transparency and mode flags', () => {
    const f = quad({
      groups: [{ name: 'q', triangles: [0, 1], material: 0 }],
      materials: [
        {
          name: 'glass',
          ambient: [0.1, 0.2, 0.3, 1],
          diffuse: [0.5, 0.25, 1, 1],
          specular: [1, 1, 1, 1],
          emissive: [2, 1, 0, 1],
          shininess: 14,
          transparency: 0.25,
          mode: 0xe0,
        },
      ],
    });
    const m = valid(parseSync(writeMs3d(f))).materials[0];
    // Gamma-space diffuse → linear factor (sRGB curve): 0.5 → 0.21404, 0.25 → 0.05088.
    m.baseColorFactor.forEach((v, i) => expect(v).toBeCloseTo([0.21404, 0.05088, 1, 0.25][i], 5));
    expect(m.alphaMode).toBe('BLEND');
    m.emissiveFactor.forEach((v, i) => expect(v).toBeCloseTo([1, 0.21404, 0][i], 5));
    expect(m.emissiveStrength).toBe(2);
    expect(m.roughnessFactor).toBeCloseTo(Math.sqrt(2 / 16), 6);
    expect(m.legacy).toMatchObject({ shininess: 14, opacity: 0.25 });
    expect(m.legacy!.ambient![1]).toBeCloseTo(0.2, 6);
    expect(m.extras).toMatchObject({ mode: 0xe0, sphereMap: true, hasAlpha: true, combineAlpha: true });
  });
});
