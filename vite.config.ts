import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { build, defineConfig, parseSync, type ESTree, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The API tests that start server processes of their own and watch them: several on one
 * PostgreSQL of their own, one killed in the middle of its work (most of their time is waiting for
 * a killed instance's lease to run out), and the memory of an idle server on the embedded
 * database, whatever DATABASE_URL says. They run as a project of their own (`npm run
 * test:processes`), beside the other API tests, and once per CI run.
 */
const SERVER_PROCESS_TESTS = [
  'tests/api/jobs-kill.test.ts',
  'tests/api/billing-jobs-kill.test.ts',
  'tests/api/dns-jobs-kill.test.ts',
  'tests/api/order-crash.test.ts',
  'tests/api/two-instances.test.ts',
  'tests/api/memory.test.ts',
];

/** In development the server does not render index.html, so embed the public configuration here. */
function publicConfigInDevelopment(): Plugin {
  return {
    name: 'public-config-in-development',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { loadConfig } = await import('./src/server/config.ts');
      const { renderIndexHtml } = await import('./src/server/spa.ts');
      return renderIndexHtml(html, loadConfig());
    },
  };
}

/** Text files the server sends precompressed (src/server/spa.ts); index.html is rendered per request. */
const PRECOMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Brotli's best quality costs seconds per megabyte: larger files (lazy libraries) get quality 9. */
const BROTLI_BEST_UP_TO_BYTES = 512 * 1024;

/**
 * Compresses the build once (Brotli, at its best quality up to 512 KiB, and gzip at level 9) into
 * `.br` and `.gz` files beside each text file, so that the server never compresses a file per
 * request. A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && PRECOMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]:
                  content.length <= BROTLI_BEST_UP_TO_BYTES ? zlib.BROTLI_MAX_QUALITY : 9,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Modules only the tests and `npm run charts` read: the machines' registrations (`*.model.ts`),
 * the registry and the samples they are declared with. The app never needs them (the charts page
 * reads the generated catalogue, docs/charts/charts.json).
 */
export const TEST_ONLY_MODULES = [
  /\/machines\/.*\.model\.ts$/,
  /\/machines\/registry(\.ts$|\/)/,
  /\/machines\/.*samples\.ts$/,
];

/** Fails the build when a test-only module ({@link TEST_ONLY_MODULES}) is in any chunk. */
export function noTestOnlyModules(): Plugin {
  return {
    name: 'no-test-only-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk'
          ? chunk.moduleIds
              .filter((id) => TEST_ONLY_MODULES.some((pattern) => pattern.test(id)))
              .map((id) => `${chunk.fileName}: ${path.relative(projectRoot, id)}`)
          : [],
      );
      if (found.length)
        this.error(
          `Models, the registry and samples are for tests and npm run charts only, not the app:\n  ${found.join('\n  ')}`,
        );
    },
  };
}

/** The keys that make an object literal a machine, state or transition config. */
const MACHINE_CONFIG_KEYS = new Set([
  'on',
  'states',
  'initial',
  'always',
  'invoke',
  'entry',
  'exit',
  'after',
  'target',
  'actions',
  'guard',
  'onDone',
  'onError',
  'onSnapshot',
  'src',
  'tags',
  'history',
  'reenter',
]);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function propertyName(property: Node): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  const key = property.key as Node & { name?: string; value?: unknown };
  return key.type === 'Identifier'
    ? key.name
    : typeof key.value === 'string'
      ? key.value
      : undefined;
}

/** A string written in the source: a literal, a template of names, or strings joined with `+`. */
function isText(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral')
    return (node.expressions as Node[]).every((e) =>
      ['Identifier', 'MemberExpression', 'Literal'].includes(e.type),
    );
  return (
    node.type === 'BinaryExpression' &&
    node.operator === '+' &&
    isText(node.left as Node) &&
    isText(node.right as Node)
  );
}

