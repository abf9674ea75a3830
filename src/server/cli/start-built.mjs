// @ts-check
/**
 * `npm start`: runs the server (`start.ts`) from one JavaScript file built by esbuild, with plain
 * `node`, rebuilding it first when the server's sources changed since the last build (as the web
 * app is rebuilt, `build-web.ts`). Loading the TypeScript sources through tsx cost the server
 * some 55 to 90 MiB for good (tsx's loader thread and its transforms); `npm run dev` and the
 * tests still run the sources. Plain JavaScript, so that `node` runs it without tsx.
 *
 * The build keeps the packages outside (they load from node_modules) and gives every module the
 * location of its source as `import.meta.url` and `import.meta.dirname`: what a module finds
 * beside itself (the migrations, the password worker, package.json, the database's preparing
 * process) is found as from the sources.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { holdYoungGeneration } from './memory.mjs';

holdYoungGeneration();

const root = path.resolve(import.meta.dirname, '../../..');
const BUNDLE = path.join(root, 'dist', 'server', 'start.mjs');
const ENTRY = path.join(root, 'src', 'server', 'cli', 'start.ts');
/** What the bundle is built from: when any of it is newer than the bundle, it is rebuilt. */
const SERVER_INPUTS = ['src/server', 'src/shared', 'machines', 'package.json', 'tsconfig.json'];

/** @param {string} target @returns {number} */
function newestMtime(target) {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Gives every module the location of its source as `import.meta.url` and `import.meta.dirname`,
 * written relative to the bundle, so that a moved checkout still finds them.
 * @type {import('esbuild').Plugin}
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      const fromBundle = path.relative(path.dirname(BUNDLE), args.path).split(path.sep).join('/');
      const source = readFileSync(args.path, 'utf8');
      return {
        loader: 'ts',
        contents: source
          .replaceAll(
            'import.meta.dirname',
            `(import.meta.dirname + ${JSON.stringify(`/${path.posix.dirname(fromBundle)}`)})`,
          )
          .replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
      };
    });
  },
};

async function buildServerIfStale() {
  const built = statSync(BUNDLE, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...SERVER_INPUTS.map((p) => newestMtime(path.join(root, p))));
  if (built >= sources) return;
  console.log(built ? 'Server sources changed: rebuilding the server…' : 'Building the server…');
  const esbuild = await import('esbuild');
  /** @type {{ dependencies?: object, devDependencies?: object }} */
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // Packages (and their subpaths) load from node_modules as they are.
    external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})],
    plugins: [sourceLocations],
    write: false,
    logLevel: 'error',
  });
  await esbuild.stop();
  // Written whole and then renamed: a start running at the same time never reads half a file.
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  const partial = `${BUNDLE}.${process.pid}.tmp`;
  writeFileSync(partial, result.outputFiles[0].contents);
  renameSync(partial, BUNDLE);
}

try {
  await buildServerIfStale();
} catch (error) {
  console.error('The server build failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(BUNDLE).href);
