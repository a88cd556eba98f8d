/**
 * The settings of the forms read from the content service (CONTENT_FORMS*, CONTENT_WEBHOOK_SECRET, the form kinds of
 * CONTENT_GRAPHQL_SCHEMAS) and the queries they make. Pure: no request is sent.
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { contentSettings, createFormDocumentSource } from '../../../site/server/content/index.js';

const GRAPHQL = { CONTENT_SOURCE: 'graphql', CONTENT_GRAPHQL_URL: 'http://cms', CONTENT_ASSET_URL: 'http://assets' };

describe('forms from the content service', () => {
  it('are read with graphql: every kind, every 5 minutes, bounded, without a hook until a secret is set', () => {
    expect(contentSettings(GRAPHQL).forms).toEqual({
      schemaNames: { bookingV1: 'bookings-v1', bookingV2: 'bookings-v2', review: 'review-forms' },
      pollSeconds: 300,
      maxDocuments: 200,
      maxBytes: 32 * 1024 * 1024,
    });
    expect(contentSettings({}).forms).toBeUndefined();
  });

  it('take their schema names, kinds, bounds, poll and secret from the environment', () => {
    const settings = contentSettings({
      ...GRAPHQL,
      CONTENT_GRAPHQL_SCHEMAS: 'page=site-pages, bookingV2=bookings, review=university-reviews',
      CONTENT_FORMS: 'bookingV2,review',
      CONTENT_FORMS_POLL_SECONDS: '0',
      CONTENT_FORMS_MAX_DOCUMENTS: '10',
      CONTENT_FORMS_MAX_BYTES: '65536',
      CONTENT_WEBHOOK_SECRET: 'a-secret-of-24-characters',
    });
    expect(settings.graphql?.schemaNames).toEqual({ page: 'site-pages' });
    expect(settings.forms).toEqual({
      schemaNames: { bookingV2: 'bookings', review: 'university-reviews' },
      pollSeconds: 0,
      maxDocuments: 10,
      maxBytes: 65536,
      webhookSecret: 'a-secret-of-24-characters',
    });
    expect(contentSettings({ ...GRAPHQL, CONTENT_FORMS: 'none' }).forms).toBeUndefined();
  });

  it('name the variable that is wrong', () => {
    expect(() => contentSettings({ ...GRAPHQL, CONTENT_FORMS: 'bookingV3' })).toThrow(/CONTENT_FORMS: 'bookingV3'/);
    expect(() => contentSettings({ ...GRAPHQL, CONTENT_GRAPHQL_SCHEMAS: 'bookings=x' })).toThrow(
      /CONTENT_GRAPHQL_SCHEMAS: 'bookings=x' .*bookingV1, bookingV2, review/,
    );
    expect(() => contentSettings({ ...GRAPHQL, CONTENT_WEBHOOK_SECRET: 'short' })).toThrow(/CONTENT_WEBHOOK_SECRET/);
    expect(() => contentSettings({ ...GRAPHQL, CONTENT_FORMS_POLL_SECONDS: 'often' })).toThrow(
      /CONTENT_FORMS_POLL_SECONDS/,
    );
    expect(() => contentSettings({ ...GRAPHQL, CONTENT_FORMS_MAX_DOCUMENTS: '0' })).toThrow(
      /CONTENT_FORMS_MAX_DOCUMENTS/,
    );
  });

  it('are listed by a valid GraphQL query per kind, on the configured schema', () => {
    const source = createFormDocumentSource(
      contentSettings({ ...GRAPHQL, CONTENT_GRAPHQL_SCHEMAS: 'review=university-reviews' }),
    );
    expect(source?.kinds).toEqual(['bookingV1', 'bookingV2', 'review']);
    for (const kind of source?.kinds ?? []) expect(() => parse(source?.query(kind) ?? '')).not.toThrow();
    expect(source?.query('bookingV1')).toContain('items: queryBookingsV1Contents(top: $top, skip: $skip)');
    expect(source?.query('review')).toContain('items: queryUniversityReviewsContents(');
    expect(source?.query('bookingV2')).toContain('fieldOptions { __typename ... on Text { validationRegex }');
  });
});
