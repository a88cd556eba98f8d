import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routeOf } from './App.js';
import { FORM_PAGE_DATA_ID } from './forms/pageData.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const route = routeOf(window.location);
// screen readers pick their voice from the page language
document.documentElement.lang = route.locale;
// a form page the server drew: hydrate its HTML (the engine's code comes with it)
const drawn = route.formId ? document.getElementById(FORM_PAGE_DATA_ID) : null;
if (drawn?.textContent) {
  const data = JSON.parse(drawn.textContent);
  const notice = () => document.getElementById('antrag-code-failed');
  import('./forms/hydrate.js').then(
    async ({ hydrateFormPage }) => {
      await hydrateFormPage(root, route, data);
      // the code is all there: a file the loader saw fail once (and the browser then loaded after all) is no reason
      // to tell the applicant the form could not be loaded; a part that fails later says so in its place
      const shown = notice();
      if (shown) shown.hidden = true;
    },
    () => {
      // the form's code could not be loaded (the network): the drawn form stays disabled, so the page says why and
      // offers to ask again (the notice the server put beside the form, in its language)
      const shown = notice();
      if (shown) shown.hidden = false;
    },
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App route={route} />
    </StrictMode>,
  );
}
