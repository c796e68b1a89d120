import type { Sapa } from '../app.js';
import type { LoggedIn } from './test-app.js';

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
