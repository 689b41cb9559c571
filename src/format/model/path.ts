// Paths name a place in a file the way a reader would write it: trees.goal.links[2].from[1].

export type PathSegment = string | number;
export type Path = readonly PathSegment[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function formatPath(path: Path): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
