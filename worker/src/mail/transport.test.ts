import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@aircloud/core/config';
import { mails } from '@aircloud/core/db/schema';
import type { JobData } from '@aircloud/core/queues';
import { recordMail } from '@aircloud/core/outbox/outbox';
import { createSendMailTask } from '../tasks/SendMailTask.ts';
import { createTestDatabase, memoryLogger } from '../../test/harness.ts';
import { createMailTransport } from './transport.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let mailDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  mailDir = path.join(await mkdtemp(path.join(tmpdir(), 'aircloud-mail-')), 'var', 'mail');
});

afterAll(async () => {
  await database?.drop();
  if (mailDir) await rm(path.dirname(path.dirname(mailDir)), { recursive: true, force: true });
});

describe('mail transport without SMTP_URL', () => {
  it('writes the mail as an .eml file that parses back with its link, and logs where it is', async () => {
    const config = loadConfig({ NODE_ENV: 'test', MAIL_DIR: mailDir });
    expect(config.smtpUrl).toBeUndefined();
    const { logger, lines } = memoryLogger();
    const transport = createMailTransport({ ...config, logger });
    expect(transport.kind).toBe('file');

    const link = 'http://localhost:3000/easy-connect?token=eml-token-123';
    const id = await recordMail(database.db, {
      to: 'zoe@example.test',
      lang: 'zh',
      template: 'activation',
      data: { firstname: 'Zoé', link },
    });
    const job = { data: { mailId: id }, attemptsMade: 0, opts: { attempts: 8 } } as Job<
      JobData['mail']
    >;
    const result = await createSendMailTask({ db: database.db, transport, logger })(job);

    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d-]+\\.\\d{3}Z-${id}\\.eml$`));
    const file = path.join(mailDir, files[0]!);
    expect(result).toMatchObject({ status: 'sent', file });

    const parsed = await simpleParser(await readFile(file));
    expect(parsed.subject).toBe('激活您的 AirCloud 账户');
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(parsed.from?.text).toContain('no-reply@aircloud.local');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('zoe@example.test');

    const line = lines.find((l) => l.file === file);
    expect(line).toMatchObject({ to: 'zoe@example.test', link });
    expect(String(line?.msg)).toContain(file);
    expect(String(line?.msg)).toContain(link);

    const [row] = await database.db.select().from(mails).where(eq(mails.id, id));
    expect(row?.status).toBe('sent');
  });
});
