import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages?: { role: string; content: string }[]; input?: string[] };
}

/**
 * An OpenAI-compatible server on loopback (providers.md §7) that records every request. It
 * answers `reply`, or fails with 500 while `down` is set.
 */
export async function fakeLlm() {
  const requests: LlmRequest[] = [];
  const state = { reply: 'Fake answer', down: false };
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const server = createServer(async (request, response) => {
    const body = await read(request);
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    response.setHeader('content-type', 'application/json');
    if (state.down) {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      return;
    }
    response.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: state.reply }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    state,
    completions: () => requests.filter((request) => request.path === '/v1/chat/completions'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
