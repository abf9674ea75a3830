// @ts-check
import { readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The layers of the product and what each may import (docs/architecture.md):
 * machines and shared import nothing from web or server (and no UI or HTTP packages);
 * web and server never import each other.
 */
export const LAYERS = {
  shared: { dir: 'src/shared', may: ['shared'] },
  machines: { dir: 'machines', may: ['shared', 'machines'] },
  web: { dir: 'src/web', may: ['shared', 'machines', 'web'] },
  server: { dir: 'src/server', may: ['shared', 'server'] },
};

/** Packages that only web or server may use. */
const PLATFORM_PACKAGES =
  /^(react|react-dom|@mantine\/|@tanstack\/|@xstate\/react|ky|hono|@hono\/|drizzle-orm|pg|@electric-sql\/|pino|nodemailer|node:)/;

/** @param {string} file */
function layerOf(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  for (const [name, layer] of Object.entries(LAYERS)) {
    if (relative === layer.dir || relative.startsWith(`${layer.dir}/`)) return name;
  }
  return undefined;
}

/** @param {string} specifier @param {string} fromFile */
function resolveTarget(specifier, fromFile) {
  if (specifier.startsWith('#shared/')) return path.join(root, 'src/shared', specifier.slice(8));
  if (specifier.startsWith('#machines/')) return path.join(root, 'machines', specifier.slice(10));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  if (specifier.startsWith('/')) return specifier;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const layerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports flowing the way docs/architecture.md says' },
    schema: [],
  },
  create(context) {
    const fromLayer = layerOf(context.filename);
    if (!fromLayer) return {};
    const allowed = LAYERS[/** @type {keyof typeof LAYERS} */ (fromLayer)].may;
    /** @param {import('estree').Node & { source?: any }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      const target = resolveTarget(specifier, context.filename);
      if (target) {
        const toLayer = layerOf(target);
        if (toLayer && !allowed.includes(toLayer)) {
          context.report({
            node: source,
            message: `${fromLayer} must not import from ${toLayer} ("${specifier}"): see docs/architecture.md`,
          });
        }
        return;
      }
      if (
        (fromLayer === 'shared' || fromLayer === 'machines') &&
        PLATFORM_PACKAGES.test(specifier)
      ) {
        context.report({
          node: source,
          message: `${fromLayer} must stay free of UI, HTTP and platform packages ("${specifier}")`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Where features live, and the shared UI folder through which alone they share code. */
const FEATURES_DIR = 'src/web/features';
const SHARED_UI_DIR = 'src/web/components';

/**
 * Pages that show another area's sections, by area: a one-way arrow, never back (Account Home
 * shows the people area's sections, portal.md §3; the Admin tab the notices' authoring).
 * @type {Record<string, readonly string[] | undefined>}
 */
const SHOWS_SECTIONS_OF = { account: ['people'], admin: ['notices'] };

/** @param {string} file The feature a file belongs to (`signup`…), or undefined. */
function featureOf(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (!relative.startsWith(`${FEATURES_DIR}/`)) return undefined;
  const [name, ...rest] = relative.slice(FEATURES_DIR.length + 1).split('/');
  return rest.length ? name : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const featuresApartRule = {
  meta: {
    type: 'problem',
    docs: {
      description: `Features import each other only through ${SHARED_UI_DIR}/ (docs/architecture.md)`,
    },
    schema: [],
  },
  create(context) {
    const relative = path.relative(root, context.filename).split(path.sep).join('/');
    const fromFeature = featureOf(context.filename);
    const fromSharedUi = relative.startsWith(`${SHARED_UI_DIR}/`);
    if (!fromFeature && !fromSharedUi) return {};
    /** @param {import('estree').Node & { source?: any }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveTarget(source.value, context.filename);
      const toFeature = target && featureOf(target);
      if (!toFeature || toFeature === fromFeature) return;
      if (fromFeature && SHOWS_SECTIONS_OF[fromFeature]?.includes(toFeature)) return;
      context.report({
        node: source,
        message: fromSharedUi
          ? `${SHARED_UI_DIR}/ must not import from a feature ("${source.value}"): what features share lives here`
          : `features/${fromFeature} must not import from features/${toFeature} ("${source.value}"): move what they share to ${SHARED_UI_DIR}/`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * The API's endpoint paths, read from the server's endpoint table (`'METHOD /path'` keys of
 * src/server/session/endpoints.ts), each as a pattern that a path parameter matches any segment of.
 */
const ENDPOINT_PATTERNS = [
  ...readFileSync(path.join(root, 'src/server/session/endpoints.ts'), 'utf8').matchAll(
    /^\s*'[A-Z]+ (\/[^']*)':/gm,
  ),
].map(
  ([, endpoint]) =>
    new RegExp(
      `^${endpoint
        .split('/')
        .map((part) =>
          part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}$`,
    ),
);

/** Shared constants (`#shared/…`) of endpoint paths: `API_BASE_PATH`, `SIGNUP_ORDER_PATHS`… (not `WEB_BASE_PATH`). */
const ENDPOINT_CONSTANT = /^(?!WEB_)[A-Z_]+_PATHS?$/;

/** @param {string} relative Where endpoint paths may be written: API modules only. */
function isApiModule(relative) {
  return relative.startsWith('src/web/api/') || path.posix.basename(relative) === 'api.ts';
}

/** @type {import('eslint').Rule.RuleModule} */
const apiPathsRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Endpoint paths live in API modules (src/web/features/<name>/api.ts, src/web/api/), never in views',
    },
    schema: [],
  },
  create(context) {
    const relative = path.relative(root, context.filename).split(path.sep).join('/');
    if (!relative.startsWith('src/web/') || isApiModule(relative)) return {};
    const message = (/** @type {string} */ what) =>
      `${what} belongs in the feature's API module (src/web/features/<name>/api.ts) or src/web/api/: see docs/architecture.md`;
    /** @param {import('estree').Node} node @param {string} text */
    const checkText = (node, text) => {
      if (text.includes('/manage/api') || ENDPOINT_PATTERNS.some((p) => p.test(text)))
        context.report({ node, message: message(`the endpoint path "${text}"`) });
    };
    return {
      /** @param {import('estree').Literal} node */
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value.split(/[?#]/)[0]);
      },
      /** @param {import('estree').TemplateLiteral} node */
      TemplateLiteral(node) {
        // Each ${…} stands for one path segment (or part of one).
        const text = node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('x');
        checkText(node, text.split(/[?#]/)[0]);
      },
      /** @param {import('estree').ImportSpecifier & { parent: import('estree').ImportDeclaration }} node */
      ImportSpecifier(node) {
        const name =
          node.imported.type === 'Identifier' ? node.imported.name : String(node.imported.value);
        if (String(node.parent.source.value).startsWith('#shared/') && ENDPOINT_CONSTANT.test(name))
          context.report({ node, message: message(`the endpoint constant ${name}`) });
      },
    };
  },
};

/** Snapshot parts only selectors read (docs/architecture.md "Views only render"). */
const SNAPSHOT_PARTS = new Set(['context', 'children']);

/** React hooks that run code after a render. */
const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect']);

/**
 * What views may not do (docs/architecture.md "Views only render"); each can be allowed for a file
 * by name, with the rule's `allow` option, while it still waits to move into a machine.
 */
const VIEW_PATTERNS = /** @type {const} */ ([
  'snapshot',
  'waitFor',
  'selectData',
  'hasPermission',
  'effectSend',
]);

/** @param {any} node The name a call or member expression calls, if plain. */
function calledName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return node.property.name;
  return undefined;
}

/** Array methods that call their callback at once: a send in it runs with the effect. */
const AT_ONCE = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'reduce']);

/**
 * The `.send(…)` calls that run when an effect runs: in its body (and in callbacks an array
 * method runs at once), not in functions it hands on (a cleanup, an event listener), which run
 * on something else's account.
 * @param {any} root @param {Record<string, readonly string[] | undefined>} keys
 */
function sendsIn(root, keys) {
  /** @type {any[]} */
  const found = [];
  /** @type {Set<any>} */
  const runAtOnce = new Set([root]);
  /** @param {any} node */
  const walk = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (/Function/.test(node.type) && !runAtOnce.has(node)) return;
    if (node.type === 'CallExpression' && AT_ONCE.has(calledName(node.callee) ?? ''))
      for (const argument of node.arguments) runAtOnce.add(argument);
    if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
      if (calledName(node.callee) === 'send') found.push(node);
    }
    for (const key of keys[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach(walk);
      else walk(child);
    }
  };
  walk(root);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
const viewsRenderRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Views render: they read selectors, never a snapshot's context or children, chain no actors and decide no permission",
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { enum: [...VIEW_PATTERNS] }, uniqueItems: true },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const relative = path.relative(root, context.filename).split(path.sep).join('/');
    if (!relative.startsWith('src/web/')) return {};
    /** @type {Set<string>} */
    const allowed = new Set(context.options[0]?.allow ?? []);
    // The app's wiring (src/web/app/) creates the actors and reads their snapshots.
    if (relative.startsWith('src/web/app/')) allowed.add('snapshot');
    const keys = /** @type {Record<string, readonly string[] | undefined>} */ (
      context.sourceCode.visitorKeys
    );
    /** @type {Set<string>} */
    const xstateNamespaces = new Set();
    /** @type {Record<string, import('eslint').Rule.RuleListener>} */
    const listeners = {
      snapshot: {
        /** @param {import('estree').MemberExpression} node */
        MemberExpression(node) {
          const name =
            !node.computed && node.property.type === 'Identifier'
              ? node.property.name
              : node.property.type === 'Literal'
                ? node.property.value
                : undefined;
          if (typeof name !== 'string' || !SNAPSHOT_PARTS.has(name)) return;
          context.report({
            node: node.property,
            message: `views read selectors (machines/**/<name>.selectors.ts), never a snapshot's .${name}: see docs/architecture.md`,
          });
        },
      },
      waitFor: {
        /** @param {any} node */
        ImportDeclaration(node) {
          if (node.source.value !== 'xstate') return;
          for (const specifier of node.specifiers) {
            if (specifier.type === 'ImportNamespaceSpecifier')
              xstateNamespaces.add(specifier.local.name);
            if (
              specifier.type === 'ImportSpecifier' &&
              WAITS.has(calledName(specifier.imported) ?? '')
            )
              context.report({ node: specifier, message: waitForMessage });
          }
        },
        /** @param {any} node */
        MemberExpression(node) {
          if (
            node.object.type === 'Identifier' &&
            xstateNamespaces.has(node.object.name) &&
            WAITS.has(calledName(node) ?? '')
          )
            context.report({ node, message: waitForMessage });
        },
      },
      selectData: {
        /** @param {any} node `selectData<T>(…)` or `selectData<T>` */
        'CallExpression, TSInstantiationExpression'(node) {
          const callee = node.type === 'CallExpression' ? node.callee : node.expression;
          if (calledName(callee) !== 'selectData' || !node.typeArguments) return;
          context.report({
            node,
            message:
              "selectData<T> names a type nothing checked: read the page's typed selector (machines/<area>/<page>.loader.ts, a loader made with createLoaderMachine<T>()): see docs/architecture.md",
          });
        },
      },
      hasPermission: {
        /** @param {any} node */
        CallExpression(node) {
          if (calledName(node.callee) !== 'hasPermission') return;
          context.report({
            node,
            message:
              'views do not decide what the user may do: a selector in machines/ says it (e.g. selectCanManagePayments over the session), and the view reads it: see docs/architecture.md',
          });
        },
      },
      effectSend: {
        /** @param {any} node */
        CallExpression(node) {
          if (!EFFECT_HOOKS.has(calledName(node.callee) ?? '')) return;
          const effect = node.arguments[0];
          if (!effect || !/Function/.test(effect.type)) return;
          for (const send of sendsIn(effect, keys))
            context.report({
              node: send,
              message: `a ${calledName(node.callee)} that sends to an actor forwards data between actors: the page machine does that (invoke or spawnChild, sendTo, emit): see docs/architecture.md`,
            });
        },
      },
    };
    /** @type {Record<string, (node: any) => void>} */
    const merged = {};
    for (const pattern of VIEW_PATTERNS) {
      if (allowed.has(pattern)) continue;
      for (const [selector, listener] of Object.entries(listeners[pattern])) {
        const before = merged[selector];
        const run = /** @type {(node: any) => void} */ (listener);
        merged[selector] = before
          ? (node) => {
              before(node);
              run(node);
            }
          : run;
      }
    }
    return merged;
  },
};

