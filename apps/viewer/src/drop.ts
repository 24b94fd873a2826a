// Files dropped anywhere on the page: the drop overlay while dragging, then the dropped files and
// folders listed (files.ts fromDrop) and handed on.
import { $ } from './dom.js';
import { fromDrop, type FileSet } from './files.js';
import type { Stage } from './stage.js';

/** `covered`: whether what was opened covers the view (a folder's grid), which then stays undrawn. */
export function bindDrop(stage: Stage, open: (set: FileSet) => Promise<void>, fail: (error: unknown) => void, covered: () => boolean): void {
  let dragDepth = 0;
  addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; $('drop').hidden = false; });
  addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; $('drop').hidden = true; } });
  addEventListener('dragover', (e) => e.preventDefault());
  addEventListener('drop', async (e: DragEvent) => {
    e.preventDefault();
    dragDepth = 0;
    $('drop').hidden = true;
    if (!e.dataTransfer) return;
    // The view is not drawn while a dropped folder is listed and opened (on a software renderer its
    // frames were the page's longest tasks then); afterwards only if no grid covers it.
    const suspended = stage.suspended;
    stage.suspended = true;
    try {
      await open(await fromDrop(e.dataTransfer));
    } catch (error) {
      fail(error);
    } finally {
      if (!covered()) Object.assign(stage, { suspended }).invalidate();
    }
  });
}
