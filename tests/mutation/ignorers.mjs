// Mutants that change nothing a test could ever observe, left out of the score with the reason
// (docs/testing.md "Mutation testing": equivalent mutants). Each rule is narrow on purpose: it
// names one shape of code, never a file or a line.
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** The name of an object property's key (`description: …`, `'description': …`). */
function keyName(node) {
  if (node.type !== 'ObjectProperty' || node.computed) return undefined;
  if (node.key.type === 'Identifier') return node.key.name;
  if (node.key.type === 'StringLiteral') return node.key.value;
  return undefined;
}

/** A function whose body only throws "… is provided by the app". */
function isAppProvidedPlaceholder(node) {
  if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression') return false;
  const body = node.body;
  if (body.type !== 'BlockStatement' || body.body.length !== 1) return false;
  const [statement] = body.body;
  if (statement.type !== 'ThrowStatement') return false;
  const error = statement.argument;
  return (
    error?.type === 'NewExpression' &&
    error.arguments[0]?.type === 'StringLiteral' &&
    / is provided by the (web )?app$/.test(error.arguments[0].value)
  );
}

/** Whether `node` is the argument object of XState's `setup({...})`. */
function isSetupArgument(path) {
  const parent = path.parentPath?.node;
  return (
    parent?.type === 'CallExpression' &&
    parent.callee.type === 'Identifier' &&
    parent.callee.name === 'setup' &&
    parent.arguments[0] === path.node
  );
}

class MachineIgnorer {
  constructor() {
    this.suite = process.env.MUTATION_SUITE === 'unit' ? 'unit' : 'paths';
  }

  shouldIgnore(path) {
    const node = path.node;
    // A machine's default actor that only throws: the app provides the real one and every test
    // its fake, so the default never runs.
    if (isAppProvidedPlaceholder(node))
      return 'A placeholder actor: the app and the tests always provide their own.';
    // `types: { context: {} as … }` in setup(): type information for the compiler only, never
    // read at run time.
    if (keyName(node) === 'types' && path.parentPath && isSetupArgument(path.parentPath))
      return "XState's `types` are for the compiler only.";
    // State and machine descriptions are chart text: the charts' drift test (unit suite) checks
    // it; the path tests walk behaviour and never read it.
    if (this.suite === 'paths' && keyName(node) === 'description')
      return 'Chart text: checked by the charts drift test in the unit suite, not by the paths.';
    return undefined;
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Ignore, 'machine-equivalents', MachineIgnorer),
];
