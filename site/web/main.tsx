import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routeOf } from './App.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const route = routeOf(window.location);
// screen readers pick their voice from the page language
document.documentElement.lang = route.locale;
createRoot(root).render(
  <StrictMode>
    <App route={route} />
  </StrictMode>,
);
