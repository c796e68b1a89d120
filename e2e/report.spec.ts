import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { goToRoute, openLoginPage, submitLogin, waitForHash } from './support/portal.js';

const journey = useJourney({ viewport: { width: 1366, height: 900 } });

describe('reports', () => {
  it('a report user generates a report and downloads it, reads its figures, the voice history and a campaign flow', async () => {
    const { page, server, consoleErrors } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usr@demo.test');
    // Spec §6: USR lands on /report, the query screen.
    await waitForHash(page, '#/report');
    await page.getByRole('heading', { name: 'Report', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Generate report' }).click();
    const job = page.getByRole('region', { name: 'Your report' });
    await job.getByRole('button', { name: 'Download CSV' }).waitFor({ timeout: 30_000 });
    expect(await job.getByText('Ready').isVisible()).toBe(true);
    await saveScreenshot(page, 'report-query');

    await goToRoute(page, '/report/download');
    const reports = page.getByRole('table', { name: 'Downloads' });
    await reports.getByText('Ready').first().waitFor();
    await saveScreenshot(page, 'report-download');

    await reports.getByRole('link', { name: 'See figures' }).first().click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page
      .getByText('By channel')
      .or(page.getByText('No notification matches these filters.'))
      .first()
      .waitFor();
    await saveScreenshot(page, 'report-page');

    await goToRoute(page, '/voice/voiceHistory');
    await page.getByRole('heading', { name: 'Voice history', level: 1 }).waitFor();
    await page.getByTestId('voice-calls').filter({ hasText: /^\d+$/ }).waitFor();
    await saveScreenshot(page, 'voice-history');

    await goToRoute(page, '/scenario-diagram/DEMO-VOICE-REMIND');
    await page.getByTestId('step-upload').waitFor();
    const edges = page.getByRole('table', { name: 'Steps and how many took them' });
    await edges.getByRole('row', { name: /Upload Approval Next \d+/ }).waitFor();
    await saveScreenshot(page, 'scenario-diagram');
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});
