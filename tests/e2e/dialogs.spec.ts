import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, exportedKey } from '../support/api.ts';
import { activatePurifier, signInThroughForm } from '../support/journey.ts';

/**
 * Dialogs in the real app (issue 23): first focus on the first field (never ×), Escape closes,
 * focus back on the element that opened them, the fade of spec section 9 included.
 */
test('user pop-in, confirmation and side panel give focus back to their opener', async ({
  page,
}) => {
  await signInThroughForm(page, 'admin@demo.test', DEMO_PASSWORD);
  await page.goto('/users');

  // The pop-in: opened from the keyboard, first focus on Last name, Escape, back to the button.
  const add = page.getByRole('button', { name: 'Add a user' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a user' });
  await expect(dialog.getByLabel('Last name')).toBeFocused();
  // The role list opens and closes with the keyboard without closing the dialog.
  await dialog.getByRole('combobox', { name: 'Role' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // A 101-character name is refused under the field; the dialog stays open.
  await add.click();
  await dialog.getByLabel('Last name').fill('L'.repeat(101));
  await dialog.getByLabel('First name').fill('Focus');
  await dialog.getByLabel('E-mail address').fill('focus-check@example.test');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await dialog.getByRole('option', { name: 'User', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('The maximum length allowed is 100')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Sign-out confirmation from the account menu: first focus on its confirm action, Escape
  // closes it and focus goes back to the menu button (the menu item is gone).
  const menu = page.getByRole('button', { name: 'Account menu' });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(menu).toBeFocused();

  // The API token side panel: focus inside, not on ×; Escape; back to the menu button.
  await menu.click();
  await page.getByRole('menuitem', { name: 'My API token' }).click();
  const panel = page.getByRole('dialog', { name: 'My API token' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close' })).not.toBeFocused();
  expect(
    await page.evaluate(
      "document.querySelector('.side-panel')?.contains(document.activeElement) ?? false",
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menu).toBeFocused();
});

test('the date calendar starts on Monday, works from the keyboard and an impossible date is named', async ({
  page,
}) => {
  await signInThroughForm(page, 'user@demo.test', DEMO_PASSWORD);
  const { key } = await exportedKey();
  const ulid = await activatePurifier(page, key);
  await page.goto(`/purifiers/${ulid}/maintenance`);

  const date = page.getByLabel('Date of the replacement');
  await page.getByRole('button', { name: 'Open the calendar' }).click();
  const calendar = page.locator('.date-input__calendar');
  await expect(calendar.locator('.rdp-weekday').first()).toHaveText('Mon');
  // The chosen day (today) has the focus; the day before is picked with the keyboard.
  await expect(calendar.locator('.rdp-day_button:focus')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(date).toBeFocused();
  await expect(date).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);

  await date.fill('31/02/2026');
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Value is not a valid date')).toBeVisible();
});
