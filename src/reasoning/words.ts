// How trace fields read inside a finding's message.
import type { TraceField } from '../format';

export const TRACE_LABEL: Record<TraceField, string> = {
  addresses: 'addresses',
  derived_from: 'is derived from',
  implements: 'implements',
};
