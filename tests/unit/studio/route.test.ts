import { describe, expect, it } from 'vitest';
import { routeOf } from '../../../site/web/App.js';

describe('the /studio route', () => {
  it('takes /studio and the paths below it, with the language from ?lang=', () => {
    expect(routeOf({ pathname: '/studio', search: '?lang=de' })).toEqual({ locale: 'de', studioPath: '/' });
    expect(routeOf({ pathname: '/studio/', search: '' })).toEqual({ locale: 'en', studioPath: '/' });
    expect(routeOf({ pathname: '/studio/preview', search: '?lang=zh' })).toEqual({
      locale: 'zh',
      studioPath: '/preview',
    });
  });

  it('leaves other paths to the content site and the forms', () => {
    expect(routeOf({ pathname: '/studios', search: '' }).studioPath).toBeUndefined();
    expect(routeOf({ pathname: '/de/studio', search: '' }).studioPath).toBeUndefined();
    expect(routeOf({ pathname: '/forms/contact-enquiry', search: '' }).formId).toBe('contact-enquiry');
  });
});
