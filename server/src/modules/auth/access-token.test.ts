import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@aircloud/shared/constants';
import { createAccessTokens } from './access-token.ts';

const user = { id: '01JAAAAAAAAAAAAAAAAAAAAAAA', role: 'ROLE_USER' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token verified again (from memory)', async () => {
    const tokens = createAccessTokens('secret-a');
    const token = await tokens.sign(user, 'family-1');
    const first = await tokens.verify(token);
    expect(first).toEqual({ sub: user.id, role: 'ROLE_USER', fid: 'family-1' });
    // A caller changing its copy changes nothing for the next one.
    first!.sub = 'someone else';
    expect(await tokens.verify(token)).toEqual({
      sub: user.id,
      role: 'ROLE_USER',
      fid: 'family-1',
    });
  });

  it('refuses a token once it expired, even one verified before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    const tokens = createAccessTokens('secret-a');
    const token = await tokens.sign(user, 'family-1');
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token of another secret or altered, whatever was verified before', async () => {
    const tokens = createAccessTokens('secret-a');
    const token = await tokens.sign(user, 'family-1');
    await tokens.verify(token);
    const other = await createAccessTokens('secret-b').sign(user, 'family-1');
    expect(await tokens.verify(other)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(altered)).toBeNull();
    // A rotated secret still accepts what the previous one signed.
    expect(await createAccessTokens('secret-b', ['secret-a']).verify(token)).not.toBeNull();
  });
});
