import type { ChatTurn } from '../../providers/llm/port.ts';
import type { Passage } from '../knowledge/retrieval.ts';

export interface Character {
  conversationType: string;
  primaryLanguage: string;
  customPrompt: string;
}

export interface Category {
  id: number;
  title: string;
  description: string;
}

type Language = 'en' | 'id';
const language = (character: Character): Language => (character.primaryLanguage === 'id' ? 'id' : 'en');

/** What the agent says in its own words, by language (and for the opener, by tone). */
const PHRASES = {
  en: {
    opener: {
      professional: 'Thank you for your message. Here is what I found:',
      friendly: "Happy to help! Here's what I found:",
      casual: "Sure! Here's the info:",
      formal: 'Thank you for contacting us. Please find the relevant information below:',
    } as Record<string, string>,
    noAnswer:
      "I'm sorry, I couldn't find an answer to that in our information. A member of our team will get back to you shortly.",
    handoff: "Of course. I'm passing you to a member of our team; they will reply here shortly.",
  },
  id: {
    opener: {
      professional: 'Terima kasih atas pesan Anda. Berikut informasi yang kami temukan:',
      friendly: 'Dengan senang hati membantu! Ini informasinya:',
      casual: 'Oke! Ini infonya:',
      formal: 'Terima kasih telah menghubungi kami. Berikut informasi yang relevan:',
    } as Record<string, string>,
    noAnswer:
      'Mohon maaf, kami belum menemukan jawaban untuk pertanyaan tersebut. Tim kami akan segera membalas Anda.',
    handoff: 'Baik, kami teruskan ke tim kami. Mereka akan segera membalas di sini.',
  },
};

export const noAnswerText = (character: Character) => PHRASES[language(character)].noAnswer;
export const handoffText = (character: Character) => PHRASES[language(character)].handoff;

/** A customer who wants a person, in English or Indonesian. */
const WANTS_PERSON =
  /\b(human|real person|live agent|talk to (a |an )?(person|agent|someone)|customer service|operator|manusia|orang asli|petugas|bicara dengan (admin|cs|orang)|hubungkan (ke|dengan) (admin|cs))\b/i;
export const asksForPerson = (text: string) => WANTS_PERSON.test(text);

const TONES: Record<string, string> = {
  professional: 'professional, clear and courteous',
  friendly: 'warm and friendly',
  casual: 'casual and relaxed, like a helpful friend',
  formal: 'formal and respectful',
};

/** The system prompt: who the agent is, how it talks, what this kind of message needs, what it knows. */
export function systemPrompt(
  companyName: string,
  character: Character,
  category: Category | null,
  passages: Passage[],
) {
  const lines = [
    `You are the customer service agent of ${companyName}, answering customers on WhatsApp and Telegram.`,
    `Tone: ${TONES[character.conversationType] ?? TONES.professional}.`,
    `Always answer in ${language(character) === 'id' ? 'Indonesian' : 'English'}.`,
    'Answer only from the knowledge below. If it does not hold the answer, say plainly that you do not know and that a member of the team will follow up; never invent prices, dates or policies.',
    'Keep answers short enough for a chat message.',
  ];
  if (character.customPrompt) lines.push(`Instructions from ${companyName}: ${character.customPrompt}`);
  if (category) lines.push(`This message is about "${category.title}". ${category.description}`);
  lines.push('', 'Knowledge:');
  if (passages.length === 0) lines.push('(nothing relevant was found)');
  for (const [i, passage] of passages.entries())
    lines.push(`[${i + 1}] (${passage.knowledge}) ${passage.content}`);
  return lines.join('\n');
}

/** The conversation so far, as chat turns: the customer is the user, the company the assistant. */
export function historyTurns(history: { isFromMe: boolean; content: string }[]): ChatTurn[] {
  return history.map((message) => ({
    role: message.isFromMe ? 'assistant' : 'user',
    content: message.content,
  }));
}

/**
 * Without a language model: the character's opener and the best passage (and the second when it is
 * nearly as good), with the section heading line the indexer added left out.
 */
export function retrievalAnswer(character: Character, passages: Passage[]) {
  const best = passages[0];
  if (!best) return noAnswerText(character);
  const chosen = passages.filter((passage, i) => i < 2 && passage.score >= best.score * 0.9);
  const opener =
    PHRASES[language(character)].opener[character.conversationType] ?? PHRASES.en.opener.professional;
  return [opener, ...chosen.map((passage) => withoutHeading(passage.content))].join('\n\n');
}

const withoutHeading = (content: string) => {
  const [first, ...rest] = content.split('\n');
  return rest.length > 0 && (first ?? '').length < 80 && !/[.!?:]$/.test(first ?? '')
    ? rest.join('\n').trim()
    : content;
};

const STOP = new Set(
  'the and for you your with this that what when where how can are our have has not but from about tentang yang dan untuk dengan saya anda apa bagaimana kapan dimana ini itu ada bisa tidak'.split(
    ' ',
  ),
);
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3 && !STOP.has(word))
      .map((word) => word.slice(0, 6)),
  );

/** The category whose title and prompt share the most words with the message (title words count double). */
export function classify<C extends Category>(message: string, categories: C[]): C | null {
  const said = words(message);
  let best: C | null = null;
  let bestScore = 0;
  for (const category of categories) {
    let score = 0;
    for (const word of words(category.title)) if (said.has(word)) score += 2;
    for (const word of words(category.description)) if (said.has(word)) score += 1;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
