// Thumbnails: parse a model of the opened folder, pose it, light it, frame it to its bounds and draw
// it small, into one cell of an atlas; one read-back then serves every cell drawn (where WebGL is
// software-rendered, each read-back cost 126 ms against 35 ms for parse, build and draw together).
// The same code runs in the thumbnail worker (OffscreenCanvas) and, where a worker cannot draw, on
// the page with a hidden canvas (an atlas of one cell there: one thumbnail per task).
import * as THREE from 'three';
import { baseNameOf, computeBounds, FolderIndex, indexResolver, requireFormat, serializeError, type Bounds, type IndexReader, type Resolver } from '@relic3d/core';
import { inputFormats, type GltfParseOptions } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { sceneStats, setLodLevel, toThree } from '@relic3d/three';
import { workerGltfDecoders } from '../draco.js';
import { packedBytes } from '../files.js';
import type { ThumbInfo } from './catalog.js';
import { viewSide, type Direction, type Triangles } from './view-side.js';

/** Thumbnail edge in pixels: small images keep 5,400 of them in a few tens of MB. */
export const THUMB_SIZE = 128;
/** Shader programs kept compiled across models (a folder's models share a few dozen at most). */
const MAX_KEPT_PROGRAMS = 64;

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;
type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

export interface Drawn {
  /** The atlas cell the model was drawn in (none when it failed); its picture comes from `flush`. */
  cell?: number;
  info: ThumbInfo;
  phases: Record<string, number>;
}

/** What a folder's thumbnails share: its files, one index over their paths, one renderer. */
export class ThumbRenderer {
  private files: Record<string, Blob> = {};
  private index = FolderIndex.fromPaths([]);
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
  private readonly pivot = new THREE.Group();
  /** Cells drawn since the last read-back. */
  private used = 0;
  private copy?: Context2D;
  private pixels?: Uint8Array;
  private readonly kept = new Map<object, THREE.Material>();

