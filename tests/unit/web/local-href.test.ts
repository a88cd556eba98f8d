/** localHref: a site link in the page's language; a link that opens a form tells the form the page's language. */
import { describe, expect, it } from 'vitest';
import { localHref } from '../../../site/web/content/context.js';

describe('localHref', () => {
  it("puts a site page under the language's prefix", () => {
    expect(localHref('/studyguide', 'de')).toBe('/de/studyguide');
    expect(localHref('/', 'fr')).toBe('/fr');
    expect(localHref('/studyguide', 'en')).toBe('/studyguide');
  });

  it('opens a booking or a form in the page language, keeping its query and fragment', () => {
    expect(localHref('/booking/blocked-account', 'de')).toBe('/booking/blocked-account?lang=de');
    expect(localHref('/forms/contact-enquiry?topic=visa#top', 'zh')).toBe(
      '/forms/contact-enquiry?topic=visa&lang=zh#top',
    );
    expect(localHref('/blocked-account/book', 'ru')).toBe('/blocked-account/book?lang=ru');
    expect(localHref('/aok-products/book/', 'vi')).toBe('/aok-products/book/?lang=vi');
    // English is the forms' default; a link that names its language keeps it
    expect(localHref('/booking/health-insurance', 'en')).toBe('/booking/health-insurance');
    expect(localHref('/forms/contact-enquiry?lang=fr', 'de')).toBe('/forms/contact-enquiry?lang=fr');
  });

  it('leaves other addresses as they are', () => {
    expect(localHref('/api/content/site', 'de')).toBe('/api/content/site');
    expect(localHref('/content-assets/logo', 'de')).toBe('/content-assets/logo');
    expect(localHref('https://example.org/booking/x', 'de')).toBe('https://example.org/booking/x');
    expect(localHref('//example.org/forms/x', 'de')).toBe('//example.org/forms/x');
    expect(localHref('/bookings-overview', 'de')).toBe('/de/bookings-overview');
  });
});
