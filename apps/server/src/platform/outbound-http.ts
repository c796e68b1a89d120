import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * The one way server code calls another server (issue 11, SSRF). A URL a tenant or a provider's
 * answer names must not reach this machine or the network around it: loopback, link-local (cloud
 * metadata), private, shared, multicast and reserved ranges are refused, after resolving the name,
 * on the very connection that is opened (a name that resolves differently the second time cannot
 * slip through). Plain http is refused too. A deployment may allow both for a provider it runs on
 * its own network (tests run a fake Graph API on 127.0.0.1).
 */
export type OutboundPolicy = Readonly<{ allowPrivateNetworks: boolean }>;

export type OutboundErrorReason = 'refused' | 'too_large' | 'timeout' | 'unreachable';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundErrorReason,
    message: string,
  ) {
    super(message);
  }
}

export type OutboundRequest = {
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  /** Text, or raw bytes (a file uploaded as it is). */
  body?: string | Buffer;
  /** For the whole exchange, body included. */
  timeoutMs: number;
  /** An answer longer than this is cut off and refused. */
  maxBytes: number;
};

export type OutboundResponse = {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type OutboundHttp = {
  readonly policy: OutboundPolicy;
  request(url: string, init: OutboundRequest): Promise<OutboundResponse>;
};

type Lookup = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** An address on the public internet: none of the ranges above, IPv4 inside IPv6 included. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const hexMapped = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const high = Number.parseInt(hexMapped[1]!, 16);
    const low = Number.parseInt(hexMapped[2]!, 16);
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  // IPv4-compatible (deprecated) ::a.b.c.d
  if (/^::\d+\.\d+\.\d+\.\d+$/.test(address)) return false;
  return !blocked.check(address, 'ipv6');
}

const refused = (message: string) => new OutboundError('refused', message);

function toOutboundError(error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError' || name === 'TimeoutError')
    return new OutboundError('timeout', 'no answer in time');
  return new OutboundError('unreachable', error instanceof Error ? error.message : 'unreachable');
}

/** `lookup` replaces DNS (tests point a real host name at a private address). */
export function createOutboundHttp(policy: OutboundPolicy, options: { lookup?: Lookup } = {}): OutboundHttp {
  const resolve: Lookup =
    options.lookup ?? ((hostname, lookupOptions, callback) => dns.lookup(hostname, lookupOptions, callback));

  // Called by the socket itself for every connection it opens to a name.
  const guardedLookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number },
    callback: (...args: unknown[]) => void,
  ) => {
    resolve(
      hostname,
      { all: true, ...(lookupOptions.family ? { family: lookupOptions.family } : {}) },
      (error, addresses) => {
        if (error) return callback(error);
        if (addresses.length === 0)
          return callback(new OutboundError('unreachable', `${hostname} has no address`));
        if (!policy.allowPrivateNetworks && addresses.some((entry) => !isPublicAddress(entry.address))) {
          return callback(refused(`${hostname} resolves to an address this server may not call`));
        }
        if (lookupOptions.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
    );
  };

  async function request(url: string, init: OutboundRequest): Promise<OutboundResponse> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw refused('not a URL');
    }
    const secure = target.protocol === 'https:';
    if (!secure && !(target.protocol === 'http:' && policy.allowPrivateNetworks)) {
      throw refused('only https URLs may be called');
    }
    if (target.username || target.password) throw refused('URLs with credentials are not called');
    const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
    // A socket opened to an address skips the lookup: check it here.
    if (net.isIP(literal) && !policy.allowPrivateNetworks && !isPublicAddress(literal)) {
      throw refused(`${literal} is an address this server may not call`);
    }
    const transport = secure ? https : http;
    return new Promise<OutboundResponse>((resolvePromise, reject) => {
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        outgoing.destroy();
        reject(toOutboundError(error));
      };
      const outgoing = transport.request(
        target,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          signal: AbortSignal.timeout(init.timeoutMs),
          lookup: guardedLookup as never,
        },
        (incoming) => {
          const declared = Number(incoming.headers['content-length']);
          if (Number.isFinite(declared) && declared > init.maxBytes) {
            return fail(new OutboundError('too_large', `the answer is over ${init.maxBytes} bytes`));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > init.maxBytes) {
              fail(new OutboundError('too_large', `the answer is over ${init.maxBytes} bytes`));
            } else chunks.push(chunk);
          });
          incoming.on('error', fail);
          incoming.on('end', () => {
            if (settled) return;
            settled = true;
            resolvePromise({
              status: incoming.statusCode ?? 0,
              statusText: incoming.statusMessage ?? '',
              headers: incoming.headers,
              body: Buffer.concat(chunks),
            });
          });
        },
      );
      outgoing.on('error', fail);
      outgoing.end(init.body);
    });
  }

  return { policy, request };
}
