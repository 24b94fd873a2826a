// One thumbnail: parse a model of the opened folder, pose it, light it, frame it to its bounds and
// draw it small. The same code runs in the thumbnail worker (OffscreenCanvas) and, where a worker
// cannot draw, on the page with a hidden canvas.
import * as THREE from 'three';
import { baseNameOf, computeBounds, FolderIndex, indexResolver, requireFormat, serializeError, type Bounds } from '@relic3d/core';
import { inputFormats, type GltfParseOptions } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { sceneStats, setLodLevel, toThree } from '@relic3d/three';
import { workerGltfDecoders } from '../draco.js';
import { packedBytes } from '../files.js';
import type { ThumbInfo } from './catalog.js';

/** Thumbnail edge in pixels: small images keep 5,400 of them in a few tens of MB. */
export const THUMB_SIZE = 128;

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

/** What a folder's thumbnails share: its files, one index over their paths, one renderer. */
export class ThumbRenderer {
  private files: Record<string, Blob> = {};
  private index = FolderIndex.fromPaths([]);
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
  private readonly pivot = new THREE.Group();

  constructor(private readonly canvas: AnyCanvas) {
    canvas.width = THUMB_SIZE;
    canvas.height = THUMB_SIZE;
    // preserveDrawingBuffer: the picture is read after the draw call returns. No multisampling: where
    // WebGL is software-rendered it multiplies the cost of every thumbnail, and at 128 px it barely shows.
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false, alpha: true, preserveDrawingBuffer: true });
    this.renderer.setSize(THUMB_SIZE, THUMB_SIZE, false);
    this.renderer.setClearColor(0x000000, 0);
    this.renderer.toneMapping = THREE.ACESFilmicToneMapping;
    // The viewer's lights without its environment map (sampling it is most of a software-rendered
    // frame): a sky/ground fill, a warm key and a cool rim, on the files' own (Phong) colours.
    const key = new THREE.DirectionalLight(0xfff2e0, 1.6);
    key.position.set(3, 5, 4);
    const rim = new THREE.DirectionalLight(0x88aaff, 1.2);
    rim.position.set(-4, 2, -3);
    this.scene.add(new THREE.HemisphereLight(0xdde6ff, 0x3a3a40, 1.6), key, rim, this.pivot);
  }

  private indexed = true;

  /** The folder's files by root-relative path (File objects: read only when asked for); `more` adds to them. */
  setFolder(files: Record<string, Blob>, more = false): void {
    this.files = more ? Object.assign(this.files, files) : { ...files };
    this.indexed = false;
  }

  /** Renders `path`; a model that cannot be read gets no picture and `failed` says why. */
  async render(path: string): Promise<{ blob?: Blob; info: ThumbInfo; phases: Record<string, number> }> {
    const phases: Record<string, number> = {};
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      phases[name] = now - mark;
      mark = now;
    };
    const info: ThumbInfo = { skinned: false, clips: 0, lods: 0, missingTextures: 0, triangles: 0 };
    if (!this.indexed) {
      this.index = FolderIndex.fromPaths(Object.keys(this.files));
      this.indexed = true;
    }
    const file = this.files[path];
    if (!file) return { info: { ...info, failed: `${path} is not in the folder` }, phases };
    try {
      await ready();
      const bytes = await packedBytes(file);
      const fileName = baseNameOf(path);
      const format = requireFormat(bytes, fileName, inputFormats);
      const reads = new Map<string, Promise<Uint8Array | undefined>>();
      const read = (relative: string) => {
        let found = reads.get(relative);
        const blob = this.files[relative];
        if (!found) reads.set(relative, (found = blob ? packedBytes(blob) : Promise.resolve(undefined)));
        return found;
      };
      const resolve = indexResolver(this.index, path.slice(0, Math.max(0, path.lastIndexOf('/'))), read);
      const options: GltfParseOptions = { fileName, resolve, gltfDecoders: workerGltfDecoders };
      const scene = await format.parse(bytes, options);
      lap('parse');
      const model = toThree(scene, { resolve, colliders: false, materials: 'phong' });
      try {
        await model.ready;
        lap('three');
        info.skinned = scene.skins.length > 0;
        info.clips = model.clips.length;
        info.lods = Math.max(0, ...model.lodObjects.map((l) => l.levels.length));
        info.missingTextures = model.warnings.filter((w) => w.code === 'TEXTURE_MISSING').length;
        info.triangles = sceneStats(scene).triangles;
        for (const lod of model.lodObjects) setLodLevel(lod, 0);
        // An animated character at the middle of its first clip; anything else in its bind pose.
        let bounds: Bounds = computeBounds(scene);
        let mixer: THREE.AnimationMixer | undefined;
        const clip = model.clips[0];
        if (clip && scene.animations.length) {
          mixer = new THREE.AnimationMixer(model.root);
          mixer.clipAction(clip).play();
          mixer.setTime(clip.duration / 2);
          const posed = computeBounds(scene, { animation: 0, time: clip.duration / 2 });
          if (posed.min[0] <= posed.max[0]) bounds = posed;
        }
        this.pivot.add(model.root);
        this.frame(bounds);
        lap('pose');
        this.renderer.render(this.scene, this.camera);
        lap('draw');
        const blob = await this.picture();
        lap('encode');
        this.pivot.remove(model.root);
        mixer?.stopAllAction();
        mixer?.uncacheRoot(model.root);
        return { blob, info, phases };
      } finally {
        model.dispose();
        this.renderer.renderLists.dispose();
      }
    } catch (error) {
      const e = serializeError(error);
      return { info: { ...info, failed: `${e.code ? `${e.code}: ` : ''}${e.message}` }, phases };
    }
  }

  /** The camera at the bounding sphere, from the viewer's first-view direction. */
  private frame(bounds: Bounds): void {
    const min = new THREE.Vector3(...bounds.min), max = new THREE.Vector3(...bounds.max);
    const empty = !(min.x <= max.x);
    const center = empty ? new THREE.Vector3() : min.clone().add(max).multiplyScalar(0.5);
    const radius = empty ? 1 : Math.max(min.distanceTo(max) / 2, 1e-4);
    const distance = (radius / Math.sin(THREE.MathUtils.degToRad(this.camera.fov) / 2)) * 1.02;
    this.camera.position.copy(center).addScaledVector(new THREE.Vector3(0.45, 0.3, 1).normalize(), distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 4;
    this.camera.lookAt(center);
    this.camera.updateProjectionMatrix();
  }

  private async picture(): Promise<Blob> {
    const canvas = this.canvas;
    if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
    return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the thumbnail could not be encoded'))), 'image/webp', 0.85));
  }
}
