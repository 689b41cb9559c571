// The model room: the format's types and vocabulary, JSON and path helpers, size limits, and the
// tolerant readers that draw what they can from a file that is not valid yet.
export * from './vocabulary';
export type * from './types';
export type * from './turn';
export { deepEqual, isObject, sameItems } from './json';
export { keepUnchanged } from './keep-unchanged';
export { decodeDelta, encodeDelta, encodeInParts, type DataDelta, type DataPath } from './data-delta';
export { formatPath, type Path, type PathSegment } from './path';
export { MAX_FILE_BYTES, MAX_ALIAS_VALUES, describeBytes } from './limits';
export { singleLine } from './findings';
export {
  readTrees,
  readTree,
  displayName,
  acceptedView,
  type DrawableNote,
  type DrawableTrace,
  type DrawableNode,
  type DrawableLink,
  type DrawableBacklogEntry,
  type DrawableTree,
} from './drawable';
