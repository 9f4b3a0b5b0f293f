import { describe, expect, it } from 'vitest';
import { registrationSchema } from './auth.ts';
import { firmwareFieldsSchema } from './firmware.ts';
import { maintenanceEventSchema, patchPurifierSchema } from './purifiers.ts';
import { createSensorSchema, patchSensorSchema } from './sensors.ts';
import { userUpdateSchema, userWriteSchema } from './users.ts';
import { validation as enValidation } from './i18n/locales/en/errors.ts';
import {
  DEFAULT_MEDIA_HOST,
  isMediaLink,
  mediaLinkSchema,
  multiLineText,
  requiredString,
  singleLineText,
} from './validation.ts';

const CONTROL = [
  '\r\n',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
];
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('singleLineText', () => {
  it('refuses every control character inside the text, with one message', () => {
    for (const c of CONTROL)
      expect(
        messages(singleLineText().safeParse(`Ada${c}Bcc: evil@example.com`)),
        JSON.stringify(c),
      ).toEqual([':validation.control_characters']);
  });

  it('trims the ends (a trailing newline is no line break) and keeps other Unicode', () => {
    expect(singleLineText().parse('  Zoë 李 O’Brien\n')).toBe('Zoë 李 O’Brien');
    expect(requiredString().parse('\tAda ')).toBe('Ada');
    expect(messages(requiredString().safeParse(' \r\n '))).toEqual([':validation.required']);
  });
});

describe('multiLineText', () => {
  it('keeps line feeds (CR LF read as LF) and refuses the other control characters', () => {
    expect(multiLineText().parse('line one\r\nline two\n')).toBe('line one\nline two');
    for (const c of ['\r', '\t', '\u0000', '\u0007', '\u2028'])
      expect(messages(multiLineText().safeParse(`a${c}b`)), JSON.stringify(c)).toEqual([
        ':validation.control_characters',
      ]);
  });
});

describe('name-like fields of the shared schemas', () => {
  const bad = 'Ada\r\nBcc: evil@example.com';
  const cases: [string, { safeParse(v: unknown): unknown }, object, string][] = [
    [
      'registration',
      registrationSchema,
      {
        firstname: bad,
        lastname: bad,
        email: 'a@example.com',
        password: 'Secret123',
        company: bad,
      },
      'firstname,lastname,company',
    ],
    [
      'user (admin create)',
      userWriteSchema,
      {
        firstname: bad,
        lastname: bad,
        email: 'a@example.com',
        role: 'ROLE_USER',
        company: bad,
        phone: '+33 6\n12',
      },
      'firstname,lastname,company,phone',
    ],
    [
      'user (update)',
      userUpdateSchema,
      { firstname: bad, lastname: bad, company: bad, phone: bad },
      'firstname,lastname,company,phone',
    ],
    ['purifier', patchPurifierSchema, { name: bad, short_name: bad }, 'name,short_name'],
    [
      'sensor (provision)',
      createSensorSchema,
      { serial_number: 'S-1', owner_email: 'a@example.com', name: bad },
      'name',
    ],
    ['sensor', patchSensorSchema, { name: bad, short_name: bad }, 'name,short_name'],
    [
      'firmware',
      firmwareFieldsSchema,
      { name: bad, version: bad, models: 'HEPA_COCOON' },
      'name,version',
    ],
    ['maintenance note', maintenanceEventSchema, { type: 'filters', note: 'a\u0007b' }, 'note'],
  ];
  for (const [label, schema, value, paths] of cases)
    it(`${label}: ${paths} refuse control characters`, () => {
      const result = schema.safeParse(value) as Parameters<typeof messages>[0];
      const refused = (result.error?.issues ?? [])
        .filter((i) => i.message === 'validation.control_characters')
        .map((i) => i.path.join('.'));
      expect(refused.sort().join(',')).toBe(paths.split(',').sort().join(','));
    });

  it('a maintenance note keeps its lines', () => {
    expect(maintenanceEventSchema.parse({ type: 'filters', note: 'HEPA\r\nH13' }).note).toBe(
      'HEPA\nH13',
    );
  });
});

describe('media links (spec section 5)', () => {
  const host = DEFAULT_MEDIA_HOST;
  it('accepts an https video on the product host or its subdomains, in mp4, avi, mpeg or mov', () => {
    for (const link of [
      `https://${host}/howto/filter.mp4`,
      `https://${host}/a.avi`,
      `https://${host}/a.mpeg`,
      `https://${host}/a.MOV`,
      `https://cdn.${host}/videos/filter.mp4?t=30#start`,
    ])
      expect(isMediaLink(link), link).toBe(true);
    expect(mediaLinkSchema().parse(`  https://${host}/a.mp4 `)).toBe(`https://${host}/a.mp4`);
  });

  it('refuses other hosts, other formats, plain http and credentials', () => {
    for (const link of [
      'https://example.com/filter.mp4',
      `https://${host}.evil.test/filter.mp4`,
      `https://evil${host}/filter.mp4`,
      `http://${host}/filter.mp4`,
      `https://user:pass@${host}/filter.mp4`,
      `https://${host}/filter.mkv`,
      `https://${host}/filter.mp4.exe`,
      `https://${host}/filter?file=a.mp4`,
      `https://${host}/mp4`,
      'not a link',
    ])
      expect(isMediaLink(link), link).toBe(false);
  });

  it('follows the configured host and says why with the catalogue message', () => {
    expect(isMediaLink('https://videos.acme.test/a.mp4', 'videos.acme.test')).toBe(true);
    expect(isMediaLink(`https://${host}/a.mp4`, 'videos.acme.test')).toBe(false);
    expect(messages(mediaLinkSchema().safeParse('https://example.com/a.mp4'))).toEqual([
      ':validation.media_link',
    ]);
    expect(messages(mediaLinkSchema().safeParse(''))).toEqual([':validation.required']);
    expect(enValidation.media_link).toBe(
      'The link must point to a video (mp4, avi, mpeg or mov) on {{host}}',
    );
  });
});
