import type { PushSubscriptionInput } from '@aircloud/shared/notifications';
import { useCallback, useEffect, useState } from 'react';
import {
  useGetPushPublicKeyQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
} from '../api/notificationsApi.ts';

/** Where this browser stands with Web Push. */
export type PushDeviceState = 'checking' | 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

/** The service worker that shows push messages (client/public/sw.js). */
export const PUSH_SERVICE_WORKER = '/sw.js';

/** True when this browser can receive Web Push (service workers, Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the Push API takes it (base64url to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function asInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Web Push on this device: its state, and turning it on (permission, `pushManager.subscribe`
 * with the server's VAPID key, then POST /api/me/push_subscriptions) or off (DELETE, then
 * unsubscribe). A subscription this browser already holds is sent again on load, so the server
 * knows it under the user signed in now.
 */
export function usePushDevice() {
  const supported = pushSupported();
  const key = useGetPushPublicKeyQuery(undefined, { skip: !supported });
  const [register] = useSubscribePushMutation();
  const [forget] = useUnsubscribePushMutation();
  const [state, setState] = useState<PushDeviceState>(supported ? 'checking' : 'unsupported');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const publicKey = key.data?.public_key;
  useEffect(() => {
    if (!supported || key.isLoading) return;
    if (!publicKey) {
      setState(key.isError ? 'off' : 'unavailable');
      return;
    }
    let live = true;
    void (async () => {
      try {
        const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
        const current = await registration.pushManager.getSubscription();
        if (current) await register(asInput(current)).unwrap();
        if (!live) return;
        if (Notification.permission === 'denied') setState('denied');
        else setState(current ? 'on' : 'off');
      } catch {
        if (live) setState(Notification.permission === 'denied' ? 'denied' : 'off');
      }
    })();
    return () => {
      live = false;
    };
  }, [supported, publicKey, key.isLoading, key.isError, register]);

  const subscribe = useCallback(async () => {
    if (!publicKey) {
      // The key could not be read (network): nothing to subscribe with yet.
      setFailed(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      try {
        await register(asInput(subscription)).unwrap();
      } catch (err) {
        // The server does not know it: the browser must not keep it either.
        await subscription.unsubscribe().catch(() => undefined);
        throw err;
      }
      setState('on');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [publicKey, register]);

  const unsubscribe = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const registration = await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER);
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        // 404: the server had already dropped it; the browser's copy goes all the same.
        await forget(subscription.endpoint)
          .unwrap()
          .catch((err: { status?: number }) => {
            if (err.status !== 404) throw err;
          });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [forget]);

  return { state, busy, failed, subscribe, unsubscribe };
}