/** xstate's ways to wait on an actor: `waitFor` a snapshot, `toPromise` its end. */
const WAITS = new Set(['waitFor', 'toPromise']);

const waitForMessage =
  "views do not wait on actors (xstate's waitFor, toPromise): the machine chains its actors (invoke, onDone, sendTo): see docs/architecture.md";

/** @type {import('eslint').Rule.RuleModule} */
const typedStatesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'State names given to snapshot.matches are type-checked' },
    schema: [],
  },
  create(context) {
    return {
      /** @param {any} node */
      'CallExpression[callee.property.name="matches"] TSAsExpression'(node) {
        if (node.typeAnnotation?.type !== 'TSNeverKeyword') return;
        context.report({
          node,
          message:
            "a state value cast to never escapes the machine's state types: name the states with a type instead",
        });
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const typedEventsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Machines read their events with assertEvent, not with casts' },
    schema: [],
  },
  create(context) {
    if (!/\.machine\.ts$/.test(context.filename)) return {};
    /** @param {any} node */
    const check = (node) => {
      if (node.expression.type !== 'Identifier' || node.expression.name !== 'event') return;
      context.report({
        node,
        message:
          "read the event with assertEvent(event, '<type>') (declare actor answers in the machine's event type), not with a cast",
      });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
      'docs/charts/',
      // A mutation run's sandbox (a copy of the tree) and its reports.
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: {
      project: {
        rules: {
          layers: layerRule,
          'features-apart': featuresApartRule,
          'api-paths': apiPathsRule,
          'views-render': viewsRenderRule,
          'typed-states': typedStatesRule,
          'typed-events': typedEventsRule,
        },
      },
    },
    rules: {
      'project/layers': 'error',
      'project/features-apart': 'error',
      'project/api-paths': 'error',
      'project/views-render': 'error',
      'project/typed-states': 'error',
      'project/typed-events': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Still to move to assertEvent: the wizard's machine is being split into files, and these two
    // go with it.
    files: [
      'machines/signup/signup.machine.ts',
      'machines/signup/username.machine.ts',
      'machines/signup/checkout.machine.ts',
    ],
    rules: { 'project/typed-events': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
);
