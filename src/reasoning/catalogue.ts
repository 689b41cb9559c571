// The checks, as a user meets them: a short title, the category of legitimate reservation it
// raises (Theory of Constraints), the backlog work it suggests and the trees it reads.
import type { TreeKey } from '../format';
import type { CheckCode } from './types';

export interface CheckInfo {
  code: CheckCode;
  title: string;
  /** The category of legitimate reservation the finding raises, where one fits. */
  reservation?: string;
  work: string;
  /** The trees the check looks at; undefined for every tree. */
  trees?: readonly TreeKey[];
}

export const CHECKS: Record<CheckCode, CheckInfo> = {
  'effect-without-cause': {
    code: 'effect-without-cause',
    title: 'Undesirable effect with no cause',
    reservation: 'causality existence',
    work: 'connect_or_explain',
    trees: ['current_reality'],
  },
  'cause-explains-nothing': {
    code: 'cause-explains-nothing',
    title: 'Cause or condition that leads nowhere',
    reservation: 'causality existence',
    work: 'connect_or_explain',
    trees: ['goal', 'current_reality', 'future_reality', 'transition'],
  },
  'sole-cause': {
    code: 'sole-cause',
    title: 'Is this cause enough on its own?',
    reservation: 'cause sufficiency',
    work: 'test_causality',
  },
  'link-without-assumption': {
    code: 'link-without-assumption',
    title: 'Accepted link with no assumption',
    work: 'examine_assumption',
  },
  'rests-on-dispute': {
    code: 'rests-on-dispute',
    title: 'Accepted, but resting on a dispute',
    work: 'resolve_challenge',
  },
  'idle-injection': {
    code: 'idle-injection',
    title: 'Injection that addresses nothing',
    work: 'connect_or_explain',
    trees: ['future_reality'],
  },
  'unreached-desirable-effect': {
    code: 'unreached-desirable-effect',
    title: 'Desirable effect no injection leads to',
    reservation: 'causality existence',
    work: 'connect_or_explain',
    trees: ['future_reality'],
  },
  'hanging-negative-branch': {
    code: 'hanging-negative-branch',
    title: 'Negative branch left hanging',
    work: 'close_negative_branch',
    trees: ['future_reality'],
  },
  'incomplete-cloud': {
    code: 'incomplete-cloud',
    title: 'Cloud missing one of its five parts',
    work: 'complete_cloud',
    trees: ['conflict'],
  },
  'cloud-without-conflict': {
    code: 'cloud-without-conflict',
    title: 'Cloud with no conflict between its prerequisites',
    work: 'complete_cloud',
    trees: ['conflict'],
  },
  'unovercome-obstacle': {
    code: 'unovercome-obstacle',
    title: 'Obstacle nothing overcomes',
    work: 'connect_or_explain',
    trees: ['prerequisite'],
  },
  'action-without-effect': {
    code: 'action-without-effect',
    title: 'Action with no expected effect',
    work: 'connect_or_explain',
    trees: ['transition'],
  },
  'effect-meets-no-need': {
    code: 'effect-meets-no-need',
    title: 'Expected effect that meets no need',
    work: 'connect_or_explain',
    trees: ['transition'],
  },
  'causal-cycle': {
    code: 'causal-cycle',
    title: 'Causes that loop back',
    reservation: 'cause-effect reversal',
    work: 'test_causality',
  },
  'duplicate-text': {
    code: 'duplicate-text',
    title: 'Same statement twice',
    reservation: 'tautology',
    work: 'merge_or_reword',
  },
};
