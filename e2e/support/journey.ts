import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, saveScreenshot } from './browser.js';
import { type RunningServer, startServer } from './server.js';

export type JourneyOptions = {
  /** The page size of every test's browser context; 1280×720 unless told. */
  viewport?: { width: number; height: number };
  /** Lets a test wait for `page.waitForEvent('download')` and read the file. */
  acceptDownloads?: boolean;
  /** Console errors the spec provokes on purpose (a refused call the browser logs, say): true drops one. */
  ignoreConsoleError?: (message: ConsoleMessage) => boolean;
};

export type Journey = {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** This test's own context: its own session and local storage, so no one is still signed in. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** This test's console errors (`text (url)`) and uncaught page errors (`page error: message`). */
  readonly consoleErrors: string[];
};

/** Records the console errors and uncaught errors of `page` into `errors`. */
export function collectConsoleErrors(
  page: Page,
  errors: string[],
  ignore: (message: ConsoleMessage) => boolean = () => false,
): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !ignore(message))
      errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
}

/**
 * The one setup of a browser journey: a built server with its own data and a browser for the whole
 * file, and a fresh context and page per test. Call it at the top of a spec; read the returned object's
 * fields inside tests and hooks (they change per test), not at module load.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let consoleErrors: string[] = [];

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`journey.${name} is only there inside a test or hook`);
    return value;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  beforeEach(async () => {
    consoleErrors = [];
    context = await ready(browser, 'browser').newContext({
      viewport: options.viewport ?? { width: 1280, height: 720 },
      acceptDownloads: options.acceptDownloads,
    });
    page = await context.newPage();
    collectConsoleErrors(page, consoleErrors, options.ignoreConsoleError);
  });

  afterEach(async (test) => {
    // A failed journey leaves its last screen and the server's last words behind, for the reader.
    if (test.task.result?.state === 'fail') {
      if (page)
        await saveScreenshot(
          page,
          `failed-${test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`,
        ).catch(() => undefined);
      if (server) console.error(`Server output:\n${server.output().slice(-4000)}`);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context');
    },
    get page() {
      return ready(page, 'page');
    },
    get consoleErrors() {
      return consoleErrors;
    },
  };
}
