import { z } from 'zod';

/** A stored file's name: the SHA-256 of its bytes, 64 lowercase hex digits. */
export const fileHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'A file is named by 64 hex digits');

/** `GET /api/files/:hash`. */
export const fileParamsSchema = z.object({ hash: fileHashSchema });

/** Where a stored file is served from; profile photos point here. */
export function fileUrl(hash: string): string {
  return `/api/files/${hash}`;
}

/**
 * The rules for a profile photo, which the server enforces and the web app checks first for quick feedback.
 * The type is decided by the file's bytes; `types` are the Content-Types a browser may label them with.
 */
export const photoRules = {
  /** Largest upload, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest decoded size, in pixels: a small file can claim a huge canvas (a decompression bomb). */
  maxPixels: 50_000_000,
  /** Stored photos are this many pixels square, WebP. */
  size: 512,
  types: ['image/png', 'image/jpeg', 'image/webp'],
  /** Uploads accepted per client address per minute. */
  uploadsPerMinute: 10,
} as const;
