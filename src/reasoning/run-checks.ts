// Every check over a whole file: the findings people are shown, and those they set aside.
import type { Json } from '../format';
import { readTrees, type DrawableTree } from '../format';
import { CHECKS } from './catalogue';
import { causalCycle, soleCause } from './causality-checks';
import { cloudWithoutConflict, incompleteCloud } from './cloud-checks';
import {
  actionWithoutEffect,
  causeExplainsNothing,
  effectMeetsNoNeed,
  effectWithoutCause,
  hangingNegativeBranch,
  idleInjection,
  unovercomeObstacle,
  unreachedDesirableEffect,
} from './connection-checks';
import { checkContext, type Check, type CheckContext } from './context';
import { dismissedKeys } from './dismissals';
import { duplicateText, linkWithoutAssumption, restsOnDispute } from './scrutiny-checks';
import { indexTree } from './tree-index';
import { CHECK_CODES, findingKey, type CheckCode, type ReasoningFinding } from './types';

const RUN: Record<CheckCode, Check> = {
  'effect-without-cause': effectWithoutCause,
  'cause-explains-nothing': causeExplainsNothing,
  'sole-cause': soleCause,
  'link-without-assumption': linkWithoutAssumption,
  'rests-on-dispute': restsOnDispute,
  'idle-injection': idleInjection,
  'unreached-desirable-effect': unreachedDesirableEffect,
  'hanging-negative-branch': hangingNegativeBranch,
  'incomplete-cloud': incompleteCloud,
  'cloud-without-conflict': cloudWithoutConflict,
  'unovercome-obstacle': unovercomeObstacle,
  'action-without-effect': actionWithoutEffect,
  'effect-meets-no-need': effectMeetsNoNeed,
  'causal-cycle': causalCycle,
  'duplicate-text': duplicateText,
};

export interface CheckReport {
  /** Findings still open, by tree (goal … transition), then by check, then in file order. */
  findings: ReasoningFinding[];
  /** Findings the group set aside as not a problem, in the same order. */
  dismissed: ReasoningFinding[];
}

/**
 * Each tree's findings as last found, with what they were found in: a tree read the same way
 * (trees are read once per version) among other trees offering the same context gets them
 * again, so an edit in one tree of a big file checks that tree, not all six.
 */
const foundByTree = new WeakMap<DrawableTree, { context: string; findings: ReasoningFinding[] }>();

/** Every finding of the trees, dismissed or not. An empty tree has nothing to check yet. */
export function findingsOf(trees: DrawableTree[]): ReasoningFinding[] {
  const context = checkContext(trees);
  const shared = contextKey(context);
  const all: ReasoningFinding[] = [];
  for (const tree of trees) {
    if (tree.nodes.length === 0) continue;
    const known = foundByTree.get(tree);
    if (known && known.context === shared) {
      all.push(...known.findings);
      continue;
    }
    const index = indexTree(tree);
    const findings: ReasoningFinding[] = [];
    for (const code of CHECK_CODES) {
      const scope = CHECKS[code].trees;
      if (scope && !scope.includes(tree.key)) continue;
      findings.push(...RUN[code](index, context));
    }
    foundByTree.set(tree, { context: shared, findings });
    all.push(...findings);
  }
  return all;
}

/**
 * All a tree's checks read of the other trees (see `CheckContext`): which nodes something
 * implements, and which nodes are disputed, with their statements.
 */
function contextKey(context: CheckContext): string {
  const parts = [...context.implemented].sort();
  parts.push('');
  for (const node of context.nodes.values()) if (node.status === 'disputed') parts.push(`${node.id}\u0000${node.text}`);
  return parts.join('\u0001');
}

export function runChecks(data: Json | undefined, trees: DrawableTree[] = readTrees(data)): CheckReport {
  const dismissed = dismissedKeys(data);
  const report: CheckReport = { findings: [], dismissed: [] };
  for (const finding of findingsOf(trees)) (dismissed.has(findingKey(finding)) ? report.dismissed : report.findings).push(finding);
  return report;
}
