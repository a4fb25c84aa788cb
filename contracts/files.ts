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

/**
 * The rules for an image in a card (cover or inline), which the server enforces and the builder checks first.
 * The type is decided by the file's bytes (a GIF keeps only its first frame); `types` are the Content-Types a
 * browser may label them with.
 */
export const cardImageRules = {
  /** Largest upload, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest decoded size, in pixels, against decompression bombs. */
  maxPixels: 50_000_000,
  /** Stored images are at most this wide, keeping their aspect ratio; smaller ones are not enlarged. */
  maxWidth: 1600,
  /** …and at most this tall (WebP cannot hold more than 16,383 pixels on a side). */
  maxHeight: 16_000,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  /** Uploads accepted per client address per minute. */
  uploadsPerMinute: 30,
} as const;

/** `POST /api/files/images`: where the stored image is served from, and its size after resizing. */
export const uploadedImageSchema = z.object({
  url: z.string().describe('`/api/files/<sha256>`'),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
