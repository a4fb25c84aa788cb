import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardImageRules, uploadedImageSchema } from '../../../contracts/files.ts';
import { storedFiles } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';

const red = { r: 220, g: 20, b: 20 };
const blue = { r: 20, g: 20, b: 220 };

/** A test picture: the top half red, the bottom half blue. */
function halves(width: number, height: number) {
  const half = Math.floor(height / 2);
  return sharp({ create: { width, height, channels: 3, background: red } }).composite([
    {
      input: { create: { width, height: height - half, channels: 3, background: blue } },
      left: 0,
      top: half,
    },
  ]);
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 };
}

function isNear(colour: { r: number; g: number; b: number }, expected: typeof red): boolean {
  return (
    Math.abs(colour.r - expected.r) < 40 &&
    Math.abs(colour.g - expected.g) < 40 &&
    Math.abs(colour.b - expected.b) < 40
  );
}

/** Every file under `folder`, recursively, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

describe('card images: POST /api/files/images', () => {
  const context = setupTestApp();
  const { signUp } = people(context, '100.72.0');

  const upload = (person: Person | undefined, body: Buffer | string, type = 'image/png') =>
    context.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: body,
      remoteAddress: person?.address ?? '203.0.113.19',
      headers: {
        'content-type': type,
        origin: context.config.PUBLIC_URL,
        ...(person ? { cookie: person.cookie } : {}),
      },
    });
  const storeFolder = () => path.join(context.dataDir, 'files');
  const recordedFiles = async () => (await context.db.orm.select({ n: count() }).from(storedFiles))[0]?.n;

  /** Expects the refusal `code` and that nothing was stored. */
  async function expectRefused(send: () => ReturnType<typeof upload>, status: number, code: string) {
    const filesBefore = await filesUnder(storeFolder());
    const recordsBefore = await recordedFiles();
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toEqual(expect.any(String));
    expect(await filesUnder(storeFolder())).toEqual(filesBefore);
    expect(await recordedFiles()).toBe(recordsBefore);
    return response;
  }

  it('scales a wide image down to 1600 pixels wide as WebP, keeping its aspect ratio, and serves it', async () => {
    const ada = await signUp('Ada Images');
    const response = await upload(ada, await halves(3200, 1000).png().toBuffer());
    expect(response.statusCode, response.body).toBe(201);
    const image = uploadedImageSchema.parse(response.json());
    expect(image).toMatchObject({ width: 1600, height: 500 });
    expect(image.url).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);

    const served = await context.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    expect(isNear(await pixel(served.rawPayload, 800, 100), red)).toBe(true);
    expect(isNear(await pixel(served.rawPayload, 800, 400), blue)).toBe(true);

    const hash = image.url.split('/').pop()!;
    const [row] = await context.db.orm.select().from(storedFiles).where(eq(storedFiles.hash, hash));
    expect(row).toMatchObject({ contentType: 'image/webp', width: 1600, height: 500 });
  });

  it('keeps a small image at its size, and takes JPEG, WebP and GIF', async () => {
    const ada = await signUp('Ada Small');
    const sources: [Buffer, string, number, number][] = [
      [await halves(640, 480).jpeg().toBuffer(), 'image/jpeg', 640, 480],
      [await halves(300, 200).webp().toBuffer(), 'image/webp', 300, 200],
      [await halves(1601, 800).webp().toBuffer(), 'application/octet-stream', 1600, 800],
    ];
    sources.push([await halves(120, 90).gif().toBuffer(), 'image/gif', 120, 90]);

    for (const [bytes, type, width, height] of sources) {
      const response = await upload(ada, bytes, type);
      expect(response.statusCode, `${type}: ${response.body}`).toBe(201);
      const image = uploadedImageSchema.parse(response.json());
      expect(image, type).toMatchObject({ width, height });
      const served = await context.app.inject({ method: 'GET', url: image.url });
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.pages ?? 1).toBe(1);
    }
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const ada = await signUp('Ada Gif');
    const frames = await Promise.all(
      [red, blue].map((colour) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    const source = await sharp(gif, { animated: true }).metadata();
    expect(source).toMatchObject({ format: 'gif', pages: 2, pageHeight: 30 });

    const response = await upload(ada, gif, 'image/gif');
    expect(response.statusCode, response.body).toBe(201);
    const image = uploadedImageSchema.parse(response.json());
    expect(image).toMatchObject({ width: 40, height: 30 });
    const served = await context.app.inject({ method: 'GET', url: image.url });
    expect(isNear(await pixel(served.rawPayload, 20, 15), red)).toBe(true);
  });

  it('turns an image upright by its EXIF orientation and drops its metadata', async () => {
    const ada = await signUp('Ada Exif');
    // Stored sideways with "rotate 90° clockwise to view": 600×300 on disk, 300×600 upright.
    const sideways = await halves(600, 300)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Ada', Artist: 'Camera owner' } } })
      .toBuffer();
    const response = await upload(ada, sideways, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 300, height: 600 });
    const served = await context.app.inject({ method: 'GET', url: response.json().url });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('upload of a non-image renamed .png is refused', async () => {
    const ada = await signUp('Ada Notes');
    const text = Buffer.from('These are my notes, saved as notes.png.\n'.repeat(20));
    const response = await expectRefused(() => upload(ada, text, 'image/png'), 415, 'files/unsupported-type');
    expect(response.json().error.message).toMatch(/PNG, JPEG, WebP or GIF/);
  });

  it('refuses SVG, TIFF, JSON and an empty body, whatever the request calls them', async () => {
    const ada = await signUp('Ada Svg');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const tiff = await halves(16, 16).tiff().toBuffer();
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [tiff, 'image/jpeg'],
      [JSON.stringify({ image: 'x' }), 'application/json'],
      ['', 'image/png'],
    ] as const) {
      await expectRefused(() => upload(ada, bytes, type), 415, 'files/unsupported-type');
    }
  });

  it('refuses a damaged image, more than 5 MB, and a decompression bomb', async () => {
    const ada = await signUp('Ada Broken');
    const png = await halves(400, 400).png().toBuffer();
    await expectRefused(() => upload(ada, png.subarray(0, png.length / 2)), 422, 'files/invalid-image');

    const large = Buffer.alloc(cardImageRules.maxBytes + 1, 1);
    (await halves(8, 8).png().toBuffer()).copy(large);
    const tooLarge = await expectRefused(() => upload(ada, large), 413, 'files/too-large');
    expect(tooLarge.json().error.message).toMatch(/5 MB/);

    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: red } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(cardImageRules.maxBytes);
    const refused = await expectRefused(() => upload(ada, bomb), 413, 'files/too-large');
    expect(refused.json().error.message).toMatch(/megapixels/);
  });

  it('refuses a signed-out upload before reading it', async () => {
    const png = await halves(32, 32).png().toBuffer();
    const response = await expectRefused(() => upload(undefined, png), 401, 'auth/unauthenticated');
    expect(response.statusCode).toBe(401);
  });

  it(`limits uploads to ${cardImageRules.uploadsPerMinute} a minute per address`, async () => {
    const ada = await signUp('Ada Busy');
    const text = Buffer.from('not a picture');
    for (let i = 0; i < cardImageRules.uploadsPerMinute; i++) {
      expect((await upload(ada, text)).statusCode).toBe(415);
    }
    const limited = await upload(ada, text);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('common/too-many-requests');
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(document.paths['/api/files/images']?.post?.tags).toEqual(['files']);
  });
});
