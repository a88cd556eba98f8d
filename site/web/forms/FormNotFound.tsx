/** The 404 page of a form that does not exist, loaded only then (it keeps antd's Result out of a form's first load). */

import type { Locale } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n/catalogue';
import { Button, Result } from 'antd';

export default function FormNotFound({ locale }: { locale: Locale }) {
  return (
    <Result
      status="404"
      title="404"
      subTitle={translate('errors.formNotFound', locale)}
      extra={
        <Button type="primary" href="/">
          {translate('wizard.goToHomepage', locale)}
        </Button>
      }
    />
  );
}
