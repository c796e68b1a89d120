import type { Session, Subscription } from '@sapa/contracts';
import { errorResponse, type FetchHandler, jsonResponse, mockFetch, type SentRequest } from './fetch-mock';

export function meOf(session: Session) {
  return {
    userId: session.userId,
    name: session.name,
    email: session.email,
    role: session.role,
    chatRole: session.chatRole,
    csId: session.csId,
    status: 'active',
    clientId: session.clientId,
    homeClientId: session.clientId,
    features: session.features,
    mainFeature: session.mainFeature,
    clientInfo: session.clientInfo,
  };
}

/**
 * A server for the shell: `/users/me`, the subscription, metrics and logout answer as the real ones
 * would; `routes` answers anything else first (return undefined to fall through), the rest is 404.
 */
export function mockShellApi(
  session: Session,
  options: {
    subscription?: Partial<Subscription>;
    routes?: (request: SentRequest) => Response | Promise<Response> | undefined;
  } = {},
) {
  const handler: FetchHandler = (request) => {
    const custom = options.routes?.(request);
    if (custom) return custom;
    const path = request.path.split('?')[0];
    if (path === '/api/users/me') return jsonResponse(200, meOf(session));
    if (path === '/api/cs/subscriptions/me')
      return jsonResponse(200, {
        clientId: session.clientId,
        isTrial: false,
        expiredAt: -1,
        chatRole: null,
        ...options.subscription,
      });
    if (path === '/api/metrics/page' || path === '/api/metrics/api') return jsonResponse(200, { saved: 1 });
    if (path === '/api/auth/logout') return new Response(null, { status: 204 });
    return errorResponse(404, 'route_not_found', `No route ${request.method} ${path}`);
  };
  return mockFetch(handler);
}
