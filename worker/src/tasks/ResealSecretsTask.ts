import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { AppSecrets } from '@aircloud/core/lib/keyring';
import type { JobData } from '@aircloud/core/queues';
import { resealStaleValues, type ResealResult } from '@aircloud/core/secrets/reseal';

/** Id of the repeatable job and its pattern: every hour, at 41 minutes past (off the peaks). */
export const RESEAL_SECRETS_SCHEDULER = 'reseal-secrets';
export const RESEAL_SECRETS_PATTERN = '41 * * * *';

/**
 * The ResealSecrets task (hourly, and once at start): seals again with APP_SECRET the values
 * sealed by an APP_SECRET_PREVIOUS key or in the first format (core/src/secrets/reseal.ts), and
 * says how many no key opens. Idempotent; concurrent runs of several workers are harmless (each
 * update names the value it replaces).
 */
export function createResealSecretsTask({
  db,
  logger,
  secrets,
}: {
  db: Database;
  logger: Logger;
  secrets: AppSecrets;
}) {
  return async function resealSecretsJob(
    _job?: Pick<Job<JobData['reseal']>, 'data'>,
  ): Promise<ResealResult> {
    const result = await resealStaleValues(db.$client, secrets);
    if (result.resealed > 0 || (secrets.appSecretPrevious?.length ?? 0) > 0)
      logger.info(
        result,
        `re-seal: ${result.resealed} value(s) sealed again with key ${result.keyId}; ${result.unreadable} no key opens`,
      );
    if (result.unreadable > 0)
      logger.warn(
        { unreadable: result.unreadable },
        `${result.unreadable} sealed value(s) open with no key of APP_SECRET / APP_SECRET_PREVIOUS: their owners must generate them again (Meraki tab), pending device secrets are renewed when the device next connects`,
      );
    return result;
  };
}
