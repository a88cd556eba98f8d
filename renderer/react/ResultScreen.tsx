import { Button, Result } from 'antd';
import type { ResultScreen as ResultSettings } from '../core/dsl/types.js';
import type { Translate } from './i18n.js';

/** The thank-you or warning screen after the last submission, with the booking or deal id. */
export function ResultScreen({ settings, id, t }: { settings?: ResultSettings; id?: string; t: Translate }) {
  const status = settings?.status ?? 'success';
  const title = t((settings?.title as string | undefined) ?? 'wizard.thankYou');
  const idKey = settings?.showId && /deal/i.test(settings.showId) ? 'wizard.dealId' : 'wizard.bookingId';
  const subTitle = [settings?.subTitle ? t(settings.subTitle as string) : '', id ? t(idKey, { id }) : '']
    .filter(Boolean)
    .join(' ');
  const link = settings?.link ?? { label: 'wizard.goToHomepage', href: '/' };
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle || undefined}
      extra={
        <Button type="primary" href={link.href}>
          {t(link.label as string)}
        </Button>
      }
    />
  );
}
