import { photoRules } from '../../../contracts/files.ts';
import { profileSchema } from '../../../contracts/profiles.ts';
import type { Profile } from '../../../contracts/profiles.ts';
import { apiFetch } from '../../lib/api.ts';

/** `PUT /api/profiles/me/photo`: the file's own bytes; the server decides by them whether it is an image. */
export function uploadOwnPhoto(file: Blob): Promise<Profile> {
  return apiFetch('/api/profiles/me/photo', { method: 'PUT', body: file, schema: profileSchema });
}

/** `DELETE /api/profiles/me/photo`: back to the initials. */
export function removeOwnPhoto(): Promise<Profile> {
  return apiFetch('/api/profiles/me/photo', { method: 'DELETE', schema: profileSchema });
}

const maxMegabytes = photoRules.maxBytes / (1024 * 1024);

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 });
}

/**
 * Why `file` cannot be a photo, as far as the browser can tell without uploading it; undefined when it may be
 * one. The browser's type comes from the file's name, so the server checks the bytes again. A file without a
 * type (no extension) goes to the server, which can tell.
 */
export function photoProblem(file: File): string | undefined {
  if (file.type !== '' && !(photoRules.types as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.`;
  }
  if (file.size > photoRules.maxBytes) {
    return `“${file.name}” is ${megabytes(file.size)} MB: photos can be at most ${maxMegabytes} MB.`;
  }
  if (file.size === 0) return `“${file.name}” is empty. Choose another photo.`;
  return undefined;
}
