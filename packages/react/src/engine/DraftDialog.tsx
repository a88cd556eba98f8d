import { Button, Modal } from 'antd';
import { useRef } from 'react';
import type { Translate } from './i18n.js';

/**
 * 'You have an in-progress booking!': continue the stored draft or delete it. Focus starts on continuing: an
 * applicant pressing Enter at once keeps their answers rather than deleting them.
 */
export function DraftDialog({
  open,
  onResume,
  onDiscard,
  t,
}: {
  open: boolean;
  onResume: () => void;
  onDiscard: () => void;
  t: Translate;
}) {
  const resume = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={t('wizard.resumeTitle')}
      closable={false}
      mask={{ closable: false }}
      afterOpenChange={(visible) => {
        if (visible) resume.current?.focus();
      }}
      // the wizard puts the focus on the step's headline once it is answered
      focusTriggerAfterClose={false}
      footer={[
        <Button key="no" onClick={onDiscard}>
          {t('wizard.resumeNo')}
        </Button>,
        <Button key="yes" type="primary" onClick={onResume} ref={resume} autoFocus>
          {t('wizard.resumeYes')}
        </Button>,
      ]}
    >
      <p>{t('wizard.resumeText')}</p>
    </Modal>
  );
}
