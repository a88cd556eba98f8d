/**
 * Bundle page: SurveyJS. survey-core + survey-react-ui with the default theme's CSS (the variant without the web
 * font, which would come from another host), the five fields' survey JSON from ../latency/peers.ts.
 */
import 'survey-core/survey-core.fontless.css';
import { json } from 'virtual:bundle-surveyjs';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';

createRoot(document.getElementById('root') as HTMLElement).render(<Survey model={new Model(json)} />);
