// The collaboration room's shared core: a working file inside a Y.Doc (items keyed by internal
// keys, statements as Y.Text), read back as the format's data, written as the smallest change,
// and the rules of credit and roles. Pure of Node and of the DOM: the server (collab/server) and
// the page (collab/client) both build on it.
export { DOC_SCHEMA, LIST_NAMES, REMOVED_PREFIX, epochOf, fieldKind, newKey, presentingOf, rootsOf, type ListName, type SharedRoots, type StoredRef } from './shared-doc';
export { DocReader, readDoc, type DocView, type ItemPlace } from './read-doc';
export { EMPTY_VIEW, isStructuredTree, planView, viewWithObjects, writeFileToDoc, writeViewToDoc, type TypedText } from './write-doc';
export { docOf, fillDoc } from './load-doc';
export { checkCredit, withCorrections, TOUCHED_ALL, type Touched, type Verdict } from './credit';
export { writeEdit } from './edit-doc';
export { DocRepairs } from './repair-doc';
export { assistantName, colourOf, stampPresence, PRESENCE_COLOURS } from './presence';
