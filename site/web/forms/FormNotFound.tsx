/** The 404 page of a form that does not exist, loaded only then (it keeps antd's Result out of a form's first load). */

import type { Locale } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n/catalogue';
import { accessibleTheme } from '@antrag/react/engine/theme';
import { Button, ConfigProvider, Result } from 'antd';

export default function FormNotFound({ locale }: { locale: Locale }) {
  // antd's components with the engine's theme (its accessible blue), as the form's own antd parts
  return (
    <ConfigProvider theme={accessibleTheme}>
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
    </ConfigProvider>
  );
}
