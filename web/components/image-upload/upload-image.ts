import { errorCatalogue, errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { cardImageRules, uploadedImageSchema } from '../../../contracts/files.ts';
import type { UploadedImage } from '../../../contracts/files.ts';
import { ApiError } from '../../lib/api.ts';

const maxMegabytes = cardImageRules.maxBytes / (1024 * 1024);

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 });
}

/**
 * Why `file` cannot be a card image, as far as the browser can tell without uploading it; undefined when it may
 * be one. The browser's type comes from the file's name, so the server checks the bytes again.
 */
export function imageProblem(file: File): string | undefined {
  if (file.type !== '' && !(cardImageRules.types as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a PNG, JPEG, WebP or GIF image.`;
  }
  if (file.size > cardImageRules.maxBytes) {
    return `“${file.name}” is ${megabytes(file.size)} MB: images can be at most ${maxMegabytes} MB.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  return undefined;
}

/**
 * `POST /api/files/images` with upload progress (which `fetch` cannot report): resolves with where the stored
 * image is served from; rejects with an `ApiError` as `apiFetch` would.
 */
export function uploadImage(file: Blob, onProgress?: (fraction: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files/images');
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const networkError = () =>
      new ApiError({
        code: 'common/network-error',
        message: errorCatalogue['common/network-error'].message,
        status: 0,
      });
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(networkError());
    request.onload = () => {
      let json: unknown;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = uploadedImageSchema.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else
          reject(new ApiError({ ...errorCatalogue['common/internal-error'], code: 'common/internal-error' }));
        return;
      }
      const envelope = errorEnvelopeSchema.safeParse(json);
      reject(
        envelope.success
          ? new ApiError({
              code: envelope.data.error.code,
              message: envelope.data.error.message,
              status: request.status,
              retryAfterSeconds: envelope.data.error.details?.retryAfterSeconds,
            })
          : new ApiError({ ...errorCatalogue['common/internal-error'], code: 'common/internal-error' }),
      );
    };
    request.send(file);
  });
}
