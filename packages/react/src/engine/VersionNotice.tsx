import { CloseOutlined } from '@ant-design/icons-svg';
import { useEffect, useState } from 'react';
import { Icon } from '../widgets/index.js';
import { Alert } from './chrome/Alert.js';
import { Button } from './chrome/Button.js';

/**
 * A notice above the form (the form changed since the draft was saved) until the applicant closes it. A status, so
 * screen readers announce it without taking the applicant away from where they are. The live region is drawn empty
 * first and the text put in a moment later: most screen readers announce only changes inside a region that already
 * exists, and the notice comes with a form drawn anew. Closing removes it at once (antd's own closing keeps the
 * element while it animates).
 */
export function VersionNotice({ text, closeLabel }: { text: string; closeLabel: string }) {
  const [open, setOpen] = useState(true);
  const [shown, setShown] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), 150);
    return () => clearTimeout(timer);
  }, [text]);
  if (!open) return null;
  return (
    <div role="status" aria-live="polite" className="antrag-version-notice">
      {shown && (
        <Alert
          type="info"
          showIcon
          // the region around it is the status; the alert's own role would make it interrupt
          role="none"
          style={{ margin: '12px 0' }}
          title={shown}
          action={
            <Button
              type="text"
              aria-label={closeLabel}
              icon={<Icon icon={CloseOutlined} />}
              onClick={() => setOpen(false)}
              style={{ minWidth: 44, minHeight: 44 }}
            />
          }
        />
      )}
    </div>
  );
}
