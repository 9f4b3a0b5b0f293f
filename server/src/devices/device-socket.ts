import {
  deviceCredentialRoom,
  deviceRoom,
  type DeviceClientToServerEvents,
  type DeviceServerToClientEvents,
} from '@aircloud/shared/devices';
import { isDesiredPending } from '@aircloud/shared/purifiers';
import type { AppContext } from '../context.ts';
import { findPurifier } from '@aircloud/core/purifiers/repository';
import type { DeviceAuthenticator, VerifiedDevice } from './device-auth.ts';
import { followUpCredential } from './credential-follow-up.ts';
import { acknowledgeDesired } from './purifier-reports.ts';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { DEVICE_EVENT_LIMIT, limitEvents } from '../realtime/event-limit.ts';
import type { Namespace } from 'socket.io';

type DeviceSocketNamespace = Namespace<
  DeviceClientToServerEvents,
  DeviceServerToClientEvents,
  Record<string, never>,
  { device: VerifiedDevice; pendingSecret: string | null }
>;

/**
 * The /device namespace: a device connects with `auth: {serial, secret}` (the same credentials
 * as the HTTP API), joins `device:<ulid>` and receives `command {desired}` at once when its
 * desired state changes (and on connection when one is not acknowledged yet); it answers
 * `ack {version}` once applied. During a rotation of its secret it receives `credentials`.
 */
export function attachDeviceNamespace(ctx: AppContext, auth: DeviceAuthenticator): void {
  const nsp = ctx.io.of('/device') as unknown as DeviceSocketNamespace;
  nsp.use((socket, next) => {
    const given = socket.handshake.auth as { serial?: unknown; secret?: unknown } | undefined;
    const serial = typeof given?.serial === 'string' ? given.serial : '';
    const secret = typeof given?.secret === 'string' ? given.secret : '';
    auth
      .verify(serial, secret)
      .then(async (device) => {
        if (!device) return next(new Error('device_unauthorized'));
        socket.data.device = device;
        socket.data.pendingSecret = await followUpCredential(ctx, device, secret);
        next();
      })
      .catch((err: unknown) => {
        ctx.logger.warn({ err }, 'device socket authentication failed');
        next(new Error('service_unavailable'));
      });
  });

  nsp.on('connection', (socket) => {
    socket.use(limitEvents(socket, DEVICE_EVENT_LIMIT));
    const device = socket.data.device;
    void socket.join([deviceRoom(device.id), deviceCredentialRoom(device.id, device.tag)]);
    // A rotation waits for this device: hand it the new secret now.
    if (socket.data.pendingSecret)
      socket.emit('credentials', { device_secret: socket.data.pendingSecret });
    if (device.kind === 'purifier') {
      // Catch-up: a command sent while the device was away is delivered now.
      findPurifier(ctx.db, device.id)
        .then((row) => {
          if (row && isDesiredPending(row.desired, row.desiredAckVersion))
            socket.emit('command', { desired: row.desired });
        })
        .catch((err: unknown) => ctx.logger.warn({ err }, 'device catch-up failed'));
    }
    socket.on('ack', (payload, reply) => {
      const version = Number((payload as { version?: unknown } | undefined)?.version);
      if (device.kind !== 'purifier' || !Number.isInteger(version) || version < 0) {
        if (typeof reply === 'function') reply({ ok: false });
        return;
      }
      acknowledgeDesired(ctx.db, device.id, version)
        .then((row) => {
          if (row) pushPurifier(ctx.io, row);
          if (typeof reply === 'function') reply({ ok: true });
        })
        .catch((err: unknown) => {
          ctx.logger.warn({ err }, 'device ack failed');
          if (typeof reply === 'function') reply({ ok: false });
        });
    });
  });
}
