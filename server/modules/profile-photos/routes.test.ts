import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoRules } from '../../../contracts/files.ts';
import { profileSchema } from '../../../contracts/profiles.ts';
import { storedFiles, users } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';

const password = 'Correct-Horse-42';
const red = { r: 220, g: 20, b: 20 };
const blue = { r: 20, g: 20, b: 220 };

/** A test picture: the left half red, the right half blue. */
function halves(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: red } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: blue } },
      left: half,
      top: 0,
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

describe('profile photos', () => {
  const context = setupTestApp();
  let ip = 1;

  async function signUp(name: string) {
    const address = `198.51.100.${ip % 250}`;
    ip++;
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${ip}@example.org`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email, password },
      remoteAddress: address,
      headers: { origin: context.config.PUBLIC_URL },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: (response.json() as { user: { id: string } }).user.id, cookie, address };
  }
  type Person = Awaited<ReturnType<typeof signUp>>;

  const upload = (person: Person | undefined, body: Buffer | string, type = 'image/png') =>
    context.app.inject({
      method: 'PUT',
      url: '/api/profiles/me/photo',
      payload: body,
      remoteAddress: person?.address ?? '203.0.113.9',
      headers: {
        'content-type': type,
        origin: context.config.PUBLIC_URL,
        ...(person ? { cookie: person.cookie } : {}),
      },
    });
  const remove = (person: Person | undefined) =>
    context.app.inject({
      method: 'DELETE',
      url: '/api/profiles/me/photo',
      remoteAddress: person?.address ?? '203.0.113.9',
      headers: { origin: context.config.PUBLIC_URL, ...(person ? { cookie: person.cookie } : {}) },
    });
  const ownProfile = async (person: Person) =>
    profileSchema.parse(
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/profiles/${person.id}`,
          headers: { cookie: person.cookie },
        })
      ).json(),
    );
  const storeFolder = () => path.join(context.dataDir, 'files');
  const recordedFiles = async () => (await context.db.orm.select({ n: count() }).from(storedFiles))[0]?.n;

  /** Expects the refusal `code` and that neither the profile nor the store changed. */
  async function expectRefusedWithoutChange(
    person: Person,
    send: () => ReturnType<typeof upload>,
    status: number,
    code: string,
  ) {
    const before = await ownProfile(person);
    const filesBefore = await filesUnder(storeFolder());
    const recordsBefore = await recordedFiles();
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toEqual(expect.any(String));
    expect((await ownProfile(person)).photoURL).toBe(before.photoURL);
    expect(await filesUnder(storeFolder())).toEqual(filesBefore);
    expect(await recordedFiles()).toBe(recordsBefore);
    return response;
  }

  it('stores a PNG, a JPEG and a WebP as 512×512 WebP, serves it, and keeps nothing of the original', async () => {
    const ada = await signUp('Ada Photo');
    const sources = {
      'image/png': await halves(800, 600).png().toBuffer(),
      'image/jpeg': await halves(1200, 900).jpeg().toBuffer(),
      'image/webp': await halves(300, 200).webp().toBuffer(),
    };
    for (const [type, original] of Object.entries(sources)) {
      const response = await upload(ada, original, type);
      expect(response.statusCode, response.body).toBe(200);
      const profile = profileSchema.parse(response.json());
      expect(profile.key).toBe(ada.id);
      expect(profile.photoURL).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
      expect((await ownProfile(ada)).photoURL).toBe(profile.photoURL);
      // The account's picture follows, so the signed-in identity (the top bar's avatar) shows the new photo.
      const [account] = await context.db.orm
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, ada.id));
      expect(account?.image).toBe(profile.photoURL);
      const hash = profile.photoURL!.split('/').pop()!;

      const served = await context.app.inject({ method: 'GET', url: profile.photoURL! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toBe(`"${hash}"`);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(metadata.exif).toBeUndefined();
      // Cropped from the centre: red on the left, blue on the right, as in the original.
      expect(isNear(await pixel(served.rawPayload, 60, 256), red)).toBe(true);
      expect(isNear(await pixel(served.rawPayload, 450, 256), blue)).toBe(true);

      const onDisk = await fs.readFile(path.join(storeFolder(), hash.slice(0, 2), hash.slice(2, 4), hash));
      expect(onDisk.equals(served.rawPayload)).toBe(true);
      const [row] = await context.db.orm.select().from(storedFiles).where(eq(storedFiles.hash, hash));
      expect(row).toMatchObject({
        contentType: 'image/webp',
        byteSize: onDisk.length,
        width: 512,
        height: 512,
      });
    }
    // Only the three re-encoded photos were ever written: no original, no temporary file left behind.
    const files = await filesUnder(storeFolder());
    expect(files).toHaveLength(3);
    for (const file of files) expect(path.basename(file)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('turns a photo upright by its EXIF orientation and drops its metadata', async () => {
    const ada = await signUp('Ada Sideways');
    // Stored sideways (left red, right blue) with "rotate 90° clockwise to view": upright, red is on top.
    const sideways = await halves(600, 300)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Ada', Artist: 'Camera owner' } } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const response = await upload(ada, sideways, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const served = await context.app.inject({ method: 'GET', url: response.json().photoURL });
    expect(isNear(await pixel(served.rawPayload, 256, 60), red)).toBe(true);
    expect(isNear(await pixel(served.rawPayload, 256, 450), blue)).toBe(true);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('upload of a non-image renamed .png is refused', async () => {
    const ada = await signUp('Ada Text');
    await upload(ada, await halves(64, 64).png().toBuffer());
    const text = Buffer.from('These are my notes, saved as notes.png.\n'.repeat(20));
    const response = await expectRefusedWithoutChange(
      ada,
      () => upload(ada, text, 'image/png'),
      415,
      'files/unsupported-type',
    );
    expect(response.json().error.message).toMatch(/PNG, JPEG or WebP/);
  });

  it('refuses SVG, GIF and any other type, whatever the request calls it', async () => {
    const ada = await signUp('Ada Svg');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: red } })
      .gif()
      .toBuffer();
    const tiff = await halves(16, 16).tiff().toBuffer();
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [gif, 'image/gif'],
      [gif, 'application/octet-stream'],
      [tiff, 'image/jpeg'],
    ] as const) {
      await expectRefusedWithoutChange(ada, () => upload(ada, bytes, type), 415, 'files/unsupported-type');
    }
    // JSON and forms are not how a photo arrives.
    await expectRefusedWithoutChange(
      ada,
      () => upload(ada, JSON.stringify({ photo: 'x' }), 'application/json'),
      415,
      'files/unsupported-type',
    );
    await expectRefusedWithoutChange(ada, () => upload(ada, ''), 415, 'files/unsupported-type');
  });

  it('refuses a damaged image with files/invalid-image', async () => {
    const ada = await signUp('Ada Broken');
    const png = await halves(400, 400).png().toBuffer();
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const garbage = Buffer.concat([png.subarray(0, 8), Buffer.alloc(500, 7)]);
    await expectRefusedWithoutChange(ada, () => upload(ada, cut), 422, 'files/invalid-image');
    await expectRefusedWithoutChange(ada, () => upload(ada, garbage), 422, 'files/invalid-image');
  });

  it('refuses more than 5 MB, and an image with more pixels than allowed (a decompression bomb)', async () => {
    const ada = await signUp('Ada Large');
    // A real PNG signature, so only the size can be what is refused.
    const large = Buffer.alloc(photoRules.maxBytes + 1, 1);
    (await halves(8, 8).png().toBuffer()).copy(large);
    const tooLarge = await expectRefusedWithoutChange(ada, () => upload(ada, large), 413, 'files/too-large');
    expect(tooLarge.json().error.message).toMatch(/5 MB/);

    // About 60 megapixels of one colour compress to a few hundred kilobytes.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: red } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(photoRules.maxBytes);
    const refused = await expectRefusedWithoutChange(ada, () => upload(ada, bomb), 413, 'files/too-large');
    expect(refused.json().error.message).toMatch(/megapixels/);
  });

  it('refuses uploading and removing while signed out', async () => {
    const png = await halves(32, 32).png().toBuffer();
    const filesBefore = await filesUnder(storeFolder());
    for (const response of [await upload(undefined, png), await remove(undefined)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth/unauthenticated');
    }
    expect(await filesUnder(storeFolder())).toEqual(filesBefore);
  });

  it('removes the photo', async () => {
    const ada = await signUp('Ada Remove');
    await upload(ada, await halves(64, 64).png().toBuffer());
    expect((await ownProfile(ada)).photoURL).not.toBeNull();
    const response = await remove(ada);
    expect(response.statusCode).toBe(200);
    expect(profileSchema.parse(response.json()).photoURL).toBeNull();
    expect((await ownProfile(ada)).photoURL).toBeNull();
  });

  it('stores the same photo once, whoever uploads it', async () => {
    const [ada, bob] = [await signUp('Ada Same'), await signUp('Bob Same')];
    const photo = await halves(333, 222).png().toBuffer();
    const first = (await upload(ada, photo)).json().photoURL as string;
    const before = await filesUnder(storeFolder());
    const second = (await upload(bob, photo)).json().photoURL as string;
    expect(second).toBe(first);
    expect(await filesUnder(storeFolder())).toEqual(before);
  });

  it('limits uploads to 10 a minute per address', async () => {
    const ada = await signUp('Ada Busy');
    const text = Buffer.from('not a picture');
    for (let i = 0; i < photoRules.uploadsPerMinute; i++) {
      expect((await upload(ada, text)).statusCode).toBe(415);
    }
    const limited = await upload(ada, text);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('common/too-many-requests');
  });

  it('serves files by hash only: 404 for an unknown one, 400 for anything else, 304 for a fresh copy', async () => {
    const ada = await signUp('Ada Files');
    const url = (await upload(ada, await halves(50, 50).png().toBuffer())).json().photoURL as string;
    const hash = url.split('/').pop()!;
    const unknown = await context.app.inject({ method: 'GET', url: `/api/files/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('common/not-found');
    for (const bad of ['abc', `${hash.toUpperCase()}`, '..%2F..%2Fpostgres-password', `${hash}0`]) {
      const response = await context.app.inject({ method: 'GET', url: `/api/files/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('common/validation-failed');
    }
    const cached = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"${hash}"` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(`"${hash}"`);
  });

  it('describes the photo and file routes in the OpenAPI document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(document.paths['/api/profiles/me/photo']?.put?.tags).toEqual(['profiles']);
    expect(document.paths['/api/profiles/me/photo']?.delete?.tags).toEqual(['profiles']);
    expect(document.paths['/api/files/{hash}']?.get?.tags).toEqual(['files']);
  });
});
