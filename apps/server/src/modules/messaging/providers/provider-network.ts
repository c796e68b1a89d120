import dns from 'node:dns/promises';
import net from 'node:net';
import tls from 'node:tls';
import { isPublicAddress, type OutboundPolicy } from '../../../platform/outbound-http.js';
import type { ConnectionStep } from './provider-types.js';

/**
 * The network steps every non-HTTP provider shares (SMPP, SMTP): resolving the host under the same
 * policy as outbound HTTP (a tenant's host name may not reach this machine or its private network,
 * unless the deployment allows it), opening TCP, and TLS, each told in words an admin can act on.
 */
export class ProviderNetworkError extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}

/** The host's first address allowed by the policy, or a `ProviderNetworkError` naming what failed. */
export async function resolveProviderHost(host: string, policy: OutboundPolicy): Promise<string> {
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((entry) => entry.address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new ProviderNetworkError('DNS', `The name ${host} could not be resolved (${code}).`);
    }
  }
  if (addresses.length === 0) throw new ProviderNetworkError('DNS', `The name ${host} has no address.`);
  if (!policy.allowPrivateNetworks && addresses.some((address) => !isPublicAddress(address)))
    throw new ProviderNetworkError(
      'DNS',
      `${host} resolves to a private or reserved address, which this server may not reach.`,
    );
  return addresses[0]!;
}

const words = (error: unknown, where: string, timeoutMs: number) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `Connection refused: nothing listens on ${where}.`;
  if (code === 'ETIMEDOUT' || code === 'TIMEOUT')
    return `No answer from ${where} within ${timeoutMs / 1000} s (a firewall may drop the connection).`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${where} cannot be reached (${code}).`;
  return `Could not connect to ${where}: ${error instanceof Error ? error.message : String(error)}.`;
};

/** Opens TCP (and TLS when asked) to a resolved address; answers the socket once it is ready. */
export function openProviderSocket(options: {
  host: string;
  address: string;
  port: number;
  tls: boolean;
  timeoutMs: number;
}): Promise<net.Socket> {
  const where = `${options.host}:${options.port}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: options.address, port: options.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new ProviderNetworkError('TCP', words({ code: 'TIMEOUT' }, where, options.timeoutMs)));
    }, options.timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(new ProviderNetworkError('TCP', words(error, where, options.timeoutMs)));
    });
    socket.once('connect', () => {
      if (!options.tls) {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        return resolve(socket);
      }
      const secure = tls.connect({
        socket,
        servername: net.isIP(options.host) ? undefined : options.host,
      });
      secure.once('error', (error) => {
        clearTimeout(timer);
        socket.destroy();
        reject(new ProviderNetworkError('TLS', `TLS handshake with ${where} failed: ${error.message}.`));
      });
      secure.once('secureConnect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        secure.removeAllListeners('error');
        resolve(secure);
      });
    });
  });
}

/** Runs the DNS, TCP and TLS steps of a "test connection"; the socket is null when one failed. */
export async function checkProviderNetwork(
  options: { host: string; port: number; tls: boolean; timeoutMs: number },
  policy: OutboundPolicy,
): Promise<{ steps: ConnectionStep[]; socket: net.Socket | null }> {
  const steps: ConnectionStep[] = [];
  const fail = (error: unknown) => {
    const step = error instanceof ProviderNetworkError ? error.step : 'TCP';
    steps.push({ step, ok: false, message: error instanceof Error ? error.message : String(error) });
    return { steps, socket: null };
  };
  let address: string;
  try {
    address = await resolveProviderHost(options.host, policy);
    steps.push({
      step: 'DNS',
      ok: true,
      message: net.isIP(options.host)
        ? `${options.host} is an address: nothing to resolve.`
        : `${options.host} resolves to ${address}.`,
    });
  } catch (error) {
    return fail(error);
  }
  try {
    const socket = await openProviderSocket({ ...options, address });
    steps.push({ step: 'TCP', ok: true, message: `Connected to ${options.host}:${options.port}.` });
    if (options.tls) {
      const protocol = (socket as tls.TLSSocket).getProtocol?.() ?? 'TLS';
      steps.push({
        step: 'TLS',
        ok: true,
        message: `TLS handshake done (${protocol}), certificate accepted.`,
      });
    }
    return { steps, socket };
  } catch (error) {
    if (error instanceof ProviderNetworkError && error.step === 'TLS')
      steps.push({ step: 'TCP', ok: true, message: `Connected to ${options.host}:${options.port}.` });
    return fail(error);
  }
}
