// A tree's presentation, step by step in reading order: one step shows a node or an AND group,
// the next the arrow and what it leads to, as the sentence is read. Each step says what is shown
// so far (so stepping back is as cheap as stepping on), what is new, and the caption.
import type { ReadingStep, TreeReading } from './reading';

export interface PresentStep {
  /** Every node and link shown at this step. */
  nodes: string[];
  links: string[];
  /** What this step brings in. */
  fresh: string[];
  caption: string;
  /** The sentence's assumptions, read out after it. */
  because: string[];
  status: ReadingStep['status'];
}

export function presentationSteps(reading: TreeReading): PresentStep[] {
  const nodes: string[] = [];
  const links: string[] = [];
  const shown = new Set<string>();
  const steps: PresentStep[] = [];
  const show = (ids: string[]) => {
    const fresh = ids.filter((id) => !shown.has(id));
    for (const id of fresh) {
      shown.add(id);
      nodes.push(id);
    }
    return fresh;
  };
  for (const step of reading.steps) {
    const because = step.because.map((b) => b.text);
    const firstFresh = step.first.filter((id) => !shown.has(id));
    if (firstFresh.length > 0 && step.links.length > 0 && step.lead) {
      show(step.first);
      steps.push({ nodes: [...nodes], links: [...links], fresh: firstFresh, caption: step.lead, because: [], status: step.status });
    }
    const fresh = [...show(step.first), ...show(step.then), ...step.links];
    links.push(...step.links);
    steps.push({ nodes: [...nodes], links: [...links], fresh, caption: step.sentence, because, status: step.status });
  }
  return steps;
}
