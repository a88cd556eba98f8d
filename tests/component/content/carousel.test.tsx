/**
 * Carousels (spec 002 §2.5, §9): a seamless infinite loop (next from the last slide moves on to the first, previous
 * from the first to the last, never rewinding across the others), 500 ms slides, dots; testimonials with dots, no
 * arrows and adaptive height; with prefers-reduced-motion nothing slides.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '../../../site/web/content/Carousel.js';
import { SiteContext, type SiteContextValue } from '../../../site/web/content/context.js';
import { PageBlocks } from '../../../site/web/content/PageBlocks.js';

const context: SiteContextValue = { locale: 'en', assets: {}, flags: { app: false }, viewport: 'desktop' };
const wrap = (node: ReactNode) => <SiteContext.Provider value={context}>{node}</SiteContext.Provider>;

const slides = ['Alpha', 'Beta', 'Gamma'].map((name) => <p key={name}>{name}</p>);

const track = () => document.querySelector('.cs-carousel-track') as HTMLElement;
/** The track's offset in slide widths (one slide shown: 100 % each). */
const offset = () => Number(/translateX\(-([\d.]+)%\)/.exec(track().style.transform)?.[1]) / 100;
/** The text of the slides a person can reach (the others are inert). */
const visible = () =>
  [...document.querySelectorAll('.cs-carousel-slide')]
    .filter((s) => !s.hasAttribute('inert'))
    .map((s) => s.textContent);
const endTransition = () => fireEvent.transitionEnd(track(), { propertyName: 'transform' });
const activeDot = () =>
  screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((d) => d.hasAttribute('aria-current'));

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => setReducedMotion(false));

describe('the carousel loop', () => {
  it('goes on from the last slide to the first without sliding back across the others', () => {
    render(wrap(<Carousel items={slides} label="Demo" arrows />));
    expect(visible()).toEqual(['Alpha']);
    const start = offset();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    endTransition();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    endTransition();
    expect(visible()).toEqual(['Gamma']);
    expect(offset()).toBe(start + 2);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // forwards, onto a copy of the first slide, in 500 ms
    expect(offset()).toBe(start + 3);
    expect(track().style.transition).toBe('transform 500ms ease');
    expect(visible()).toEqual(['Alpha']);
    expect(activeDot()).toBe(0);
    endTransition();
    // then, without a transition, onto the first slide itself (the same picture)
    expect(offset()).toBe(start);
    expect(track().style.transition).toBe('none');
    expect(visible()).toEqual(['Alpha']);
  });

  it('goes back from the first slide to the last', () => {
    render(wrap(<Carousel items={slides} label="Demo" arrows />));
    const start = offset();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(offset()).toBe(start - 1);
    expect(visible()).toEqual(['Gamma']);
    endTransition();
    expect(offset()).toBe(start + 2);
    expect(visible()).toEqual(['Gamma']);
    expect(activeDot()).toBe(2);
  });

  it('settles on the original slide even when no transitionend comes', () => {
    vi.useFakeTimers();
    try {
      render(wrap(<Carousel items={slides} label="Demo" arrows />));
      const start = offset();
      fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
      act(() => {
        vi.advanceTimersByTime(700);
      });
      expect(offset()).toBe(start + 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('jumps with the dots and labels every slide', () => {
    render(wrap(<Carousel items={slides} label="Demo" />));
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    endTransition();
    expect(visible()).toEqual(['Gamma']);
    expect(activeDot()).toBe(2);
    const current = document.querySelector('.cs-carousel-slide:not([inert])');
    expect(current?.getAttribute('aria-label')).toBe('Slide 3 of 3');
  });

  it('does not slide with prefers-reduced-motion', () => {
    setReducedMotion(true);
    render(wrap(<Carousel items={slides} label="Demo" arrows />));
    const start = offset();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(track().style.transition).toBe('none');
    expect(offset()).toBe(start + 2);
    expect(visible()).toEqual(['Gamma']);
  });

  it('plays by itself, but not with prefers-reduced-motion', () => {
    vi.useFakeTimers();
    try {
      const { unmount } = render(wrap(<Carousel items={slides} label="Demo" autoplayMs={1000} />));
      act(() => {
        vi.advanceTimersByTime(1050);
      });
      expect(visible()).toEqual(['Beta']);
      unmount();
      setReducedMotion(true);
      render(wrap(<Carousel items={slides} label="Demo" autoplayMs={1000} />));
      act(() => {
        vi.advanceTimersByTime(3500);
      });
      expect(visible()).toEqual(['Alpha']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stands still with no dots or arrows when every slide fits', () => {
    render(wrap(<Carousel items={slides} label="Demo" slidesToShow={3} arrows />));
    expect(visible()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('testimonials', () => {
  const testimonials = {
    __typename: 'Testimonials',
    id: 'ts',
    flatData: {
      headline: 'What students say',
      items: [
        { author: { name: 'Ana', info: ['Student'] }, content: 'Short.' },
        { author: { name: 'Ben', info: ['Student'] }, content: 'A much longer quote that takes more lines.' },
      ],
    },
  };

  it('have dots, no arrows, and take the height of the quote in view', () => {
    // jsdom lays nothing out: a slide is as high as its text is long
    const spy = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('cs-carousel-slide') ? (this.textContent?.length ?? 0) * 2 : 0;
    });
    try {
      render(wrap(<PageBlocks blocks={[testimonials]} />));
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
      expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
      const viewport = document.querySelector('.cs-carousel-viewport') as HTMLElement;
      const heightOf = (name: string) =>
        [...document.querySelectorAll('.cs-carousel-slide:not([data-copy])')].find((s) => s.textContent?.includes(name))
          ?.textContent?.length ?? 0;
      expect(viewport.classList.contains('cs-carousel-adaptive')).toBe(true);
      expect(viewport.style.height).toBe(`${heightOf('Ana') * 2}px`);
      fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
      expect(viewport.style.height).toBe(`${heightOf('Ben') * 2}px`);
      expect(heightOf('Ben')).toBeGreaterThan(heightOf('Ana'));
    } finally {
      spy.mockRestore();
    }
  });
});
