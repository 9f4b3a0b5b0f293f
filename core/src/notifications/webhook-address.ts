import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may point (SSRF): http or https, no credentials in the URL, and a host whose
 * every address is public. Private, loopback, link-local, shared, multicast and reserved ranges
 * are refused unless WEBHOOK_ALLOW_PRIVATE=1. The check runs when the webhook is saved and again
 * at each delivery, on the very addresses the connection then uses (no DNS rebinding window).
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True when `address` (v4 or v6) is not a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Why a webhook URL is refused: the error catalogue key. */
export type WebhookUrlProblem =
  'webhook_url_invalid' | 'webhook_url_private' | 'webhook_url_unresolvable';

export class WebhookUrlError extends Error {
  constructor(readonly key: WebhookUrlProblem) {
    super(key);
    this.name = 'WebhookUrlError';
  }
}

/** The URL parsed, or `webhook_url_invalid` (scheme, credentials, no host). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('webhook_url_invalid');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !url.hostname)
    throw new WebhookUrlError('webhook_url_invalid');
  return url;
}

/** The host's addresses; every one must be public unless private ones are allowed. */
export async function resolveWebhookHost(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookUrlError('webhook_url_unresolvable');
    }
  }
  if (addresses.length === 0) throw new WebhookUrlError('webhook_url_unresolvable');
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new WebhookUrlError('webhook_url_private');
  return addresses;
}

/** Checks a URL as it is saved: well formed, resolvable, public (unless allowed). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseWebhookUrl(raw);
  await resolveWebhookHost(url.hostname, allowPrivate);
  return url;
}
