// What a page of `causeway open` says when it has no way in: opened without the printed
// address, or with an address that has been used already (each lets one browser in, once).
import { useLiveStore } from '../../store/live/live-store';

export function LiveAccessMessage() {
  const access = useLiveStore((s) => s.access);
  const restarted = useLiveStore((s) => s.restarted);
  const host = typeof window === 'undefined' ? '' : window.location.host;
  if (access === 'ok' && !restarted) return null;
  return (
    <div className="cw-live-access" role="alert" data-testid="live-access">
      <h2>{access === 'address-used' ? 'This address has been used already' : restarted ? 'The server was started again' : 'Open the address causeway open printed'}</h2>
      {access === 'address-used' ? (
        <p>
          Each address <code>causeway open</code> prints lets one browser in, once, so that an address found later in a browser&apos;s history, a terminal or a process list
          lets nobody in. The browser that used it can come back to <code>http://{host}/</code> while the server runs.
        </p>
      ) : (
        <p>
          This page has no way in to the server at <code>{host}</code> yet. Open the address <code>causeway open</code> printed in its terminal (it ends with{' '}
          <code>#code=…</code>).
        </p>
      )}
      <p>
        {access === 'address-used' ? 'To come in with this browser, ' : 'If that address was used in another browser already, '}stop the server (Ctrl+C) and run <code>causeway open</code> again: it
        prints a new address.
      </p>
    </div>
  );
}
