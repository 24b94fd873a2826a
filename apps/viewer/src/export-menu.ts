// The Export menu: glTF binary and every legacy writer; one file downloads as is, several as one .zip.
import type { Warning } from '@relic3d/core';
import { $, h } from './dom.js';
import type { ExportFormat, WireError } from './protocol.js';
import type { ParserWorker } from './worker-client.js';
import { zip } from './zip.js';

export interface ExportMenuHooks {
  parser: ParserWorker;
  /** The model on show (its file name), or undefined when nothing is. */
  modelName(): string | undefined;
  /** The export's warnings (empty for a clean one), shown with the model's. */
  onWarnings(format: ExportFormat, warnings: Warning[]): void;
  onError(error: WireError): void;
}

/** Saves `bytes` as a download named `name`. */
function download(name: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const MIME: Record<string, string> = { glb: 'model/gltf-binary' };

/** Fills the menu once the worker has listed its formats, and wires the button. */
export function bindExportMenu(hooks: ExportMenuHooks): void {
  const button = $<HTMLButtonElement>('export');
  const menu = $('export-menu');
  const status = $('export-status');
  const close = () => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };
  button.onclick = () => {
    menu.hidden = !menu.hidden;
    button.setAttribute('aria-expanded', String(!menu.hidden));
  };
  addEventListener('click', (e: MouseEvent) => {
    if (!menu.hidden && !(e.target instanceof Node && (menu.contains(e.target) || button.contains(e.target)))) close();
  });
  addEventListener('keydown', (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  });

  const run = async (format: ExportFormat) => {
    close();
    const name = hooks.modelName();
    if (!name) return;
    const stem = name.replace(/\.[^.]+$/, '') || 'scene';
    button.disabled = true;
    button.textContent = `Exporting ${format.extension}…`;
    status.textContent = '';
    try {
      const reply = await hooks.parser.ask({ type: 'export', id: hooks.parser.newId(), format: format.id });
      if (reply.type === 'error') {
        status.textContent = `${format.extension}: refused`;
        return hooks.onError(reply.error);
      }
      if (reply.type !== 'exported') return;
      const names = Object.keys(reply.files);
      if (names.length === 1) download(names[0]!, reply.files[names[0]!]!, MIME[format.id] ?? 'application/octet-stream');
      else download(`${stem}-${format.id}.zip`, zip(reply.files), 'application/zip');
      const warned = reply.warnings.length ? `, ${reply.warnings.length} warning${reply.warnings.length === 1 ? '' : 's'}` : '';
      status.textContent = `${format.extension}: ${names.length} file${names.length === 1 ? '' : 's'}${names.length > 1 ? ' (zip)' : ''}${warned}`;
      status.title = names.join('\n');
      hooks.onWarnings(format, reply.warnings);
    } catch (error) {
      hooks.onError({ name: 'Error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      button.disabled = !hooks.modelName();
      button.textContent = 'Export ▾';
    }
  };

  void hooks.parser.ask({ type: 'formats', id: hooks.parser.newId() }).then((reply) => {
    if (reply.type !== 'formats') return;
    menu.replaceChildren(
      ...reply.formats.map((format) => {
        const item = h('button', { type: 'button', className: 'menu-item', role: 'menuitem', title: `${format.name} (${format.extension})` }, format.name, h('span', { className: 'mono ext' }, format.extension));
        item.dataset.format = format.id;
        item.onclick = () => void run(format);
        return item;
      }),
    );
  }, (error: unknown) => hooks.onError({ name: 'Error', message: `the export formats could not be listed: ${String(error)}` }));
}
