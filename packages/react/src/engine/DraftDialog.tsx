import { Button, Modal } from 'antd';
import type { Translate } from './i18n.js';

/** 'You have an in-progress booking!': continue the stored draft or delete it. */
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
  return (
    <Modal
      open={open}
      title={t('wizard.resumeTitle')}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="no" onClick={onDiscard}>
          {t('wizard.resumeNo')}
        </Button>,
        <Button key="yes" type="primary" onClick={onResume}>
          {t('wizard.resumeYes')}
        </Button>,
      ]}
    >
      <p>{t('wizard.resumeText')}</p>
    </Modal>
  );
}
