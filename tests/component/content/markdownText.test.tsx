/**
 * Content markdown (spec 002 §2.4): plain text renders at once, exactly as the markdown parser would render it, and
 * only text with markdown syntax waits for the parser's chunk. The parser's output here is react-markdown's own.
 */
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { SiteContext, type SiteContextValue } from '../../../site/web/content/context.js';
import { isPlainText, MarkdownText } from '../../../site/web/content/ui.js';

const PLAIN = [
  'Open your blocked account in minutes.',
  'First paragraph.\n\nSecond paragraph, after a blank line.',
  'A line\nwith a soft break inside one paragraph.',
  '  Indented by two, trailing space \nand a continuation line.',
  'Paragraphs\n\n\n\nseparated by many blank lines\n \t\nand a line of blanks.',
  'Prices from 5,00 € per month; 100 % online (no paperwork).',
  'Über 20.000 Studierende vertrauen uns — 学生 — студенты.',
];

const MARKDOWN = [
  'Some **bold** text',
  'A [link](https://example.com)',
  '# Heading',
  '- item one\n- item two',
  '1. first\n2. second',
  'Title\n=====',
  '> a quote',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  'mail us at info@example.com',
  'see www.example.com',
  'hard  \nbreak',
  '    indented code',
  'an <b>html</b> tag',
  'an &amp; entity',
  'snake_case and ~strike~',
  'escaped \\*star\\*',
  '![image](x.png)',
];

describe('markdown in the content', () => {
  it('recognises text with markdown syntax and leaves it to the parser', () => {
    for (const text of PLAIN) expect(isPlainText(text), text).toBe(true);
    for (const text of MARKDOWN) expect(isPlainText(text), text).toBe(false);
  });

  it('renders plain text as the parser does, without loading it', () => {
    for (const text of PLAIN) {
      const ours = renderToStaticMarkup(<MarkdownText source={text} />);
      const parser = renderToStaticMarkup(
        <div className="cs-markdown ">
          <Markdown skipHtml>{text}</Markdown>
        </div>,
      );
      expect(ours.replace(/\n/g, ' '), text).toBe(parser.replace(/\n/g, ' '));
    }
  });

  it('renders markdown through the parser once its chunk is there, links in a new tab', async () => {
    const value: SiteContextValue = { locale: 'en', assets: {}, flags: { app: false }, viewport: 'desktop' };
    render(
      <SiteContext.Provider value={value}>
        <MarkdownText source={'Read **the guide** at [our site](https://example.com/guide).'} />
      </SiteContext.Provider>,
    );
    const link = await screen.findByRole('link', { name: 'our site' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('the guide').tagName).toBe('STRONG');
  });
});
