// Checks of a conflict cloud's shape: five parts (an objective, two needs, two prerequisites)
// and the conflict between the prerequisites that the cloud is about.
import type { Check } from './context';
import { finding, listWords, named, nodesOfKind } from './tree-index';

function missing(have: number, want: number, one: string, second: string, both: string): string | undefined {
  if (have >= want) return undefined;
  if (want === 1) return one;
  return have === 0 ? both : second;
}

export const incompleteCloud: Check = (index) => {
  const objectives = nodesOfKind(index, 'objective');
  const needs = nodesOfKind(index, 'need');
  const prerequisites = nodesOfKind(index, 'prerequisite');
  const lacks = [
    missing(objectives.length, 1, 'an objective', '', ''),
    missing(needs.length, 2, '', 'a second need', 'its two needs'),
    missing(prerequisites.length, 2, '', 'a second prerequisite', 'its two prerequisites'),
  ].filter((part): part is string => part !== undefined);
  const anchor = objectives[0] ?? needs[0] ?? prerequisites[0] ?? index.tree.nodes[0];
  if (lacks.length === 0 || !anchor) return [];
  return [
    finding(
      'incomplete-cloud',
      index,
      anchor,
      `The conflict cloud lacks ${listWords(lacks)}. A cloud has five parts: an objective, two needs that serve it, and two conflicting prerequisites, one for each need.`,
    ),
  ];
};

export const cloudWithoutConflict: Check = (index) => {
  const prerequisites = nodesOfKind(index, 'prerequisite');
  if (prerequisites.length < 2) return []; // the incomplete cloud says so already
  const isPrerequisite = (id: string) => index.node.get(id)?.kind === 'prerequisite';
  const joined = index.links.some((link) => link.relation === 'conflicts_with' && isPrerequisite(link.to!) && link.from.some(isPrerequisite));
  if (joined) return [];
  return [
    finding(
      'cloud-without-conflict',
      index,
      prerequisites[0],
      `No conflicts_with link joins the prerequisites ${listWords(prerequisites.map((n) => named(n)))}. Say which two cannot both be done; without that conflict the cloud has nothing to resolve.`,
      prerequisites.map((n) => n.id),
    ),
  ];
};
