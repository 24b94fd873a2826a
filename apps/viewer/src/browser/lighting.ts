// Lighting presets and the background colour of the full view. 'default' is the viewer's own light,
// unchanged; the others only retune the lights the stage already has (no downloads).
import * as THREE from 'three';
import type { Stage } from '../stage.js';
import type { LightingPreset } from './hash-state.js';

interface LightSetting {
  environment: number;
  hemisphere: { sky: number; ground: number; intensity: number };
  key: { color: number; intensity: number; position: [number, number, number] };
  rim: { color: number; intensity: number };
}

const PRESETS: Record<Exclude<LightingPreset, 'default'>, LightSetting> = {
  // A bright room: strong reflections from RoomEnvironment, white key and rim.
  studio: { environment: 1.1, hemisphere: { sky: 0xffffff, ground: 0x404040, intensity: 0.4 }, key: { color: 0xffffff, intensity: 2.2, position: [2, 4, 5] }, rim: { color: 0xffffff, intensity: 1.6 } },
  // Sky above, warm earth below, a high sun.
  outdoor: { environment: 0.25, hemisphere: { sky: 0x9ecbff, ground: 0x6b5a3a, intensity: 1.6 }, key: { color: 0xfff0d0, intensity: 2.8, position: [4, 9, 3] }, rim: { color: 0xffffff, intensity: 0 } },
  // Even, colourless light: textures read as they are.
  neutral: { environment: 0.5, hemisphere: { sky: 0xffffff, ground: 0x808080, intensity: 1.2 }, key: { color: 0xffffff, intensity: 0.9, position: [3, 5, 4] }, rim: { color: 0xffffff, intensity: 0.4 } },
};

type Lights = { hemisphere: THREE.HemisphereLight; key: THREE.DirectionalLight; rim: THREE.DirectionalLight };

export class Lighting {
  private readonly lights: Lights;
  private readonly initial: LightSetting;
  private readonly initialBackground: THREE.Color;
  preset: LightingPreset = 'default';
  /** Six hex digits, or undefined for the default background. */
  background?: string;

  constructor(private readonly stage: Stage) {
    const children = stage.scene.children;
    const directional = children.filter((c): c is THREE.DirectionalLight => (c as THREE.DirectionalLight).isDirectionalLight);
    this.lights = { hemisphere: children.find((c): c is THREE.HemisphereLight => (c as THREE.HemisphereLight).isHemisphereLight)!, key: directional[0], rim: directional[1] };
    const { hemisphere, key, rim } = this.lights;
    this.initial = {
      environment: stage.scene.environmentIntensity,
      hemisphere: { sky: hemisphere.color.getHex(), ground: hemisphere.groundColor.getHex(), intensity: hemisphere.intensity },
      key: { color: key.color.getHex(), intensity: key.intensity, position: key.position.toArray() as [number, number, number] },
      rim: { color: rim.color.getHex(), intensity: rim.intensity },
    };
    this.initialBackground = (stage.scene.background as THREE.Color).clone();
  }

  /** The default background as six hex digits. */
  get defaultBackground(): string {
    return this.initialBackground.getHexString();
  }

  setPreset(preset: LightingPreset): void {
    this.preset = preset;
    const s = preset === 'default' ? this.initial : PRESETS[preset];
    const { hemisphere, key, rim } = this.lights;
    this.stage.scene.environmentIntensity = s.environment;
    hemisphere.color.setHex(s.hemisphere.sky);
    hemisphere.groundColor.setHex(s.hemisphere.ground);
    hemisphere.intensity = s.hemisphere.intensity;
    key.color.setHex(s.key.color);
    key.intensity = s.key.intensity;
    key.position.set(...s.key.position);
    rim.color.setHex(s.rim.color);
    rim.intensity = s.rim.intensity;
    this.stage.invalidate();
  }

  setBackground(hex: string | undefined): void {
    this.background = hex && hex !== this.defaultBackground ? hex : undefined;
    // A new colour each time: the stage's default one is shared with its pixel probe.
    this.stage.scene.background = hex ? new THREE.Color(`#${hex}`) : this.initialBackground.clone();
    this.stage.invalidate();
  }
}
