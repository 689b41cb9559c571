// A value that follows another once the page is idle (within `atMostMs`): for what nobody is
// waiting to see the moment it changes (what "Record snapshot" would record), so that working it
// out for a big file never sits between an edit, or a file just chosen, and its picture.
import { useEffect, useState } from 'react';
import { whenIdle } from '../../store/when-idle';

export function useWhenIdle<T>(value: T, atMostMs = 500): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let cancelled = false;
    whenIdle(() => cancelled || setShown(() => value), atMostMs);
    return () => {
      cancelled = true;
    };
  }, [value, shown, atMostMs]);
  return shown;
}
