import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('customer-service configuration', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let sad: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, sad, usc, adc2] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'sad@demo.test'),
      logIn(sapa.app, 'usc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
  });
  afterAll(async () => sapa?.close());

  it('answers every spec field with its default before anything is saved', async () => {
    const response = await inject({ method: 'GET', url: '/api/cs/configuration', headers: adc.headers });
    expect(response.statusCode).toBe(200);
    const { config, clientId } = response.json();
    expect(clientId).toBe(adc.session.clientId);
    for (const field of [
      'autoclose',
      'featureManager',
      'featureCs',
      'featureCsManager',
      'autoAssignTicket',
      'isDisplayingUserData',
      'isDisplayingUserDataChatHistory',
      'isDisplayingCsData',
      'userDataDisplay',
      'userDataChatHistoryDisplay',
      'userDataEditable',
      'csDataDisplay',
      'mandatoryRemarksTemplate',
      'isSpvShowByTags',
      'isInfinityScroll',
      'showTemplateClosingRemarks',
      'openAPI',
      'initialState',
      'isMultilayerEscalation',
      'mandatoryCategory',
      'chatBot',
      'package',
    ]) {
      expect(config, field).toHaveProperty(field);
    }
    expect(config.autoAssignTicket).toBe(false);
  });

  it('keeps earlier fields when PUT changes only some', async () => {
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    const second = await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { isSpvShowByTags: true, userDataDisplay: ['city'] },
    });
    expect(second.json().config).toMatchObject({
      autoAssignTicket: true,
      isSpvShowByTags: true,
      userDataDisplay: ['city'],
    });
    const read = await inject({ method: 'GET', url: '/api/cs/configuration', headers: usc.headers });
    expect(read.json().config.autoAssignTicket).toBe(true);
  });

  it('refuses a field of the wrong type', async () => {
    const response = await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('lets a super admin configure another client with POST, and answers 404 to an admin who tries', async () => {
    const bySad = await inject({
      method: 'POST',
      url: '/api/cs/configuration',
      headers: sad.headers,
      payload: { clientId: adc2.session.clientId, config: { mandatoryCategory: true } },
    });
    expect(bySad.statusCode).toBe(200);
    expect(bySad.json().clientId).toBe(adc2.session.clientId);
    const own = await inject({ method: 'GET', url: '/api/cs/configuration', headers: adc2.headers });
    expect(own.json().config.mandatoryCategory).toBe(true);

    const byAdmin = await inject({
      method: 'POST',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { clientId: adc2.session.clientId, config: { mandatoryCategory: false } },
    });
    expect(byAdmin.statusCode).toBe(404);
    expect(errorCode(byAdmin)).toBe('client_not_found');
    const peek = await inject({
      method: 'GET',
      url: `/api/cs/configuration?clientId=${adc2.session.clientId}`,
      headers: adc.headers,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('sets the default bot, and only admins change the configuration', async () => {
    const agent = await inject({
      method: 'POST',
      url: '/api/cs/chatbot',
      headers: adc.headers,
      payload: { botName: 'Welcome bot' },
    });
    expect(agent.statusCode).toBe(201);
    const bot = await inject({
      method: 'PUT',
      url: '/api/cs/configuration/defaultBot',
      headers: adc.headers,
      payload: { id: agent.json().id },
    });
    expect(bot.statusCode).toBe(200);
    expect(bot.json().defaultBot).toBe(agent.json().id);
    const byAgent = await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: usc.headers,
      payload: { autoAssignTicket: false },
    });
    expect(byAgent.statusCode).toBe(403);
  });

  it('answers 404 for another client’s bot, an agent id, an inactive bot or an unknown id, and keeps the default', async () => {
    const [theirs, plain, off] = await Promise.all([
      inject({
        method: 'POST',
        url: '/api/cs/chatbot',
        headers: adc2.headers,
        payload: { botName: 'Their bot' },
      }),
      inject({
        method: 'POST',
        url: '/api/cs/customerService',
        headers: adc.headers,
        payload: { csName: 'Plain agent', email: 'plain-agent@demo.test', activeBot: true, botName: 'plain' },
      }),
      inject({
        method: 'POST',
        url: '/api/cs/chatbot',
        headers: adc.headers,
        payload: { botName: 'Switched off', active: false },
      }),
    ]);
    expect(theirs.statusCode).toBe(201);
    expect(plain.statusCode).toBe(201);
    expect(off.statusCode).toBe(201);
    const before = (
      await inject({ method: 'GET', url: '/api/cs/configuration', headers: adc.headers })
    ).json();
    for (const id of [
      theirs.json().id,
      plain.json().id,
      off.json().id,
      '0192f0c4-0000-7000-8000-000000000000',
      'welcome-bot',
    ]) {
      const refused = await inject({
        method: 'PUT',
        url: '/api/cs/configuration/defaultBot',
        headers: adc.headers,
        payload: { id },
      });
      expect(refused.statusCode, id).toBe(404);
      expect(errorCode(refused)).toBe('bot_not_found');
    }
    const after = (
      await inject({ method: 'GET', url: '/api/cs/configuration', headers: adc.headers })
    ).json();
    expect(after.defaultBot).toBe(before.defaultBot);
    const theirConfig = (
      await inject({ method: 'GET', url: '/api/cs/configuration', headers: adc2.headers })
    ).json();
    expect(theirConfig.defaultBot).toBeNull();
  });
});
