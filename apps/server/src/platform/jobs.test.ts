import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../modules/identity/identity.tables.js';
import { PURGE_EXPIRED_AUTH_JOB } from '../modules/identity/index.js';
import { createTestApp, logIn, type TestApp } from '../test/test-app.js';

describe('background jobs', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp();
    await sapa.jobs.start({ work: true });
  });
  afterAll(async () => sapa?.close());

  it('purge sessions that ended long ago with their refresh tokens, and keep live ones', async () => {
    const live = await logIn(sapa.app, 'adc@demo.test');
    const old = await logIn(sapa.app, 'adu@demo.test');
    const { db } = sapa.database;
    await db
      .update(authSessions)
      .set({ revokedAt: sql`now() - interval '31 days'`, revokedReason: 'logout' })
      .where(eq(authSessions.userId, old.session.userId));

    const jobId = await sapa.jobs.send(PURGE_EXPIRED_AUTH_JOB, {});
    expect(jobId).toEqual(expect.any(String));
    let state: string | undefined;
    for (let poll = 0; poll < 100 && state !== 'completed'; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await sapa.jobs.boss.getJobById(PURGE_EXPIRED_AUTH_JOB, jobId!))?.state;
    }
    expect(state).toBe('completed');

    const sessions = await db.select({ userId: authSessions.userId }).from(authSessions);
    expect(sessions.map((row) => row.userId)).toContain(live.session.userId);
    expect(sessions.map((row) => row.userId)).not.toContain(old.session.userId);
    const tokens = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens);
    expect(tokens).toHaveLength(1);
  });

  it('schedules the purge to run every hour', async () => {
    const schedules = await sapa.jobs.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === PURGE_EXPIRED_AUTH_JOB)?.cron).toBe('17 * * * *');
  });
});
