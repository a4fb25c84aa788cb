import sharp, { type Metadata } from 'sharp';
import { photoRules } from '../../../contracts/files.ts';
import { AppError } from '../app-error.ts';

export type ImageType = (typeof photoRules.types)[number];

/**
 * The image type the bytes themselves declare, by their magic numbers; undefined for anything else. The name
 * and the Content-Type an upload arrives with are the sender's claims, not evidence.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

const sharpFormats: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

export type EncodedImage = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };

const megapixels = Math.round(photoRules.maxPixels / 1_000_000);

/**
 * A profile photo from uploaded bytes: only PNG, JPEG or WebP by content, at most `photoRules.maxPixels`
 * pixels, turned upright by its EXIF orientation, cropped to the central square, scaled to `photoRules.size`
 * and re-encoded as WebP without any of the original's metadata (camera, GPS). The uploaded bytes are only
 * read, never kept.
 */
export async function toProfilePhoto(upload: Buffer): Promise<EncodedImage> {
  const type = sniffImageType(upload);
  if (!type) {
    throw new AppError('files/unsupported-type', {
      message: 'That file is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
    });
  }

  // Only the header is read here, so a decompression bomb is caught by its declared size before any decoding.
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('files/invalid-image', { cause: error });
  }
  if (metadata.format !== sharpFormats[type]) {
    throw new AppError('files/unsupported-type', {
      message: 'That file is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
    });
  }
  if (metadata.width * metadata.height > photoRules.maxPixels) {
    throw new AppError('files/too-large', {
      message: `That image has too many pixels: photos can have at most ${megapixels} megapixels.`,
    });
  }

  try {
    const { data, info } = await sharp(upload, {
      // Checked above already; kept as a second guard in the decoder itself.
      limitInputPixels: photoRules.maxPixels,
      // A cut-off file would otherwise become a photo with a grey lower half.
      failOn: 'truncated',
      autoOrient: true,
    })
      .resize(photoRules.size, photoRules.size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .timeout({ seconds: 20 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('files/invalid-image', { cause: error });
  }
}
