import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, signUpThroughApi, test } from './fixtures.ts';

/** Whether the browser really loaded `image`, and at what size. */
async function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

test('a new photo shows on the profile page and in the top bar popover', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { name } = await signUpThroughApi(page, 'Ada Photo');
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Photo', exact: true });
  await expect(section.getByText('PNG, JPEG or WebP, up to 5 MB')).toBeVisible();
  // The keyboard's way in: "Change photo" opens the system file picker.
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });

  await expect(section.getByRole('status')).toHaveText('Your new photo is saved.');
  const header = page.getByRole('img', { name: `Photo of ${name}` });
  await expect(header).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}$/);
  const photoURL = await header.getAttribute('src');
  await expect.poll(() => loadedWidth(header)).toBe(512);
  await expect(section.getByRole('img', { name: 'Your current photo' })).toHaveAttribute('src', photoURL!);

  await page.getByRole('button', { name: 'Open profile' }).click();
  const card = page.getByRole('dialog');
  const cardPhoto = card.getByRole('img', { name });
  await expect(cardPhoto).toHaveAttribute('src', photoURL!);
  await expect.poll(() => loadedWidth(cardPhoto)).toBe(512);
  await page.keyboard.press('Escape');

  // After a reload too: the photo is the server's, not this page's memory.
  await page.reload();
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toHaveAttribute('src', photoURL!);
});

test('upload of a non-image renamed .png is refused, and Remove photo goes back to the initials', async ({
  page,
}) => {
  const { name } = await signUpThroughApi(page, 'Ada Notes');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Photo', exact: true });
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#e91e63' } })
    .png()
    .toBuffer();
  await page.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByRole('status')).toHaveText('Your new photo is saved.');
  const header = page.getByRole('img', { name: `Photo of ${name}` });
  const photoURL = await header.getAttribute('src');

  // The browser calls it image/png by its name; the server reads the bytes and refuses it.
  await page.getByLabel('Photo file').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Meeting notes, not a picture.\n'),
  });
  await expect(section.getByRole('alert')).toHaveText(
    'That file is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
  );
  await expect(header).toHaveAttribute('src', photoURL!);

  await section.getByRole('button', { name: 'Remove photo' }).click();
  await expect(section.getByRole('status')).toHaveText('Your photo has been removed.');
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Change photo' })).toBeFocused();
  await expect(section.getByRole('alert')).toHaveCount(0);
});
