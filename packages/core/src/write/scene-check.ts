import { nameIssues } from '../scene/validate.js';
import type { Scene } from '../scene/types.js';
import { WriteError } from './errors.js';

/**
 * Refuses a scene with a name that is not a string (WriteError INVALID_SCENE naming where): every
 * writer encodes names as text, and a number or an object there would fail untyped.
 */
export function checkNameTypes(format: string, scene: Scene): void {
  const issues = nameIssues(scene);
  if (!issues.length) return;
  const first = issues[0];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  throw new WriteError({ format, code: 'INVALID_SCENE', limit: 'NAME_TYPE', value: `${first.message}${more}`, where: first.path });
}
