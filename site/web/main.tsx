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
  import('./forms/hydrate.js').then(
    ({ hydrateFormPage }) => hydrateFormPage(root, route, data),
    () => {
      // the form's code could not be loaded (the network): the drawn form stays disabled, so the page says why and
      // offers to ask again (the notice the server put beside the form, in its language)
      const notice = document.getElementById('antrag-code-failed');
      if (notice) notice.hidden = false;
    },
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App route={route} />
    </StrictMode>,
  );
}
