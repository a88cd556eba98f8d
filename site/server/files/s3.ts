/**
 * Any S3-compatible store (AWS, MinIO, Ceph, R2, …): the browser uploads straight to the bucket with
 * a presigned POST whose policy S3 itself enforces; the server reads, writes and deletes through the
 * S3 client.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Config } from '../config.js';
import type { FileStore, ListedFile, StoredFile } from '../context.js';
import { assertSafeKey, keyProblem } from './keys.js';

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** Endpoint of a non-AWS store, e.g. http://minio:9000. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key) instead of the host name; MinIO-like stores need it. */
  forcePathStyle?: boolean;
  /** Without them the SDK's default chain applies (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Lifetime of a presigned POST, seconds. */
  policyTtlSeconds: number;
  /** A ready client (tests); built from the options above when absent. */
  client?: S3Client;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStore implements FileStore {
  readonly driver = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;
  readonly #ttlSeconds: number;

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket;
    this.#ttlSeconds = options.policyTtlSeconds;
    this.client =
      options.client ??
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle ?? false,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      });
  }

  static fromConfig(config: Config): S3FileStore {
    const s3 = config.storage.s3;
    if (!s3) throw new Error('STORAGE_DRIVER=s3 needs the S3 settings (S3_BUCKET, …)');
    return new S3FileStore({ ...s3, policyTtlSeconds: config.storage.policyTtlSeconds });
  }

  async createUploadTarget(input: {
    key: string;
    contentType: string;
    minBytes: number;
    maxBytes: number;
  }): Promise<{ url: string; fields: Record<string, string> }> {
    // Also keeps '${filename}' out of the key, which would turn the exact key into a prefix.
    assertSafeKey(input.key);
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: input.key,
      // S3 refuses the post unless the form's key and Content-Type are exactly these and the file's
      // size is in range; the SDK would add the key and Content-Type as fields anyway, the explicit
      // conditions say so in the policy whatever the SDK does.
      Conditions: [
        ['eq', '$key', input.key],
        ['eq', '$Content-Type', input.contentType],
        ['content-length-range', input.minBytes, input.maxBytes],
      ],
      Fields: { 'Content-Type': input.contentType },
      Expires: this.#ttlSeconds,
    });
    return { url, fields };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
    return { key, contentType, size: bytes.byteLength };
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The objects under `prefix`, a page (up to 1,000) at a time; keys no key rule allows are left out. */
  async *list(prefix: string): AsyncIterable<ListedFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && !keyProblem(object.Key)) {
          yield { key: object.Key, modified: object.LastModified };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
