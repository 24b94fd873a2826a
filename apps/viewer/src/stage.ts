import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { setLodLevel, type ThreeScene } from '@relic3d/three';
import type { Bounds } from '@relic3d/core';
import { ProgramCache } from './program-cache.js';
import { loadEnvironment } from './stage/environment.js';
import { floorGrid, frameBox, FRONT_VIEW } from './stage/framing.js';
import { updateHelpers, viewHelpers, type ViewFlags } from './stage/helpers.js';
import { probePixels, type Probe } from './stage/probe.js';

const BACKGROUND = new THREE.Color(0x14161c);

/** The 3D view: renderer, camera, lights, helpers and the animation mixer of the loaded model. */
export class Stage {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
  readonly controls: OrbitControls;
  readonly clock = new THREE.Clock();
  /** The last models' shader programs, kept compiled for the next models (program-cache.ts). */
  readonly programs: ProgramCache;
  model?: ThreeScene;
  mixer?: THREE.AnimationMixer;
  action?: THREE.AnimationAction;
  speed = 1;
  private isPlaying = true;
  /** Moves the camera with the skeleton's root joint, so a model that walks stays in view. */
  follow = true;
  private anchor?: THREE.Object3D;
  private readonly anchorAt = new THREE.Vector3();
  private readonly anchorNow = new THREE.Vector3();
  private grid?: THREE.GridHelper;
  private helpers: THREE.Object3D[] = [];
  private selection?: THREE.BoxHelper;
  private flags: ViewFlags = { skeleton: false, wireframe: false, normals: false };
  private pivot = new THREE.Group();
  onFrame?: () => void;
  /** Called once when drawing the model fails; the model is taken off the stage. */
  onError?: (error: unknown) => void;
  private faultNext = false;
  /** Something changed that the next frame must draw. */
  private dirty = true;
  /** The frame asked for, 0 while asleep (render on demand). Not three's setAnimationLoop: stopped
   * from inside its callback, it asks for the next frame anyway. */
  private frameRequest = 0;
  /** A capped clip's next frame, asked for when due: a frame asked for at every vsync and skipped
   * kept the compositor and GPU process awake (0.22 CPU-s/s at ?fps=1, 0.01 asleep). */
  private capTimer = 0;
  /**
   * The most frames a second a playing clip alone draws (`?fps=`). Software-rendered WebGL spends
   * a core on a skinned model at the display's rate (0.9 CPU-s/s in headless Chromium); a change
   * (a drag, a seek, a new model) still draws at the next frame.
   */
  maxAnimationFps = Infinity;
  private lastDrawAt = -Infinity;
  private readonly onAnimationFrame = () => {
    this.frameRequest = 0;
    this.frame();
  };
  /** Settles once the studio environment is on the scene (a model shown before would look different). */
  readonly environmentReady: Promise<void>;
  /** The view the model was first framed with, for Reset. */
  private home?: { position: THREE.Vector3; target: THREE.Vector3; near: number; far: number };

