// Every corpus model, as our .glb, imported by Blender's own glTF importer (headless; blender.test.ts
// runs these jobs and the hard models' in one process): Blender sees our triangles, our bones, one
// action per clip per animated object, and poses every clip where we do at 25, 50 and 75% of it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POSE_FRACTIONS, sceneFacts } from '@relic3d/scene-facts';
import { describeScene, fromGltf, writers } from 'relic3d';
import { corpusModels, prepareModel, type PreparedModel } from '../src/corpus-jobs.js';
import { blenderBoneNodes, blenderTriangles, boundsError, ourBounds, unionOf } from '../src/expectations.js';
import type { BlenderJob, BlenderResult } from '../src/run-blender.js';
import type { BlenderSuite } from '../src/suite.js';
import { writtenBack } from '../src/written-back.js';

/**
 * Posed bounds may differ by 0.5% of the box diagonal (at least 1 unit): Blender keys rotations
 * per component and normalises (nlerp) where we slerp, and skins in float32 from bone matrices it
 * rebuilds from its own rest pose.
 */
const POSE_TOLERANCE = 5e-3;

/** Defines the corpus tests; their Blender jobs come from `prepare`, their results through `receive`. */
export function corpusSuite(blender: string | undefined): BlenderSuite {
  const models = blender ? corpusModels() : [];
  const prepared = new Map<string, PreparedModel>();
  const results = new Map<string, BlenderResult>();
  /** Largest pose difference seen and the counts checked, reported after the run. */
  const seen = { worstPose: 0, poses: 0, triangles: 0, bones: 0, tracks: 0, writtenBack: 0 };

  describe.skipIf(!blender)('Blender imports every corpus model as we export it', () => {
    it('finds the corpus', () => {
      if (models.length) expect(models.length).toBeGreaterThanOrEqual(95);
    });

    it.each(models)('%s', (model) => {
      const p = prepared.get(model)!;
      const result = results.get(model)!;
      expect(result.error, result.trace).toBeUndefined();
      const objects = result.objects!;
      const nodeOf = new Map(objects.map((o) => [o.name, o.node]));

      // Triangles, node by node (what mesh.validate() drops counted from our indices).
      const expected = blenderTriangles(p.scene);
      const got = new Map(objects.filter((o) => o.type === 'MESH' && o.node !== null).map((o) => [o.node!, o.triangles!]));
      const drawn = new Map([...expected.byNode].filter(([, n]) => n > 0));
      expect(new Map([...got].filter(([, n]) => n > 0))).toEqual(drawn);
      seen.triangles += [...got.values()].reduce((a, b) => a + b, 0);

      // Bones: every joint of ours is one, plus the in-between nodes Blender's rule adds.
      const bones = objects.flatMap((o) => o.bones ?? []);
      const boneNodes = blenderBoneNodes(p.json);
      expect(bones.length).toBe(boneNodes.size);
      seen.bones += bones.length;
      const facts = sceneFacts(p.scene);
      const boneSet = new Set(bones);
      expect(facts.joints.filter((j) => !boneSet.has(j.slice(0, 63)))).toEqual([]);

      // One action per clip on each object the clip moves; every clip is a track.
      const tracks = objects.flatMap((o) => o.tracks ?? []);
      expect(new Set(tracks)).toEqual(new Set(p.tracks));
      expect(result.actions!.length).toBe(tracks.length);
      seen.tracks += tracks.length;

      if (!p.scene.animations.length) {
        expect(boundsError(ourBounds(p.scene), unionOf(p.scene, result.static!, nodeOf))).toBeLessThanOrEqual(POSE_TOLERANCE);
      }
      p.scene.animations.forEach((clip, i) => {
        const poses = result.posed![p.tracks[i]];
        POSE_FRACTIONS.forEach((f, k) => {
          const ours = ourBounds(p.scene, i, clip.duration * f);
          const theirs = unionOf(p.scene, poses[k], nodeOf);
          const error = boundsError(ours, theirs);
          seen.worstPose = Math.max(seen.worstPose, error);
          seen.poses++;
          expect(error, `clip '${clip.name}' at ${f * 100}%: ours ${JSON.stringify(ours)} Blender ${JSON.stringify(theirs)}`).toBeLessThanOrEqual(POSE_TOLERANCE);
        });
      });
    });
  });

  // (Defined only with models: an empty suite is an error, and the corpus notice has said why.)
  if (blender && models.length) describe("Blender's own export → fromGltf → each writer → its reader", () => {
    it.each(models)('%s', async (model) => {
      const result = results.get(model)!;
      expect(result.error, result.trace).toBeUndefined();
      const back = await fromGltf(readFileSync(prepared.get(model)!.exported));
      const facts = sceneFacts(back);
      // Blender writes what it imported: its triangles and its bones (as joints).
      const objects = result.objects!;
      expect(facts.triangles).toBe(objects.reduce((n, o) => n + (o.triangles ?? 0), 0));
      expect(facts.joints).toEqual(objects.flatMap((o) => o.bones ?? []).sort());
      // Blender's exporter leaves cameras and lights out by default, and their clips with them.
      const exportedTracks = new Set(objects.filter((o) => o.type !== 'CAMERA' && o.type !== 'LIGHT').flatMap((o) => o.tracks ?? []));
      expect(facts.clips.map((c) => c.name).sort()).toEqual([...exportedTracks].sort());
      const jointNodes = new Set(back.skins.flatMap((s) => s.joints));
      const meshNodes = new Set(facts.meshNodes);
      const nodeMotion = back.animations.some((clip) => clip.channels.some((ch) => !jointNodes.has(ch.node)));
      for (const writer of writers) {
        const read = await writtenBack(writer, back);
        // No corpus model meets a writer's limits, so none may refuse Blender's scene.
        expect(read, writer.id).not.toHaveProperty('refused');
        const readScene = (read as { scene: typeof back }).scene;
        const got = sceneFacts(readScene);
        // Counted over every level of detail: the O3D writer turns Blender's '… LOD<n>' names into
        // detail levels (the Flyff authoring convention), so one level alone would hold fewer.
        expect(describeScene(readScene).triangles, writer.id).toBe(describeScene(back).triangles);
        // Every joint is kept. Formats that animate only bones (ms3d, lod, mdl) add bones for the node
        // animations they carry, so extra joints are expected only where a clip moves a non-joint node.
        expect(facts.joints.filter((j) => !got.joints.includes(j)), writer.id).toEqual([]);
        // In a skinned model, MS3D's reader puts vertices no bone holds on a joint of its own
        // ('ms3d rigid'), and LOD binds a rigid mesh to a bone named after its node.
        const extra = got.joints.filter((j) => !facts.joints.includes(j) && !(writer.id === 'ms3d' && j === 'ms3d rigid') && !(writer.id === 'lod' && meshNodes.has(j)));
        if (!nodeMotion) expect(extra, writer.id).toEqual([]);
        seen.writtenBack++;
      }
    });
  });

  return {
    async prepare(dir: string): Promise<BlenderJob[]> {
      for (const model of models) prepared.set(model, await prepareModel(model, dir));
      return [...prepared.values()].map((p) => p.job);
    },
    receive(out: Map<string, BlenderResult>) {
      for (const p of prepared.values()) results.set(p.model, out.get(p.job.id) ?? { id: p.job.id, error: 'no result' });
    },
    report(seconds: number) {
      if (!results.size) return;
      console.info(`blender: ${results.size} models imported, posed and exported in ${seconds.toFixed(1)} s (one Blender process with the hard models); checked ${seen.triangles} triangles, ${seen.bones} bones, ${seen.tracks} clip tracks, ${seen.poses} poses (worst pose difference ${(seen.worstPose * 100).toPrecision(2)}% of the diagonal); ${seen.writtenBack} writer round trips of Blender's exports`);
    },
  };
}
