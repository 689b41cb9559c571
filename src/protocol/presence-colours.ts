// Each person's colour in a group session, the same on every page and on the server: the server
// stamps it into presence, and a page colours its own person with it before its presence is back.
/** Observers follow without a hand in the reasoning: one quiet grey for all, apart from every person's colour. */
const OBSERVER_COLOUR = '#6b7280';
const OBSERVER_PREFIX = 'observer:';

/** Colours readable on the light and the dark canvas, each with a distinct hue. */
export const PRESENCE_COLOURS = ['#d1495b', '#2e86ab', '#3c9d5d', '#c17817', '#8e44ad', '#16a085', '#b5179e', '#5c6bc0', '#7f8c2b', '#c0392b'];

/**
 * A person's colour: the same on every page. Among the file's participants (`people`, any order)
 * each of the first ten, in order of id, has a colour of their own, so two people in one session
 * never share one; observers share a grey; anyone else (a file with more people) gets one by id.
 */
export function colourOf(id: string, people: Iterable<string> = []): string {
  if (id.startsWith(OBSERVER_PREFIX)) return OBSERVER_COLOUR;
  const at = [...new Set(people)].sort().indexOf(id);
  if (at >= 0 && at < PRESENCE_COLOURS.length) return PRESENCE_COLOURS[at];
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return PRESENCE_COLOURS[(hash >>> 0) % PRESENCE_COLOURS.length];
}
