import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { newUser } from '../support/api.ts';
import { provisionSensor, signInThroughForm } from '../support/journey.ts';
import { waitForMail } from '../support/mailbox.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Notify-1234';

/** A local receiver that keeps each delivery with its headers. */
function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  return new Promise<{ url: string; received: typeof received; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/aircloud`,
        received,
        close: () => server.close(),
      }),
    ),
  );
}

test('a rule triggers: the bell counts it live, the mail comes in German, the webhook gets a signed body', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The account's language is German: its mails are German whatever the browser shows.
  const email = await newUser({ label: 'notify', password: PASSWORD, lang: 'de' });
  const sensor = await provisionSensor(email);
  await signInThroughForm(page, email, PASSWORD);
  const headers = { Origin: baseURL };
  const rule = await page.request.post(`/api/sensors/${sensor.ulid}/alert_rules`, {
    headers,
    data: { measure: 'co2', threshold: 1000, mode: 'auto', confirm_s: 0 },
  });
  expect(rule.status()).toBe(201);
  const receiver = await startReceiver();
  try {
    const hook = await page.request.post('/api/webhooks', { headers, data: { url: receiver.url } });
    expect(hook.status()).toBe(201);
    const secret = ((await hook.json()) as { secret: string }).secret;

    await page.goto('/purifiers');
    const bell = page.getByRole('link', { name: /^(Notifications|Benachrichtigungen)/ });
    await expect(bell).toBeVisible();
    await expect(bell.locator('.notification-bell__count')).toHaveCount(0);

    await new TestSensor(baseURL, sensor).post({ co2: 1500, pm25: 5 });

    // The bell counts it without a reload.
    await expect(bell.locator('.notification-bell__count')).toHaveText('1', { timeout: 15_000 });

    // The mail, in the account's language.
    let subject = '';
    await expect(async () => {
      subject = (await waitForMail(email, 5_000)).subject ?? '';
      expect(subject).toMatch(/^Alarm bei Meeting room: CO2/);
    }).toPass({ timeout: 20_000 });

    // The webhook: signed over "timestamp.body" with the secret shown at its creation.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = receiver.received[0]!;
    const signature = String(delivery.headers['x-aircloud-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(t).toBe(String(delivery.headers['x-aircloud-timestamp']));
    const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
    expect(timingSafeEqual(expected, Buffer.from(v1!, 'hex'))).toBe(true);
    const body = JSON.parse(delivery.body) as { notification: { type: string } };
    expect(body.notification.type).toBe('alert_triggered');

    // The list says what happened and links the sensor; marking all read clears the bell.
    await bell.click();
    await expect(
      page.getByText(/Meeting room: CO2 at 1,500, above the threshold of 1,000/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell.locator('.notification-bell__count')).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
