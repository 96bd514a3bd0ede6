/** The LLM port: an OpenAI-compatible chat-completions and embeddings API (OpenAI, Ollama, vLLM, llama.cpp). */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Completion {
  content: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export interface Llm {
  model: string;
  complete(messages: ChatTurn[], options?: { maxTokens?: number; temperature?: number }): Promise<Completion>;
  /** Null when no embeddings model is configured. */
  embed: ((texts: string[]) => Promise<number[][]>) | null;
}

/** The provider could not answer (down, timed out, refused the key, or answered nonsense). */
export class LlmError extends Error {}
