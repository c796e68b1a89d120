import type { Sapa } from '../app.js';
import { type LoggedIn, logIn, type TestApp } from './test-app.js';

/**
 * What an agent's open tab tells presence: they hold a live socket in this process. Tests that route
 * over HTTP alone use it; the socket wiring itself is proven with real sockets in presence.test.ts.
 */
export async function holdLiveSocket(sapa: Pick<Sapa, 'presence'>, agent: LoggedIn, sockets = 1) {
  await sapa.presence.socketsChanged(
    {
      clientId: agent.session.clientId,
      csId: agent.session.csId ?? null,
      chatRole: agent.session.chatRole ?? null,
    },
    sockets,
  );
}

/** An agent the admin adds, logged in with a live tab and switched online: one routing may pick. */
export async function addOnlineAgent(
  sapa: TestApp,
  admin: LoggedIn,
  agent: { csName: string; email: string; capacity: number; percentageWeight: number },
) {
  await sapa.app.inject({
    method: 'POST',
    url: '/api/cs/customerService',
    headers: admin.headers,
    payload: agent,
  });
  const session = await logIn(sapa.app, agent.email);
  await holdLiveSocket(sapa, session);
  await sapa.app.inject({
    method: 'PUT',
    url: '/api/cs/customerService/status',
    headers: session.headers,
    payload: { status: 'online' },
  });
  return session;
}
