/** No network: a presigned POST is computed locally, so only its policy is inspected here. */
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { S3FileStore } from '../../../../site/server/files/s3.js';
import { testConfig } from './samples.js';

const FAKE = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

function decodePolicy(fields: Record<string, string>): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
}

describe('S3FileStore', () => {
  it('presigns a POST that fixes the key, the content type and the size range', async () => {
    const store = new S3FileStore({
      bucket: 'antrag-uploads',
      region: 'eu-central-1',
      endpoint: 'http://minio.local:9000',
      forcePathStyle: true,
      ...FAKE,
      policyTtlSeconds: 900,
    });
    const before = Date.now();
    const target = await store.createUploadTarget({
      key: 'uploads/12_abc.pdf',
      contentType: 'application/pdf',
      minBytes: 1,
      maxBytes: 5 * 1024 * 1024,
    });

    // path style: the bucket is in the path, as MinIO-like stores need
    expect(target.url).toBe('http://minio.local:9000/antrag-uploads');
    expect(target.fields).toMatchObject({
      key: 'uploads/12_abc.pdf',
      'Content-Type': 'application/pdf',
      bucket: 'antrag-uploads',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(target.fields['X-Amz-Credential']).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/);
    expect(target.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);

    const policy = decodePolicy(target.fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$key', 'uploads/12_abc.pdf'],
        ['eq', '$Content-Type', 'application/pdf'],
        ['content-length-range', 1, 5 * 1024 * 1024],
        { bucket: 'antrag-uploads' },
        { key: 'uploads/12_abc.pdf' },
      ]),
    );
    // an exact key, never a prefix the browser could extend
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    const expires = Date.parse(policy.expiration);
    expect(expires).toBeGreaterThanOrEqual(before + 900_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 900_000);
  });

  it('targets AWS itself when no endpoint is configured', async () => {
    const client = new S3Client({ region: 'us-east-1', credentials: FAKE });
    const store = new S3FileStore({ bucket: 'b1', region: 'us-east-1', policyTtlSeconds: 60, client });
    const target = await store.createUploadTarget({
      key: 'uploads/a.png',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 9,
    });
    expect(target.url).toMatch(/^https:\/\/(b1\.)?s3\.us-east-1\.amazonaws\.com\/(b1)?$/);
  });

  it('refuses unsafe keys before signing anything', async () => {
    const store = new S3FileStore({ bucket: 'b', region: 'us-east-1', ...FAKE, policyTtlSeconds: 60 });
    await expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal ${filename} variable is the point
      store.createUploadTarget({ key: 'uploads/${filename}', contentType: 'image/png', minBytes: 1, maxBytes: 9 }),
    ).rejects.toThrow(/invalid storage key/);
    await expect(store.get('../x')).rejects.toThrow(/invalid storage key/);
  });

  it('lists a prefix page by page, leaving out keys no key rule allows', async () => {
    // test double: an S3 client that answers ListObjectsV2 with two pages, and records what it was asked
    const asked: Array<Record<string, unknown>> = [];
    const pages = [
      {
        Contents: [
          { Key: 'uploads/a_1.png', LastModified: new Date('2025-01-01T00:00:00Z') },
          { Key: 'uploads/../x.png', LastModified: new Date('2025-01-01T00:00:00Z') },
        ],
        IsTruncated: true,
        NextContinuationToken: 'page-2',
      },
      { Contents: [{ Key: 'uploads/b_2.pdf', LastModified: new Date('2025-01-02T00:00:00Z') }], IsTruncated: false },
    ];
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        asked.push(command.input);
        return pages[asked.length - 1];
      },
    } as unknown as S3Client;
    const store = new S3FileStore({ bucket: 'b', region: 'us-east-1', policyTtlSeconds: 60, client });
    const found = [];
    for await (const file of store.list('uploads/')) found.push(file);
    expect(found).toEqual([
      { key: 'uploads/a_1.png', modified: new Date('2025-01-01T00:00:00Z') },
      { key: 'uploads/b_2.pdf', modified: new Date('2025-01-02T00:00:00Z') },
    ]);
    expect(asked).toEqual([
      { Bucket: 'b', Prefix: 'uploads/', ContinuationToken: undefined },
      { Bucket: 'b', Prefix: 'uploads/', ContinuationToken: 'page-2' },
    ]);
  });

  it('builds from the configuration', () => {
    const config = testConfig('/tmp/antrag-s3-test');
    const withS3 = {
      ...config,
      storage: {
        ...config.storage,
        driver: 's3' as const,
        s3: {
          bucket: 'cfg-bucket',
          region: 'eu-west-1',
          endpoint: 'http://127.0.0.1:9000',
          forcePathStyle: true,
          ...FAKE,
        },
      },
    };
    const store = S3FileStore.fromConfig(withS3);
    expect(store.driver).toBe('s3');
    expect(store.bucket).toBe('cfg-bucket');
    expect(() => S3FileStore.fromConfig(config)).toThrow(/S3_BUCKET/);
  });
});