  constructor(readonly canvas: HTMLCanvasElement) {
    // alpha: a screenshot can have a transparent background (the scene's background keeps the view opaque).
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
    this.renderer.toneMapping = THREE.ACESFilmicToneMapping;
    this.renderer.toneMappingExposure = 1.0;
    this.programs = new ProgramCache(this.renderer);
    this.scene.background = BACKGROUND;
    // Baked at build time (stage/environment.ts): generating it was 2.1 CPU-s of a software-GL page load.
    this.environmentReady = loadEnvironment(this.renderer).then((texture) => {
      this.scene.environment = texture;
      this.invalidate();
    });
    this.scene.environmentIntensity = 0.6;
    const key = new THREE.DirectionalLight(0xfff2e0, 1.6);
    key.position.set(3, 5, 4);
    const rim = new THREE.DirectionalLight(0x88aaff, 1.2);
    rim.position.set(-4, 2, -3);
    this.scene.add(new THREE.HemisphereLight(0xdde6ff, 0x2a2a30, 0.8), key, rim, this.pivot);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    // A drag or wheel moves the camera outside the loop; damping then moves it on from inside.
    this.controls.addEventListener('start', () => this.invalidate());
    this.controls.addEventListener('change', () => this.invalidate());
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement!);
    this.resize();
  }

  /** Test hook: the next frame throws, as a failing draw would (and is asked for). */
  get failNextFrame(): boolean {
    return this.faultNext;
  }

  set failNextFrame(on: boolean) {
    this.faultNext = on;
    if (on) this.invalidate();
  }

  /** Playing or paused; playing keeps the loop drawing. */
  get playing(): boolean {
    return this.isPlaying;
  }

  set playing(on: boolean) {
    this.isPlaying = on;
    this.invalidate();
  }

  /** Whether a clip is playing (frames are drawn continuously only then). */
  get animating(): boolean {
    return !!(this.mixer && this.action && this.playing);
  }

  /** Asks for the next frame to be drawn (e.g. a texture arrived), starting the loop if it sleeps. */
  invalidate(): void {
    this.dirty = true;
    // Waiting for the cap: the change draws at the next frame; the clip's time runs on meanwhile.
    if (this.capTimer && !this.isSuspended) this.frameRequest ||= requestAnimationFrame(this.onAnimationFrame);
    if (this.frameRequest || this.isSuspended) return;
    this.clock.getDelta(); // the time asleep is not clip time
    this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
  }

  /** Whether the loop asks for frames (false on an idle page: it costs no CPU, in the GPU process neither). */
  get requestsFrames(): boolean {
    return this.frameRequest !== 0 || this.capTimer !== 0;
  }

  resize(): void {
    this.invalidate();
    const parent = this.canvas.parentElement!;
    const w = Math.max(1, parent.clientWidth), h = Math.max(1, parent.clientHeight);
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  private isSuspended = false;

  /** Nothing is drawn while set (the folder browser covers the view); the loop sleeps. */
  get suspended(): boolean {
    return this.isSuspended;
  }

  set suspended(on: boolean) {
    this.isSuspended = on;
    cancelAnimationFrame(this.frameRequest);
    clearTimeout(this.capTimer);
    this.frameRequest = this.capTimer = 0;
    if (!on) this.invalidate();
  }

  private frame(): void {
    if (this.isSuspended) return;
    try {
      this.draw();
    } catch (error) {
      // A model that cannot be drawn is removed, so the failure is reported once, not every frame.
      this.clear();
      this.onError?.(error);
    }
  }

  private draw(): void {
    if (this.faultNext) {
      this.faultNext = false;
      throw new Error('injected render fault');
    }
    const animating = this.animating;
    const now = performance.now();
    if (animating && !this.dirty && now - this.lastDrawAt < 1000 / this.maxAnimationFps) {
      // Too soon for the cap: the clip's clock runs on, so the next drawn frame shows the right time.
      this.frameWhenDue(this.lastDrawAt + 1000 / this.maxAnimationFps - now);
      return;
    }
    this.lastDrawAt = now;
    const dt = this.clock.getDelta();
    if (animating) this.mixer!.update(Math.min(dt, 0.1) * this.speed);
    this.followAnchor();
    const moved = this.controls.update();
    // Drawn when something changed; the next frame asked for while something moves (unless the camera's
    // 'change' did): an idle page drawing once a second cost 0.27 CPU-s/s in headless Chromium, asleep 0.05.
    if (moved || (animating && !Number.isFinite(this.maxAnimationFps))) this.frameRequest ||= requestAnimationFrame(this.onAnimationFrame);
    else if (animating) this.frameWhenDue(1000 / this.maxAnimationFps);
    if (!animating && !moved && !this.dirty) return;
    this.dirty = false;
    this.selection?.update();
    updateHelpers(this.helpers);
    this.renderer.render(this.scene, this.camera);
    this.onFrame?.();
  }

  /** Asks for a frame in `ms` (the cap's next), unless one is asked for already. */
  private frameWhenDue(ms: number): void {
    if (this.frameRequest || this.capTimer) return;
    this.capTimer = window.setTimeout(() => {
      this.capTimer = 0;
      if (!this.isSuspended) this.frameRequest ||= requestAnimationFrame(this.onAnimationFrame);
    }, ms);
  }

  /** Replaces the model and frames it using the scene's bounds. */
  show(model: ThreeScene, bounds: Bounds): void {
    this.invalidate();
    this.clear();
    this.model = model;
    this.pivot.add(model.root);
    this.mixer = new THREE.AnimationMixer(model.root);
    this.pivot.rotation.set(0, 0, 0);
    this.frame3(new THREE.Vector3(...bounds.min), new THREE.Vector3(...bounds.max));
    this.home = { position: this.camera.position.clone(), target: this.controls.target.clone(), near: this.camera.near, far: this.camera.far };
    this.applyFlags();
    // The root joint of an animated skeleton: the camera follows its horizontal moves.
    const bones = model.clips.length ? (model.skeletons[0]?.bones ?? []) : [];
    this.anchor = bones.find((b) => !(b.parent as THREE.Bone | null)?.isBone);
    this.resetAnchor();
  }

  /** Whether the loaded model has an animated skeleton to follow. */
  get canFollow(): boolean {
    return !!this.anchor;
  }

  private resetAnchor(): void {
    if (this.anchor) this.anchor.getWorldPosition(this.anchorAt);
  }

  private followAnchor(): void {
    if (!this.anchor) return;
    const now = this.anchor.getWorldPosition(this.anchorNow);
    if (this.follow) {
      const dx = now.x - this.anchorAt.x, dz = now.z - this.anchorAt.z;
      this.camera.position.x += dx;
      this.camera.position.z += dz;
      this.controls.target.x += dx;
      this.controls.target.z += dz;
    }
    this.anchorAt.copy(now);
  }

  /** Turns the model so its +Z points up (Quake/Half-Life/3ds Max art kept in source axes), or back. */
  setZUp(on: boolean): void {
    this.invalidate();
    this.pivot.rotation.set(on ? -Math.PI / 2 : 0, 0, 0);
    if (!this.model) return;
    this.pivot.updateMatrixWorld(true);
    const box = new THREE.Box3().setFromObject(this.model.root, true);
    if (!box.isEmpty()) this.frame3(box.min, box.max);
    this.resetAnchor();
  }

  /** Frames what is on show now: the selected node, else the whole model as it is posed. */
  fit(): void {
    this.invalidate();
    const target = this.selected ?? this.model?.root;
    if (!target) return;
    target.updateWorldMatrix(true, true);
    const box = new THREE.Box3().setFromObject(target, true);
    if (box.isEmpty()) return;
    // Keep the direction the user looks from; only distance and target change.
    const dir = this.camera.position.clone().sub(this.controls.target);
    this.frame3(box.min, box.max, false, dir.lengthSq() > 0 ? dir.normalize() : undefined);
    this.resetAnchor();
  }

  /** Back to the view the model was first framed with. */
  resetView(): void {
    this.invalidate();
    if (!this.home) return;
    this.camera.position.copy(this.home.position);
    this.controls.target.copy(this.home.target);
    this.camera.near = this.home.near;
    this.camera.far = this.home.far;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.resetAnchor();
  }

  /** Points the camera at a box; `grid` also lays the floor grid under it (first framing). */
  private frame3(min: THREE.Vector3, max: THREE.Vector3, grid = true, dir = FRONT_VIEW): void {
    frameBox(this.camera, this.controls, min, max, dir);
    if (!grid) return;
    if (this.grid) this.scene.remove(this.grid);
    this.grid = floorGrid(min, max);
    this.scene.add(this.grid);
  }

  clear(): void {
    this.invalidate();
    this.action?.stop();
    this.mixer?.stopAllAction();
    this.mixer = undefined;
    this.action = undefined;
    this.select(undefined);
    this.helpers.forEach((h) => h.removeFromParent());
    this.helpers = [];
    if (this.grid) this.scene.remove(this.grid);
    this.anchor = undefined;
    this.home = undefined;
    if (this.model) {
      this.model.root.removeFromParent();
      this.programs.keep(this.model.materials);
      this.model.dispose();
      this.model = undefined;
    }
  }

  play(clip: THREE.AnimationClip | undefined): void {
    this.invalidate();
    this.action?.stop();
    this.action = undefined;
    if (!clip || !this.mixer) return;
    this.action = this.mixer.clipAction(clip);
    this.action.reset().play();
    this.playing = true;
    // The view was framed on the clip's pose, not the bind pose: follow from the clip's first frame.
    this.mixer.update(0);
    this.resetAnchor();
  }

  /** Seconds into the current clip. */
  get time(): number {
    return this.action ? this.action.time : 0;
  }

  seek(seconds: number): void {
    this.invalidate();
    if (!this.action || !this.mixer) return;
    this.action.time = seconds;
    this.mixer.update(0);
  }

  setFlag(flag: keyof Stage['flags'], on: boolean): void {
    this.invalidate();
    this.flags[flag] = on;
    this.applyFlags();
  }

  private applyFlags(): void {
    this.helpers.forEach((h) => h.removeFromParent());
    this.helpers = this.model ? viewHelpers(this.model, this.flags) : [];
    if (this.helpers.length) this.scene.add(...this.helpers);
  }

  setLod(level: number | 'auto'): void {
    this.invalidate();
    this.model?.lodObjects.forEach((lod) => setLodLevel(lod, level));
  }

  private selected?: THREE.Object3D;

  select(object: THREE.Object3D | undefined): void {
    this.invalidate();
    if (this.selection) this.scene.remove(this.selection);
    this.selection = undefined;
    this.selected = object;
    if (!object) return;
    this.selection = new THREE.BoxHelper(object, 0xffc857);
    this.scene.add(this.selection);
  }

  drawCalls(): number {
    return this.renderer.info.render.calls;
  }

  /** Renders the model alone (no grid or helpers) and reads the pixels back (stage/probe.ts). */
  probe(): Probe {
    return probePixels(this.renderer, this.scene, this.camera, [this.grid, this.selection, ...this.helpers], BACKGROUND);
  }
}
