import type { ByteReader } from '@relic3d/core';
import type { Ms3dComment, Ms3dComments } from '../file.js';

function readComment(r: ByteReader, withIndex: boolean, what: string): Ms3dComment {
  const index = withIndex ? r.i32() : -1;
  const at = r.offset;
  const length = r.i32();
  if (length < 0 || length > r.remaining) {
    r.fail(`a ${what} length within ${r.remaining} bytes`, String(length), 'BAD_COUNT', at);
  }
  return { index, text: r.decode(r.u8Array(length, what)) };
}

function readCommentList(r: ByteReader, what: string): Ms3dComment[] {
  // Each record holds at least an index and a length.
  const n = r.count(r.i32(), 8, what);
  const list: Ms3dComment[] = [];
  for (let i = 0; i < n; i++) list.push(readComment(r, true, what));
  return list;
}

/** Trailer section a), after its sub-version 1 (docs/formats/ms3d.md §2.8): int32 counts, model comment without index. */
export function readComments(r: ByteReader, subVersion: number): Ms3dComments {
  const groups = readCommentList(r, 'group comments');
  const materials = readCommentList(r, 'material comments');
  const joints = readCommentList(r, 'joint comments');
  const modelCommentCount = r.count(r.i32(), 4, 'model comments');
  const comments: Ms3dComments = { subVersion, groups, materials, joints, modelCommentCount };
  for (let i = 0; i < modelCommentCount; i++) {
    const text = readComment(r, false, 'model comment').text;
    comments.model = comments.model === undefined ? text : `${comments.model}\n${text}`;
  }
  return comments;
}
