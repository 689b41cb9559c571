// A media query of the page (a narrow window, less motion, a dark system theme), asked of the
// browser once and then followed by its change events: asking at every render made the browser
// bring its styles up to date in the middle of the render (7–12 ms a render on a big tree).
export interface WatchedQuery {
  matches(): boolean;
  /** Calls `onChange` whenever the answer changes; returns the function that stops it. */
  subscribe(onChange: () => void): () => void;
}

const queries = new Map<string, WatchedQuery>();

export function watchedQuery(text: string): WatchedQuery {
  let query = queries.get(text);
  if (!query) {
    query = watch(text);
    queries.set(text, query);
  }
  return query;
}

function watch(text: string): WatchedQuery {
  let answer: boolean | undefined;
  const listeners = new Set<() => void>();
  /** Asked the first time it is needed (never on import), and only where there is a browser. */
  const start = (): boolean => {
    if (answer !== undefined) return answer;
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
    const list = window.matchMedia(text);
    answer = list.matches;
    list.addEventListener('change', (event) => {
      answer = event.matches;
      for (const listener of listeners) listener();
    });
    return answer;
  };
  return {
    matches: start,
    subscribe(onChange) {
      start();
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
