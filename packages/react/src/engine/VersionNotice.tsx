import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';

/**
 * A notice above the form (the form changed since the draft was saved) until the applicant closes it. A status,
 * so screen readers announce it without taking the applicant away from where they are; closing removes it at once
 * (antd's own closing keeps the element while it animates).
 */
export function VersionNotice({ text, closeLabel }: { text: string; closeLabel: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      className="antrag-version-notice"
      title={text}
      action={
        <Button
          type="text"
          size="small"
          aria-label={closeLabel}
          icon={<CloseOutlined />}
          onClick={() => setOpen(false)}
        />
      }
    />
  );
}
