// Working files the operation tests start from (test data only; nothing in the app imports it).
import { openWorkingFile } from '../open';
import type { WorkingFile } from '../types';

/** The example of the format's own text, all proposed. */
export const SEED = `schema_version: 1
project: Quote turnaround
driver: alice
participants:
  alice: Alice
  bob: Bob
active_tree: current_reality
trees:
  current_reality:
    nodes:
      - id: n1
        kind: undesirable_effect
        text: Customers often wait more than three days for quotes.
        status: proposed
        contributions:
          - {by: bob, attribution: explicit, mode: text}
      - id: n2
        kind: cause
        text: Sales often waits for pricing approval.
        status: proposed
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    links:
      - id: l1
        from: [n2]
        to: n1
        relation: contributes_to
        status: proposed
        contributions:
          - {by: bob, attribution: explicit, mode: text}
    backlog:
      - ref: n1
        work: connect_or_explain
      - ref: l1
        work: test_causality
`;

/**
 * Several trees with accepted reasoning, an AND link, traces across trees, notes, a disputed
 * item that keeps its old endorsement, the assistant as contributor, a participant named nowhere,
 * an empty tree, and unknown keys at every level (x_… keys).
 */
export const WORKSHOP = `schema_version: 1
project: Quote turnaround
x_meeting: 2024-03-18
driver: alice
participants:
  alice: Alice
  bob: Bob
  carol: Carol
  erin: Erin
active_tree: current_reality
trees:
  goal:
    x_owner: carol
    nodes:
      - id: n20
        kind: goal
        text: Win more profitable deals.
        status: accepted
        accepted_by: [alice, bob]
        contributions:
          - {by: carol, attribution: explicit, mode: voice}
      - id: n21
        kind: critical_success_factor
        text: Quotes go out within a day.
        status: accepted
        accepted_by: [alice]
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    links:
      - id: l20
        from: [n21]
        to: n20
        relation: necessary_for
        status: accepted
        accepted_by: [alice]
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    backlog: []
  current_reality:
    nodes:
      - id: n1
        kind: undesirable_effect
        text: Customers often wait more than three days for quotes.
        status: accepted
        accepted_by: [alice, bob]
        contributions:
          - {by: bob, attribution: explicit, mode: text, x_minute: 12}
      - id: n2
        kind: cause
        text: Sales often waits for pricing approval.
        status: accepted
        accepted_by: [alice]
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
        assumptions:
          - {text: Approval is needed for every quote., by: bob}
      - id: n3
        kind: cause
        text: Pricing approvers are in meetings most mornings.
        status: accepted
        accepted_by: [bob]
        contributions:
          - {by: assistant, attribution: assistant, mode: text}
      - id: n4
        kind: cause
        text: The price list is out of date.
        status: disputed
        accepted_by: [alice]
        contributions:
          - {by: carol, attribution: speaker_label, mode: voice}
        challenges:
          - {text: It was updated last month., by: bob}
        x_colour: red
      - id: n5
        kind: observation
        text: Three big customers left last quarter.
        status: proposed
        contributions:
          - {by: carol, attribution: explicit, mode: text}
    links:
      - id: l1
        from: [n2, n3]
        to: n1
        relation: causes
        status: accepted
        accepted_by: [alice, bob]
        contributions:
          - {by: bob, attribution: explicit, mode: text}
        x_weight: 2
      - id: l2
        from: [n4]
        to: n2
        relation: causes
        status: proposed
        contributions:
          - {by: carol, attribution: explicit, mode: voice}
    backlog:
      - {ref: n4, work: resolve_challenge, note: It was updated last month.}
      - {ref: l1, work: test_causality}
      - {ref: n5, work: connect_or_explain, x_due: friday}
  future_reality:
    nodes:
      - id: n30
        kind: injection
        text: Pre-approved price bands for standard quotes.
        status: proposed
        contributions:
          - {by: bob, attribution: explicit, mode: text}
        addresses: [n1]
        derived_from: [n2]
      - id: n31
        kind: desirable_effect
        text: Standard quotes go out the same day.
        status: proposed
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
          - {by: assistant, attribution: assistant, mode: text}
        implements: [n21]
    links:
      - id: l30
        from: [n30]
        to: n31
        relation: produces
        status: proposed
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    backlog:
      - {ref: l30, work: examine_assumption}
  transition:
    nodes: []
    links: []
    backlog: []
`;

/** An unversioned draft: no schema_version, items without status. */
export const DRAFT = `project: Draft
driver: alice
participants:
  alice: Alice
  bob: Bob
active_tree: current_reality
trees:
  current_reality:
    nodes:
      - id: n1
        kind: undesirable_effect
        text: Quotes are slow.
        contributions:
          - {by: bob, attribution: explicit, mode: text}
      - id: n2
        kind: cause
        text: Approvals wait.
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    links:
      - id: l1
        from: [n2]
        to: n1
        relation: causes
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    backlog:
      - {ref: n1, work: connect_or_explain}
`;

/** A version 1 file that arrived with errors, to be repaired step by step. */
export const BROKEN = `schema_version: 1
driver: alice
participants:
  alice: Alice
  bob: Bob
active_tree: current_reality
trees:
  current_reality:
    nodes:
      - id: n1
        kind: undesirable_effect
        text: Quotes are slow.
        status: proposed
        contributions:
          - {by: zed, attribution: explicit, mode: text}
      - id: n2
        kind: cause
        text: Approvals wait.
        status: proposed
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
      - id: n3
        kind: cause
        text: Approvers are busy.
        status: proposed
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    links:
      - id: l1
        from: [n2, n3]
        to: n1
        relation: causes
        status: accepted
        accepted_by: [alice]
        contributions:
          - {by: alice, attribution: driver_default, mode: text}
    backlog:
      - {ref: n9, work: connect_or_explain}
      - {ref: n8, work: test_causality}
      - {ref: n1, work: examine_assumption}
`;

export const SAMPLES = { seed: SEED, workshop: WORKSHOP, draft: DRAFT, broken: BROKEN } as const;

/** The sample's data, deeply frozen so that any mutation by an operation throws. */
export function sample(name: keyof typeof SAMPLES): WorkingFile {
  const opened = openWorkingFile(SAMPLES[name]);
  if (opened.data === undefined) throw new Error(`sample ${name} does not load`);
  return deepFreeze(opened.data) as unknown as WorkingFile;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
