import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { isValidTag } from './demo-content.ts';

/**
 * The research centre's demo topics, in `research-topics.yaml`: for each field an editor's introduction, the
 * tags that make a public paper card part of the topic, the courses and pages it links to, and reading lists
 * of demo paper cards (named by file, without `.md`), each with a note on why to read it.
 */

export const RESEARCH_TOPICS_FILE = path.join(import.meta.dirname, 'research-topics.yaml');

const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lowercase words joined by -');
const text = (max: number) => z.string().trim().min(1).max(max);

/** One reading-list entry: a demo paper card and a sentence or two on why to read it. */
export const readingListItemSeedSchema = z.object({
  paper: z
    .string()
    .regex(/^paper-[a-z0-9]+(-[a-z0-9]+)*$/, 'A paper is a demo card file name such as paper-bpr'),
  note: text(300),
});

/** A reading list of a topic, in reading order. */
export const readingListSeedSchema = z.object({
  slug: slugSchema,
  title: text(120),
  description: text(400),
  items: z.array(readingListItemSeedSchema).min(1),
});

/** One research topic as the demo seeds it. */
export const researchTopicSeedSchema = z.object({
  slug: slugSchema,
  title: text(120),
  editor: z.string().regex(/^[A-Za-z0-9_]{3,30}$/, 'The editor is a demo author handle'),
  tags: z.array(z.string().refine(isValidTag, 'A tag as the app stores it (lowercase, - and /)')).min(1),
  introduction: text(5_000),
  courses: z.array(slugSchema),
  links: z.array(
    z.object({
      label: text(60),
      href: z.string().regex(/^\/[a-z0-9/-]*$|^https:\/\/\S+$/, 'A path in the app or an https address'),
    }),
  ),
  lists: z.array(readingListSeedSchema).min(1),
});
export type ResearchTopicSeed = z.infer<typeof researchTopicSeedSchema>;

const topicsSchema = z.array(researchTopicSeedSchema);

/** Names the first slug or paper that appears twice where it must be unique, or undefined. */
function firstDuplicate(topics: ResearchTopicSeed[]): string | undefined {
  const repeated = (values: string[]) => values.find((value, index) => values.indexOf(value) !== index);
  const topic = repeated(topics.map((t) => t.slug));
  if (topic) return `the topic "${topic}" is listed twice`;
  for (const t of topics) {
    const list = repeated(t.lists.map((l) => l.slug));
    if (list) return `${t.slug}: the list "${list}" is listed twice`;
    for (const l of t.lists) {
      const paper = repeated(l.items.map((item) => item.paper));
      if (paper) return `${t.slug}/${l.slug}: "${paper}" is listed twice`;
    }
  }
  return undefined;
}

/** Reads and checks the topics; a problem throws with the file name and where it is. */
export async function loadResearchTopics(file: string = RESEARCH_TOPICS_FILE): Promise<ResearchTopicSeed[]> {
  const name = path.basename(file);
  let data: unknown;
  try {
    data = parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
  }
  const result = topicsSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${name}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const duplicate = firstDuplicate(result.data);
  if (duplicate) throw new Error(`${name}: ${duplicate}`);
  return result.data;
}
