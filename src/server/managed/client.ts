/**
 * The product's `HostAgent`: the agent's HTTP API (stand-in/app.ts describes it) at
 * HOST_AGENT_URL, with HOST_AGENT_API_KEY. A network failure or an answer that is not the API's
 * becomes {@link HostAgentUnavailable} (the API answers 503); an agent busy with other changes
 * answers a 503 refusal with Retry-After, passed on as it is.
 */
import type {
  ManagedListName,
  ManagedLists,
  NginxRecord,
  RenderedFile,
} from '#shared/managed/rules';
import {
  HostAgentUnavailable,
  type ChangeResult,
  type HostAgent,
  type ManagedChange,
} from './agent.ts';

const TIMEOUT_MS = 30_000;

export function hostAgentClient(options: { url: string; apiKey: string }): HostAgent {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${options.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new HostAgentUnavailable(error);
    }
  }
  async function json<T>(response: Response): Promise<T> {
    if (!response.ok) throw new HostAgentUnavailable(`answered ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new HostAgentUnavailable(error);
    }
  }
  return {
    list: async <K extends ManagedListName>(iid: number, list: K) =>
      json<ManagedLists[K]>(await call('GET', `/servers/${iid}/lists/${list}`)),
    apply: async (iid: number, change: ManagedChange): Promise<ChangeResult> => {
      const response = await call('POST', `/servers/${iid}/changes`, change);
      if (response.status === 503) {
        // Busy with other changes: a refusal to pass on with its Retry-After. Any other 503 is
        // an agent that cannot answer.
        const body = (await response.json().catch(() => undefined)) as
          { msg?: unknown; busy?: unknown } | undefined;
        if (body?.busy !== true || typeof body.msg !== 'string') {
          throw new HostAgentUnavailable('answered 503');
        }
        const retryAfter = Number(response.headers.get('retry-after'));
        return {
          ok: false,
          status: 503,
          msg: body.msg,
          ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
        };
      }
      if ([404, 409, 422].includes(response.status)) {
        const body = (await response.json().catch(() => undefined)) as
          { msg?: unknown; errors?: Record<string, string>; detail?: string } | undefined;
        if (typeof body?.msg !== 'string') throw new HostAgentUnavailable('no refusal body');
        return {
          ok: false,
          status: response.status as 404 | 409 | 422,
          msg: body.msg,
          errors: body.errors,
          detail: body.detail,
        };
      }
      const { record, checked } = await json<{ record: unknown; checked?: unknown }>(response);
      return { ok: true, record, ...(checked === false ? { checked: false as const } : {}) };
    },
    nginx: async (iid) => json<NginxRecord>(await call('GET', `/servers/${iid}/nginx`)),
    configuration: async (iid) =>
      json<RenderedFile[]>(await call('GET', `/servers/${iid}/configuration`)),
  };
}
