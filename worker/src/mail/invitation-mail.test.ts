import { describe, expect, it } from 'vitest';
import { InvalidMailError } from './layout.ts';
import { parseMailMessage, renderMail } from './render.ts';

const data = {
  firstname: 'Bruno',
  link: 'https://aircloud.example/invitations/received',
  sender: 'Alice <Doe>',
  machines: 'Salon, Office air',
};

describe('invitation mails', () => {
  it('name the sender and the machines in the recipient language, escaped in HTML', () => {
    const mail = renderMail({ template: 'invitation', data }, 'fr');
    expect(mail.subject).toBe('Alice <Doe> partage des machines avec vous sur AirCloud');
    expect(mail.text).toContain('Bonjour Bruno,');
    expect(mail.text).toContain('Salon, Office air');
    expect(mail.text).toContain(`Voir l'invitation: ${data.link}`);
    expect(mail.html).toContain('Alice &lt;Doe&gt;');
    expect(mail.html).not.toContain('<Doe>');
  });

  it('invite someone without an account to register, in every language', () => {
    const subjects = (['fr', 'en', 'de', 'es', 'zh'] as const).map(
      (lang) =>
        renderMail({ template: 'invitation_register', data: { ...data, firstname: '' } }, lang)
          .subject,
    );
    expect(new Set(subjects).size).toBe(5);
    expect(subjects[1]).toBe('Alice <Doe> invites you to AirCloud');
    for (const subject of subjects) expect(subject).not.toMatch(/^mail\./);
  });

  it('refuse an outbox row without sender or machines', () => {
    expect(parseMailMessage('invitation', data)).toEqual({ template: 'invitation', data });
    expect(() =>
      parseMailMessage('invitation_register', { firstname: '', link: data.link }),
    ).toThrow(InvalidMailError);
  });
});
