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
