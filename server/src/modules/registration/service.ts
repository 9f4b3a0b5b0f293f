import { ACTIVATION_CODE_TTL_SECONDS, type Language } from '@aircloud/shared/constants';
import type { RegistrationInput } from '@aircloud/shared/auth';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { isUniqueViolation } from '@aircloud/core/db/pg-error';
import { randomToken, sha256 } from '@aircloud/core/lib/crypto';
import { dispatchMail, recordMail } from '@aircloud/core/outbox/outbox';
import { findUsableCode, insertValidationCode } from '../auth/repository.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { userLanguage } from '@aircloud/core/users/language';
import { findUserByEmail, insertUser, type UserRow } from '@aircloud/core/users/repository';
import { lockDisabledUser, neverActivated } from './repository.ts';

/** The easy-connect link an activation mail carries. */
function activationLink(ctx: Pick<AppContext, 'config'>, code: string): string {
  return `${ctx.config.publicUrl}/easy-connect?token=${encodeURIComponent(code)}`;
}

/** Creates a disabled account and mails its activation link (valid 7 days) in `lang`. */
export async function register(
  ctx: AppContext,
  input: RegistrationInput,
  lang: Language,
): Promise<UserRow> {
  if (await findUserByEmail(ctx.db, input.email))
    throw new AppError(409, 'email_address_already_exists');
  const passwordHash = await hashPassword(input.password);
  const code = randomToken();
  const link = activationLink(ctx, code);
  try {
    const { user, mailId } = await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        id: ulid(),
        email: input.email,
        passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        company: input.company,
        lang,
        role: 'ROLE_USER',
        enabled: false,
      });
      await insertValidationCode(tx, {
        userId: user.id,
        purpose: 'activation',
        codeHash: sha256(code),
        expiresAt: new Date(Date.now() + ACTIVATION_CODE_TTL_SECONDS * 1000),
      });
      const mailId = await recordMail(tx, {
        template: 'activation',
        to: user.email,
        lang,
        data: { firstname: user.firstname, link },
      });
      return { user, mailId };
    });
    await dispatchMail(ctx.mailQueue, mailId);
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'email_address_already_exists');
    throw err;
  }
}

/** The e-mail tied to a valid, unused validation code; 404 otherwise. */
export async function validationCodeEmail(ctx: AppContext, code: string): Promise<string> {
  const found = await findUsableCode(ctx.db, sha256(code));
  if (!found) throw new AppError(404, 'not_found');
  return found.email;
}

/**
 * POST /api/registration/resend: when `email` is an account never activated, voids its unused
 * activation codes and mails a new link (valid 7 days) in the account's language. Silent
 * otherwise: the caller never learns whether the account exists.
 */
export async function resendActivation(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.enabled || !(await neverActivated(ctx.db, user.id))) return;
  const code = randomToken();
  const lang = userLanguage(user);
  const mailId = await ctx.db.transaction(async (tx) => {
    if (!(await lockDisabledUser(tx, user.id))) return null;
    // Voids the older unused activation codes of the user: only the new link works.
    await insertValidationCode(tx, {
      userId: user.id,
      purpose: 'activation',
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + ACTIVATION_CODE_TTL_SECONDS * 1000),
    });
    return recordMail(tx, {
      template: 'activation',
      to: user.email,
      lang,
      data: { firstname: user.firstname, link: activationLink(ctx, code) },
    });
  });
  if (mailId) await dispatchMail(ctx.mailQueue, mailId);
}
