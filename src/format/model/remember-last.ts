// A reading of one version of the file, remembered for the last few versions (by identity). A
// change is compared with the version before it, which was the last change's new version: each
// version of a big file is read once, not once as "after" and again as "before". Only a few are
// kept, as an undo history holds many versions. The results are shared: callers only read them.
export function rememberLast<A, R>(read: (version: A) => R, size = 2): (version: A) => R {
  const kept: { version: A; result: R }[] = [];
  return (version) => {
    const known = kept.find((entry) => entry.version === version);
    if (known) return known.result;
    const result = read(version);
    kept.unshift({ version, result });
    if (kept.length > size) kept.length = size;
    return result;
  };
}
