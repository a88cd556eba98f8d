// jsdom lacks browser APIs antd, the widgets and the runner use: these are test doubles, used only in tests.
import { cleanup } from '@testing-library/react';
import { ConfigProvider, message, notification } from 'antd';
import { createElement } from 'react';
import { afterAll, afterEach } from 'vitest';
// every language's texts, as on the server (the web app loads the one a page shows)
import '../../packages/core/src/i18n/index.js';
import { preloadWizardParts } from '../../packages/react/src/engine/lazyParts.js';
import { fallbackWidgets } from '../../packages/react/src/engine/registry.js';
import { loadCountryNames } from '../../packages/react/src/i18n/countryNames.js';
import { preloadAll } from '../../packages/react/src/widgets/index.js';
import { isLazyComponent } from '../../packages/react/src/widgets/lazy.js';

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

if (typeof globalThis.MessageChannel === 'undefined') {
  type Port = { onmessage: ((e: unknown) => void) | null; postMessage: (d: unknown) => void; close: () => void };
  class MessageChannelStub {
    port1: Port;
    port2: Port;
    constructor() {
      const port1: Port = { onmessage: null, postMessage: () => {}, close: () => {} };
      const port2: Port = { onmessage: null, postMessage: () => {}, close: () => {} };
      port1.postMessage = (data) => setTimeout(() => port2.onmessage?.({ data }), 0);
      port2.postMessage = (data) => setTimeout(() => port1.onmessage?.({ data }), 0);
      this.port1 = port1;
      this.port2 = port2;
    }
  }
  Object.assign(globalThis, { MessageChannel: MessageChannelStub });
}

// jsdom has <dialog> without its modal methods: open and close it as a browser would, without the top layer
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom does not implement scrolling; the runner scrolls to the top on every step change
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= () => {};

// jsdom does not implement getComputedStyle for pseudo elements; antd asks for them when measuring scrollbars
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, pseudo?: string | null) =>
  realGetComputedStyle(elt, pseudo ? undefined : pseudo);

// widgets and fields load lazily in the product (widgets/lazy.tsx); tests draw them at once, as after a preload
await preloadAll();
await preloadWizardParts();
await Promise.all(Object.values(fallbackWidgets).map((w) => (isLazyComponent(w) ? w.preload() : undefined)));
for (const locale of ['de', 'fr', 'vi', 'es', 'zh', 'ru']) await loadCountryNames(locale);

// antd's static toasts (message.error, …) live outside the rendered tree and leave through a motion whose end jsdom
// never reports, so a destroyed toast stayed in the page, and its late removal could render after vitest removed
// jsdom: without motion they come and go at once
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

/** antd's static toasts, drawn outside the rendered tree. */
const TOAST = '.ant-message-notice, .ant-notification-notice';

/** Lets React's scheduler (setImmediate in Node) and antd's motion timers run while the page still exists. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  // antd's static toasts live outside the rendered tree and close on their own timer (3 s): a timer firing after
  // vitest has removed jsdom made React touch `window` and fail the run ("window is not defined")
  message.destroy();
  notification.destroy();
  cleanup();
  localStorage.clear();
  await settle();
  // the toast holder's last render (a destroyed toast leaving) happens while the page still exists
  for (let waited = 0; waited < 500 && document.querySelector(TOAST); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  // React's scheduler may still hold a task of the file's last render; on a busy machine it can run after vitest has
  // removed jsdom and fail the run ("window is not defined"): give it a few turns of the event loop first
  for (let turn = 0; turn < 5; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});
