import type { Section } from './extract.ts';

/** About a paragraph or two: small enough to quote in a reply, large enough to hold an answer. */
export const ENTRY_MAX_CHARS = 700;
export const ENTRIES_MAX = 50_000;

/**
 * Splits sections into retrievable entries: paragraphs are packed together up to ENTRY_MAX_CHARS
 * within one section (never across), a longer paragraph is cut at sentence ends, and each entry
 * starts with its section's heading so that the heading's words find it too.
 */
export function toEntries(sections: Section[]): string[] {
  const entries: string[] = [];
  for (const section of sections) {
    const prefix = section.heading ? `${section.heading}\n` : '';
    const budget = ENTRY_MAX_CHARS - prefix.length;
    let current = '';
    const flush = () => {
      if (current.trim()) entries.push(prefix + current.trim());
      current = '';
    };
    for (const piece of paragraphs(section.text).flatMap((paragraph) => cut(paragraph, budget))) {
      if (current && current.length + piece.length + 2 > budget) flush();
      current = current ? `${current}\n\n${piece}` : piece;
    }
    flush();
  }
  return entries;
}

const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);

/** A paragraph longer than the budget, cut after sentences (or hard, for text without any). */
function cut(paragraph: string, budget: number): string[] {
  if (paragraph.length <= budget) return [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of paragraph.match(/[^.!?\n]+[.!?]*\s*|\n/g) ?? [paragraph]) {
    if (current && current.length + sentence.length > budget) {
      pieces.push(current.trim());
      current = '';
    }
    if (sentence.length > budget) {
      for (let i = 0; i < sentence.length; i += budget) pieces.push(sentence.slice(i, i + budget).trim());
      continue;
    }
    current += sentence;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces.filter(Boolean);
}