  /** `side`: the atlas is side × side thumbnails. */
  constructor(private readonly canvas: AnyCanvas, private readonly side = 1) {
    canvas.width = THUMB_SIZE * side;
    canvas.height = THUMB_SIZE * side;
    // preserveDrawingBuffer: the picture is read after the draw call returns. No multisampling: where
    // WebGL is software-rendered it multiplies the cost of every thumbnail, and at 128 px it barely shows.
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false, alpha: true, preserveDrawingBuffer: true });
    this.renderer.setSize(THUMB_SIZE * side, THUMB_SIZE * side, false);
    // Each draw clears and fills its own cell only.
    this.renderer.setScissorTest(true);
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
  /** Every path of the folder, when its files are still arriving (it may grow: see `listing`). */
  private names?: readonly string[];
  /** How many of `names` the index holds. */
  private indexedNames = 0;
  /** Settles once `names` holds every path (a picked folder listed in parts); none when it does. */
  private listing?: Promise<unknown>;
  /** False while files of the folder may still arrive: a companion not there yet is waited for. */
  private arrived = true;
  private readonly waiting = new Map<string, ((file: Blob | undefined) => void)[]>();
  /** Asks for a file of the folder a drawing waits on. */
  onNeed?: (path: string) => void;

  /**
   * The folder's files by root-relative path (File objects: read only when asked for); `more` adds
   * to them. `names` (a new folder): all its paths, when its files are still arriving; with
   * `listed`, its paths so far, an array that grows in place until `listed` settles.
   */
  setFolder(files: Record<string, Blob>, more = false, names?: readonly string[], listed?: Promise<unknown>): void {
    if (!more) {
      this.release();
      this.files = { ...files };
      this.names = names;
      this.arrived = !names;
      this.indexed = false;
      const listing = (this.listing = listed);
      void listed?.then(() => this.listing === listing && (this.listing = undefined));
      // Every name is known: indexed now, while the first drawing job is still on its way.
      if (names) this.indexNames();
      return;
    }
    Object.assign(this.files, files);
    if (!this.names) this.indexed = false;
    for (const [path, file] of Object.entries(files)) {
      for (const answer of this.waiting.get(path) ?? []) answer(file);
      this.waiting.delete(path);
    }
  }

  /** Indexes the paths listed since the last call (the worker calls it per part: a first model waited 55 ms for all 9,665, issue 31). */
  indexNames(): void {
    if (this.indexed && this.names) this.index.addPaths(this.names.slice(this.indexedNames));
    else this.index = FolderIndex.fromPaths(this.names ?? Object.keys(this.files));
    this.indexedNames = this.names?.length ?? 0;
    this.indexed = true;
  }

  /** Every file of the folder has arrived: what is still waited for is not there. */
  complete(): void {
    this.arrived = true;
    this.release();
  }

  private release(): void {
    for (const [path, answers] of this.waiting) for (const answer of answers) answer(this.files[path]);
    this.waiting.clear();
  }

  /**
   * The companions' resolver from `fromDir`. While the folder is still listed, a name not listed yet
   * is answered once the listing ends, and `partial` is told when a model lists a folder (Flyff's
   * `<skeleton>_*.ani`): that list may lack files, so the drawing is done again.
   */
  private resolverFrom(fromDir: string, read: IndexReader, partial: () => void): Resolver {
    const now = () => {
      if (!this.indexed || this.indexedNames !== (this.names?.length ?? 0)) this.indexNames();
      return indexResolver(this.index, fromDir, read);
    };
    const listing = this.listing;
    if (!listing) return now();
    const resolve = ((name: string) => (now().key!(name) !== undefined || !this.listing ? now()(name) : listing.then(() => now()(name)))) as Resolver;
    resolve.list = () => {
      if (this.listing) partial();
      return now().list!();
    };
    resolve.key = (name: string) => now().key!(name);
    return resolve;
  }

  /** A file of the folder, a model's or a companion's; one not arrived yet is asked for and waited on (issue 31: a model's facts, hence its job, can come before its file). */
  private fileOf(path: string): Promise<Blob | undefined> {
    const file = this.files[path];
    if (file || this.arrived) return Promise.resolve(file);
    return new Promise((resolve) => {
      const answers = this.waiting.get(path);
      if (answers) answers.push(resolve);
      else {
        this.waiting.set(path, [resolve]);
        this.onNeed?.(path);
      }
    });
  }

  /** Every cell holds a drawing: `flush` before the next `draw`. */
  get full(): boolean {
    return this.used >= this.side * this.side;
  }

  /** Cells drawn since the last `flush`. */
  get pending(): number {
    return this.used;
  }

  /** Draws `path` into the next cell; a model that cannot be read gets no cell and `failed` says why. */
  async draw(path: string): Promise<Drawn> {
    const phases: Record<string, number> = {};
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      phases[name] = now - mark;
      mark = now;
    };
    const info: ThumbInfo = { skinned: false, clips: 0, lods: 0, missingTextures: 0, triangles: 0 };
    if (!this.indexed || this.indexedNames !== (this.names?.length ?? 0)) (this.indexNames(), lap('index'));
    const file = await this.fileOf(path);
    if (!file) return { info: { ...info, failed: `${path} is not in the folder` }, phases };
    try {
      await ready();
      lap('ready');
      const bytes = await packedBytes(file);
      const fileName = baseNameOf(path);
      const format = requireFormat(bytes, fileName, inputFormats);
      const reads = new Map<string, Promise<Uint8Array | undefined>>();
      const read = (relative: string) => {
        let found = reads.get(relative);
        if (!found) reads.set(relative, (found = this.fileOf(relative).then((blob) => (blob ? packedBytes(blob) : undefined))));
        return found;
      };
      let partial = false;
      const resolve = this.resolverFrom(path.slice(0, Math.max(0, path.lastIndexOf('/'))), read, () => (partial = true));
      const options: GltfParseOptions = { fileName, resolve, gltfDecoders: workerGltfDecoders };
      const scene = await format.parse(bytes, options);
      lap('parse');
      const model = toThree(scene, { resolve, colliders: false, materials: 'phong' });
      try {
        await model.ready;
        lap('three');
        // It listed a folder not listed in full then: drawn again once it is (nothing was drawn yet).
        if (partial) return await Promise.resolve(this.listing).then(() => this.draw(path));
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
        this.frame(bounds, viewSide(trianglesOf(model.root)));
        lap('pose');
        const cell = this.used++;
        const x = (cell % this.side) * THUMB_SIZE, y = (this.side - 1 - Math.floor(cell / this.side)) * THUMB_SIZE;
        this.renderer.setViewport(x, y, THUMB_SIZE, THUMB_SIZE);
        this.renderer.setScissor(x, y, THUMB_SIZE, THUMB_SIZE);
        this.renderer.render(this.scene, this.camera);
        lap('draw');
        this.pivot.remove(model.root);
        mixer?.stopAllAction();
        mixer?.uncacheRoot(model.root);
        return { cell, info, phases };
      } finally {
        const d0 = performance.now();
        this.keepPrograms(model.root);
        model.dispose();
        this.renderer.renderLists.dispose();
        phases.dispose = performance.now() - d0;
      }
    } catch (error) {
      const e = serializeError(error);
      return { info: { ...info, failed: `${e.code ? `${e.code}: ` : ''}${e.message}` }, phases };
    }
  }

  /**
   * Draws and reads back a small stand-in model before any folder opens: the WASM kernels, the shader
   * programs of the usual Phong materials (with and without a map, skinned or not) and the software
   * renderer's first read-back and encode (the first thumbnail's 0.3 s of one-time costs) are paid
   * at idle time instead.
   */
  async warmUp(): Promise<void> {
    await ready();
    const map = new THREE.DataTexture(new Uint8Array([200, 180, 160, 255]), 1, 1);
    map.colorSpace = THREE.SRGBColorSpace;
    map.needsUpdate = true;
    const root = new THREE.Group();
    const bone = new THREE.Bone();
    root.add(bone);
    for (const [i, withMap] of [false, true].entries()) {
      for (const skinned of [false, true]) {
        const geometry = new THREE.BoxGeometry(0.5, 0.5, 0.5);
        const count = geometry.getAttribute('position').count;
        geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(new Uint16Array(count * 4), 4));
        geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute(new Float32Array(count * 4).fill(0.25), 4));
        const material = new THREE.MeshPhongMaterial({ map: withMap ? map : null });
        const mesh = skinned ? new THREE.SkinnedMesh(geometry, material) : new THREE.Mesh(geometry, material);
        if (mesh instanceof THREE.SkinnedMesh) mesh.bind(new THREE.Skeleton([bone]));
        mesh.position.set(i - 0.5, skinned ? 0.5 : -0.5, 0);
        root.add(mesh);
      }
    }
    this.pivot.add(root);
    this.frame({ min: [-1, -1, -1], max: [1, 1, 1] }, [1, 1, 1]);
    this.renderer.setViewport(0, (this.side - 1) * THUMB_SIZE, THUMB_SIZE, THUMB_SIZE);
    this.renderer.setScissor(0, (this.side - 1) * THUMB_SIZE, THUMB_SIZE, THUMB_SIZE);
    this.renderer.render(this.scene, this.camera);
    this.used = 1;
    await Promise.all(this.flush());
    this.pivot.remove(root);
    this.keepPrograms(root);
    root.traverse((o) => (o as THREE.Mesh).geometry?.dispose());
    map.dispose();
    this.renderer.renderLists.dispose();
  }

  /**
   * Keeps one material per shader program alive, so disposing a model does not free a program the
   * next model needs: compiling them again (software WebGL compiles slowly) was most of a thumbnail.
   */
  private keepPrograms(root: THREE.Object3D): void {
    root.traverse((object) => {
      const materials = (object as THREE.Mesh).material;
      if (!materials) return;
      for (const material of Array.isArray(materials) ? materials : [materials]) {
        const program = (this.renderer.properties.get(material) as { currentProgram?: object }).currentProgram;
        if (!program || this.kept.has(program) || this.kept.size >= MAX_KEPT_PROGRAMS) continue;
        this.kept.set(program, material);
        // The model's dispose() leaves this one; its texture slots let go of the images.
        material.dispose = () => {};
        for (const [key, value] of Object.entries(material)) if (value instanceof THREE.Texture) (material as unknown as Record<string, unknown>)[key] = null;
      }
    });
  }

  /** The camera at the bounding sphere, looking from `side` (view-side.ts: the side that shows the model). */
  private frame(bounds: Bounds, side: Direction): void {
    const min = new THREE.Vector3(...bounds.min), max = new THREE.Vector3(...bounds.max);
    const empty = !(min.x <= max.x);
    const center = empty ? new THREE.Vector3() : min.clone().add(max).multiplyScalar(0.5);
    const radius = empty ? 1 : Math.max(min.distanceTo(max) / 2, 1e-4);
    const distance = (radius / Math.sin(THREE.MathUtils.degToRad(this.camera.fov) / 2)) * 1.02;
    this.camera.position.copy(center).addScaledVector(new THREE.Vector3(...side).normalize(), distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 4;
    this.camera.lookAt(center);
    this.camera.updateProjectionMatrix();
  }

  /**
   * One read-back of the atlas (readPixels: copying cells out of an ImageBitmap read the whole
   * atlas back again per cell); each cell drawn since the last is then encoded (WebP, in the
   * browser's encoder, finishing after this returns), by cell.
   */
  flush(): Promise<Blob>[] {
    const count = this.used;
    this.used = 0;
    if (!count) return [];
    const width = THUMB_SIZE * this.side;
    const rows = Math.ceil(count / this.side) * THUMB_SIZE;
    const gl = this.renderer.getContext();
    // The top rows only (WebGL's rows run bottom-up): those are the cells drawn.
    const pixels = (this.pixels ??= new Uint8Array(width * width * 4));
    gl.readPixels(0, width - rows, width, rows, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    const copy = (this.copy ??= smallCanvas());
    const image = copy.createImageData(THUMB_SIZE, THUMB_SIZE);
    const out: Promise<Blob>[] = [];
    for (let cell = 0; cell < count; cell++) {
      cellPixels(pixels, width, rows, cell % this.side, Math.floor(cell / this.side), image.data);
      copy.putImageData(image, 0, 0);
      out.push(encode(copy.canvas));
    }
    return out;
  }
}

/**
 * The drawn meshes' triangles as placed in the model (a skinned mesh's in its bind pose, which
 * its bones, not its node, place), for choosing the side to look from.
 */
function* trianglesOf(root: THREE.Object3D): Generator<Triangles> {
  root.updateMatrixWorld(true);
  const meshes: THREE.Mesh[] = [];
  root.traverseVisible((o) => {
    if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh);
  });
  for (const mesh of meshes) {
    const position = mesh.geometry.getAttribute('position');
    if (!position || !(position.array instanceof Float32Array) || position.itemSize !== 3) continue;
    const index = mesh.geometry.getIndex();
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    const doubleSided = materials.some((m) => m.side === THREE.DoubleSide);
    yield { positions: position.array, indices: index?.array, matrix: (mesh as THREE.SkinnedMesh).isSkinnedMesh ? undefined : mesh.matrixWorld.elements, doubleSided };
  }
}

