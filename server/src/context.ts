import type { Queue } from 'bullmq';
import type { RedisClient } from '@aircloud/core/lib/redis';
import type { Logger } from 'pino';
import type { Config } from '@aircloud/core/config';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import type { AccessTokens } from './modules/auth/access-token.ts';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import type { ChannelHook } from '@aircloud/core/notifications/record';
import type { SessionCache } from './http/session-cache.ts';

/** What the caller hands to `createApp`: configuration and open connections. */
export interface AppDeps {
  config: Config;
  db: Database;
  redis: RedisClient;
  logger: Logger;
  mailQueue: Queue<JobData['mail']>;
  /** Producer of the `samples` queue; createApp opens its own when not given. */
  samplesQueue?: Queue<JobData['samples']>;
}

/** Everything a route or service may use, built once per app. */
export interface AppContext extends AppDeps {
  accessTokens: AccessTokens;
  io: RealtimeServer;
  /** Producer of the `webhooks` queue: deliveries of notifications recorded by a request. */
  webhookQueue: Queue<JobData['webhooks']>;
  /** Producer of the `push` queue: Web Push messages of notifications recorded by a request. */
  pushQueue: Queue<JobData['push']>;
  /** The channels besides in-app (mail outbox, webhook deliveries), recorded with a notification. */
  notificationChannels: ChannelHook;
  /** The signed-in user of each credential for a few seconds, forgotten at any change. */
  sessions: SessionCache;
}
