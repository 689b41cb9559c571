// What the last action told the user: what else it changed, or why it was refused.
import { useEffect } from 'react';
import { useDocumentStore } from '../store/document-store';

export function NoticeBar() {
  const notice = useDocumentStore((s) => s.notice);
  const dismiss = useDocumentStore((s) => s.dismissNotice);
  useEffect(() => {
    if (!notice || notice.tone === 'refusal' || notice.action) return;
    const timer = setTimeout(dismiss, 7000);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div className="cw-notice-area" aria-live="polite">
      {notice && (
        <div className={`cw-notice is-${notice.tone}`} role={notice.tone === 'refusal' ? 'alert' : 'status'} data-notice-tone={notice.tone}>
          <span>{notice.tone === 'refusal' ? 'Not done: ' : ''}{notice.text}</span>
          {notice.action && (
            <button
              type="button"
              className="cw-button cw-notice-action"
              onClick={() => {
                if (notice.action!.run() !== 'keep') dismiss();
              }}
            >
              {notice.action.label}
            </button>
          )}
          <button type="button" className="cw-notice-close" onClick={dismiss} aria-label="Dismiss message">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
