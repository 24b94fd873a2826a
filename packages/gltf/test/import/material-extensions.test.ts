// KHR_materials_* the scene has no field for are kept as their JSON in the material's extras
// (with a warning naming them); the ones it has (emissive strength, unlit) become fields.
import { describe, expect, it } from 'vitest';
import { KHRMaterialsClearcoat, KHRMaterialsEmissiveStrength, KHRMaterialsSheen } from '@gltf-transform/extensions';
import { fromGltf } from '../../src/index.js';
import { emptyDocument, glbOf } from './hostile-helpers.js';

describe('material extensions', () => {
  it('keeps clearcoat and sheen in extras.gltfExtensions with a warning, reads emissive strength', async () => {
    const { doc, buffer } = emptyDocument();
    const clearcoat = doc.createExtension(KHRMaterialsClearcoat).createClearcoat().setClearcoatFactor(0.75).setClearcoatRoughnessFactor(0.25);
    const sheen = doc.createExtension(KHRMaterialsSheen).createSheen().setSheenColorFactor([0.5, 0.25, 0]);
    const strength = doc.createExtension(KHRMaterialsEmissiveStrength).createEmissiveStrength().setEmissiveStrength(4);
    const material = doc.createMaterial('coated').setExtension('KHR_materials_clearcoat', clearcoat).setExtension('KHR_materials_sheen', sheen).setExtension('KHR_materials_emissive_strength', strength);
    const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])).setBuffer(buffer);
    const mesh = doc.createMesh().addPrimitive(doc.createPrimitive().setAttribute('POSITION', position).setMaterial(material));
    doc.createScene().addChild(doc.createNode('n').setMesh(mesh));
    const scene = await fromGltf(await glbOf(doc));
    const m = scene.materials[0];
    expect(m.emissiveStrength).toBe(4);
    expect(m.extras?.gltfExtensions).toEqual({
      KHR_materials_clearcoat: { clearcoatFactor: 0.75, clearcoatRoughnessFactor: 0.25 },
      KHR_materials_sheen: { sheenColorFactor: [0.5, 0.25, 0], sheenRoughnessFactor: 0 }, // as glTF-Transform writes it
    });
    const warnings = scene.warnings.filter((w) => w.code === 'GLTF_MATERIAL_EXTENSION').map((w) => w.message);
    expect(warnings).toEqual([expect.stringMatching(/^KHR_materials_clearcoat .*kept as JSON in extras.gltfExtensions/), expect.stringMatching(/^KHR_materials_sheen .*kept/)]);
  });
});
