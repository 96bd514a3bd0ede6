import { type ChatTurn, type Completion, type Llm, LlmError } from './port.ts';

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  embeddingModel?: string;
  timeoutMs: number;
}

/** The OpenAI-compatible adapter (providers.md §7). Retries nothing: a completion costs money each time. */
export function openAiLlm(config: OpenAiConfig): Llm {
  async function call(path: string, body: unknown) {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new LlmError(`The language model could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LlmError(`The language model answered ${response.status} without JSON`);
    }
    if (!response.ok) {
      const message = (json.error as { message?: string } | undefined)?.message ?? text.slice(0, 200);
      throw new LlmError(`The language model refused (${response.status}): ${message}`);
    }
    return json;
  }

  return {
    model: config.model,

    async complete(messages: ChatTurn[], options = {}): Promise<Completion> {
      const json = await call('/chat/completions', {
        model: config.model,
        messages,
        temperature: options.temperature ?? 0.3,
        max_tokens: options.maxTokens ?? 400,
        stream: false,
      });
      const choice = (json.choices as { message?: { content?: string | null } }[] | undefined)?.[0];
      const content = choice?.message?.content?.trim();
      if (!content) throw new LlmError('The language model answered without any text');
      const usage = (json.usage ?? {}) as { prompt_tokens?: number; completion_tokens?: number };
      return {
        content,
        model: typeof json.model === 'string' ? json.model : config.model,
        promptTokens: usage.prompt_tokens ?? 0,
        completionTokens: usage.completion_tokens ?? 0,
      };
    },

    embed: config.embeddingModel
      ? async (texts: string[]) => {
          const json = await call('/embeddings', {
            model: config.embeddingModel,
            input: texts,
            encoding_format: 'float',
          });
          const data = (json.data as { index: number; embedding: number[] }[] | undefined) ?? [];
          if (data.length !== texts.length)
            throw new LlmError('The embeddings answer does not match the input');
          return [...data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
        }
      : null,
  };
}
