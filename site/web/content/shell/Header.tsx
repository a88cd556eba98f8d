/** The navbar (spec 2.3, 2.6): logo to '/', menus, language switch; a drawer over the dimmed page on mobile. */

import { DownOutlined, MenuOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES } from '@antrag/core/i18n/locale';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentRecord } from '../api.js';
import { localHref, useSite, useText } from '../context.js';
import { Drawer } from '../Drawer.js';
import { SITE_LOCALES } from '../locales/index.js';
import { Img, Link, list, text } from '../ui.js';

/** The current address in another language: the same path under that locale's prefix. */
export function pathInLocale(path: string, locale: string, search = ''): string {
  return `${localHref(path, locale)}${search}`;
}

function LanguageSwitch({ path }: { path: string }) {
  const { locale } = useSite();
  const t = useText();
  return (
    <label className="cs-language">
      <span className="cs-visually-hidden">{t('nav.language')}</span>
      <select
        value={locale}
        onChange={(e) => {
          // the address as it is written here (an article's ends in a slash, as its canonical does)
          const slash = path !== '/' && window.location.pathname.endsWith('/') ? '/' : '';
          window.location.assign(
            pathInLocale(path.replace(/\/+$/, '') + slash, e.target.value, window.location.search),
          );
        }}
      >
        {SITE_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

function Dropdown({ item, id }: { item: Record<string, unknown>; id: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  return (
    <li
      ref={ref}
      className="cs-dropdown"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // the focused entry goes away with the menu: focus goes back to the button that opened it
        setOpen(false);
        toggle.current?.focus();
      }}
      onBlur={(e) => {
        // the keyboard left the menu (Tab past its last entry): it closes, as a click elsewhere closes it
        if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="cs-menu-link"
      >
        {text(item.label)} <DownOutlined aria-hidden rotate={open ? 180 : 0} className="cs-arrow" />
      </button>
      <ul id={id} className="cs-dropdown-menu" hidden={!open}>
        {list(item.children).map((child) => (
          <li key={text(child.url)}>
            <Link href={text(child.url)}>{text(child.label)}</Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function MenuItems({ items, prefix }: { items: Record<string, unknown>[]; prefix: string }) {
  return (
    <>
      {items.map((item, i) =>
        item.type === 'dropdown' && list(item.children).length > 0 ? (
          <Dropdown key={text(item.label)} item={item} id={`${prefix}-menu-${i}`} />
        ) : (
          <li key={text(item.label)}>
            <Link
              href={text(item.url)}
              className={item.type === 'button' ? 'cs-button cs-button-primary' : 'cs-menu-link'}
            >
              {text(item.label)}
            </Link>
          </li>
        ),
      )}
    </>
  );
}

/**
 * Keeps the site's `--cs-header-offset` at the header's height: the desktop menu may take a second line in a long
 * language, and the package bar, sticky columns and scroll targets keep clear of the header as it is.
 */
function useHeaderHeight() {
  // a callback ref: the phone's header and the desktop's are two elements, each observed while it is there
  return useCallback((header: HTMLElement | null) => {
    const site = header?.closest<HTMLElement>('.cs-site');
    if (!header || !site || typeof ResizeObserver === 'undefined') return;
    const measure = () => site.style.setProperty('--cs-header-offset', `${header.offsetHeight}px`);
    // at once, so that a link followed right after the page is drawn already keeps clear of the header
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => {
      observer.disconnect();
      site.style.removeProperty('--cs-header-offset');
    };
  }, []);
}

export function Header({ navigation, path }: { navigation?: ContentRecord; path: string }) {
  const { viewport } = useSite();
  const t = useText();
  const [drawer, setDrawer] = useState(false);
  const headerRef = useHeaderHeight();
  const data = navigation?.flatData ?? {};
  const menu = list(data.menuItems);
  const secondary = list(data.secondaryMenuItems);
  const logo = (
    <Link href="/" className="cs-logo" label={text(data.logoAlt) || t('nav.home')}>
      <Img src={data.logo} decorative lazy={false} />
    </Link>
  );
  if (viewport === 'mobile') {
    // the drawer is a modal dialog in the top layer: its own close button, Escape and a click on the dimmed page
    // close it, and focus goes back to the menu button
    return (
      <header className="cs-header" ref={headerRef}>
        <div className="cs-width cs-header-inner">
          {logo}
          <button
            type="button"
            className="cs-icon-button"
            aria-haspopup="dialog"
            aria-expanded={drawer}
            aria-label={t('nav.openMenu')}
            onClick={() => setDrawer(true)}
          >
            <MenuOutlined aria-hidden />
          </button>
        </div>
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          title={t('nav.menu')}
          closeLabel={t('nav.closeMenu')}
          className="cs-nav-sheet"
        >
          <nav className="cs-drawer" aria-label={t('nav.menu')}>
            <ul className="cs-plain-list cs-drawer-list">
              <MenuItems items={menu} prefix="mobile" />
              <MenuItems items={secondary} prefix="mobile-secondary" />
            </ul>
            <LanguageSwitch path={path} />
          </nav>
        </Drawer>
      </header>
    );
  }
  return (
    <header className="cs-header" ref={headerRef}>
      <div className="cs-width cs-header-inner">
        {logo}
        <nav aria-label={t('nav.menu')} className="cs-nav">
          <ul className="cs-plain-list cs-menu">
            <MenuItems items={menu} prefix="desktop" />
          </ul>
        </nav>
        <ul className="cs-plain-list cs-menu cs-secondary-menu" aria-label={t('nav.secondaryMenu')}>
          <MenuItems items={secondary} prefix="desktop-secondary" />
        </ul>
        <LanguageSwitch path={path} />
      </div>
    </header>
  );
}
