import { expect, test } from './fixtures.ts';

// Every route in both themes, at both sizes, signed in and not, is checked by axe in every-route-looks.spec.ts.

test('the keyboard reaches the skip link first and it moves focus to the content', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /skip to content/i });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
