import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import {
  type ApiSession,
  apiCall,
  apiLogin,
  goToRoute,
  openLoginPage,
  submitLogin,
} from './support/portal.js';
import { postSandboxPhoneMessage } from './support/whatsapp.js';

const journey = useJourney({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });

type Room = { id: string; shortId: number; customerPhoneNumber: string; status: string };

async function signIn(email: string) {
  await openLoginPage(journey.page, journey.server.baseUrl);
  await submitLogin(journey.page, email);
  await journey.page.getByTestId('user-name').waitFor();
}

/** Screenshots of a dialog wait for its opening transition to end. */
async function settle() {
  await journey.page.waitForTimeout(400);
}

async function openScreen(path: string, heading: string) {
  await goToRoute(journey.page, path);
  await journey.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/**
 * A customer writes on the sandbox phone (the public simulator endpoint, as the sandbox page does);
 * the supervisor finds the room the inbox opened for it and force-closes it with remarks.
 */
async function closedRoomOf(supervisor: ApiSession, phone: string, text: string): Promise<Room> {
  const { server } = journey;
  const wrote = await postSandboxPhoneMessage(server.baseUrl, {
    from: `+${phone}`,
    name: 'Rina Journey',
    text,
  });
  expect(wrote.status).toBe(200);
  let room: Room | undefined;
  const deadline = Date.now() + 20_000;
  while (!room && Date.now() < deadline) {
    const rooms = await apiCall(
      server.baseUrl,
      supervisor,
      'GET',
      '/api/cs/chatRoom?status=all&pageSize=200',
    );
    expect(rooms.status).toBe(200);
    room = ((await rooms.json()) as { items: Room[] }).items.find(
      (item) => item.customerPhoneNumber === phone,
    );
    if (!room) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!room) throw new Error(`No room was opened for ${phone}`);
  const closed = await apiCall(server.baseUrl, supervisor, 'DELETE', '/api/cs/chatRoom?forceClose=true', {
    roomId: room.id,
    remarks: 'Closed by the journey',
  });
  expect(closed.status, await closed.clone().text()).toBe(200);
  return room;
}

describe('customer-service administration', () => {
  it('a supervisor creates an agent, deactivates it through the confirmation, and imports two agents from a CSV', async () => {
    const { page, consoleErrors } = journey;
    const suffix = Date.now().toString(36);
    const email = `agent.${suffix}@journey.test`;
    await signIn('usv@demo.test');
    await openScreen('/customerService/manage', 'Agents');
    await page.getByRole('table', { name: 'Agents' }).waitFor();
    await saveScreenshot(page, 'cs-admin-agents');

    // 1. A new agent.
    await page.getByRole('button', { name: 'New agent' }).click();
    const form = page.getByRole('form', { name: 'New agent' });
    await form.getByLabel('Name').fill(`Journey Agent ${suffix}`);
    await form.getByLabel('Email').fill(email);
    await form.getByRole('combobox', { name: 'Tags' }).fill('journey');
    await form.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await form.getByLabel('Routing weight (%)').fill('40');
    await settle();
    await saveScreenshot(page, 'cs-admin-agent-form');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('40%');
    expect(await row.textContent()).toContain('Active');

    // 2. Deactivated through the shared confirmation.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate?' });
    expect(await dialog.textContent()).toContain(email);
    await settle();
    await saveScreenshot(page, 'cs-admin-agent-deactivate');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Deactivated').waitFor();
    await row.getByRole('button', { name: 'Activate' }).waitFor();

    // 3. Two agents from a file, each row reported.
    const imported = [`first.${suffix}@journey.test`, `second.${suffix}@journey.test`];
    await page.getByRole('button', { name: 'Import' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import agents' });
    await importDialog.locator('input[type="file"]').setInputFiles({
      name: 'agents.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `csName,email,tags,percentageWeight\nFirst ${suffix},${imported[0]},journey|import,30\nSecond ${suffix},${imported[1]},,70\n`,
      ),
    });
    await importDialog.getByRole('button', { name: 'Upload' }).click();
    await importDialog.getByRole('status').filter({ hasText: '2 of 2 rows imported, 0 failed' }).waitFor();
    for (const address of imported)
      await importDialog.getByRole('row').filter({ hasText: address }).waitFor();
    await saveScreenshot(page, 'cs-admin-agent-import');
    await importDialog.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search by name or email').fill(suffix);
    for (const address of imported) await page.getByRole('row').filter({ hasText: address }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: suffix }).count()).toBe(3);

    // The agents as CSV, and their log-in/out times as XLSX (a zip: it starts with "PK").
    const [agentsCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(await readFile((await agentsCsv.path()) ?? '', 'utf8')).toContain(imported[1]);
    await page.getByRole('button', { name: 'Log-in/out times' }).click();
    const logDialog = page.getByRole('dialog', { name: "Agents' log-in/out times" });
    const [log] = await Promise.all([
      page.waitForEvent('download'),
      logDialog.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    expect(log.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readFile((await log.path()) ?? '')).subarray(0, 2).toString('latin1')).toBe('PK');
    await logDialog.getByRole('status').waitFor();
    await settle();
    await saveScreenshot(page, 'cs-admin-agent-log');
    await logDialog.getByRole('button', { name: 'Close' }).click();

    // Supervisors may look at the other lists; only admins change them.
    await openScreen('/customerService/manage/supervisor', 'Supervisors');
    await page
      .getByRole('table', { name: 'Supervisors' })
      .or(page.getByText('No supervisors yet.'))
      .waitFor();
    expect(await page.getByRole('button', { name: 'New supervisor' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('a closed room shows in the chat history with its conversation, and the CSV export contains it', async () => {
    const { server, page, consoleErrors } = journey;
    const supervisor = await apiLogin(server.baseUrl, 'usv@demo.test');
    const phone = `62812${Date.now().toString().slice(-7)}`;
    const room = await closedRoomOf(supervisor, phone, 'Paket saya belum datang');

    await signIn('usv@demo.test');
    await openScreen('/customerService/chatHistory', 'Chat history');
    const filters = page.getByRole('form', { name: 'History filters' });
    await filters.getByLabel('Room number').fill(` ${room.shortId} `);
    await filters.getByLabel('Customer phone').fill(phone);
    await filters.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: `#${room.shortId}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Closed by the journey');
    // Who closed it, by name (the seed names usv@demo.test's agent and user Sari Supervisor).
    expect(await row.textContent()).toContain('Sari Supervisor');
    await saveScreenshot(page, 'cs-admin-history');

    // The room's conversation in the drawer, and its own CSV.
    await row.click();
    const drawer = page.getByRole('dialog', { name: `Room #${room.shortId}` });
    await drawer.getByRole('log').getByText('Paket saya belum datang').waitFor();
    await settle();
    await saveScreenshot(page, 'cs-admin-history-transcript');
    const [roomDownload] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Export this room (CSV)' }).click(),
    ]);
    const roomCsv = await readFile((await roomDownload.path()) ?? '', 'utf8');
    expect(roomCsv).toContain('Paket saya belum datang');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // The filtered history through the export job: progress, then the file.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const job = page.getByTestId('history-export').first();
    await job.getByRole('button', { name: 'Download' }).waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'cs-admin-history-export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      job.getByRole('button', { name: 'Download' }).click(),
    ]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toContain('shortId');
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(room.id);
    expect(lines[1]).toContain(phone);
    expect(lines[1]).toContain('Closed by the journey');
    expect(consoleErrors).toEqual([]);
  });

  it('an admin keeps the tag list and the customers (import, tags, delete from a file), and sees supervisors and internal users', async () => {
    const { page, consoleErrors } = journey;
    const suffix = Date.now().toString(36);
    await signIn('adc@demo.test');
    await openScreen('/tag', 'Tags');
    await page.getByRole('button', { name: 'New tag' }).click();
    const form = page.getByRole('form', { name: 'New tag' });
    await form.getByLabel('Tag').fill(`journey-${suffix}`);
    await form.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ hasText: `journey-${suffix}` });
    await row.waitFor();
    await saveScreenshot(page, 'cs-admin-tags');
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the tag?' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached' });

    // Customers: two from a file, one with a bad number reported; one tagged; one deleted from a file.
    await openScreen('/customers', 'Customer list');
    await page.getByRole('table', { name: 'Customer list' }).waitFor();
    const digits = Date.now().toString().slice(-7);
    const phones = [`62813${digits}`, `62814${digits}`];
    await page.getByRole('button', { name: 'Import' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import customers' });
    await importDialog.locator('input[type="file"]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `phoneNumber,name,tags,mediaPlatform\n${phones[0]},Wati ${suffix},vip,whatsapp\n${phones[1]},Yanto ${suffix},,whatsapp\nabc,Broken,,whatsapp\n`,
      ),
    });
    await importDialog.getByRole('button', { name: 'Upload' }).click();
    await importDialog.getByRole('status').filter({ hasText: '2 of 3 rows imported, 1 failed' }).waitFor();
    await settle();
    await saveScreenshot(page, 'cs-admin-customers-import');
    await importDialog.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search by name or phone number').fill(suffix);
    const wati = page.getByRole('row').filter({ hasText: phones[0] });
    await wati.waitFor();
    await wati.getByRole('button', { name: 'Edit tags' }).click();
    const tagsForm = page.getByRole('form', { name: 'Edit tags' });
    await tagsForm.getByRole('combobox', { name: 'Tags' }).fill('loyal');
    await tagsForm.getByRole('combobox', { name: 'Tags' }).press('Enter');
    // Leaving the field closes its suggestions, which cover the buttons.
    await tagsForm.getByRole('combobox', { name: 'Tags' }).press('Tab');
    await tagsForm.getByRole('button', { name: 'Save' }).click();
    await wati.getByText('loyal').waitFor();
    await saveScreenshot(page, 'cs-admin-customers');
    await page.getByRole('button', { name: 'Delete from file' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete customers from a file' });
    await deleteDialog.locator('input[type="file"]').setInputFiles({
      name: 'delete.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`phoneNumber\n${phones[1]}\n`),
    });
    await deleteDialog.getByRole('button', { name: 'Upload' }).click();
    await deleteDialog.getByRole('status').filter({ hasText: '1 of 1 rows deleted, 0 failed' }).waitFor();
    await deleteDialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('row').filter({ hasText: phones[1] }).waitFor({ state: 'detached' });
    await wati.waitFor();

    await openScreen('/customerService/manage/supervisor', 'Supervisors');
    await page.getByRole('button', { name: 'New supervisor' }).waitFor();
    await saveScreenshot(page, 'cs-admin-supervisors');
    await openScreen('/customerService/manage/internal-user', 'Internal users');
    await page.getByRole('button', { name: 'New internal user' }).waitFor();
    await saveScreenshot(page, 'cs-admin-internal-users');
    expect(consoleErrors).toEqual([]);
  });
});
