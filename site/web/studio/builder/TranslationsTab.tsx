/**
 * The translations view over the open form's JSON text: every text by language (`TranslationsView`), its edits
 * written back as one undoable edit of that text, as the builder's are.
 */

import { Alert } from 'antd';
import { useMemo } from 'react';
import { useStudioT } from '../i18n.js';
import { jsonText } from '../templates.js';
import { parseDefinition } from './selection.js';
import { TranslationsView } from './TranslationsView.js';

export function TranslationsTab({ text, onText }: { text: string; onText(text: string): void }) {
  const t = useStudioT();
  const parsed = useMemo(() => parseDefinition(text), [text]);
  if (!('definition' in parsed)) return <Alert type="warning" showIcon title={t('builder.unreadable')} />;
  return <TranslationsView definition={parsed.definition} onChange={(next) => onText(jsonText(next))} />;
}
