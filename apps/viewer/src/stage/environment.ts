import * as THREE from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';

/**
 * The studio environment: three's RoomEnvironment prefiltered by PMREM at 128², a small, blurred
 * map indistinguishable from larger ones on these matte models. Generating it costs ~2.1 CPU-s of
 * software WebGL a page (its passes and shader compiles, not its size), so the build ships it baked
 * (`scripts/bake-environment.mjs`): the CubeUV texture's half floats, gzipped.
 */
export const ENVIRONMENT_SIZE = 128;
const BAKED = new URL('./room-environment.cubeuv.gz', import.meta.url);

/** PMREM's CubeUV layout for a `size`² cube (PMREMGenerator._allocateTargets). */
export function cubeUvSize(size = ENVIRONMENT_SIZE): { width: number; height: number } {
  return { width: 3 * Math.max(size, 16 * 7), height: 4 * size };
}

/** Prefilters RoomEnvironment on this renderer (what the baked map holds). */
export function generateEnvironment(renderer: THREE.WebGLRenderer): THREE.WebGLRenderTarget {
  const pmrem = new THREE.PMREMGenerator(renderer);
  const target = pmrem.fromScene(new RoomEnvironment(), 0.04, 0.1, 100, { size: ENVIRONMENT_SIZE });
  pmrem.dispose();
  return target;
}

/** The baked map as the texture PMREM makes: half floats, linear, CubeUV (three reads its height). */
export function environmentTexture(halves: Uint16Array, size = ENVIRONMENT_SIZE): THREE.DataTexture {
  const { width, height } = cubeUvSize(size);
  if (halves.length !== width * height * 4) throw new Error(`baked environment: ${halves.length} values, not ${width}×${height}×4`);
  const texture = new THREE.DataTexture(halves, width, height, THREE.RGBAFormat, THREE.HalfFloatType, undefined, undefined, undefined, THREE.LinearFilter, THREE.LinearFilter);
  texture.mapping = THREE.CubeUVReflectionMapping;
  texture.colorSpace = THREE.LinearSRGBColorSpace;
  texture.name = 'PMREM.cubeUv';
  texture.needsUpdate = true;
  return texture;
}

/** A CubeUV target's texels as half floats (read as floats: every WebGL2 float buffer reads so; exact). */
export function readEnvironment(renderer: THREE.WebGLRenderer, target: THREE.WebGLRenderTarget): Uint16Array {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const { width, height } = target;
  const floats = new Float32Array(width * height * 4);
  const before = renderer.getRenderTarget();
  renderer.setRenderTarget(target);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, floats);
  renderer.setRenderTarget(before);
  const halves = new Uint16Array(floats.length);
  for (let i = 0; i < floats.length; i++) halves[i] = THREE.DataUtils.toHalfFloat(floats[i]);
  return halves;
}

/** The baked map's half floats; a host may have sent the gzip already decoded (Content-Encoding). */
export async function fetchBakedEnvironment(url: URL | string = BAKED): Promise<Uint16Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  }
  return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
}

/** The environment texture: the baked one, or generated here if it cannot be fetched (file:// pages). */
export async function loadEnvironment(renderer: THREE.WebGLRenderer): Promise<THREE.Texture> {
  try {
    return environmentTexture(await fetchBakedEnvironment());
  } catch (error) {
    console.warn(`relic3d viewer: generating the environment map (${(error as Error)?.message ?? error})`);
    return generateEnvironment(renderer).texture;
  }
}
