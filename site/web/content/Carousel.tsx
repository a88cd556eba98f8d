/**
 * A carousel (spec 002 §2.5, §9): dots, a seamless infinite loop, 500 ms slides, optional arrows, autoplay and
 * adaptive height (the viewport takes the height of the slide in view). Slides out of view are inert, so keyboard
 * and screen-reader users meet only the visible ones. With prefers-reduced-motion the slides change without
 * moving and nothing plays by itself. Copies of the slides stand before and after them (see logic/carousel.ts).
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type ReactNode, type TransitionEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useText } from './context.js';
import { activeDot, COUNTS, cloneCount, dotCount, loops, wrapIndex } from './logic/index.js';

export interface CarouselProps {
  items: ReactNode[];
  label: string;
  slidesToShow?: number;
  slidesToScroll?: number;
  arrows?: boolean;
  dots?: boolean;
  autoplayMs?: number;
  /** The viewport follows the height of the slide in view (one slide shown). */
  adaptiveHeight?: boolean;
  /** The active slide when the caller controls it. */
  index?: number;
  onChange?: (index: number) => void;
}

const SPEED_MS = COUNTS.carouselSpeedMs;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the person asked for less motion, following changes of the setting. */
export function usePrefersReducedMotion(): boolean {
  const query = () => typeof window !== 'undefined' && !!window.matchMedia?.(REDUCED_MOTION).matches;
  const [reduced, setReduced] = useState(query);
  useEffect(() => {
    const list = window.matchMedia?.(REDUCED_MOTION);
    if (!list) return;
    const update = () => setReduced(list.matches);
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, []);
  return reduced;
}

export function Carousel({
  items,
  label,
  slidesToShow = 1,
  slidesToScroll = 1,
  arrows = false,
  dots = true,
  autoplayMs,
  adaptiveHeight = false,
  index: controlled,
  onChange,
}: CarouselProps) {
  const t = useText();
  const reduced = usePrefersReducedMotion();
  const count = items.length;
  const show = Math.max(1, Math.min(Math.trunc(slidesToShow) || 1, count || 1));
  const step = Math.max(1, Math.trunc(slidesToScroll) || 1);
  const moves = loops(count, show);
  const clones = cloneCount(count, show, step);
  // the leftmost slide in view; beyond 0 … count - 1 while sliding into a copy
  const [position, setPosition] = useState(() => wrapIndex(controlled ?? 0, count));
  const [animated, setAnimated] = useState(false);
  const [moving, setMoving] = useState(false);
  const [paused, setPaused] = useState(false);
  const [height, setHeight] = useState<number>();
  const slideRefs = useRef<Array<HTMLDivElement | null>>([]);

  const slideTo = (target: number) => {
    if (reduced) {
      setAnimated(false);
      setPosition(wrapIndex(target, count));
    } else {
      setAnimated(true);
      setMoving(true);
      setPosition(target);
    }
  };
  const go = (target: number) => {
    // one move at a time: a copy must be swapped for its original before the next
    if (!moves || moving) return;
    slideTo(target);
    onChange?.(wrapIndex(target, count));
  };
  /** After a move: from a copy to the same slide among the originals, without a transition. */
  const settle = () => {
    setMoving(false);
    if (position < 0 || position >= count) {
      setAnimated(false);
      setPosition(wrapIndex(position, count));
    }
  };
  const onTransitionEnd = (event: TransitionEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && event.propertyName === 'transform') settle();
  };
  // transitionend does not come when nothing moved (or the tab was hidden): settle after the slide time anyway
  // biome-ignore lint/correctness/useExhaustiveDependencies: settle reads this render's position
  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(settle, SPEED_MS + 100);
    return () => clearTimeout(timer);
  }, [moving, position]);

  // a caller's index (e.g. the feature list) moves the carousel there
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the caller's index only
  useEffect(() => {
    if (controlled === undefined || moving || !moves) return;
    if (wrapIndex(position, count) !== wrapIndex(controlled, count)) slideTo(wrapIndex(controlled, count));
  }, [controlled, moving]);

  useEffect(() => {
    if (!autoplayMs || reduced || paused || !moves) return;
    const timer = setInterval(() => go(position + step), autoplayMs);
    return () => clearInterval(timer);
  });

  const track = position + clones;
  useLayoutEffect(() => {
    if (!adaptiveHeight) return;
    const slide = slideRefs.current[track];
    if (!slide) return;
    const measure = () => {
      if (slide.offsetHeight > 0) setHeight(slide.offsetHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(slide);
    return () => observer.disconnect();
  }, [adaptiveHeight, track]);

  const rendered = Array.from({ length: count + 2 * clones }, (_, r) => r - clones);
  const dotTotal = dots ? dotCount(count, show, step) : 0;
  const currentDot = activeDot(position, count, step);
  const transition = animated && !reduced ? `transform ${SPEED_MS}ms ease` : 'none';
  return (
    <section
      className="cs-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className={`cs-carousel-viewport${adaptiveHeight ? ' cs-carousel-adaptive' : ''}`}
        style={
          adaptiveHeight && height ? { height, transition: reduced ? 'none' : `height ${SPEED_MS}ms ease` } : undefined
        }
      >
        <div
          className="cs-carousel-track"
          data-position={wrapIndex(position, count)}
          style={{ transform: `translateX(-${(track * 100) / show}%)`, transition }}
          aria-live={autoplayMs && !paused && !reduced ? 'off' : 'polite'}
          onTransitionEnd={onTransitionEnd}
        >
          {rendered.map((at, r) => {
            const original = wrapIndex(at, count);
            const copy = at < 0 || at >= count;
            const visible = at >= position && at < position + show;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern)
              <div
                key={at}
                ref={(element) => {
                  slideRefs.current[r] = element;
                }}
                className="cs-carousel-slide"
                style={{ flex: `0 0 ${100 / show}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={t('carousel.slide', { n: original + 1, total: count })}
                data-copy={copy || undefined}
                inert={!visible}
              >
                {items[original]}
              </div>
            );
          })}
        </div>
      </div>
      {arrows && moves ? (
        <div className="cs-carousel-arrows">
          <button
            type="button"
            className="cs-icon-button"
            onClick={() => go(position - step)}
            aria-label={t('common.previous')}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="cs-icon-button"
            onClick={() => go(position + step)}
            aria-label={t('common.next')}
          >
            <RightOutlined aria-hidden />
          </button>
        </div>
      ) : null}
      {dotTotal > 1 ? (
        <div className="cs-carousel-dots">
          {Array.from({ length: dotTotal }, (_, d) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
              key={d}
              type="button"
              className={`cs-dot${d === currentDot ? ' cs-dot-active' : ''}`}
              aria-label={t('carousel.goTo', { n: d + 1 })}
              aria-current={d === currentDot ? 'true' : undefined}
              onClick={() => go(position + (d * step - wrapIndex(position, count)))}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