/**
 * The source ranges of the `description` texts of a machine module's machine, state and
 * transition configs: objects with a key of {@link MACHINE_CONFIG_KEYS}, or the values of a
 * `states` object. Each range ends after the property's comma.
 */
export function machineDescriptionRanges(code: string, ast: Node): [number, number][] {
  const ranges: [number, number][] = [];
  // `stateNode`: the object is a value of a `states` object; `statesMap`: it is a `states` object.
  const visit = (node: unknown, stateNode = false, statesMap = false) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const current = node as Node;
    if (current.type !== 'ObjectExpression') {
      for (const [key, value] of Object.entries(current))
        if (key !== 'type' && value && typeof value === 'object') visit(value);
      return;
    }
    const properties = current.properties as Node[];
    const names = properties.map(propertyName);
    const config =
      stateNode ||
      names.some((name) => name !== undefined && MACHINE_CONFIG_KEYS.has(name)) ||
      properties.some(
        (p) =>
          propertyName(p) === 'type' &&
          ['final', 'parallel', 'history'].includes(String((p.value as Node).value)),
      );
    for (const property of properties) {
      const name = propertyName(property);
      if (config && name === 'description' && isText(property.value as Node)) {
        const comma = /^\s*,/.exec(code.slice(property.end));
        ranges.push([property.start, property.end + (comma ? comma[0].length : 0)]);
      } else {
        visit(property.value ?? property.argument, statesMap, name === 'states');
      }
    }
  };
  visit(ast);
  return ranges;
}

/**
 * The machines' descriptions document them in the charts (`npm run charts`, which read the
 * source); the app never reads them, so the browser build leaves them out: 4.3 KiB gzip of the
 * signup page's first load. They turn into spaces (line breaks kept), so every position and the
 * source maps stay as they are. Tests and the charts run the source and keep them.
 */
export function machineDescriptionsOut(): Plugin {
  return {
    name: 'machine-descriptions-out',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\/machines\/.*\.ts$/ },
      handler(code, id) {
        if (!code.includes('description')) return null;
        const ranges = machineDescriptionRanges(
          code,
          parseSync(id, code, { lang: 'ts' }).program as unknown as Node,
        );
        if (ranges.length === 0) return null;
        let out = '';
        let at = 0;
        for (const [start, end] of ranges) {
          out += code.slice(at, start) + code.slice(start, end).replace(/[^\r\n]/g, ' ');
          at = end;
        }
        return { code: out + code.slice(at), map: null };
      },
    },
  };
}

/**
 * Mantine's default colour palettes that nothing on the signup's first screen uses: the views
 * loaded later do (a badge's colour, a chart's). tests/unit/mantine-palettes.test.ts fails when
 * the first screen names one of them.
 */
export const LATER_PALETTES = ['pink', 'grape', 'violet', 'indigo', 'cyan', 'lime', 'yellow'];
const LATER_PALETTE_VARIABLE = new RegExp(`^--mantine-color-(${LATER_PALETTES.join('|')})-`);

/**
 * One part of Mantine's sheet of default CSS variables: `first` without the variables of the
 * {@link LATER_PALETTES}, `later` with only those (in the same rules, so the two together declare
 * exactly what the whole sheet does).
 */
export function palettePart(css: string, part: 'first' | 'later'): string {
  const root = postcss.parse(css);
  root.walkDecls((declaration) => {
    if (LATER_PALETTE_VARIABLE.test(declaration.prop) !== (part === 'later')) declaration.remove();
  });
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkRules((rule) => {
    if (!rule.nodes?.length) rule.remove();
  });
  return root.toString();
}

/**
 * `@mantine/core/styles/default-css-variables.css?palettes=first` (or `later`): that part of the
 * sheet ({@link palettePart}). The first load takes the first part (1.3 KiB gzip less than the whole
 * sheet, app/mantine-styles.ts), the views loaded later the rest (app/mantine-styles-later.ts).
 */
