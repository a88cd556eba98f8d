/**
 * Bench page: SurveyJS (survey-core + survey-react-ui, its default theme's CSS in the variant without the web font:
 * the bench has no network) drawing one case's survey JSON, mapped from the form's definition by ./peers.ts:
 * validation as a value changes (`checkErrorsMode: 'onValueChanged'`), text values changing as they are typed
 * (`textUpdateMode: 'onTyping'`; `?textUpdate=onBlur` for SurveyJS's default, where a typed value changes when the
 * box is left).
 */
import 'survey-core/survey-core.fontless.css';
import { cases } from 'virtual:bench-surveyjs';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { installProbe } from './probe.js';

installProbe();

function Ready() {
  useEffect(() => {
    window.benchReady = true;
  }, []);
  return null;
}

const query = new URLSearchParams(location.search);
const name = query.get('case') ?? '';
const entry = cases[name];
if (!entry) window.benchError = `no case '${name}'`;
else {
  const survey = new Model(entry.json);
  const textUpdate = query.get('textUpdate');
  if (textUpdate) survey.textUpdateMode = textUpdate;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <>
      <Survey model={survey} />
      <Ready />
    </>,
  );
}
