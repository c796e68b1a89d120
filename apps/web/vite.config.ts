import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * The code every sign-in needs next (the frame, the chat workspace and its preloader, decision 0056) and
 * the login page does not: one chunk instead of about seventy, so the idle preload after the login page
 * is a handful of requests, not a queue that the login call waits behind (issue 19 goal 5, decision 0065).
 * The Mantine components are listed by hand: those the frame and the chat screen use and the login page
 * does not. A module of this group that the login page also imports would pull the whole chunk into
 * the login entry; `signedInStaysLazy` then fails the build.
 */
const SIGNED_IN_MANTINE = [
  'Accordion',
  'AppShell',
  'Avatar',
  'Badge',
  'Burger',
  'Checkbox',
  'Collapse',
  'Combobox',
  'Divider',
  'FocusTrap',
  'Image',
  'Kbd',
  'Mark',
  'Menu',
  'Modal',
  'ModalBase',
  'MultiSelect',
  'NavLink',
  'Overlay',
  'Pill',
  'PillsInput',
  'Popover',
  'Portal',
  'Radio',
  'Select',
  'Table',
  'Textarea',
  'ThemeIcon',
  'Tooltip',
  'VisuallyHidden',
];
/** The icons of the frame and the chat screen (an icon left out only costs its own small chunk). */
const SIGNED_IN_ICONS = [
  'AlertTriangle',
  'ArrowLeft',
  'Bell',
  'Check',
  'Checks',
  'ChevronDown',
  'Clock',
  'Keyboard',
  'Language',
  'Link',
  'Logout',
  'Note',
  'Paperclip',
  'Pencil',
  'PlugConnectedX',
  'Search',
  'Send',
  'Template',
  'UserEdit',
];
const SIGNED_IN = new RegExp(
  [
    String.raw`[\\/]src[\\/]app[\\/](layouts[\\/](?!start-here)|landing-preload\.ts)`,
    String.raw`[\\/]src[\\/]features[\\/]chat[\\/](?!pages[\\/](?!chat-page))`,
    String.raw`[\\/]src[\\/]features[\\/]shell[\\/]`,
    String.raw`[\\/]src[\\/]components[\\/](confirm-dialog|message-ticks|page-header|query-state|room-event-text)\.`,
    String.raw`[\\/]contracts[\\/]src[\\/]inbox[\\/](agents|categories|chat|configuration|groups|internal-chat|rooms|templates|tickets)\.operations\.`,
    String.raw`[\\/]contracts[\\/]src[\\/]inbox[\\/](cs-admin\.schemas|inbox\.access|inbox\.events|inbox\.schemas)\.`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](${SIGNED_IN_MANTINE.join('|')})[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]utils[\\/](Floating|InlineInput|InputsGroupFieldset)[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]core[\\/](utils[\\/](close-on-escape|create-event-handler|create-scoped-keydown-handler|find-element-ancestor|find-element-in-shadow-dom|get-breakpoint-value|get-context-item-index|get-default-z-index|get-ref-prop|get-single-element-child|get-sorted-breakpoints|is-element|noop)|DirectionProvider|Box[\\/]get-style-object)[\\/]`,
    String.raw`@mantine[\\/]hooks[\\/]esm[\\/]use-(click-outside|collapse|debounced-callback|debounced-value|disclosure|focus-return|focus-trap|long-press|previous|window-event)[\\/]`,
    String.raw`@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(${SIGNED_IN_ICONS.join('|')})\.`,
    String.raw`[\\/]contracts[\\/]src[\\/](admin[\\/]admin\.schemas|contacts[\\/]contacts\.operations|clients[\\/]clients\.operations|exports[\\/]exports\.schemas|operations[\\/]query-fields)\.`,
    String.raw`node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]`,
  ].join('|'),
);

/** Fails the build when the login page's entry or screen would load the signed-in chunk. */
function signedInStaysLazy(): Plugin {
  return {
    name: 'signed-in-stays-lazy',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const signedIn = chunks.find((chunk) => chunk.name === 'signed-in');
      if (!signedIn) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const login = chunks.filter(
        (chunk) => chunk.isEntry || chunk.facadeModuleId?.endsWith('/src/app/login-screen.tsx'),
      );
      const seen = new Set<string>();
      const walk = (fileName: string, from: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = byFile.get(fileName);
        if (chunk?.imports.includes(signedIn.fileName)) {
          const inGroup = new Set(signedIn.moduleIds);
          const edges = chunk.moduleIds.flatMap((id) =>
            (this.getModuleInfo(id)?.importedIds ?? [])
              .filter((to) => inGroup.has(to))
              .map((to) => `${id} → ${to}`),
          );
          this.error(
            `${fileName} (loaded by ${from}) imports the signed-in chunk, so a module of SIGNED_IN is on the ` +
              `login page: ${edges.join('; ') || 'through a re-export'}`,
          );
        }
        for (const next of chunk?.imports ?? []) walk(next, from);
      };
      for (const chunk of login) walk(chunk.fileName, chunk.fileName);
    },
  };
}

export default defineConfig({
  plugins: [react(), signedInStaysLazy()],
  // `source` makes @sapa/contracts resolve to its TypeScript; the defaults keep browser/ESM builds of packages.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each lazy module needs (bench/web-entry.mjs follows the login
    // page's and the language chunks from it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React is a long-lived chunk every page needs: an app deploy does not make browsers download it
        // again. Everything else splits by what imports it, so a library only a lazy screen uses (charts,
        // dates, dropzone) never joins what the login page loads (issue 19: forcing all of Mantine and
        // every other package into two preloaded chunks made that 489 kB gzip).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // Only the modules listed: their dependencies the login page shares stay where they are.
            { name: 'signed-in', test: SIGNED_IN, priority: 20, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } },
  },
});
