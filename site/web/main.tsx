import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routeOf } from './App.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App route={routeOf(window.location)} />
  </StrictMode>,
);
