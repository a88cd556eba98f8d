/** The 404 page of a form that does not exist, loaded only then (it keeps antd's Result out of a form's first load). */
import { Button, Result } from 'antd';
import type { Locale } from '../../../renderer/core/dsl/types.js';
import { translate } from '../../../renderer/core/i18n/catalogue.js';

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
