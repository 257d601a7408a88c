import { createReadStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Where stored files' bytes live (docs/support.md "Attachments"): under DATA_DIR/files by default, or in a bucket of
 * an S3-compatible store when FILES_S3_BUCKET is set. Uploads are always written to a local part file first (counted
 * and checked while they stream), then handed over whole; the metadata stays in the store either way.
 */
export type FileStorageConfig =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; endpoint: string | null; region: string; prefix: string; accessKeyId: string | null; secretAccessKey: string | null; forcePathStyle: boolean };

export function loadFileStorage(env: NodeJS.ProcessEnv): FileStorageConfig {
  const bucket = env.FILES_S3_BUCKET?.trim();
  if (!bucket) return { kind: 'disk' };
  const endpoint = env.FILES_S3_ENDPOINT?.trim() || null;
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.FILES_S3_REGION?.trim() || 'us-east-1',
    prefix: env.FILES_S3_PREFIX?.trim() ?? '',
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY || null,
    // S3-compatible servers (MinIO, Ceph) usually want path-style addresses; AWS itself takes either
    forcePathStyle: env.FILES_S3_PATH_STYLE ? env.FILES_S3_PATH_STYLE !== 'false' : endpoint !== null,
  };
}

export interface FileStorage {
  /** Takes a finished local file (moved or uploaded, then gone locally). */
  put(id: string, localPath: string, sizeBytes: number): Promise<void>;
  /** The bytes as a stream, or null when they are not there. */
  open(id: string): Promise<Readable | null>;
  remove(id: string): Promise<void>;
}

class DiskStorage implements FileStorage {
  constructor(private readonly directory: string) {}

  private pathOf(id: string): string {
    return join(this.directory, id);
  }

  async put(id: string, localPath: string): Promise<void> {
    renameSync(localPath, this.pathOf(id));
  }

  async open(id: string): Promise<Readable | null> {
    const stream = createReadStream(this.pathOf(id));
    try {
      await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
      return stream;
    } catch {
      return null;
    }
  }

  async remove(id: string): Promise<void> {
    rmSync(this.pathOf(id), { force: true });
  }
}

class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly config: Extract<FileStorageConfig, { kind: 's3' }>) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      // checksums only where S3 requires them: the SDK's default streams bodies as aws-chunked with a trailing
      // checksum, which S3-compatible stores (older MinIO, Ceph, s3rver) store as the bytes
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
  }

  private key(id: string): string {
    return `${this.config.prefix}${id}`;
  }

  async put(id: string, localPath: string, sizeBytes: number): Promise<void> {
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(id), Body: createReadStream(localPath), ContentLength: sizeBytes }));
    } finally {
      rmSync(localPath, { force: true });
    }
  }

  async open(id: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(id) }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(id) }));
  }
}

/** The storage a configuration names; the local directory also holds the part files of uploads in progress. */
export function fileStorageOf(config: { dataDir: string; files: FileStorageConfig }): FileStorage {
  const directory = join(config.dataDir, 'files');
  mkdirSync(directory, { recursive: true });
  return config.files.kind === 's3' ? new S3Storage(config.files) : new DiskStorage(directory);
}