export function mantinePalettes(): Plugin {
  return {
    name: 'mantine-palettes',
    enforce: 'pre',
    transform: {
      filter: { id: /default-css-variables\.css\?(.*&)?palettes=(first|later)(&|$)/ },
      handler(code, id) {
        const part = /[?&]palettes=later(&|$)/.test(id) ? 'later' : 'first';
        return { code: palettePart(code, part), map: null };
      },
    },
  };
}

/** Pages whose first screen ships as one file beside the page's own chunk (see below). */
const FIRST_SCREEN_PAGES = ['features/signup/SignupPage.tsx'];

/**
 * The modules a page imports statically (its first screen), found once the build has read every
 * module: the code-splitting group below puts them in one chunk, so that a slow network fetches
 * the page in two files rather than fifteen. Modules the page loads with `import()` stay apart.
 */
const firstScreenModules = new Set<string>();
function firstScreen(): Plugin {
  return {
    name: 'first-screen',
    apply: 'build',
    buildEnd() {
      firstScreenModules.clear();
      const pages = [...this.getModuleIds()].filter((id) =>
        FIRST_SCREEN_PAGES.some((page) => id.endsWith(`/src/web/${page}`)),
      );
      const pending = pages.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (firstScreenModules.has(id) || pages.includes(id)) continue;
        firstScreenModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/** The portal's page table: the modules it loads with `import()` are the portal's pages and their API modules. */
const PORTAL_TABLE = '/src/web/portal-pages.ts';
/** Where the app's routes load their pages with `import()`. */
const ROUTER = '/src/web/router.tsx';
/**
 * The signup's sections, loaded together soon after its first screen (features/signup/SignupPage.tsx),
 * and what its order loads: one user of the modules it shares with the portal.
 */
const SIGNUP_FOLDER = '/src/web/features/signup/';
/**
 * A feature's API module (docs/architecture.md): the portal's page table loads those of a page to
 * ask for its data while its code loads. Each area's, with what only they import, are a chunk of
 * their own, so that the data is asked for before the page's code has run.
 */
const API_MODULE = /\/src\/web\/features\/.*\/api\.ts$/;
/** The public page a visitor logs in on: what it loads is in the browser's cache before any portal page. */
const LOGIN_PAGE = '/src/web/features/session/login/LoginPage.tsx';

/**
 * The chunks of the portal's pages (behind the login), by module, found once the build has read
 * every module (`portalChunks`). Each page of an area (`features/<area>/`) loads:
 * - `portal-<area>`: what only that area's pages use (its pages together);
 * - `portal-<area>-data`: its API modules, loaded by the page table to ask for the page's data,
 *   with what only they import: the data is asked for without waiting for the page's code to run;
 * - `portal-shared`: what pages of two or more areas use and no public page does;
 * - `portal-later-<n>`: what portal pages share with public pages loaded after the first load,
 *   one chunk per set of those public pages (the signup's sections count as one: it loads them
 *   together), so that no public page loads more than it uses;
 * - and what the login page has already loaded (left to the bundler, as every other module).
 * Six connections then fetch a page's code in one or two rounds, during the login, rather than
 * twenty files in four rounds after it (docs/performance.md).
 */
const portalChunkNames = new Map<string, string>();
/** The chunk `portalChunks` gave a module, if any. */
export const portalChunkOf = (id: string) => portalChunkNames.get(id);

/** The package of an import's source or of a module's path in node_modules (`@scope/name` or `name`). */
function packageOf(source: string): string | undefined {
  const after = source.includes('node_modules')
    ? source.split(/[\\/]node_modules[\\/]/).pop()!
    : source;
  if (after.startsWith('.') || after.startsWith('/')) return undefined;
  const parts = after.split(/[\\/]/);
  return (after.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** An import's or export's name: an identifier, or a string (`export { a as "b" }`). */
const nameOf = (name: ESTree.ModuleExportName) =>
  name.type === 'Literal' ? name.value : name.name;

/**
 * What a module imports, with the re-exporting index modules of packages (`@mantine/core`,
 * `@tabler/icons-react`: only imports and exports) followed to the modules of the names imported,
 * as the bundle does once tree-shaken. An index reaches every component of its package: through it,
 * every page would seem to use all of Mantine.
 */
function importGraph(
  info: (id: string) => { code: string | null; importedIds: readonly string[] } | null,
) {
  const parsed = new Map<string, ESTree.Program['body']>();
  const body = (id: string) => {
    let statements = parsed.get(id);
    if (!statements) {
      statements = parseSync(id, info(id)?.code ?? '').program.body;
      parsed.set(id, statements);
    }
    return statements;
  };
  const reexports = new Map<string, Map<string, string> | null>();
  /** An index module's exported names and the module each comes from; null when not an index. */
  const indexOf = (id: string) => {
    if (reexports.has(id)) return reexports.get(id)!;
    let names: Map<string, string> | null = null;
    const statements = /[\\/]node_modules[\\/]/.test(id) ? body(id) : [];
    if (
      statements.length > 1 &&
      statements.every(
        (s) =>
          s.type === 'ImportDeclaration' || (s.type === 'ExportNamedDeclaration' && !s.declaration),
      )
    ) {
      names = new Map();
      const from = (source: string) => path.resolve(path.dirname(id), source);
      const local = new Map<string, string>();
      for (const s of statements)
        if (s.type === 'ImportDeclaration')
          for (const specifier of s.specifiers)
            local.set(specifier.local.name, from(s.source.value));
      for (const s of statements)
        if (s.type === 'ExportNamedDeclaration')
          for (const specifier of s.specifiers) {
            const module = s.source ? from(s.source.value) : local.get(nameOf(specifier.local));
            if (module) names.set(nameOf(specifier.exported), module);
          }
    }
    reexports.set(id, names);
    return names;
  };
  const sideEffects = new Map<string, string[]>();
  const sideEffectsOf = (index: string, names: Map<string, string>) => {
    let modules = sideEffects.get(index);
    if (!modules) {
      const exported = new Set(names.values());
      modules = (info(index)?.importedIds ?? []).filter((target) => !exported.has(target));
      sideEffects.set(index, modules);
    }
    return modules;
  };
  return (id: string): string[] => {
    const imported = info(id)?.importedIds ?? [];
    const own = indexOf(id);
    // An index itself brings only what it imports for its side effects (`import 'imask/esm'`).
    if (own) return sideEffectsOf(id, own);
    const indexes = imported.filter((target) => indexOf(target));
    const edges = new Set(imported.filter((target) => !indexes.includes(target)));
    for (const index of indexes) {
      const names = indexOf(index)!;
      const all = () => [...names.values()].filter((module) => info(module));
      if (sideEffectsOf(index, names).length > 0) edges.add(index);
      let matched = false;
      for (const s of body(id)) {
        if (
          (s.type !== 'ImportDeclaration' &&
            s.type !== 'ExportNamedDeclaration' &&
            s.type !== 'ExportAllDeclaration') ||
          !s.source ||
          packageOf(s.source.value) !== packageOf(index)
        )
          continue;
        matched = true;
        const modules =
          s.type === 'ExportAllDeclaration'
            ? [undefined]
            : s.type === 'ImportDeclaration'
              ? s.specifiers.map((specifier) =>
                  specifier.type === 'ImportSpecifier'
                    ? names.get(nameOf(specifier.imported))
                    : undefined,
                )
              : s.specifiers.map((specifier) => names.get(nameOf(specifier.local)));
        // A default or namespace import, `export *` or a name not found: the whole index.
        for (const module of modules)
          for (const target of module && info(module) ? [module] : all()) edges.add(target);
      }
      if (!matched) for (const target of all()) edges.add(target);
    }
    return [...edges];
  };
}

export function portalChunks(): Plugin {
  return {
    name: 'portal-chunks',
    apply: 'build',
    buildEnd() {
      portalChunkNames.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const table = find(PORTAL_TABLE);
      const router = find(ROUTER);
      const entry = ids.find((id) => info(id)?.isEntry);
      if (!table || !router || !entry) return;
      const imports = importGraph(info);
      const reach = (starts: string[], dynamic: (id: string) => string[] = () => []) => {
        const seen = new Set<string>();
        const pending = [...starts];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...imports(id), ...dynamic(id));
        }
        return seen;
      };
      const portalEntries = info(table)!.dynamicallyImportedIds;
      const dynamicImports = (id: string) => info(id)?.dynamicallyImportedIds ?? [];
      // Every module a page outside the portal can load, at once or later.
      const outside = reach([entry], (id) => (id === table ? [] : dynamicImports(id)));
      // What the login page can have loaded: the same, without the other public pages.
      const otherPages = new Set(
        dynamicImports(router).filter((id) => id !== table && !id.endsWith(LOGIN_PAGE)),
      );
      const login = reach([entry], (id) =>
        id === table ? [] : dynamicImports(id).filter((target) => !otherPages.has(target)),
      );
      const areaOf = (id: string) => /\/src\/web\/features\/([^/]+)\//.exec(id)?.[1] ?? id;
      const areas = new Map<string, Set<string>>();
      // What the pages' first requests need (`PORTAL_DATA`: their API modules), by area.
      const data = new Map<string, Set<string>>();
      for (const page of portalEntries) {
        const area = areaOf(page);
        for (const id of reach([page])) {
          if (!areas.has(id)) areas.set(id, new Set());
          areas.get(id)!.add(area);
          if (API_MODULE.test(page)) {
            if (!data.has(id)) data.set(id, new Set());
            data.get(id)!.add(area);
          }
        }
      }
      // The public modules that pages load with `import()`, and who among them uses each module.
      const publicUsers = new Map<string, string[]>();
      for (const publicEntry of [...outside].flatMap(dynamicImports))
        if (!portalEntries.includes(publicEntry))
          for (const id of reach([publicEntry])) {
            if (!publicUsers.has(id)) publicUsers.set(id, []);
            publicUsers.get(id)!.push(publicEntry);
          }
      const laterGroups = new Map<string, string>();
      for (const [id, used] of areas) {
        if (login.has(id)) continue;
        if (outside.has(id)) {
          const users = [
            ...new Set(
              (publicUsers.get(id) ?? []).map((user) =>
                user.includes(SIGNUP_FOLDER) ? SIGNUP_FOLDER : user,
              ),
            ),
          ]
            .sort()
            .join('\n');
          if (!laterGroups.has(users))
            laterGroups.set(users, `portal-later-${laterGroups.size + 1}`);
          portalChunkNames.set(id, laterGroups.get(users)!);
        } else if (portalEntries.includes(id) && API_MODULE.test(id))
          portalChunkNames.set(id, `portal-${areaOf(id)}-data`);
        else if (used.size === 1 && data.get(id)?.size === 1 && data.get(id)!.has([...used][0]))
          portalChunkNames.set(id, `portal-${[...used][0]}-data`);
        else if (used.size >= 2) portalChunkNames.set(id, 'portal-shared');
        else portalChunkNames.set(id, `portal-${[...used][0]}`);
      }
      // What an index module re-exports beside the names imported and the bundle keeps all the
      // same (`react-imask`'s hooks): with its importers' chunk when they all share one.
      for (let changed = true; changed;) {
        changed = false;
        for (const id of ids) {
          if (portalChunkNames.has(id) || login.has(id)) continue;
          const chunks = new Set(
            info(id)?.importers.map((importer) => portalChunkNames.get(importer)),
          );
          const [only] = chunks;
          if (chunks.size === 1 && only) {
            portalChunkNames.set(id, only);
            changed = true;
          }
        }
      }
    },
  };
}

/**
 * Renders the public pages' first screens to HTML once the browser build is written: builds
 * `src/web/prerender.tsx` for Node (everything bundled, so it runs from a temporary folder), calls
 * it, and writes each page's markup to its `PRERENDERED_FILES` entry in the build, where the
 * server reads it.
 */
function prerender(): Plugin {
  let outDir = '';
  let webRoot = '';
  return {
    name: 'prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      webRoot = config.root;
    },
    async closeBundle() {
      const { PRERENDERED_FILES } = await import('./src/shared/prerender.ts');
      const work = await mkdtemp(path.join(os.tmpdir(), 'prerender-'));
      try {
        await build({
          configFile: false,
          root: webRoot,
          logLevel: 'warn',
          mode: 'production',
          plugins: [react()],
          ssr: { noExternal: true },
          build: {
            ssr: path.join(webRoot, 'prerender.tsx'),
            outDir: work,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const module = (await import(pathToFileURL(path.join(work, 'prerender.mjs')).href)) as {
          renderPrerenderedPages: () => Promise<Record<keyof typeof PRERENDERED_FILES, string>>;
        };
        const pages = await module.renderPrerenderedPages();
        for (const [page, markup] of Object.entries(pages)) {
          const file = path.join(outDir, PRERENDERED_FILES[page as keyof typeof PRERENDERED_FILES]);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, markup);
        }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  base: '/control/',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    publicConfigInDevelopment(),
    machineDescriptionsOut(),
    mantinePalettes(),
    firstScreen(),
    portalChunks(),
    noTestOnlyModules(),
    precompress(),
    prerender(),
  ],
  build: {
    // WEB_DIST_DIR lets several checkouts or test runs build side by side; the server reads it too.
    outDir: process.env.WEB_DIST_DIR || fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // A slow network pays a round trip per file, six at a time: the code every page
            // starts with is one file, and the signup page's first screen another.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            {
              name: 'first-screen',
              test: (id) => firstScreenModules.has(id) && !id.includes('node_modules'),
              priority: 1,
            },
            // The router and the app's routes, which every page but the signup's loads with its
            // first screen (the signup's loads them after, main.tsx): one file instead of six.
            {
              name: 'router',
              test: (id) => id.includes('/node_modules/@tanstack/') || id.endsWith(ROUTER),
              priority: 1,
            },
            {
              debugName: 'portal',
              name: (id) => portalChunkOf(id) ?? null,
              test: (id) => portalChunkOf(id) !== undefined,
              // The portal's pages (`portalChunks`). What these modules import is in one of these
              // chunks or loaded before them (the first load, the login page): following their
              // imports would pull the login page's modules into the portal's chunks.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: projectRoot,
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/machines/**/*.test.ts',
            'tests/managed/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude],
          environment: 'node',
          // The lint tests start ESLint with the type-aware config: seconds on a busy 2-core machine.
          testTimeout: 20_000,
          // Both cores (Vitest's default on 2 cores is one worker).
          maxWorkers: 2,
          // A worker keeps the modules it loaded from one file to the next instead of loading them
          // again for each file: 47 s for the project instead of about 75 s on 2 cores. The tests
          // share no module state: each builds what it uses (machines, fake timers restored).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: projectRoot,
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_PROCESS_TESTS],
          globalSetup: ['tests/support/api-global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time even on 2 cores (Vitest's default there is one): many of these
          // tests wait on child processes, timers and the password pool's threads.
          maxWorkers: 2,
          // The server's modules load once per worker, not once per file (the server keeps no
          // state in its modules: each file starts its own app on its own database copy): 218 s
          // for the project instead of 301 s on 2 cores, the import time 66 s → 9 s.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          root: projectRoot,
          include: SERVER_PROCESS_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // Three files at a time: each mostly waits for its servers (leases, an idle server's
          // memory; the six files used 0.35 of a core over their 168 s one after another two at
          // a time), and the API tests run beside them (tests/tools/run-all.ts).
          maxWorkers: 3,
        },
      },
    ],
  },
});
