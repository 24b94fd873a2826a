import type * as THREE from 'three';

/** Most shader programs kept for models no longer shown (the 98 corpus .glb need 18 in all). */
export const KEPT_PROGRAMS = 32;

/**
 * Keeps the shader programs of the last models shown compiled after the models are disposed, so
 * showing one of them again (or another with the same materials) reuses them: software WebGL
 * (SwiftShader) spends 0.3–1 CPU-s compiling a model's programs, a draw ~0.03. One material per
 * program is kept undisposed (its textures let go); past `limit` programs, the one used least
 * recently is released by disposing its material, as three does for any material.
 */
export class ProgramCache {
  /** Program → the one material kept for it, least recently used first (Map order). */
  private readonly kept = new Map<object, THREE.Material>();

  constructor(private readonly renderer: THREE.WebGLRenderer, public limit = KEPT_PROGRAMS) {}

  get size(): number {
    return this.kept.size;
  }

  /** Before `materials` are disposed: keeps one of them per program they were drawn with. */
  keep(materials: readonly THREE.Material[]): void {
    for (const material of materials) {
      const program = (this.renderer.properties.get(material) as { currentProgram?: object }).currentProgram;
      if (!program) continue;
      const held = this.kept.get(program);
      this.kept.delete(program);
      if (held) {
        this.kept.set(program, held);
        continue;
      }
      this.kept.set(program, material);
      // The model's dispose() passes this one by; its texture slots let go of the images.
      material.dispose = () => {};
      for (const [key, value] of Object.entries(material)) if ((value as THREE.Texture | null)?.isTexture) (material as unknown as Record<string, unknown>)[key] = null;
    }
    this.trim();
  }

  /** Releases the least recently used programs past `limit`. */
  trim(): void {
    for (const [program, material] of this.kept) {
      if (this.kept.size <= this.limit) break;
      this.kept.delete(program);
      // The prototype's dispose again: three releases the material's programs on its event.
      delete (material as Partial<THREE.Material>).dispose;
      material.dispose();
    }
  }
}