/**
 * One cell of the read-back atlas (`rows` rows of `width` pixels, bottom-up, premultiplied) as
 * top-down, straight-alpha pixels for an ImageData.
 */
function cellPixels(atlas: Uint8Array, width: number, rows: number, column: number, row: number, out: Uint8ClampedArray): void {
  for (let y = 0; y < THUMB_SIZE; y++) {
    const from = ((rows - 1 - (row * THUMB_SIZE + y)) * width + column * THUMB_SIZE) * 4;
    const to = y * THUMB_SIZE * 4;
    for (let i = 0; i < THUMB_SIZE * 4; i += 4) {
      const a = atlas[from + i + 3];
      const k = a && a < 255 ? 255 / a : 1;
      out[to + i] = atlas[from + i] * k;
      out[to + i + 1] = atlas[from + i + 1] * k;
      out[to + i + 2] = atlas[from + i + 2] * k;
      out[to + i + 3] = a;
    }
  }
}

/** A 2D canvas of one thumbnail, to copy a cell out and encode it. */
function smallCanvas(): Context2D {
  const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(THUMB_SIZE, THUMB_SIZE) : Object.assign(document.createElement('canvas'), { width: THUMB_SIZE, height: THUMB_SIZE });
  // willReadFrequently keeps it in memory: a GPU-backed one was read back on every encode (96 ms each).
  return canvas.getContext('2d', { willReadFrequently: true }) as Context2D;
}

/** The canvas as it is now, as WebP (the copy is taken at once; the encoding finishes later). */
function encode(canvas: OffscreenCanvas | HTMLCanvasElement): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the thumbnail could not be encoded'))), 'image/webp', 0.85));
}
