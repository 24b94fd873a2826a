import type { ByteReader, WarningSink } from '@relic3d/core';
import type { Ms3dFile, Ms3dParseOptions } from '../file.js';
import { readComments } from './comments.js';
import { readJointExtra } from './joint-extra.js';
import { VERTEX_EXTRA_SIZES } from './layout.js';
import { readModelExtra } from './model-extra.js';
import { readVertexExtra } from './vertex-extra.js';

/**
 * The optional trailer (docs/formats/ms3d.md §2.8): four sections, each with an i32 sub-version,
 * each present only if 4 bytes remain. An unknown sub-version stops the trailer with a warning;
 * everything read before it is kept.
 */
export function readTrailer(r: ByteReader, file: Ms3dFile, sink: WarningSink, options: Ms3dParseOptions): void {
  const stop = (): boolean => {
    if (r.remaining >= 4) return false;
    if (r.remaining > 0) {
      file.unreadBytes = r.remaining;
      sink.warn('MS3D_TRAILING_BYTES', `${r.remaining} bytes after the last section are ignored`, r.offset);
    }
    return true;
  };
  const unknown = (section: string, subVersion: number, at: number): void => {
    file.unreadBytes = r.length - at;
    sink.warn(
      'MS3D_UNKNOWN_SUBVERSION',
      `${section} sub-version ${subVersion} is unknown; the remaining ${file.unreadBytes} bytes are ignored`,
      at,
    );
  };

  // a) comments
  if (stop()) return;
  let at = r.offset;
  let subVersion = r.i32();
  if (subVersion !== 1) return unknown('comments', subVersion, at);
  file.comments = readComments(r, subVersion);
  file.trailer.push('comments');

  // b) vertex extra
  if (stop()) return;
  at = r.offset;
  subVersion = r.i32();
  const recordSize = VERTEX_EXTRA_SIZES[subVersion];
  if (!recordSize) return unknown('vertex extra', subVersion, at);
  file.vertexExtra = readVertexExtra(r, subVersion, recordSize, file.vertices.count, options);
  file.trailer.push('vertexExtra');

  // c) joint extra
  if (stop()) return;
  at = r.offset;
  subVersion = r.i32();
  if (subVersion !== 1) return unknown('joint extra', subVersion, at);
  file.jointExtra = readJointExtra(r, subVersion, file.joints.length);
  file.trailer.push('jointExtra');

  // d) model extra
  if (stop()) return;
  at = r.offset;
  subVersion = r.i32();
  if (subVersion !== 1) return unknown('model extra', subVersion, at);
  file.modelExtra = readModelExtra(r, subVersion);
  file.trailer.push('modelExtra');

  if (r.remaining > 0) {
    file.unreadBytes = r.remaining;
    sink.warn('MS3D_TRAILING_BYTES', `${r.remaining} bytes after the model extra are ignored (newer MilkShape build?)`, r.offset);
  }
}
