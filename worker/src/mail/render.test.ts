import { describe, expect, it } from 'vitest';
import { InvalidMailError } from './layout.ts';
import { parseMailMessage, renderMail } from './render.ts';

const link = 'https://aircloud.example/renew-password?token=a"b<c>&lang=de';

describe('renderMail', () => {
  it('renders every language from the catalogue, falling back to en for nothing missing', () => {
    const subjects = new Set(
      (['fr', 'en', 'de', 'es', 'zh'] as const).map(
        (lang) =>
          renderMail({ template: 'password_reset', data: { firstname: 'Jo', link } }, lang).subject,
      ),
    );
    expect(subjects.size).toBe(5);
    for (const s of subjects) expect(s).not.toMatch(/^mail\./);
  });

  it('escapes values in the HTML and keeps the plain-text link intact', () => {
    const mail = renderMail(
      { template: 'password_reset', data: { firstname: '<script>x</script>', link } },
      'de',
    );
    expect(mail.subject).toBe('Setzen Sie Ihr AirCloud-Passwort zurück');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hallo <script>x</script>,');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).toContain(
      'href="https://aircloud.example/renew-password?token=a&quot;b&lt;c&gt;&amp;lang=de"',
    );
    expect(mail.html).toContain('>Neues Passwort wählen</a>');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('refuses rows it can never render', () => {
    expect(() => parseMailMessage('newsletter', { firstname: 'a', link })).toThrow(
      InvalidMailError,
    );
    expect(() => parseMailMessage('activation', { firstname: 'a' })).toThrow(InvalidMailError);
    expect(() =>
      parseMailMessage('activation', { firstname: 'a', link: 'javascript:alert(1)' }),
    ).toThrow(InvalidMailError);
    expect(parseMailMessage('activation', { firstname: 'a', link, extra: 1 })).toEqual({
      template: 'activation',
      data: { firstname: 'a', link },
    });
  });
});

describe('the mail of an alert a user stopped', () => {
  const stopped = (reason: 'disabled' | 'edited' | 'deleted' | 'unlinked') => ({
    template: 'notification' as const,
    data: {
      firstname: 'Jo',
      link: 'https://aircloud.example/sensors/01J0000000000000000000000S',
      user_id: 'u1',
      type: 'alert_stopped' as const,
      machine_kind: 'sensor' as const,
      machine_id: '01J0000000000000000000000S',
      time_zone: 'Europe/Paris',
      payload: {
        machine_name: 'Meeting room',
        rule_ulid: '01J0000000000000000000000R',
        measure: 'co2',
        value: null,
        threshold: 1000,
        mode: 'boost',
        purifiers: [{ ulid: '01J0000000000000000000000P', name: 'Office' }],
        reason,
        stopped_by: { ulid: 'u2', name: 'Ada Lovelace' },
      },
    },
  });

  it('says who stopped it and why instead of a value, in each language', () => {
    const en = renderMail(stopped('disabled'), 'en');
    expect(en.subject).toBe('Alert over on Meeting room: stopped by Ada Lovelace');
    expect(en.text).toContain(
      'The alert rule of Meeting room on CO2 (threshold 1000 ppm) was stopped by Ada Lovelace (rule disabled).',
    );
    expect(en.text).not.toContain('back to');
    const expected = {
      fr: ['arrêtée par Ada Lovelace', 'règle supprimée'],
      de: ['von Ada Lovelace beendet', 'Regel gelöscht'],
      es: ['detenida por Ada Lovelace', 'regla eliminada'],
      zh: ['由 Ada Lovelace 停止', '规则已删除'],
    } as const;
    for (const [lang, [stoppedBy, reason]] of Object.entries(expected)) {
      const mail = renderMail(stopped('deleted'), lang as keyof typeof expected);
      expect(mail.subject).toContain(stoppedBy);
      expect(mail.text).toContain(reason);
      expect(mail.html).toContain(reason);
    }
    expect(renderMail(stopped('edited'), 'en').text).toContain('(rule edited)');
    expect(renderMail(stopped('unlinked'), 'en').text).toContain(
      '(purifier unlinked from the sensor)',
    );
  });
});
