/** A step's section drawn as a dialog (`display: 'modal'`), loaded with its step (lazyParts.tsx). */

import type { SectionPlan } from '@antrag/core/compile/types';
import { Alert, Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useMediaQuery } from '../hooks/useMediaQuery.js';
import { Paragraph } from './Heading.js';
import type { Translate } from './i18n.js';

export interface ModalSectionProps {
  section: SectionPlan;
  open: boolean;
  failure?: string;
  onNext: () => void;
  t: Translate;
  children: ReactNode;
}

/**
 * A section shown as a dialog the user cannot dismiss (no close button, no Escape, no click outside): only
 * its Next closes it, once its fields pass. Width as the form says, full width on narrow screens.
 */
export function ModalSection({ section, open, failure, onNext, t, children }: ModalSectionProps) {
  const modal = section.modal ?? { width: '60%', fullWidthBelow: 1110 };
  const narrow = useMediaQuery(`(max-width: ${modal.fullWidthBelow - 1}px)`);
  return (
    <Modal
      open={open}
      title={section.headline ? t(section.headline) : undefined}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={narrow ? '100%' : modal.width}
      footer={
        <Button type="primary" htmlType="button" onClick={onNext}>
          {t('wizard.next')}
        </Button>
      }
    >
      {section.description ? <Paragraph>{t(section.description)}</Paragraph> : null}
      {failure ? <Alert type="error" showIcon role="alert" title={t(failure)} style={{ marginBottom: 16 }} /> : null}
      {children}
    </Modal>
  );
}
