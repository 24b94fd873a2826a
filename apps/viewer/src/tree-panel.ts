import type * as THREE from 'three';
import type { Scene } from '@relic3d/core';
import type { ThreeScene } from '@relic3d/three';
import { $, h } from './dom.js';

const ICONS: Record<string, string> = { bone: '◆', mesh: '▲', lod: '◈', camera: '▣', light: '✦', node: '○' };
const KIND_NAMES: Record<string, string> = { bone: 'joint', mesh: 'mesh', lod: 'LOD group', camera: 'camera', light: 'light', node: 'node' };

/** The scene tree. Children are built when a row is first opened, so a huge or very deep scene costs nothing up front. */
export function renderTree(scene: Scene, model: ThreeScene, select: (object: THREE.Object3D) => void): void {
  const tree = $('tree');
  tree.replaceChildren();
  const item = (i: number, depth: number): HTMLLIElement => {
    const node = scene.nodes[i];
    const kind = node.lods?.length ? 'lod' : node.joint ? 'bone' : node.mesh !== undefined ? 'mesh' : node.camera !== undefined ? 'camera' : node.light !== undefined ? 'light' : 'node';
    const name = node.name || `node ${i}`;
    let tip = `${name}\n${KIND_NAMES[kind]} · node ${i}`;
    const row = h('div', { className: `tree-row ${kind}` }, h('span', { className: 'icon' }, ICONS[kind]), h('span', { className: 'tree-name' }, name));
    if (node.mesh !== undefined) {
      const mesh = scene.meshes[node.mesh];
      const v = mesh?.primitives.reduce((n, p) => n + p.attributes.POSITION.length / 3, 0) ?? 0;
      row.append(h('span', { className: 'tree-meta' }, `${v} v`));
      tip += ` · ${v} vertices`;
    }
    const children = node.children.filter((c) => scene.nodes[c]);
    if (children.length) tip += ` · ${children.length} children`;
    row.title = tip;
    const li = h('li', {}, row);
    row.onclick = () => {
      tree.querySelectorAll('.tree-row.selected').forEach((r) => r.classList.remove('selected'));
      row.classList.add('selected');
      select(model.nodes[i]);
    };
    if (children.length) {
      let built = false;
      const open = () => {
        if (!built) {
          built = true;
          li.append(h('ul', {}, ...children.map((c) => item(c, depth + 1))));
        }
        li.classList.remove('collapsed');
      };
      li.classList.add('collapsed');
      row.prepend(h('span', { className: 'twisty', onclick: (e: Event) => { e.stopPropagation(); if (li.classList.contains('collapsed')) open(); else li.classList.add('collapsed'); } }, '▾'));
      if (depth < 2) open();
    } else row.prepend(h('span', { className: 'twisty' }, ''));
    return li;
  };
  for (const r of scene.roots) if (scene.nodes[r]) tree.append(item(r, 0));
}
