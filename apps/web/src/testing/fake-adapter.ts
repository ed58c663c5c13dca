import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeReply {
  status: number;
  data?: unknown;
}

export type FakeHandler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/** An axios adapter that answers from a function, rejecting non-2xx replies the way axios does. */
export function fakeAdapter(handler: FakeHandler): AxiosAdapter {
  return async (config) => {
    const reply = await handler(config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
}

/** A problem+json body as the server sends it. */
export function problem(status: number, detail: string, code = 'ERROR') {
  return { type: 'about:blank', title: 'Error', status, code, detail };
}
