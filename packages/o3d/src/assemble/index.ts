/** Character assembly: parts on one skeleton, held items on its hands (docs/formats/o3d.md §14). */
export { assembleCharacter, type AssembleOptions, type ModelFile } from './assemble-character.js';
export { heldAttachment, type HeldSlot } from './hand-bones.js';
