import type { ResultScreen as ResultSettings } from '@antrag/core/dsl/types';
import { Button, Result } from 'antd';
import type { Translate } from './i18n.js';

export interface ResultScreenProps {
  settings?: ResultSettings;
  /** The booking or deal id of the answer. */
  id?: string;
  /** A message to show under the title (the server's, on a failure). */
  message?: string;
  /** On a failure: back to the filled-in form (nothing entered is lost). */
  onRetry?: () => void;
  /** Under the wizard's mobile breakpoint: the screen's `mobileTitle` where it has one. */
  isMobile?: boolean;
  t: Translate;
}

/**
 * The screen after the last submission: the thank-you with the booking or deal id, or the form's
 * failure result (e.g. a warning with the server's message, 'Back to home' and a way back to the form).
 */
export function ResultScreen({ settings, id, message, onRetry, isMobile, t }: ResultScreenProps) {
  const status = settings?.status ?? 'success';
  const title = t(((isMobile && settings?.mobileTitle) || settings?.title || 'wizard.thankYou') as string);
  const idKey = settings?.showId && /deal/i.test(settings.showId) ? 'wizard.dealId' : 'wizard.bookingId';
  const subTitle = [settings?.subTitle ? t(settings.subTitle as string) : '', message ?? '', id ? t(idKey, { id }) : '']
    .filter(Boolean)
    .join(' ');
  const link = settings?.link ?? { label: 'wizard.goToHomepage', href: '/' };
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle || undefined}
      extra={[
        onRetry ? (
          <Button key="retry" onClick={onRetry}>
            {t('wizard.tryAgain')}
          </Button>
        ) : null,
        <Button key="link" type="primary" href={link.href}>
          {t(link.label as string)}
        </Button>,
      ]}
    />
  );
}
