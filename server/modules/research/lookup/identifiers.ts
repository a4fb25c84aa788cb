import { arxivIdSchema, doiSchema } from '../../../../contracts/research.ts';

// Longer than any DOI or arXiv address; the patterns below never see more.
const MAX_INPUT = 2000;

function decodeUrlPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The bare DOI in what a person typed or pasted ("https://doi.org/10.1109/MC.2009.263", "doi:10.1109/…",
 * "10.1109/…"), or undefined when it is not one.
 */
export function normalizeDoi(input: string): string | undefined {
  if (input.length > MAX_INPUT) return undefined;
  let text = input.trim();
  const resolver = /^(?:https?:\/\/)?(?:dx\.)?doi\.org\/(.+)$/i.exec(text);
  if (resolver) text = decodeUrlPart(resolver[1] as string);
  else text = text.replace(/^doi:\s*/i, '');
  const parsed = doiSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The arXiv id in what a person typed or pasted ("arXiv:1706.03762v5", "https://arxiv.org/abs/1706.03762",
 * "https://arxiv.org/pdf/1706.03762v5.pdf", "cs/0112017"), version kept, or undefined when it is not one.
 */
export function normalizeArxivId(input: string): string | undefined {
  if (input.length > MAX_INPUT) return undefined;
  let text = input.trim();
  const page =
    /^(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/([^?#]+?)(?:\.pdf)?\/?(?:[?#].*)?$/i.exec(
      text,
    );
  if (page) text = page[1] as string;
  else text = text.replace(/^arxiv:\s*/i, '');
  const parsed = arxivIdSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** The arXiv id without its version: "1706.03762v5" → "1706.03762". */
export function withoutVersion(arxivId: string): string {
  return arxivId.replace(/v\d+$/, '');
}
