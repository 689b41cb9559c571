// Reasoning checks: advice about the logic of the trees, derived from a working file. Pure, like
// src/format; the editor and the command line both read findings from here.
export { CHECK_CODES, findingKey, type CheckCode, type ReasoningFinding } from './types';
export { CHECKS, type CheckInfo } from './catalogue';
export { runChecks, findingsOf, type CheckReport } from './run-checks';
export { DISMISSALS_KEY, readDismissals, dismissFinding, restoreFinding, type Dismissal } from './dismissals';
export { backlogInput, existingEntry } from './backlog';
