/**
 * The signup route read from the address before the router has loaded (src/web/features/signup/
 * route.ts): the page's addresses (signup.md §2 "Routes": /signup with an optional `components`
 * path parameter, the query parameters signupHash, displayInline, components, showFormData) are
 * recognised under the web base path, other pages' are not, and the query reads as the router
 * reads it (values that parse as JSON are parsed: "true" is a boolean).
 */
import { describe, expect, it } from 'vitest';
import { signupRouteAt } from '../../src/web/features/signup/route.ts';
import { signupParams } from '../../src/web/features/signup/params.ts';

const at = (href: string) => {
  const url = new URL(href, 'https://portal.example');
  return signupRouteAt({ pathname: url.pathname, search: url.search });
};

describe('the signup route before the router', () => {
  it('recognises the page with or without its components in the path', () => {
    expect(at('/control/signup/')).toEqual({ components: undefined, search: {} });
    expect(at('/control/signup')).toEqual({ components: undefined, search: {} });
    expect(at('/control/signup/voice,router/')).toEqual({
      components: 'voice,router',
      search: {},
    });
    expect(at('/control/signup/voice%2Crouter')).toEqual({
      components: 'voice,router',
      search: {},
    });
  });

  it('reads the query as the router does', () => {
    expect(
      at('/control/signup/?components=voice&signupHash=abc123&displayInline=true&showFormData=1'),
    ).toEqual({
      components: undefined,
      search: { components: 'voice', signupHash: 'abc123', displayInline: true, showFormData: 1 },
    });
    const route = at('/control/signup/voice/?displayInline=true&signupHash=h1')!;
    expect(signupParams(route.components, route.search)).toEqual({
      components: ['voice'],
      signupHash: 'h1',
      displayInline: true,
    });
  });

  it('is not the signup page at another address', () => {
    for (const href of [
      '/control/login/',
      '/control/signup/voice/extra/',
      '/control/signupx/',
      '/signup/',
      '/control/',
      '/control/account/?redirect=/signup/',
    ])
      expect(at(href), href).toBeNull();
  });
});
