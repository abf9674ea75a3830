/**
 * The views loaded after the signup's first screen (the other pages, the shell, the wizard's
 * later sections and modals) wait for the rest of Mantine's stylesheets
 * (mantine-styles-later.ts), loaded once, so that none of them shows before its styles. Wrap each
 * `import()` of such a view: `lazy(withLaterStyles(() => import('./View.tsx')))`.
 */
let laterStyles: Promise<unknown> | undefined;

export function withLaterStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    laterStyles ??= import('./mantine-styles-later.ts');
    const [view] = await Promise.all([load(), laterStyles]);
    return view;
  };
}
