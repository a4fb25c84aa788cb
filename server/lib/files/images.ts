import sharp, { type Metadata } from 'sharp';
import { cardImageRules, photoRules } from '../../../contracts/files.ts';
import { AppError } from '../app-error.ts';

/** The image types the app can read; each use accepts some of them (photos take no GIF). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

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
  const gif = bytes.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  return undefined;
}

const sharpFormats: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export type EncodedImage = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };

/**
 * Refuses, before anything is decoded, bytes that are not one of `types` by their magic numbers and by what
 * the decoder reads in their header, and images whose declared size exceeds `maxPixels` (a decompression
 * bomb is caught here, by its header alone).
 */
async function checkImage(
  upload: Buffer,
  rules: { types: readonly ImageType[]; maxPixels: number; typesSentence: string; what: string },
): Promise<ImageType> {
  const type = sniffImageType(upload);
  const unsupported = () =>
    new AppError('files/unsupported-type', { message: `That file is not ${rules.typesSentence}` });
  if (!type || !rules.types.includes(type)) throw unsupported();
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('files/invalid-image', { cause: error });
  }
  if (metadata.format !== sharpFormats[type]) throw unsupported();
  // A multi-frame image (an animated GIF) reports the height of one frame in pageHeight; only one is kept.
  const height = metadata.pageHeight ?? metadata.height;
  if (metadata.width * height > rules.maxPixels) {
    const megapixels = Math.round(rules.maxPixels / 1_000_000);
    throw new AppError('files/too-large', {
      message: `That image has too many pixels: ${rules.what} can have at most ${megapixels} megapixels.`,
    });
  }
  return type;
}

/**
 * A profile photo from uploaded bytes: only PNG, JPEG or WebP by content, at most `photoRules.maxPixels`
 * pixels, turned upright by its EXIF orientation, cropped to the central square, scaled to `photoRules.size`
 * and re-encoded as WebP without any of the original's metadata (camera, GPS). The uploaded bytes are only
 * read, never kept.
 */
export async function toProfilePhoto(upload: Buffer): Promise<EncodedImage> {
  await checkImage(upload, {
    types: photoRules.types,
    maxPixels: photoRules.maxPixels,
    typesSentence: 'a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
    what: 'photos',
  });

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

/**
 * An image for a card (cover or inline) from uploaded bytes: PNG, JPEG, WebP or GIF by content (a GIF's first
 * frame only), at most `cardImageRules.maxPixels` pixels, turned upright by its EXIF orientation, scaled down
 * to fit within `bounds` keeping its aspect ratio (never enlarged), and re-encoded as WebP without any of the
 * original's metadata. The uploaded bytes are only read, never kept.
 */
export async function toBoundedImage(
  upload: Buffer,
  bounds: { maxWidth: number; maxHeight: number } = cardImageRules,
): Promise<EncodedImage> {
  await checkImage(upload, {
    types: cardImageRules.types,
    maxPixels: cardImageRules.maxPixels,
    typesSentence: 'a PNG, JPEG, WebP or GIF image. Choose an image in one of those formats.',
    what: 'images',
  });
  try {
    const { data, info } = await sharp(upload, {
      limitInputPixels: cardImageRules.maxPixels,
      failOn: 'truncated',
      autoOrient: true,
      // An animated GIF keeps its first frame: a card image is a picture, not a video.
      pages: 1,
    })
      .resize({
        width: bounds.maxWidth,
        height: bounds.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .timeout({ seconds: 20 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('files/invalid-image', { cause: error });
  }
}
