// .gltf output (JSON plus resources) and toDocument.
import { describe, expect, it } from 'vitest';
import { toDocument, toGltf } from '../../src/index.js';
import { featureScene } from '../scenes.js';
import { describeIssues, validateGltf } from '../validate.js';
import { resolve } from './helpers.js';

describe('.gltf output', () => {
  it('returns JSON plus the buffer and image resources, valid with them', async () => {
    const { json, resources } = await toGltf(featureScene(), { resolve, basename: 'features' });
    expect(Object.keys(resources).sort()).toEqual(['embedded.png', 'features.bin', 'wood.png']);
    expect((json.images as { uri: string }[]).map((i) => i.uri)).toEqual(['embedded.png', 'wood.png']);
    const report = await validateGltf(new TextEncoder().encode(JSON.stringify(json)), resources);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
  });

  it('toDocument returns a glTF-Transform Document', async () => {
    const doc = await toDocument(featureScene(), { resolve });
    expect(doc.getRoot().listNodes().length).toBe(featureScene().nodes.length);
  });
});
